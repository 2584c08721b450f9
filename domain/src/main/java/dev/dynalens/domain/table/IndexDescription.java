package dev.dynalens.domain.table;

import java.util.List;
import java.util.Objects;

/** A global or local secondary index. */
public record IndexDescription(
        String name,
        Kind kind,
        KeySchema keySchema,
        Projection projection,
        List<String> nonKeyAttributes,
        Long itemCount,
        Long sizeBytes,
        String status) {

    public IndexDescription {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(keySchema, "keySchema");
        Objects.requireNonNull(projection, "projection");
        nonKeyAttributes = nonKeyAttributes == null ? List.of() : List.copyOf(nonKeyAttributes);
    }

    public enum Kind { GLOBAL, LOCAL }

    public enum Projection { ALL, KEYS_ONLY, INCLUDE }

    /** "ALL", "KEYS_ONLY" or "INCLUDE (a, b)". */
    public String projectionSummary() {
        return projection == Projection.INCLUDE ? "INCLUDE (" + String.join(", ", nonKeyAttributes) + ")" : projection.name();
    }
}

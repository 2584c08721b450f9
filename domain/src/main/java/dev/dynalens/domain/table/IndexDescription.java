package dev.dynalens.domain.table;

import java.util.List;
import java.util.Objects;

/**
 * A global or local secondary index.
 *
 * @param status      a global index's IndexStatus (CREATING, UPDATING, DELETING, ACTIVE) as DynamoDB says it; null for a
 *                    local index and for one not described by an endpoint
 * @param backfilling a global index being created is still reading the table's items into itself (DescribeTable's
 *                    Backfilling, true only while CREATING; API reference, GlobalSecondaryIndexDescription)
 */
public record IndexDescription(
        String name,
        Kind kind,
        KeySchema keySchema,
        Projection projection,
        List<String> nonKeyAttributes,
        Long itemCount,
        Long sizeBytes,
        String status,
        boolean backfilling) {

    public IndexDescription {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(keySchema, "keySchema");
        Objects.requireNonNull(projection, "projection");
        nonKeyAttributes = nonKeyAttributes == null ? List.of() : List.copyOf(nonKeyAttributes);
    }

    /** An index not being backfilled: as it is described outside DescribeTable, or once it is ACTIVE. */
    public IndexDescription(String name, Kind kind, KeySchema keySchema, Projection projection, List<String> nonKeyAttributes,
                            Long itemCount, Long sizeBytes, String status) {
        this(name, kind, keySchema, projection, nonKeyAttributes, itemCount, sizeBytes, status, false);
    }

    public enum Kind { GLOBAL, LOCAL }

    public enum Projection { ALL, KEYS_ONLY, INCLUDE }

    /** Whether DynamoDB answers Queries on it: a global index once ACTIVE, a local one always (it lives with its table). */
    public boolean active() {
        return kind == Kind.LOCAL || status == null || "ACTIVE".equals(status);
    }

    /** "ALL", "KEYS_ONLY" or "INCLUDE (a, b)". */
    public String projectionSummary() {
        return projection == Projection.INCLUDE ? "INCLUDE (" + String.join(", ", nonKeyAttributes) + ")" : projection.name();
    }
}

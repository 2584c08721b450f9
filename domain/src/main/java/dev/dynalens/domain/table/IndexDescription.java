package dev.dynalens.domain.table;

import java.util.List;
import java.util.Objects;

/**
 * A global or local secondary index. Its key is an {@link IndexKey}: a global index's may have several partition and
 * sort attributes (docs/expressions.md, Multi-attribute GSI keys); a local index's has one of each, as the table's.
 */
public record IndexDescription(
        String name,
        Kind kind,
        IndexKey key,
        Projection projection,
        List<String> nonKeyAttributes,
        Long itemCount,
        Long sizeBytes,
        String status) {

    public IndexDescription {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(projection, "projection");
        if (kind == Kind.LOCAL && !key.isSingle()) {
            // API reference, CreateTable: a local secondary index's KeySchema is one HASH and one RANGE element.
            throw new IllegalArgumentException("Local index " + name + " has one partition key attribute and one sort key attribute, not ("
                    + key.summary() + ")");
        }
        nonKeyAttributes = nonKeyAttributes == null ? List.of() : List.copyOf(nonKeyAttributes);
    }

    /** An index with one partition attribute and at most one sort attribute. */
    public IndexDescription(String name, Kind kind, KeySchema keySchema, Projection projection, List<String> nonKeyAttributes,
                            Long itemCount, Long sizeBytes, String status) {
        this(name, kind, Objects.requireNonNull(keySchema, "keySchema").asIndexKey(), projection, nonKeyAttributes, itemCount,
                sizeBytes, status);
    }

    public enum Kind { GLOBAL, LOCAL }

    public enum Projection { ALL, KEYS_ONLY, INCLUDE }

    /**
     * The index's key as a {@link KeySchema}, for a path that handles one partition and one sort attribute only.
     *
     * @param what what does not handle a multi-attribute key yet, as a subject ("the SQL workbench")
     * @throws MultiAttributeKeyException when the key has several attributes on either side
     */
    public KeySchema singleKey(String what) {
        return key.requireSingle(name, what);
    }

    /** "ALL", "KEYS_ONLY" or "INCLUDE (a, b)". */
    public String projectionSummary() {
        return projection == Projection.INCLUDE ? "INCLUDE (" + String.join(", ", nonKeyAttributes) + ")" : projection.name();
    }
}

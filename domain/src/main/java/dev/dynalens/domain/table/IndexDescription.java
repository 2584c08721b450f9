package dev.dynalens.domain.table;

import java.util.List;
import java.util.Objects;

/**
 * A global or local secondary index. Its key is an {@link IndexKey}: a global index's may have several partition and
 * sort attributes (docs/expressions.md, Multi-attribute GSI keys); a local index's has one of each, as the table's.
 *
 * @param status      a global index's IndexStatus (CREATING, UPDATING, DELETING, ACTIVE) as DynamoDB says it; null for a
 *                    local index and for one not described by an endpoint
 * @param backfilling a global index being created is still reading the table's items into itself (DescribeTable's
 *                    Backfilling, true only while CREATING; API reference, GlobalSecondaryIndexDescription)
 */
public record IndexDescription(
        String name,
        Kind kind,
        IndexKey key,
        Projection projection,
        List<String> nonKeyAttributes,
        Long itemCount,
        Long sizeBytes,
        String status,
        boolean backfilling) {

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

    /** An index with one partition attribute and at most one sort attribute, not being backfilled. */
    public IndexDescription(String name, Kind kind, KeySchema keySchema, Projection projection, List<String> nonKeyAttributes,
                            Long itemCount, Long sizeBytes, String status) {
        this(name, kind, keySchema, projection, nonKeyAttributes, itemCount, sizeBytes, status, false);
    }

    /** An index with one partition attribute and at most one sort attribute. */
    public IndexDescription(String name, Kind kind, KeySchema keySchema, Projection projection, List<String> nonKeyAttributes,
                            Long itemCount, Long sizeBytes, String status, boolean backfilling) {
        this(name, kind, Objects.requireNonNull(keySchema, "keySchema").asIndexKey(), projection, nonKeyAttributes, itemCount,
                sizeBytes, status, backfilling);
    }

    /** An index not being backfilled: as it is described outside DescribeTable, or once it is ACTIVE. */
    public IndexDescription(String name, Kind kind, IndexKey key, Projection projection, List<String> nonKeyAttributes,
                            Long itemCount, Long sizeBytes, String status) {
        this(name, kind, key, projection, nonKeyAttributes, itemCount, sizeBytes, status, false);
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

    /** Whether DynamoDB answers Queries on it: a global index once ACTIVE, a local one always (it lives with its table). */
    public boolean active() {
        return kind == Kind.LOCAL || status == null || "ACTIVE".equals(status);
    }

    /** "ALL", "KEYS_ONLY" or "INCLUDE (a, b)". */
    public String projectionSummary() {
        return projection == Projection.INCLUDE ? "INCLUDE (" + String.join(", ", nonKeyAttributes) + ")" : projection.name();
    }
}

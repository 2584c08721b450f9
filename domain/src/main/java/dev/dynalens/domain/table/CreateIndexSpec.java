package dev.dynalens.domain.table;

import java.util.Objects;

/**
 * A global secondary index to add to an existing table (UpdateTable's GlobalSecondaryIndexUpdates Create): its name, key
 * and projection, and, for a provisioned table, its own read and write capacity (an on-demand table's index takes none).
 *
 * @param readCapacityUnits  the index's provisioned read capacity, or null on an on-demand table
 * @param writeCapacityUnits the index's provisioned write capacity, or null on an on-demand table
 */
public record CreateIndexSpec(String tableName, IndexDescription index, Long readCapacityUnits, Long writeCapacityUnits) {
    public CreateIndexSpec {
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(index, "index");
        if (index.kind() != IndexDescription.Kind.GLOBAL) {
            // API reference, UpdateTable: a local secondary index is made with its table only.
            throw new IllegalArgumentException("Index " + index.name() + " is local: a local index is created with its table, never added");
        }
        if ((readCapacityUnits == null) != (writeCapacityUnits == null)) {
            throw new IllegalArgumentException("An index's provisioned throughput gives both read and write capacity, or neither");
        }
        if (readCapacityUnits != null && (readCapacityUnits < 1 || writeCapacityUnits < 1)) {
            throw new IllegalArgumentException("An index's provisioned capacity is at least 1 read and 1 write unit");
        }
    }

    /** An index of an on-demand table. */
    public static CreateIndexSpec onDemand(String tableName, IndexDescription index) {
        return new CreateIndexSpec(tableName, index, null, null);
    }

    /** Whether the index has provisioned throughput of its own (a provisioned table's index must). */
    public boolean provisioned() {
        return readCapacityUnits != null;
    }
}

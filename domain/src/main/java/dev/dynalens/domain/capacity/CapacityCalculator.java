package dev.dynalens.domain.capacity;

import java.util.Collection;
import java.util.OptionalLong;

/**
 * What DynamoDB charges for each operation, from item sizes in bytes ({@link ItemSizeCalculator}).
 * Rules from the Developer Guide, "DynamoDB read and write operations"
 * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html);
 * each method quotes the rule it applies.
 */
public final class CapacityCalculator {
    private CapacityCalculator() {
    }

    /** "Item sizes for reads are rounded up to the next 4 KB multiple." A read of nothing still counts one unit. */
    static long readUnits(long bytes) {
        return Math.max(1, ceilDiv(bytes, SizeLimits.READ_UNIT_BYTES));
    }

    /** "Item sizes for writes are rounded up to the next 1 KB multiple." A write always counts at least one unit. */
    static long writeUnits(long bytes) {
        return Math.max(1, ceilDiv(bytes, SizeLimits.WRITE_UNIT_BYTES));
    }

    /**
     * GetItem: "use the item size and round it up to the next 4 KB boundary ... For an eventually
     * consistent read (the default), divide this number by two." A missing item: "If you perform a read
     * operation on an item that does not exist, DynamoDB still consumes provisioned read throughput" —
     * one unit.
     *
     * @param itemBytes empty when no item has the key
     */
    public static CapacityUnits getItem(OptionalLong itemBytes, ReadConsistency consistency) {
        return consistency.cost(readUnits(itemBytes.orElse(0)));
    }

    public static CapacityUnits getItem(long itemBytes, ReadConsistency consistency) {
        return getItem(OptionalLong.of(itemBytes), consistency);
    }

    /**
     * Query: "All items returned are treated as a single read operation, whereby DynamoDB computes the
     * total size of all items and then rounds up to the next 4 KB boundary." The items counted are the
     * ones read (before a filter), whole (before a projection). A Query that reads nothing still counts
     * one unit (docs/capacity.md explains why, and that dynalite reports 0 there).
     */
    public static CapacityUnits query(Collection<Long> itemBytes, ReadConsistency consistency) {
        if (consistency == ReadConsistency.TRANSACTIONAL) {
            throw new IllegalArgumentException("A Query cannot be transactional");
        }
        long total = 0;
        for (var bytes : itemBytes) {
            total = Math.addExact(total, bytes);
        }
        return consistency.cost(readUnits(total));
    }

    /**
     * Scan: "DynamoDB considers the size of the items that are evaluated, not the size of the items
     * returned by the scan"; like Query, their sizes are summed and then rounded up to 4 KB.
     */
    public static CapacityUnits scan(Collection<Long> evaluatedItemBytes, ReadConsistency consistency) {
        return query(evaluatedItemBytes, consistency);
    }

    /**
     * BatchGetItem: "DynamoDB processes each item in the batch as an individual GetItem request, so
     * DynamoDB first rounds up the size of each item to the next 4 KB boundary, and then calculates the
     * total size."
     */
    public static CapacityUnits batchGetItem(Collection<Long> itemBytes, ReadConsistency consistency) {
        if (consistency == ReadConsistency.TRANSACTIONAL) {
            throw new IllegalArgumentException("A BatchGetItem cannot be transactional (TransactGetItems is)");
        }
        var total = CapacityUnits.ZERO;
        for (var bytes : itemBytes) {
            total = total.plus(getItem(bytes, consistency));
        }
        return total;
    }

    /**
     * PutItem: "If an item with the same primary key exists in the table, the operation replaces the
     * item. For calculating provisioned throughput consumption, the item size that matters is the larger
     * of the two."
     *
     * @param replacedBytes the item already stored under the key, if any
     */
    public static CapacityUnits putItem(long newBytes, OptionalLong replacedBytes) {
        return CapacityUnits.of(writeUnits(Math.max(newBytes, replacedBytes.orElse(0))));
    }

    /**
     * UpdateItem: "DynamoDB considers the size of the item as it appears before and after the update.
     * The provisioned throughput consumed reflects the larger of these item sizes."
     *
     * @param beforeBytes empty when the update creates the item
     */
    public static CapacityUnits updateItem(OptionalLong beforeBytes, long afterBytes) {
        return CapacityUnits.of(writeUnits(Math.max(beforeBytes.orElse(0), afterBytes)));
    }

    /** DeleteItem: "The provisioned throughput consumption is based on the size of the deleted item"; nothing deleted counts one unit. */
    public static CapacityUnits deleteItem(OptionalLong deletedBytes) {
        return CapacityUnits.of(writeUnits(deletedBytes.orElse(0)));
    }

    /**
     * A write inside TransactWriteItems: "A transactional write request of an item up to 1 KB requires
     * two write units" — twice the standard write of the same sizes.
     */
    public static CapacityUnits transactionalWrite(CapacityUnits standardWrite) {
        return standardWrite.times(2);
    }

    /**
     * A conditional write whose condition fails: "DynamoDB still consumes write capacity from the table.
     * The amount consumed is dependent on the size of the existing item (or a minimum of 1)."
     */
    public static CapacityUnits failedConditionalWrite(OptionalLong existingBytes) {
        return CapacityUnits.of(writeUnits(existingBytes.orElse(0)));
    }

    /** What one item costs to read and to write, as `dynalens size` prints it. */
    public static ItemCost itemCost(long itemBytes) {
        var put = putItem(itemBytes, OptionalLong.empty());
        return new ItemCost(getItem(itemBytes, ReadConsistency.EVENTUAL), getItem(itemBytes, ReadConsistency.STRONG),
                getItem(itemBytes, ReadConsistency.TRANSACTIONAL), put, transactionalWrite(put));
    }

    private static long ceilDiv(long bytes, long unit) {
        if (bytes < 0) {
            throw new IllegalArgumentException("A size cannot be negative: " + bytes);
        }
        return -Math.floorDiv(-bytes, unit);
    }
}

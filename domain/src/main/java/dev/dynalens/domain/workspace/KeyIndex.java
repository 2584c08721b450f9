package dev.dynalens.domain.workspace;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeyOrder;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The items of a table, or of one of its indexes, by partition: for each partition-key value (the
 * values of every partition attribute, for a multi-attribute key) the positions of its items in the
 * table's item list, in the order a Query reads them. Built once, immutable afterwards, safe to share
 * between threads.
 *
 * <p>Order within a partition: by the sort attributes in turn, the first, then the second among equals,
 * each in {@link KeyOrder} by its own type (docs/expressions.md, Multi-attribute GSI keys, rule 17); for
 * an index, items with equal index keys by the table's partition key, then sort key (DynamoDB leaves
 * that order unspecified; this one is stable and lets a page end between them). An item is in an index
 * only when it has every key attribute of the index with the declared type and, for strings and
 * binaries, not empty: DynamoDB's sparse indexes (rules 9 and 10).
 */
public final class KeyIndex {
    private final IndexKey keys;
    private final KeySchema tableKeys;
    /** By the partition attribute's value, or by the list of their values for several. */
    private final Map<Object, int[]> partitions;
    private final BitSet members;
    private final int size;
    private final List<String> orderAttributes;

    private KeyIndex(IndexKey keys, KeySchema tableKeys, Map<Object, int[]> partitions, BitSet members, int size,
                     List<String> orderAttributes) {
        this.keys = keys;
        this.tableKeys = tableKeys;
        this.partitions = partitions;
        this.members = members;
        this.size = size;
        this.orderAttributes = orderAttributes;
    }

    /**
     * @param items     the table's items; their positions are what the index holds
     * @param keys      the key schema of the table or of the index
     * @param tableKeys the table's key schema, to order items whose index keys are equal
     */
    public static KeyIndex build(List<Item> items, KeySchema keys, KeySchema tableKeys) {
        return build(items, Objects.requireNonNull(keys, "keys").asIndexKey(), tableKeys);
    }

    /**
     * @param items     the table's items; their positions are what the index holds
     * @param keys      the key of the table or of the index, of one or several attributes on each side
     * @param tableKeys the table's key schema, to order items whose index keys are equal
     */
    public static KeyIndex build(List<Item> items, IndexKey keys, KeySchema tableKeys) {
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(tableKeys, "tableKeys");
        var grouped = new HashMap<Object, IntList>();
        var members = new BitSet(items.size());
        var partitionNames = keys.partitionNames();
        for (int i = 0; i < items.size(); i++) {
            var item = items.get(i);
            if (holdsKeys(item, keys)) {
                grouped.computeIfAbsent(partitionOf(item, partitionNames), k -> new IntList()).add(i);
                members.set(i);
            }
        }
        var comparator = new PositionOrder(items, keys, tableKeys);
        var partitions = new HashMap<Object, int[]>(grouped.size() * 4 / 3 + 1);
        grouped.forEach((value, list) -> partitions.put(value, comparator.sorted(list.toArray())));
        return new KeyIndex(keys, tableKeys, partitions, members, members.cardinality(), List.of(comparator.attributes));
    }

    private static Object partitionOf(Item item, List<String> partitionNames) {
        if (partitionNames.size() == 1) {
            return item.attributes().get(partitionNames.get(0));
        }
        var values = new ArrayList<AttributeValue>(partitionNames.size());
        partitionNames.forEach(name -> values.add(item.attributes().get(name)));
        return List.copyOf(values);
    }

    /** Whether an item has every key attribute of the schema, each of its declared type and not empty. */
    public static boolean holdsKeys(Item item, KeySchema keys) {
        if (!KeyOrder.isKeyOfType(item.attributes().get(keys.partitionKeyName()), keys.partitionKey().type())) {
            return false;
        }
        return keys.sortKey() == null || KeyOrder.isKeyOfType(item.attributes().get(keys.sortKeyName()), keys.sortKey().type());
    }

    /** Whether an item has every key attribute of the key, each of its declared type and not empty. */
    public static boolean holdsKeys(Item item, IndexKey keys) {
        for (var attribute : keys.partition()) {
            if (!KeyOrder.isKeyOfType(item.attributes().get(attribute.name()), attribute.type())) {
                return false;
            }
        }
        for (var attribute : keys.sort()) {
            if (!KeyOrder.isKeyOfType(item.attributes().get(attribute.name()), attribute.type())) {
                return false;
            }
        }
        return true;
    }

    public IndexKey key() {
        return keys;
    }

    public KeySchema tableKeySchema() {
        return tableKeys;
    }

    /**
     * The attributes that order a partition, most significant first: the index's sort key, then the
     * table's keys that are not already among the index's keys. Two items of a table never agree on all.
     */
    public List<String> orderAttributes() {
        return orderAttributes;
    }

    /** How many items the index holds. */
    public int size() {
        return size;
    }

    public int partitionCount() {
        return partitions.size();
    }

    /** Whether the item at this position is in the index. */
    public boolean contains(int position) {
        return members.get(position);
    }

    /** The positions of one partition's items in Query order; empty when there is no such partition. */
    public Positions partition(AttributeValue partitionKey) {
        var positions = partitions.get(partitionKey);
        return positions == null ? Positions.EMPTY : new Positions(positions);
    }

    /** The positions of the partition of these values, one per partition attribute in the key's order. */
    public Positions partition(List<AttributeValue> partitionValues) {
        if (partitionValues.size() != keys.partition().size()) {
            throw new IllegalArgumentException("The key has " + keys.partition().size() + " partition attributes, not " + partitionValues.size());
        }
        var positions = partitions.get(partitionValues.size() == 1 ? partitionValues.get(0) : List.copyOf(partitionValues));
        return positions == null ? Positions.EMPTY : new Positions(positions);
    }

    /**
     * Runs of items with the same key, each in file order (the last one is the one DynamoDB would
     * keep after putting them in that order). Only a table's own index can have them.
     */
    public List<int[]> sameKeyRuns(List<Item> items) {
        var runs = new ArrayList<int[]>();
        var sortKeys = keys.sortNames();
        for (var positions : partitions.values()) {
            int start = 0;
            for (int i = 1; i <= positions.length; i++) {
                boolean sameAsPrevious = i < positions.length && sameSortKey(items.get(positions[i]), items.get(positions[i - 1]), sortKeys);
                if (!sameAsPrevious) {
                    if (i - start > 1) {
                        var run = Arrays.copyOfRange(positions, start, i);
                        Arrays.sort(run);
                        runs.add(run);
                    }
                    start = i;
                }
            }
        }
        runs.sort((a, b) -> Integer.compare(a[0], b[0]));
        return runs;
    }

    private static boolean sameSortKey(Item a, Item b, List<String> sortKeys) {
        for (var sortKey : sortKeys) {
            if (KeyOrder.compare(a.attributes().get(sortKey), b.attributes().get(sortKey)) != 0) {
                return false;
            }
        }
        return true;
    }

    /** The positions of one partition, read-only. */
    public static final class Positions {
        static final Positions EMPTY = new Positions(new int[0]);
        private final int[] positions;

        Positions(int[] positions) {
            this.positions = positions;
        }

        public int size() {
            return positions.length;
        }

        public int get(int index) {
            return positions[index];
        }
    }

    /** Orders item positions by the index's sort attributes in turn, then table partition key, then table sort key, then position. */
    private static final class PositionOrder {
        private final List<Item> items;
        private final String[] attributes;

        PositionOrder(List<Item> items, IndexKey keys, KeySchema tableKeys) {
            this.items = items;
            var names = new ArrayList<String>(keys.sortNames());
            var partitionNames = keys.partitionNames();
            if (!names.contains(tableKeys.partitionKeyName()) && !partitionNames.contains(tableKeys.partitionKeyName())) {
                names.add(tableKeys.partitionKeyName());
            }
            if (tableKeys.hasSortKey() && !names.contains(tableKeys.sortKeyName()) && !partitionNames.contains(tableKeys.sortKeyName())) {
                names.add(tableKeys.sortKeyName());
            }
            this.attributes = names.toArray(String[]::new);
        }

        int[] sorted(int[] positions) {
            if (positions.length < 2 || attributes.length == 0) {
                return positions;
            }
            // Read each compared value once, then sort a permutation of the partition.
            var values = new AttributeValue[attributes.length][positions.length];
            for (int a = 0; a < attributes.length; a++) {
                for (int p = 0; p < positions.length; p++) {
                    values[a][p] = items.get(positions[p]).attributes().get(attributes[a]);
                }
            }
            var order = new Integer[positions.length];
            for (int p = 0; p < order.length; p++) {
                order[p] = p;
            }
            Arrays.sort(order, (x, y) -> {
                for (var column : values) {
                    int c = compareNullable(column[x], column[y]);
                    if (c != 0) {
                        return c;
                    }
                }
                return Integer.compare(positions[x], positions[y]);
            });
            var sorted = new int[positions.length];
            for (int p = 0; p < sorted.length; p++) {
                sorted[p] = positions[order[p]];
            }
            return sorted;
        }

        /** Table keys of a table without a sort key are absent from the comparison; a missing value sorts first. */
        private static int compareNullable(AttributeValue a, AttributeValue b) {
            if (a == null || b == null) {
                return a == null ? (b == null ? 0 : -1) : 1;
            }
            return KeyOrder.compare(a, b);
        }
    }

    /** A growable list of ints, to avoid boxing a million positions while grouping. */
    private static final class IntList {
        private int[] values = new int[4];
        private int size;

        void add(int value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }

        int[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}

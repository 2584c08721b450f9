package dev.dynalens.domain.workspace;

import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.item.CompactItems;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeyOrder;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Gathers one table's items while a file is read, then settles its key schema (declared, given or
 * guessed), leaves out the items DynamoDB could not store (no key, a key of another type, an empty
 * key string) and lets a later item replace an earlier one with the same key, as a second put would.
 */
final class TableBuilder {
    private String name;
    private final ProblemLog log;
    private KeySchema declaredKeys;
    private List<IndexDescription> declaredIndexes;
    private final List<Facet> facets = new ArrayList<>();
    /** Kept as bytes: a workspace of a million items must fit a 1 GB heap (see {@link CompactItems}). */
    private final List<Item> items = new CompactItems();
    /** Per item, where it starts: line in the high 32 bits, column in the low ones. */
    private long[] positions = new long[16];
    private short[] facetIds;

    TableBuilder(String name, ProblemLog log) {
        this.name = name;
        this.log = log;
    }

    String name() {
        return name;
    }

    /** A model may name its table after listing its items: the name it has once the table was read. */
    void rename(String newName) {
        this.name = newName;
    }

    /** The key schema and indexes a model declares; null keys leave them to the options or a guess. */
    void declare(KeySchema keys, List<IndexDescription> indexes) {
        this.declaredKeys = keys;
        this.declaredIndexes = List.copyOf(indexes);
    }

    boolean declaresKeys() {
        return declaredKeys != null;
    }

    /** Registers a facet; returns its id for {@link #add}. */
    int facet(Facet facet) {
        if (facets.size() >= Short.MAX_VALUE - 1) {
            throw new IllegalStateException("More than " + (Short.MAX_VALUE - 1) + " facets in table " + name);
        }
        facets.add(facet);
        return facets.size() - 1;
    }

    /**
     * @param line   where the item starts in the file
     * @param column where the item starts on that line
     * @param facet  a facet id, or -1
     */
    void add(Item item, int line, int column, int facet) {
        int position = items.size();
        if (position == positions.length) {
            positions = Arrays.copyOf(positions, position * 2);
        }
        positions[position] = (long) line << 32 | column;
        if (facet >= 0 && facetIds == null) {
            facetIds = new short[positions.length];
        }
        if (facetIds != null) {
            if (facetIds.length < positions.length) {
                facetIds = Arrays.copyOf(facetIds, positions.length);
            }
            facetIds[position] = (short) (facet + 1);
        }
        items.add(item);
    }

    private static int line(long position) {
        return (int) (position >>> 32);
    }

    private static int column(long position) {
        return (int) position;
    }

    int size() {
        return items.size();
    }

    int facetCount() {
        return facets.size();
    }

    /** The table, or empty when its key schema can be neither read, nor given, nor guessed (an error says so). */
    Optional<WorkspaceTable> build(WorkspaceOptions options) {
        KeySchema keys;
        List<IndexDescription> indexes;
        KeySource source;
        if (declaredKeys != null) {
            keys = declaredKeys;
            indexes = declaredIndexes;
            source = KeySource.MODEL;
        } else if (options.keySchema() != null) {
            keys = schemaOf(options.keySchema());
            indexes = options.indexes().stream().map(i -> index(i.name(), schemaOf(i.keys()))).toList();
            source = KeySource.OPTIONS;
        } else {
            var guess = KeyGuess.guess(items);
            if (guess.isEmpty()) {
                log.error(0, 0, "Cannot tell the key schema of table " + name + ": no attribute named like PK, pk or id is on every item"
                        + everyItemHas() + ". Give the key schema: PK or PK,SK");
                return Optional.empty();
            }
            keys = guess.get().keys();
            indexes = options.indexes().isEmpty() ? guess.get().indexes()
                    : options.indexes().stream().map(i -> index(i.name(), schemaOf(i.keys()))).toList();
            source = KeySource.GUESSED;
            log.warn(0, 0, "Table " + name + ": key schema guessed from the attribute names: " + describe(keys)
                    + (indexes.isEmpty() ? "" : "; indexes: " + indexes.stream().map(i -> i.name() + " (" + describe(i.key()) + ")")
                    .collect(Collectors.joining(", "))) + ". Give the key schema if that is wrong");
        }
        var kept = keepStorable(keys);
        var index = KeyIndex.build(kept.items, keys, keys);
        var runs = index.sameKeyRuns(kept.items);
        if (!runs.isEmpty()) {
            kept = replaceSameKeys(kept, runs, keys);
            index = KeyIndex.build(kept.items, keys, keys);
        }
        checkIndexes(kept, indexes);
        return Optional.of(new WorkspaceTable(name, keys, indexes, source, kept.items, facets, kept.facetIds, index));
    }

    private static IndexDescription index(String name, KeySchema keys) {
        return new IndexDescription(name, IndexDescription.Kind.GLOBAL, keys, IndexDescription.Projection.ALL, List.of(), null, null, null);
    }

    /** A key schema from names, with each missing type read from the first item that has the attribute. */
    private KeySchema schemaOf(KeySpec spec) {
        var pk = new KeySchema.KeyAttribute(spec.partitionKey(),
                spec.partitionKeyType() != null ? spec.partitionKeyType() : typeInData(spec.partitionKey()));
        var sk = spec.sortKey() == null ? null : new KeySchema.KeyAttribute(spec.sortKey(),
                spec.sortKeyType() != null ? spec.sortKeyType() : typeInData(spec.sortKey()));
        return new KeySchema(pk, sk);
    }

    private KeySchema.ScalarType typeInData(String attribute) {
        return firstKeyType(items, attribute);
    }

    static KeySchema.ScalarType firstKeyType(List<Item> items, String attribute) {
        for (var item : items) {
            var type = KeyOrder.typeOf(item.attributes().get(attribute));
            if (type.isPresent()) {
                return type.get();
            }
        }
        return KeySchema.ScalarType.S;
    }

    static String describe(KeySchema keys) {
        return describe(keys.asIndexKey());
    }

    /** "PK (S), SK (N)": each key attribute in order with its type. */
    static String describe(IndexKey keys) {
        var parts = new ArrayList<String>();
        keys.partition().forEach(a -> parts.add(a.name() + " (" + a.type() + ")"));
        keys.sort().forEach(a -> parts.add(a.name() + " (" + a.type() + ")"));
        return String.join(", ", parts);
    }

    private String everyItemHas() {
        if (items.isEmpty()) {
            return " (the table has no items)";
        }
        var common = new ArrayList<>(items.get(0).attributes().keySet());
        for (var item : items) {
            common.removeIf(attribute -> !item.has(attribute));
        }
        return common.isEmpty() ? " (no attribute is on every item)"
                : " (on every item: " + common.stream().limit(10).collect(Collectors.joining(", ")) + ")";
    }

    /** Items with their lines and facets, after a step that left some out. */
    private record Kept(List<Item> items, long[] positions, short[] facetIds) {
    }

    private Kept keepStorable(KeySchema keys) {
        var keptItems = new CompactItems();
        boolean allKept = true;
        int keptCount = 0;
        var keptPositions = new long[items.size()];
        var keptFacets = facetIds == null ? null : new short[items.size()];
        long missingPartitionKey = 0;
        for (int i = 0; i < items.size(); i++) {
            var item = items.get(i);
            var problem = keyProblem(item, keys.partitionKey(), "partition key");
            if (problem == null && keys.sortKey() != null) {
                problem = keyProblem(item, keys.sortKey(), "sort key");
            }
            if (problem != null) {
                if (!item.has(keys.partitionKeyName())) {
                    missingPartitionKey++;
                }
                log.error(line(positions[i]), column(positions[i]), "Item left out: " + problem);
                if (allKept) {
                    // The first item left out: from here on the kept items need a list of their own.
                    for (int j = 0; j < i; j++) {
                        keptItems.add(items.get(j));
                    }
                    allKept = false;
                }
                continue;
            }
            keptPositions[keptCount] = positions[i];
            if (keptFacets != null) {
                keptFacets[keptCount] = facetIds[i];
            }
            keptCount++;
            if (!allKept) {
                keptItems.add(item);
            }
        }
        if (missingPartitionKey == items.size() && !items.isEmpty()) {
            log.error(0, 0, "Table " + name + ": none of the " + items.size() + " items has the partition key "
                    + keys.partitionKeyName() + everyItemHas());
        }
        // Usually every item is storable: then the list read is the list kept, not a second copy.
        return new Kept(allKept ? items : keptItems, keptPositions, keptFacets);
    }

    static String keyProblem(Item item, KeySchema.KeyAttribute key, String role) {
        var value = item.attributes().get(key.name());
        if (value == null) {
            return "it has no " + role + " " + key.name();
        }
        if (KeyOrder.isKeyOfType(value, key.type())) {
            return null;
        }
        if (KeyOrder.typeOf(value).orElse(null) == key.type()) {
            return "its " + role + " " + key.name() + " is empty, which DynamoDB does not allow in a key";
        }
        return "its " + role + " " + key.name() + " is " + value.type() + ", but the key schema says " + key.type();
    }

    /** Of items with the same key, the last one stays, where it is in the file; repeats of the same item are quiet. */
    private Kept replaceSameKeys(Kept kept, List<int[]> runs, KeySchema keys) {
        var dropped = new boolean[kept.items.size()];
        var facetIdsOut = kept.facetIds == null ? null : kept.facetIds.clone();
        long identical = 0;
        for (var run : runs) {
            int last = run[run.length - 1];
            var survivor = kept.items.get(last);
            for (int r = 0; r < run.length - 1; r++) {
                int earlier = run[r];
                dropped[earlier] = true;
                if (kept.items.get(earlier).equals(survivor)) {
                    identical++;
                } else {
                    log.warn(line(kept.positions[last]), column(kept.positions[last]), "Item replaces the one with the same key at line "
                            + line(kept.positions[earlier]) + " ("
                            + keyText(survivor, keys) + "), as a second put would");
                }
                if (facetIdsOut != null && facetIdsOut[last] == 0) {
                    facetIdsOut[last] = facetIdsOut[earlier];
                }
            }
        }
        if (identical > 0) {
            log.warn(0, 0, "Table " + name + ": " + identical + (identical == 1 ? " item is" : " items are")
                    + " listed more than once with the same content; each is kept once");
        }
        var items = new CompactItems();
        var positionsOut = new long[kept.items.size()];
        var facetsOut = facetIdsOut == null ? null : new short[kept.items.size()];
        for (int i = 0; i < kept.items.size(); i++) {
            if (!dropped[i]) {
                positionsOut[items.size()] = kept.positions[i];
                if (facetsOut != null) {
                    facetsOut[items.size()] = facetIdsOut[i];
                }
                items.add(kept.items.get(i));
            }
        }
        return new Kept(items, positionsOut, facetsOut);
    }

    static String keyText(Item item, KeySchema keys) {
        return PlainJsonCodec.writeKey(item.key(keys.partitionKeyName(), keys.sortKeyName()));
    }

    /** Whether an item has every key attribute of a key schema, whatever their types. */
    static boolean namesKeysOf(Item item, KeySchema keys) {
        return item.has(keys.partitionKeyName()) && (keys.sortKey() == null || item.has(keys.sortKeyName()));
    }

    /** Whether an item has every key attribute of a key, whatever their types. */
    static boolean namesKeysOf(Item item, IndexKey keys) {
        return keys.attributeNames().stream().allMatch(item::has);
    }

    /** An item with an index's key attributes of the wrong type is stored by the table but not by the index: say so once per index. */
    private void checkIndexes(Kept kept, List<IndexDescription> indexes) {
        for (var index : indexes) {
            var keys = index.key();
            long members = 0;
            long mistyped = 0;
            long first = 0;
            for (int i = 0; i < kept.items.size(); i++) {
                var item = kept.items.get(i);
                if (KeyIndex.holdsKeys(item, keys)) {
                    members++;
                } else if (namesKeysOf(item, keys)) {
                    if (mistyped++ == 0) {
                        first = kept.positions[i];
                    }
                }
            }
            if (mistyped > 0) {
                log.warn(line(first), column(first), "Table " + name + ": " + mistyped + (mistyped == 1 ? " item has" : " items have")
                        + " the keys of index " + index.name() + " with another type than " + describe(keys)
                        + " or empty; DynamoDB would refuse them, here they are left out of the index (first here)");
            }
            if (members == 0 && !kept.items.isEmpty()) {
                log.warn(0, 0, "Table " + name + ": no item has the keys of index " + index.name() + " (" + describe(keys)
                        + "); the index is empty");
            }
        }
    }
}

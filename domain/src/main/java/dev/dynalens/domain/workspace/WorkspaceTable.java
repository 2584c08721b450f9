package dev.dynalens.domain.workspace;

import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.ItemSize;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One table of a workspace: its key schema and global secondary indexes, and its items in file order,
 * each with the NoSQL Workbench facet it was listed under, if any. Every item has the table's key
 * attributes with their declared types, and no two items have the same key. Immutable.
 */
public final class WorkspaceTable {
    private final String name;
    private final KeySchema keySchema;
    private final List<IndexDescription> globalSecondaryIndexes;
    private final KeySource keySource;
    private final List<Item> items;
    private final List<Facet> facets;
    /** Per item, 1 + the index of its facet in {@link #facets}, or 0; null when no item has one. */
    private final short[] facetOfItem;
    private final KeyIndex primaryIndex;
    private volatile TableDescription description;

    WorkspaceTable(String name, KeySchema keySchema, List<IndexDescription> globalSecondaryIndexes, KeySource keySource,
                   List<Item> items, List<Facet> facets, short[] facetOfItem, KeyIndex primaryIndex) {
        this.name = Objects.requireNonNull(name, "name");
        this.keySchema = Objects.requireNonNull(keySchema, "keySchema");
        this.globalSecondaryIndexes = List.copyOf(globalSecondaryIndexes);
        this.keySource = Objects.requireNonNull(keySource, "keySource");
        this.items = Collections.unmodifiableList(items);
        this.facets = List.copyOf(facets);
        this.facetOfItem = facetOfItem;
        this.primaryIndex = primaryIndex;
    }

    /**
     * A table built in code (tests, generated samples).
     *
     * @throws IllegalArgumentException when an item lacks a key attribute, has one of another type, or
     *                                  repeats another item's key
     */
    public static WorkspaceTable of(String name, KeySchema keySchema, List<IndexDescription> globalSecondaryIndexes, List<Item> items) {
        var list = new ArrayList<>(items);
        for (int i = 0; i < list.size(); i++) {
            if (!KeyIndex.holdsKeys(list.get(i), keySchema)) {
                throw new IllegalArgumentException("Item " + i + " has no valid key for " + keySchema + ": " + list.get(i).key(
                        keySchema.partitionKeyName(), keySchema.sortKeyName()));
            }
        }
        var index = KeyIndex.build(list, keySchema, keySchema);
        var runs = index.sameKeyRuns(list);
        if (!runs.isEmpty()) {
            throw new IllegalArgumentException("Items " + runs.get(0)[0] + " and " + runs.get(0)[1] + " have the same key");
        }
        return new WorkspaceTable(name, keySchema, globalSecondaryIndexes, KeySource.OPTIONS, list, List.of(), null, index);
    }

    public String name() {
        return name;
    }

    public KeySchema keySchema() {
        return keySchema;
    }

    public List<IndexDescription> globalSecondaryIndexes() {
        return globalSecondaryIndexes;
    }

    public Optional<IndexDescription> index(String indexName) {
        return globalSecondaryIndexes.stream().filter(i -> i.name().equals(indexName)).findFirst();
    }

    public KeySource keySource() {
        return keySource;
    }

    /** The items in the order the file lists them. */
    public List<Item> items() {
        return items;
    }

    public int size() {
        return items.size();
    }

    /** The model's facets of this table, in model order (empty for other files). */
    public List<Facet> facets() {
        return facets;
    }

    /** The facet the item at this position was listed under in the model: a hint of its entity type. */
    public Optional<Facet> facetOf(int position) {
        Objects.checkIndex(position, items.size());
        if (facetOfItem == null || facetOfItem[position] == 0) {
            return Optional.empty();
        }
        return Optional.of(facets.get(facetOfItem[position] - 1));
    }

    /** The table's items by partition, sorted by sort key; built when the table was loaded. */
    public KeyIndex primaryIndex() {
        return primaryIndex;
    }

    /** What entity inference needs: the table's name and the key schemas of the table and its indexes. */
    public TableKeys tableKeys() {
        var keys = new TableKeys(name, keySchema, java.util.Map.of());
        for (var index : globalSecondaryIndexes) {
            // As TableKeys.from: a multi-attribute index is left to the items' own attributes.
            if (index.key().isSingle()) {
                keys = keys.withIndex(index.name(), index.key().asKeySchema().orElseThrow());
            }
        }
        return keys;
    }

    /**
     * The table as DescribeTable would show it: on-demand, active, item counts and sizes from the file
     * (each index counts the items that have its keys), no TTL. Computed once.
     */
    public TableDescription description() {
        var result = description;
        if (result == null) {
            long sizeBytes = 0;
            for (var item : items) {
                sizeBytes += ItemSize.of(item);
            }
            var indexes = new ArrayList<IndexDescription>();
            for (var index : globalSecondaryIndexes) {
                long count = 0;
                long indexBytes = 0;
                for (var item : items) {
                    if (KeyIndex.holdsKeys(item, index.key())) {
                        count++;
                        indexBytes += ItemSize.of(item);
                    }
                }
                indexes.add(new IndexDescription(index.name(), index.kind(), index.key(), index.projection(),
                        index.nonKeyAttributes(), count, indexBytes, "ACTIVE"));
            }
            result = new TableDescription(name, keySchema, indexes, List.of(), items.size(), sizeBytes,
                    TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
            description = result;
        }
        return result;
    }

    @Override
    public String toString() {
        return name + " (" + keySchema + ", " + items.size() + " items)";
    }
}

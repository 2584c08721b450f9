package dev.dynalens.service.load;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What to load and where.
 *
 * @param tableName   the table to write into
 * @param createTable when not null, the table is created first (with its GSIs); the load fails if it exists
 * @param items       read lazily, one batch at a time, on the loader's threads (so it may read a file)
 * @param totalItems  how many the iterator yields, for progress; -1 when unknown
 */
public record LoadRequest(String tableName, CreateTableSpec createTable, Iterator<Item> items, long totalItems) {
    public LoadRequest {
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(items, "items");
        if (createTable != null && !createTable.tableName().equals(tableName)) {
            throw new IllegalArgumentException("The table to create (" + createTable.tableName()
                    + ") is not the table to load (" + tableName + ")");
        }
        if (totalItems < -1) {
            throw new IllegalArgumentException("totalItems must be -1 (unknown) or a count: " + totalItems);
        }
    }

    /** Loads these items into an existing table. */
    public static LoadRequest of(String tableName, Collection<Item> items) {
        var copy = List.copyOf(items);
        return new LoadRequest(tableName, null, copy.iterator(), copy.size());
    }

    /** Loads items of unknown number, read as the load goes. */
    public static LoadRequest streaming(String tableName, Iterator<Item> items) {
        return new LoadRequest(tableName, null, items, -1);
    }

    /** The same load, creating the table first. */
    public LoadRequest creatingTable(CreateTableSpec spec) {
        return new LoadRequest(tableName, Objects.requireNonNull(spec, "spec"), items, totalItems);
    }

    public Optional<CreateTableSpec> tableToCreate() {
        return Optional.ofNullable(createTable);
    }
}

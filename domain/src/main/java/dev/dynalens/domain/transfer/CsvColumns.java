package dev.dynalens.domain.transfer;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Collects the columns a CSV needs for a set of items: one per attribute name and type, in order of
 * first appearance, the table's key attributes first. Holds the columns only, never the items.
 */
public final class CsvColumns {
    private final KeySchema keySchema;
    private final Set<CsvColumn> columns = new LinkedHashSet<>();

    /** @param keySchema whose attributes lead the row; null when unknown */
    public CsvColumns(KeySchema keySchema) {
        this.keySchema = keySchema;
    }

    public void add(Item item) {
        item.attributes().forEach((name, value) -> columns.add(new CsvColumn(name, value.type())));
    }

    public List<CsvColumn> columns() {
        var ordered = new ArrayList<CsvColumn>(columns.size());
        if (keySchema != null) {
            addNamed(ordered, keySchema.partitionKeyName());
            if (keySchema.hasSortKey()) {
                addNamed(ordered, keySchema.sortKeyName());
            }
        }
        for (var column : columns) {
            if (!ordered.contains(column)) {
                ordered.add(column);
            }
        }
        return ordered;
    }

    private void addNamed(List<CsvColumn> ordered, String name) {
        columns.stream().filter(c -> c.name().equals(name)).forEach(ordered::add);
    }
}

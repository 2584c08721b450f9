package dev.dynalens.ui.staleness;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.Finding;
import dev.dynalens.domain.table.KeySchema;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The stale cells of the last run, by copy key and top-level attribute: what the collections view marks. */
public record StaleCells(Map<CellKey, StaleRow> cells, KeySchema keySchema) {
    static final StaleCells NONE = new StaleCells(Map.of(), null);

    /** A copy's primary key and a top-level attribute name. */
    public record CellKey(Map<String, AttributeValue> key, String attribute) {
    }

    /** The cells of {@code findings}, each with its row ({@code rows} in the same order); the first finding of a cell wins. */
    static StaleCells of(List<Finding.StaleCopy> findings, List<StaleRow> rows, KeySchema keySchema) {
        var cells = new HashMap<CellKey, StaleRow>();
        for (int i = 0; i < findings.size(); i++) {
            var finding = findings.get(i);
            cells.putIfAbsent(new CellKey(finding.key(), finding.attribute().attributeName()), rows.get(i));
        }
        return new StaleCells(Map.copyOf(cells), keySchema);
    }

    public boolean isEmpty() {
        return cells.isEmpty();
    }

    public Optional<StaleRow> find(Item item, String attribute) {
        if (cells.isEmpty() || keySchema == null) {
            return Optional.empty();
        }
        var key = new LinkedHashMap<String, AttributeValue>();
        item.get(keySchema.partitionKeyName()).ifPresent(v -> key.put(keySchema.partitionKeyName(), v));
        if (keySchema.hasSortKey()) {
            item.get(keySchema.sortKeyName()).ifPresent(v -> key.put(keySchema.sortKeyName(), v));
        }
        return Optional.ofNullable(cells.get(new CellKey(key, attribute)));
    }
}

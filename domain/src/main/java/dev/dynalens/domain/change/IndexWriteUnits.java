package dev.dynalens.domain.change;

import dev.dynalens.domain.capacity.CapacityCalculator;
import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.ItemSize;
import dev.dynalens.domain.table.TableDescription;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What a write costs a table's global secondary indexes: an index entry written for each index the item enters, leaves
 * (a delete), or stays in with another key (a delete and a put) or other projected values (one write); each entry's write
 * units from its size (its projected attributes).
 */
final class IndexWriteUnits {
    private final TableDescription table;

    IndexWriteUnits(TableDescription table) {
        this.table = table;
    }

    /** A null item is one that is not there (before a put, after a delete). */
    CapacityUnits of(Item before, Item after) {
        var units = CapacityUnits.ZERO;
        for (var index : table.globalSecondaryIndexes()) {
            var was = before == null ? null : entry(before, index);
            var is = after == null ? null : entry(after, index);
            if (was == null && is == null) {
                continue;
            }
            if (was == null) {
                units = units.plus(CapacityCalculator.putItem(ItemSize.of(is), OptionalLong.empty()));
            } else if (is == null) {
                units = units.plus(CapacityCalculator.deleteItem(OptionalLong.of(ItemSize.of(was))));
            } else if (!indexKey(was, index).equals(indexKey(is, index))) {
                units = units.plus(CapacityCalculator.deleteItem(OptionalLong.of(ItemSize.of(was))))
                        .plus(CapacityCalculator.putItem(ItemSize.of(is), OptionalLong.empty()));
            } else if (!was.equals(is)) {
                units = units.plus(CapacityCalculator.updateItem(OptionalLong.of(ItemSize.of(was)), ItemSize.of(is)));
            }
        }
        return units;
    }

    /** The item's entry in an index (the attributes it projects), or null when the item lacks the index's keys. */
    private Item entry(Item item, IndexDescription index) {
        for (var name : index.key().attributeNames()) {
            if (!item.has(name)) {
                return null;
            }
        }
        if (index.projection() == IndexDescription.Projection.ALL) {
            return item;
        }
        var keys = table.keySchema();
        var projected = new LinkedHashMap<String, AttributeValue>();
        item.attributes().forEach((name, value) -> {
            if (keys.attributeNames().contains(name) || index.key().attributeNames().contains(name)
                    || index.projection() == IndexDescription.Projection.INCLUDE && index.nonKeyAttributes().contains(name)) {
                projected.put(name, value);
            }
        });
        return new Item(projected);
    }

    private static Map<String, AttributeValue> indexKey(Item entry, IndexDescription index) {
        var key = new LinkedHashMap<String, AttributeValue>();
        index.key().attributeNames().forEach(name -> key.put(name, entry.attributes().get(name)));
        return key;
    }
}

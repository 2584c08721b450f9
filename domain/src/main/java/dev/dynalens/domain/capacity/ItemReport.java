package dev.dynalens.domain.capacity;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.List;
import java.util.Map;

/**
 * Everything the calculator says about one item: its key, its size attribute by attribute, what
 * reading and writing it costs, and the limits it breaks or comes close to.
 */
public record ItemReport(Map<String, AttributeValue> key, ItemSizeBreakdown size, ItemCost cost, List<SizeWarning> warnings) {
    public ItemReport {
        key = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(key));
        warnings = List.copyOf(warnings);
    }

    /**
     * @param partitionKey null when the key schema is unknown (no key, no key-size warnings)
     * @param sortKey      null for a simple primary key
     */
    public static ItemReport of(Item item, String partitionKey, String sortKey) {
        var breakdown = ItemSizeCalculator.breakdown(item);
        var key = partitionKey == null ? Map.<String, AttributeValue>of() : item.key(partitionKey, sortKey);
        return new ItemReport(key, breakdown, CapacityCalculator.itemCost(breakdown.bytes()),
                SizeWarning.check(item, breakdown.bytes(), partitionKey, sortKey));
    }
}

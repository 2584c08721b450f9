package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one BatchGetItem returned: the items found (in no particular order, as DynamoDB returns them), the keys it
 * left unprocessed (throttling, the 16 MB response limit), which the caller asks again after a backoff, and the
 * capacity consumed. A key without an item is simply absent from {@code items}.
 */
public record BatchGetResult(List<Item> items, List<Map<String, AttributeValue>> unprocessedKeys, ConsumedCapacity capacity) {
    public BatchGetResult {
        items = List.copyOf(items);
        unprocessedKeys = unprocessedKeys.stream().map(Map::copyOf).toList();
        Objects.requireNonNull(capacity, "capacity");
    }
}

package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One page of results: the items, where to continue, what it cost. */
public record Page(List<Item> items, Map<String, AttributeValue> lastEvaluatedKey, int scannedCount,
                   ConsumedCapacity consumedCapacity) {
    public Page {
        items = List.copyOf(items);
        lastEvaluatedKey = lastEvaluatedKey == null || lastEvaluatedKey.isEmpty() ? null : Map.copyOf(lastEvaluatedKey);
    }

    public boolean hasMore() {
        return lastEvaluatedKey != null;
    }

    public Optional<Map<String, AttributeValue>> next() {
        return Optional.ofNullable(lastEvaluatedKey);
    }
}

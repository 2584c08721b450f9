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

    /** What the page says of the read before its items are looked at. */
    public Head head() {
        return new Head(items.size(), lastEvaluatedKey, consumedCapacity);
    }

    /**
     * What an endpoint's answer says of a page before its items are mapped: how many it holds and where to go on, so
     * that a read of every page can ask for the next one while this one is mapped.
     *
     * @param items            the page's items
     * @param lastEvaluatedKey where the read goes on, or null after the last page
     * @param consumedCapacity what the request consumed, as the endpoint reported it
     */
    public record Head(int items, Map<String, AttributeValue> lastEvaluatedKey, ConsumedCapacity consumedCapacity) {
        public Head {
            if (items < 0) {
                throw new IllegalArgumentException("A page holds no fewer than 0 items: " + items);
            }
            lastEvaluatedKey = lastEvaluatedKey == null || lastEvaluatedKey.isEmpty() ? null : Map.copyOf(lastEvaluatedKey);
            consumedCapacity = consumedCapacity == null ? ConsumedCapacity.NOT_REPORTED : consumedCapacity;
        }

        /** A head whose consumed capacity was not reported. */
        public Head(int items, Map<String, AttributeValue> lastEvaluatedKey) {
            this(items, lastEvaluatedKey, ConsumedCapacity.NOT_REPORTED);
        }

        public Optional<Map<String, AttributeValue>> next() {
            return Optional.ofNullable(lastEvaluatedKey);
        }
    }
}

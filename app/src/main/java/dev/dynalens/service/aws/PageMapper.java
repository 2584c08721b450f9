package dev.dynalens.service.aws;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/** Scan and Query responses to a {@link Page}. Pure. */
final class PageMapper {
    private PageMapper() {
    }

    static Page fromScan(ScanResponse response) {
        return page(response.items(), response.lastEvaluatedKey(), response.scannedCount(), response.consumedCapacity());
    }

    static Page fromQuery(QueryResponse response) {
        return page(response.items(), response.lastEvaluatedKey(), response.scannedCount(), response.consumedCapacity());
    }

    /** What an answer says before its items are mapped: how many, where the read goes on, and what it consumed. */
    static Page.Head head(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastEvaluatedKey,
                          software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity capacity) {
        return new Page.Head(items.size(), AttributeValueMapper.keyFromSdk(lastEvaluatedKey), consumedCapacity(capacity));
    }

    private static Page page(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastEvaluatedKey,
                             Integer scannedCount, software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity capacity) {
        List<Item> mapped = items.stream().map(AttributeValueMapper::toItem).toList();
        return new Page(mapped, AttributeValueMapper.keyFromSdk(lastEvaluatedKey),
                scannedCount == null ? mapped.size() : scannedCount, consumedCapacity(capacity));
    }

    static ConsumedCapacity consumedCapacity(software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity capacity) {
        if (capacity == null || capacity.capacityUnits() == null) {
            return ConsumedCapacity.NOT_REPORTED;
        }
        return new ConsumedCapacity(capacity.capacityUnits(), capacity.readCapacityUnits(), capacity.writeCapacityUnits());
    }
}

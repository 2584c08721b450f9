package dev.dynalens.service.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

class PageMapperTest {
    private static software.amazon.awssdk.services.dynamodb.model.AttributeValue s(String value) {
        return software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(value);
    }

    @Test
    void scan_itemsNextKeyCountAndCapacity() {
        var response = ScanResponse.builder()
                .items(List.of(Map.of("pk", s("a")), Map.of("pk", s("b"))))
                .lastEvaluatedKey(Map.of("pk", s("b")))
                .scannedCount(5)
                .consumedCapacity(c -> c.capacityUnits(0.5).tableName("t"))
                .build();

        var page = PageMapper.fromScan(response);

        assertEquals(List.of(Item.of(Map.of("pk", AttributeValue.s("a"))), Item.of(Map.of("pk", AttributeValue.s("b")))),
                page.items());
        assertEquals(Map.of("pk", AttributeValue.s("b")), page.lastEvaluatedKey());
        assertTrue(page.hasMore());
        assertEquals(5, page.scannedCount());
        assertEquals(new ConsumedCapacity(0.5, null, null), page.consumedCapacity());
    }

    @Test
    void query_lastPage_hasNoNextKeyAndMayLackCapacity() {
        var page = PageMapper.fromQuery(QueryResponse.builder().items(List.of(Map.of("pk", s("a")))).build());

        assertFalse(page.hasMore());
        assertEquals(1, page.scannedCount(), "without ScannedCount the item count stands in");
        assertFalse(page.consumedCapacity().reported());
    }
}

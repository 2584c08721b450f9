package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** `dynalens size TABLE --endpoint …` on a live table: its figures are what dynalite charges for GetItem and PutItem of each item. */
@ExtendWith(DynamoEndpointExtension.class)
class SizeCommandIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void aLiveTable_eachItemsCostsAreWhatTheEndpointCharges(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("size");
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        var items = new java.util.ArrayList<Item>();
        for (int i = 0; i < 4; i++) {
            var attributes = new LinkedHashMap<String, AttributeValue>();
            attributes.put("PK", AttributeValue.s("DOC#" + i));
            attributes.put("SK", AttributeValue.s("V1"));
            attributes.put("body", AttributeValue.s("x".repeat(1_500 * i * i)));          // 0 B to 13.5 KB
            attributes.put("version", AttributeValue.n("-" + i + ".50"));
            items.add(new Item(attributes));
        }
        var charged = new HashMap<String, double[]>();
        for (var item : items) {
            var put = session.write(ItemWrite.Put.unconditional(table, item)).get(10, TimeUnit.SECONDS);
            var key = item.key("PK", "SK");
            var eventual = session.getItem(table, key, false).get(10, TimeUnit.SECONDS);
            var strong = session.getItem(table, key, true).get(10, TimeUnit.SECONDS);
            charged.put(((AttributeValue.Str) key.get("PK")).value(), new double[] {eventual.capacity().capacityUnits(),
                    strong.capacity().capacityUnits(), put.capacity().capacityUnits()});
        }

        var run = RealCli.run("size", table, "--endpoint", endpoint.endpoint().toString(), "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        var printed = MAPPER.readTree(run.out()).path("items");
        assertThat(printed).hasSize(4);
        for (JsonNode item : printed) {
            var expected = charged.get(item.path("key").path("PK").asText());
            assertThat(item.path("key").path("SK").asText()).isEqualTo("V1");
            assertThat(item.path("rcu").path("eventual").asDouble()).isEqualTo(expected[0]);
            assertThat(item.path("rcu").path("strong").asDouble()).isEqualTo(expected[1]);
            assertThat(item.path("wcu").path("standard").asDouble()).isEqualTo(expected[2]);
        }
        assertThat(Map.of("sizes", printed.findValues("size").stream().map(JsonNode::asLong).sorted().toList()))
                .isEqualTo(Map.of("sizes", List.of(2L + 5 + 2 + 2 + 4 + 0 + 7 + 3,        // version -0.5: 1 + 1 pair + 1 sign
                        2L + 5 + 2 + 2 + 4 + 1_500 + 7 + 4,                                // -1.5: 1 + 2 pairs + 1
                        2L + 5 + 2 + 2 + 4 + 6_000 + 7 + 4,
                        2L + 5 + 2 + 2 + 4 + 13_500 + 7 + 4)));
    }
}

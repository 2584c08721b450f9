package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A live table of several 1 MB Scan pages copied into a new table over HTTP: the loader's lane waits on the page feed
 * while the next page is on the network, as it does against DynamoDB.
 */
@ExtendWith(DynamoEndpointExtension.class)
class LoadIntoTableIT {
    private static final IndexDescription BY_STATUS = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"),
            IndexDescription.Projection.ALL, List.of(), null, null, null);

    private static List<Item> scanAll(DynamoSession session, String table) throws Exception {
        var items = new ArrayList<Item>();
        ReadRequest request = new ReadRequest.Scan(table, null, null, null);
        while (request != null) {
            var page = session.read(request).get(30, TimeUnit.SECONDS);
            items.addAll(page.items());
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
        }
        return items;
    }

    @Test
    void copiesATableOfSeveralPages_intoANewTableWithItsGsi_itemForItem(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var source = endpoint.uniqueTableName("LoadSource");
        session.createTable(new CreateTableSpec(source, KeySchema.of("PK", "SK"), List.of(BY_STATUS))).get(30, TimeUnit.SECONDS);
        var padding = "x".repeat(4000);
        var items = new ArrayList<Item>();
        for (int i = 0; i < 600; i++) {
            items.add(new Item(Map.of("PK", AttributeValue.s("ORDER#" + i / 4), "SK", AttributeValue.s("LINE#" + i),
                    "GSI1PK", AttributeValue.s("STATUS#" + (i % 3)), "GSI1SK", AttributeValue.s("LINE#" + i),
                    "total", AttributeValue.n("98765432109876543210.00000000000000000" + i % 10),
                    "blob", AttributeValue.b(new byte[] {(byte) i, 0, (byte) 255}), "padding", AttributeValue.s(padding))));
        }
        for (int from = 0; from < items.size(); from += 25) {
            assertThat(session.batchPut(source, items.subList(from, from + 25)).get(30, TimeUnit.SECONDS)).isEmpty();
        }
        var firstPage = session.read(new ReadRequest.Scan(source, null, null, null)).get(30, TimeUnit.SECONDS);
        assertThat(firstPage.hasMore()).as("the source needs more than one Scan page").isTrue();
        var target = endpoint.uniqueTableName("LoadTarget");

        var report = new LoadIntoTable().start(new LoadIntoTable.Request(session, source, session, target, true), WriteConfirmer.NONE,
                progress -> { }).result().get(120, TimeUnit.SECONDS);

        assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.COMPLETED);
        assertThat(report.read()).isEqualTo(600);
        assertThat(report.written()).isEqualTo(600);
        assertThat(session.describeTable(target).get(10, TimeUnit.SECONDS).index("GSI1")).isPresent();
        assertThat(new HashSet<>(scanAll(session, target))).isEqualTo(new HashSet<>(items));
    }
}

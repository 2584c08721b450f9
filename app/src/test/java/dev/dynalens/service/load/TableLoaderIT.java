package dev.dynalens.service.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** "Load into table" on a real DynamoDB-compatible server: the three samples, a bad item, a read-only connection. */
@ExtendWith(DynamoEndpointExtension.class)
class TableLoaderIT {

    private static CreateTableSpec createSpec(String tableName, TableKeys keys) {
        var indexes = keys.indexes().entrySet().stream().map(index -> new IndexDescription(index.getKey(),
                IndexDescription.Kind.GLOBAL, index.getValue(), IndexDescription.Projection.ALL, List.of(), null, null, null)).toList();
        return new CreateTableSpec(tableName, keys.keySchema(), indexes);
    }

    private static List<Item> readAll(DynamoSession session, ReadRequest first) throws Exception {
        var items = new ArrayList<Item>();
        ReadRequest request = first;
        while (true) {
            var page = session.read(request).get(30, TimeUnit.SECONDS);
            items.addAll(page.items());
            if (!page.hasMore()) {
                return items;
            }
            request = request.withExclusiveStartKey(page.lastEvaluatedKey());
        }
    }

    @ParameterizedTest
    @FieldSource("dev.dynalens.domain.inference.SampleModels#FILES")
    void loadsASample_intoANewTableWithItsGsi_andAScanReadsBackExactlyItsItems(String fileName, TestEndpoint endpoint,
                                                                                 DynamoSession session) throws Exception {
        var sample = SampleModels.load(fileName);
        var table = endpoint.uniqueTableName(sample.keys().tableName());
        var progress = new CopyOnWriteArrayList<LoadProgress>();

        var report = new TableLoader(session)
                .start(LoadRequest.of(table, sample.items()).creatingTable(createSpec(table, sample.keys())), progress::add)
                .result().get(2, TimeUnit.MINUTES);

        try {
            assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.COMPLETED);
            assertThat(report.rejected()).isEmpty();
            assertThat(report.written()).isEqualTo(sample.items().size());
            assertThat(progress.getLast().written()).isEqualTo(sample.items().size());

            // A small page size makes the scan follow several pages.
            var scanned = readAll(session, new ReadRequest.Scan(table, null, 17, null));
            assertThat(scanned).hasSize(sample.items().size());
            assertThat(new HashSet<>(scanned)).isEqualTo(new HashSet<>(sample.items()));

            var description = session.describeTable(table).get(30, TimeUnit.SECONDS);
            assertThat(description.indexes()).extracting(IndexDescription::name).containsExactly("GSI1");
            assertThat(description.indexes().getFirst().key()).isEqualTo(sample.keys().indexes().get("GSI1").asIndexKey());
            var inGsi = sample.items().stream().filter(i -> i.has(sample.keys().indexes().get("GSI1").partitionKeyName())).count();
            assertThat(readAll(session, new ReadRequest.Scan(table, "GSI1", null, null))).hasSize((int) inGsi);
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void theOnlineShopsGsi1_answersAQueryForOpenOrders(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var sample = SampleModels.load(SampleModels.ONLINE_SHOP);
        var table = endpoint.uniqueTableName("shop");
        new TableLoader(session).start(LoadRequest.of(table, sample.items()).creatingTable(createSpec(table, sample.keys())), p -> { })
                .result().get(2, TimeUnit.MINUTES);
        try {
            var open = readAll(session, ReadRequest.Query.of(table, "GSI1PK", AttributeValue.s("STATUS#OPEN")).onIndex("GSI1"));
            assertThat(open).hasSize(4).allSatisfy(order -> assertThat(order.get("status")).contains(AttributeValue.s("OPEN")));
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void anItemWithoutItsSortKey_isRejectedAlone_andTheRestOfItsBatchIsWritten(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("load-bad-item");
        var items = new ArrayList<Item>();
        for (int i = 0; i < 30; i++) {
            items.add(new Item(Map.of("PK", AttributeValue.s("P"), "SK", AttributeValue.s(String.format("%02d", i)))));
        }
        var bad = new Item(Map.of("PK", AttributeValue.s("P"), "note", AttributeValue.s("no sort key")));
        items.set(3, bad);
        var spec = new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of());

        var report = new TableLoader(session).start(LoadRequest.of(table, items).creatingTable(spec), p -> { })
                .result().get(2, TimeUnit.MINUTES);

        try {
            assertThat(report.written()).isEqualTo(29);
            assertThat(report.rejected()).hasSize(1);
            assertThat(report.rejected().getFirst().item()).isEqualTo(bad);
            assertThat(report.rejected().getFirst().reason()).containsIgnoringCase("key");
            assertThat(readAll(session, new ReadRequest.Scan(table, null, null, null))).hasSize(29);
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aReadOnlyConnection_refusesTheLoad_andCreatesNothing(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var readOnly = ConnectionProfile.create("mirror", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                endpoint.endpoint(), true, ConnectionTag.PRODUCTION);
        var sample = SampleModels.load(SampleModels.TEAMS);
        var table = endpoint.uniqueTableName("read-only");
        try (var mirror = new AwsDynamoSessionFactory().open(readOnly)) {
            var handle = new TableLoader(mirror).start(LoadRequest.of(table, sample.items()).creatingTable(createSpec(table, sample.keys())),
                    p -> { });

            var thrown = catchThrowable(() -> handle.result().get(30, TimeUnit.SECONDS));

            assertThat(thrown).isInstanceOf(ExecutionException.class).cause().isInstanceOf(LoadFailedException.class)
                    .hasMessageContaining("read-only");
            assertThat(((LoadFailedException) thrown.getCause()).problem().kind()).isEqualTo(Kind.READ_ONLY);
        }
        assertThat(session.listTables().get(30, TimeUnit.SECONDS)).doesNotContain(table);
    }
}

package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.EntityTypesStore;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.RecordingProxy;
import dev.dynalens.testsupport.TestEndpoint;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The SQL workbench's sample read on dynalite, counted through a recording proxy: what it reads is what it says. */
@ExtendWith(DynamoEndpointExtension.class)
class LearnEntityTypesIT {
    /** More small items than the sample takes: a 1 MB page holds them all. */
    private static final int ITEMS = 7_000;

    /**
     * Issue 28: the sample said "the first 5,000 items" and read 14,370, since the limit was checked after each page and a
     * page of small items holds thousands. Each Scan now asks for what remains (Limit): 5,000 items are read, no more.
     */
    @Test
    void theSample_readsNoMoreItemsThanItSays(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("sample");
        var items = new ArrayList<Item>();
        for (int i = 0; i < ITEMS; i++) {
            items.add(Item.of(Map.of("PK", AttributeValue.s("USER#u" + i), "SK", AttributeValue.s("PROFILE"), "name", AttributeValue.s("n" + i))));
        }
        var loaded = new TableLoader(session).start(LoadRequest.of(table, items).creatingTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"),
                List.of())), p -> { }).result().get(2, TimeUnit.MINUTES);
        assertThat(loaded.outcome()).isEqualTo(LoadReport.Outcome.COMPLETED);
        try (var proxy = new RecordingProxy(endpoint.endpoint());
             var counted = new AwsDynamoSessionFactory().open(ConnectionProfile.create("counted", new CredentialsSource.LocalPlaceholder(),
                     "us-east-1", proxy.endpoint(), false, ConnectionTag.DEV))) {
            var description = counted.describeTable(table).get(30, TimeUnit.SECONDS);

            var catalog = new LearnEntityTypes(counted, new NoStore(), "counted", Runnable::run, Clock.systemUTC())
                    .sample(description, Lens.NONE).result().get(60, TimeUnit.SECONDS);

            var scans = proxy.answered().stream().filter(a -> a.operation().equals("Scan")).toList();
            assertThat(scans).isNotEmpty().allSatisfy(scan -> assertThat(scan.status()).isEqualTo(200));
            assertThat(scans.stream().mapToLong(RecordingProxy.Answered::count).sum()).as("items the Scans returned")
                    .isEqualTo(LearnEntityTypes.SAMPLE_ITEMS);
            assertThat(scans.getFirst().request().path("Limit").asLong()).isEqualTo(LearnEntityTypes.SAMPLE_ITEMS);
            assertThat(catalog.source().itemsAnalysed()).isEqualTo(LearnEntityTypes.SAMPLE_ITEMS);
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }

    /** Nothing kept: each test learns afresh. */
    static final class NoStore implements EntityTypesStore {
        @Override
        public Optional<Kept> load(String scope, String table) {
            return Optional.empty();
        }

        @Override
        public void save(String scope, String table, Kept kept) {
        }
    }
}

package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.sql.SqlEngine;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.RecordingProxy;
import dev.dynalens.testsupport.TestEndpoint;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 28, against dynalite behind a request-counting proxy: a join reads each side once, the budget caps what a run
 * consumes, and a table whose DescribeTable says 0 bytes (dynalite says so of every table) is of unknown size unless
 * the entity types were learnt from every item. Each side holds about 1.5 MB, so its Scan takes two pages.
 */
@ExtendWith(DynamoEndpointExtension.class)
class RunSqlBudgetIT {
    private static final ExecutorService PAGES = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "sql pages");
        t.setDaemon(true);
        return t;
    });
    private static final int PER_TYPE = 1_200;
    private static final String PADDING = "x".repeat(1_200);
    private final RunSql run = new RunSql(new SqlEngine(), Runnable::run, PAGES);

    @AfterAll
    static void stop() {
        PAGES.shutdownNow();
    }

    private static List<Item> items() {
        var items = new ArrayList<Item>();
        for (int i = 0; i < PER_TYPE; i++) {
            items.add(item("PK", AttributeValue.s("USER#" + i), "SK", AttributeValue.s("PROFILE"), "name", AttributeValue.s("user " + i),
                    "score", AttributeValue.n(i), "bio", AttributeValue.s(PADDING)));
            // only the last order passes the join's condition (total > score + 1,000,000), for users 0 and 1
            items.add(item("PK", AttributeValue.s("ORDER#" + i), "SK", AttributeValue.s("ORDER"), "status", AttributeValue.s("s" + i % 3),
                    "total", AttributeValue.n(i == PER_TYPE - 1 ? "1000001.5" : String.valueOf(i)), "note", AttributeValue.s(PADDING)));
        }
        return items;
    }

    private static Item item(Object... pairs) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        for (int i = 0; i < pairs.length; i += 2) {
            attributes.put((String) pairs[i], (AttributeValue) pairs[i + 1]);
        }
        return new Item(attributes);
    }

    private static SqlCatalog catalog(TableDescription described, List<Item> items, boolean everyItemRead) {
        var analyzer = new Analyzer(TableKeys.from(described)).measuringItemSizes();
        analyzer.acceptAll(everyItemRead ? items : items.subList(0, 500));
        return SqlCatalog.of(described, analyzer.result(), new SqlCatalog.EntitySource(everyItemRead ? "analysis" : "sample read", null,
                everyItemRead ? items.size() : 500, described.itemCount(), everyItemRead));
    }

    private static long scans(RecordingProxy proxy) {
        return proxy.received().stream().filter(r -> r.operation().equals("Scan")).count();
    }

    @Test
    void aJoinReadsEachSideOnce_theBudgetCapsWhatIsConsumed_andAnUnknownSizeAsksFirst(TestEndpoint endpoint, DynamoSession dynamo)
            throws Exception {
        var table = endpoint.uniqueTableName("sql-budget");
        var items = items();
        dynamo.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(60, TimeUnit.SECONDS);
        try {
            for (int i = 0; i < items.size(); i += 25) {
                var batch = items.subList(i, Math.min(i + 25, items.size()));
                for (int attempt = 0; !batch.isEmpty(); attempt++) {
                    assertThat(attempt).isLessThan(10);
                    batch = dynamo.batchPut(table, batch).get(30, TimeUnit.SECONDS);
                }
            }
            var described = dynamo.describeTable(table).get(30, TimeUnit.SECONDS);
            try (var proxy = new RecordingProxy(endpoint.endpoint());
                 var live = new AwsDynamoSessionFactory().open(ConnectionProfile.create("recorded", new CredentialsSource.LocalPlaceholder(),
                         "us-east-1", proxy.endpoint(), false, ConnectionTag.LOCAL))) {
                var known = catalog(described, items, true);
                var generous = RunSql.Options.budgetOf(BigDecimal.valueOf(100_000), 100_000);

                // what one read of each side takes
                proxy.clear();
                var users = run.run(live, run.plan("SELECT name FROM \"USER\"", known), generous, rows -> { }).result().get(2, TimeUnit.MINUTES);
                var userScans = scans(proxy);
                proxy.clear();
                run.run(live, run.plan("SELECT status FROM \"ORDER\"", known), generous, rows -> { }).result().get(2, TimeUnit.MINUTES);
                var orderScans = scans(proxy);
                assertThat(users.rows()).hasSize(PER_TYPE);
                assertThat(userScans).isGreaterThan(1);

                // the finding's join: the ORDER side was Scanned again for every user (389 Scans in 60 s on 100k + 100k)
                proxy.clear();
                var joined = run.run(live, run.plan("SELECT u.name, o.status FROM \"USER\" u JOIN \"ORDER\" o ON o.total > u.score + 1000000",
                        known), generous, rows -> { }).result().get(5, TimeUnit.MINUTES);
                assertThat(joined.complete()).isTrue();
                assertThat(joined.rows()).containsExactlyInAnyOrder(List.of(AttributeValue.s("user 0"), AttributeValue.s("s2")),
                        List.of(AttributeValue.s("user 1"), AttributeValue.s("s2")));
                assertThat(scans(proxy)).isEqualTo(userScans + orderScans);
                assertThat(joined.requests()).isEqualTo(userScans + orderScans);

                // dynalite's 0 bytes with entity types from a part of the table: the size is unknown, so without a budget
                // of the person's it is refused before anything is sent (before: estimated from the sample, 1/5 of it)
                var sampled = catalog(described, items, false);
                assertThat(described.sizeBytes()).isZero();
                var unknown = run.plan("SELECT PK FROM \"" + table + "\"", sampled);
                assertThat(unknown.sizeUnknown()).isTrue();
                proxy.clear();
                var refused = run.run(live, unknown, RunSql.Options.DEFAULT, rows -> { });
                assertThat(refused.result()).isCompletedExceptionally();
                assertThat(proxy.received()).isEmpty();

                // with --max-rcu 50 it runs, and the budget caps what is consumed: the first page (about 128 RCU) passes
                // 50, and nothing more is asked for (before: the estimate was checked, then every page read)
                var capped = run.run(live, unknown, RunSql.Options.budgetOf(BigDecimal.valueOf(50), 100_000), rows -> { })
                        .result().get(2, TimeUnit.MINUTES);
                assertThat(capped.stoppedAtBudget()).isTrue();
                assertThat(capped.complete()).isFalse();
                assertThat(scans(proxy)).isEqualTo(1);
                assertThat(capped.requests()).isEqualTo(1);
                assertThat(capped.consumed().reported()).isTrue();
                assertThat(capped.consumedRcu()).isGreaterThan(50);
                assertThat(capped.rows()).isNotEmpty().hasSizeLessThan(items.size());
            }
        } finally {
            dynamo.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }
}

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
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.sql.SqlEngine;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.SqlTrackerData;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The budget is a cap on what a run consumes, a table of unknown size counts as over the budget, and a join reads
 * each side once (issue 28). The fake answers every Scan in pages of {@link #PAGE} items, each reporting
 * {@link #PAGE_RCU} RCU, so what was sent and consumed is exact.
 */
class SqlBudgetAndReadsTest {
    private static final ExecutorService PAGES = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "sql pages");
        t.setDaemon(true);
        return t;
    });
    private static final int PAGE = 2;
    private static final double PAGE_RCU = 10;
    private final RunSql run = new RunSql(new SqlEngine(), Runnable::run, PAGES);
    private final List<ReadRequest> sent = new ArrayList<>();

    @AfterAll
    static void stop() {
        PAGES.shutdownNow();
    }

    /** Answers from {@code items} in pages of two, the start key being the position of the next item. */
    private FakeDynamoSession paging(List<Item> items, ConnectionTag tag) {
        var session = new FakeDynamoSession(ConnectionProfile.create("conn", new CredentialsSource.LocalPlaceholder(), "us-east-1", null,
                false, tag));
        var workspace = SqlTrackerData.session(items);
        session.responder = request -> {
            synchronized (sent) {
                sent.add(request);
            }
            var all = workspace.read(request.withExclusiveStartKey(null)).join().items();
            int from = request.exclusiveStartKey() == null ? 0 : Integer.parseInt(((AttributeValue.Num) request.exclusiveStartKey().get("at")).value().toString());
            int to = Math.min(all.size(), from + PAGE);
            Map<String, AttributeValue> next = to < all.size() ? Map.of("at", AttributeValue.n(to)) : null;
            return new Page(all.subList(from, to), next, to - from, new ConsumedCapacity(PAGE_RCU, PAGE_RCU, null));
        };
        return session;
    }

    /** The items' catalog as DynamoDB describes a table younger than six hours (or dynalite any table): 0 items, 0 bytes. */
    private static SqlCatalog catalog(List<Item> items, boolean wholeTableRead) {
        var d = SqlTrackerData.table(items).description();
        var description = new TableDescription(d.name(), d.keySchema(), d.globalSecondaryIndexes(), d.localSecondaryIndexes(), 0, 0,
                d.billingMode(), d.readCapacityUnits(), d.writeCapacityUnits(), d.status(), d.timeToLive());
        var analyzer = new Analyzer(TableKeys.from(description)).measuringItemSizes();
        analyzer.acceptAll(items);
        return SqlCatalog.of(description, analyzer.result(), new SqlCatalog.EntitySource("test analysis", null, items.size(), 0,
                wholeTableRead));
    }

    private int sentRequests() {
        synchronized (sent) {
            return sent.size();
        }
    }

    @Test
    void aNestedLoopJoin_readsItsInnerSideOnce_notOncePerOuterRow() throws Exception {
        var items = SqlTrackerData.items();
        var session = paging(items, ConnectionTag.DEV);
        // 3 projects × 3 tasks; the inner side was sent again for every outer row: 8 Scans before (2 + 3 × 2)
        for (var sql : List.of("SELECT p.title, t.title FROM PROJECT p JOIN TASK t ON t.points > 2",
                "SELECT p.title, t.title FROM PROJECT p CROSS JOIN TASK t")) {
            sent.clear();
            var plan = run.plan(sql, catalog(items, true));
            assertThat(plan.explain()).as(sql).contains("kept=[read once for the rows of the other side]");

            var outcome = run.run(session, plan, RunSql.Options.DEFAULT, rows -> { }).result().get();

            var expected = sql.contains("CROSS") ? 9 : 6;
            assertThat(outcome.rows()).as(sql).hasSize(expected);
            assertThat(outcome.complete()).isTrue();
            // each side's Scan, page by page, once: 2 pages of PROJECT (3 items), 2 of TASK
            assertThat(sentRequests()).as(sql).isEqualTo(4);
            assertThat(outcome.requests()).isEqualTo(4);
            assertThat(outcome.consumedRcu()).isEqualTo(4 * PAGE_RCU);
            assertThat(outcome.note()).doesNotContain("Read again");
        }
    }

    @Test
    void theJoinsRows_areTheSameAsAHashJoinGives() throws Exception {
        var items = SqlTrackerData.items();
        var session = paging(items, ConnectionTag.DEV);
        var nested = run.run(session, run.plan("SELECT p.title, t.title FROM PROJECT p JOIN TASK t ON t.title >= p.title AND t.title <= p.title",
                catalog(items, true)), RunSql.Options.DEFAULT, rows -> { }).result().get();
        var hashed = run.run(session, run.plan("SELECT p.title, t.title FROM PROJECT p JOIN TASK t ON t.title = p.title",
                catalog(items, true)), RunSql.Options.DEFAULT, rows -> { }).result().get();

        assertThat(nested.rows()).containsExactlyInAnyOrderElementsOf(hashed.rows()).hasSize(1);
    }

    @Test
    void theBudget_capsWhatIsConsumed_andTheRowsSoFarAreMarkedIncomplete() throws Exception {
        var items = SqlTrackerData.items(); // 9 items: 5 pages of 2 (the last of 1), 10 RCU each
        var session = paging(items, ConnectionTag.DEV);
        var plan = run.plan("SELECT PK, SK FROM Tracker", catalog(items, true));
        assertThat(RunSql.budgetRefusal(plan, session, RunSql.Options.budgetOf(new BigDecimal("25"), 1000))).isEmpty();

        var outcome = run.run(session, plan, RunSql.Options.budgetOf(new BigDecimal("25"), 1000), rows -> { }).result().get();

        // before: every page was read, 50 RCU against a budget of 25. Now the page that passes 25 is the last one asked
        // for, and its rows (paid for) are handed to the query
        assertThat(outcome.stoppedAtBudget()).isTrue();
        assertThat(outcome.complete()).isFalse();
        assertThat(outcome.rows()).hasSize(6);
        assertThat(sentRequests()).isEqualTo(3);
        // what is said to be consumed is what every response carried, a page read ahead and never taken included
        assertThat(outcome.consumedRcu()).isEqualTo(sentRequests() * PAGE_RCU);
        assertThat(outcome.requests()).isEqualTo(sentRequests());
        assertThat(outcome.note()).startsWith("Stopped at the budget of 25 RCU: " + (sentRequests() * 10) + " RCU consumed in "
                + sentRequests() + " request(s)").contains("incomplete");
    }

    @Test
    void aRunWithinItsBudget_isComplete_evenWhenItsLastPagePassesIt() throws Exception {
        var items = SqlTrackerData.items();
        var session = paging(items, ConnectionTag.DEV);
        var plan = run.plan("SELECT PK, SK FROM Tracker", catalog(items, true));

        var outcome = run.run(session, plan, RunSql.Options.budgetOf(new BigDecimal("45"), 1000), rows -> { }).result().get();

        assertThat(outcome.stoppedAtBudget()).isFalse();
        assertThat(outcome.complete()).isTrue();
        assertThat(outcome.rows()).hasSize(9);
        assertThat(outcome.consumedRcu()).isEqualTo(50);
    }

    @Test
    void theDefaultBudget_capsAConfirmedRun_atHalfAgainItsEstimate() {
        var items = SqlTrackerData.items();
        var plan = run.plan("SELECT PK, SK FROM Tracker", catalog(items, true));
        var confirmed = new RunSql.Options(new BigDecimal("0.1"), true, 10);

        assertThat(RunSql.Options.DEFAULT.cap(plan)).isEqualByComparingTo("1000");
        assertThat(confirmed.cap(plan)).isEqualByComparingTo(plan.estimatedRcu().toBigDecimal().multiply(new BigDecimal("1.5"))
                .setScale(0, java.math.RoundingMode.CEILING));
    }

    @Test
    void aTableOfUnknownSize_countsAsOverTheBudget_untilThePersonSetsOne() throws Exception {
        var items = SqlTrackerData.items();
        var session = paging(items, ConnectionTag.DEV);
        // DescribeTable says 0 bytes (dynalite; a table younger than six hours) and the sample did not read it all
        var plan = run.plan("SELECT status, COUNT(*) FROM PROJECT GROUP BY status", catalog(items, false));

        assertThat(plan.sizeUnknown()).isTrue();
        assertThat(plan.requests().get(0).summary()).contains("at least").contains("the table's size is unknown");
        var refused = RunSql.budgetRefusal(plan, session, RunSql.Options.DEFAULT);
        assertThat(refused).get().asString().contains("whose size is unknown").contains("at least");
        var job = run.run(session, plan, RunSql.Options.DEFAULT, rows -> { });
        assertThat(job.result()).isCompletedExceptionally();
        assertThat(sentRequests()).isZero();

        // a budget the person set lets it run, capped
        // (the three projects come back in two pages of 10 RCU: a budget of 5 is passed by the first)
        var outcome = run.run(session, plan, RunSql.Options.budgetOf(new BigDecimal("5"), 100), rows -> { }).result().get();
        assertThat(outcome.stoppedAtBudget()).isTrue();
        assertThat(outcome.complete()).isFalse();
        assertThat(outcome.consumedRcu()).isEqualTo(PAGE_RCU);
        assertThat(sentRequests()).isEqualTo(1);

        // known once the sample read the whole table
        assertThat(run.plan("SELECT status, COUNT(*) FROM PROJECT GROUP BY status", catalog(items, true)).sizeUnknown()).isFalse();
    }

    @Test
    void aScanIsEstimatedOverTheWholeTable_notOverTheEntityTypesItems() {
        var items = SqlTrackerData.items();
        var plan = run.plan("SELECT title FROM PROJECT", catalog(items, true));
        var whole = run.plan("SELECT PK FROM Tracker", catalog(items, true));

        // a Scan for PROJECT reads every item of the table, not only the projects
        assertThat(plan.estimatedRcu()).isEqualTo(whole.estimatedRcu());
    }
}

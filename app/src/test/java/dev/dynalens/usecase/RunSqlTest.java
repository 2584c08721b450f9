package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.partiql.PartiqlPage;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.sql.SqlEngine;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.SqlTrackerData;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * RunSql, RunPartiql and LearnEntityTypes on a same-thread worker with fakes. The pager hands pages to the query on a
 * thread of its own (the query's thread waits for them), so that one executor is a real one.
 */
class RunSqlTest {
    private static final ExecutorService PAGES = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "sql pages");
        t.setDaemon(true);
        return t;
    });
    private static final SqlEngine ENGINE = new SqlEngine();
    private static final List<Item> ITEMS = SqlTrackerData.items();
    private final RunSql run = new RunSql(ENGINE, Runnable::run, PAGES);

    @AfterAll
    static void stop() {
        PAGES.shutdownNow();
    }

    private static FakeDynamoSession fake(ConnectionTag tag) {
        return new FakeDynamoSession(ConnectionProfile.create("conn", new CredentialsSource.LocalPlaceholder(), "us-east-1", null, false, tag));
    }

    /** A fake that answers every read from the tracker items, as a Scan or a Query of one partition, with capacity. */
    private static FakeDynamoSession answering(ConnectionTag tag) {
        var session = fake(tag);
        var workspace = SqlTrackerData.session(ITEMS);
        session.responder = request -> {
            var page = workspace.read(request).join();
            return new Page(page.items(), page.lastEvaluatedKey(), page.scannedCount(), new ConsumedCapacity(0.5, 0.5, null));
        };
        return session;
    }

    @Test
    void aRun_handsRowsOverInBatches_andReportsTheConsumedCapacityBesideTheEstimate() throws Exception {
        var session = answering(ConnectionTag.DEV);
        var plan = run.plan("SELECT title FROM PROJECT WHERE PK = 'ORG#acme'", SqlTrackerData.catalog(ITEMS));
        var batches = new ArrayList<List<List<Object>>>();

        var outcome = run.run(session, plan, RunSql.Options.DEFAULT, batches::add).result().get();

        assertThat(outcome.rows()).containsExactlyInAnyOrder(List.of(AttributeValue.s("Billing revamp")), List.of(AttributeValue.s("Search")));
        assertThat(batches).hasSize(1);
        assertThat(outcome.requests()).isEqualTo(1);
        assertThat(outcome.consumedRcu()).isEqualTo(0.5);
        assertThat(outcome.plan().estimatedRcu()).isEqualTo(CapacityUnits.ofHalves(1));
        assertThat(outcome.path()).isEqualTo("sql");
        assertThat(outcome.complete()).isTrue();
        assertThat(session.reads).singleElement().isInstanceOf(ReadRequest.Query.class);
    }

    @Test
    void aScanOfAProductionTable_needsConfirmation_andNothingIsSentWithout() {
        var session = answering(ConnectionTag.PRODUCTION);
        var plan = run.plan("SELECT title FROM PROJECT WHERE status = 'open'", SqlTrackerData.catalog(ITEMS));

        var refused = run.run(session, plan, RunSql.Options.DEFAULT, rows -> { });

        assertThat(refused.result()).failsWithin(java.time.Duration.ZERO).withThrowableThat().havingCause()
                .isInstanceOf(RunSql.BudgetRefusedException.class).withMessageContaining("Scans Tracker on a production-tagged connection");
        assertThat(session.reads).isEmpty();
        var confirmed = run.run(session, plan, new RunSql.Options(BigDecimal.valueOf(1000), true, 10), rows -> { }).result().join();
        assertThat(confirmed.rows()).hasSize(2);
    }

    @Test
    void aPlanOverTheLimit_isRefused() {
        var plan = run.plan("SELECT COUNT(*) FROM Tracker", SqlTrackerData.catalog(ITEMS));

        assertThat(RunSql.budgetRefusal(plan, fake(ConnectionTag.DEV), new RunSql.Options(new BigDecimal("0.1"), false, 10)))
                .hasValue("The plan is estimated at 0.5 RCU, more than the limit of 0.1 RCU (it Scans Tracker)");
        assertThat(RunSql.budgetRefusal(plan, fake(ConnectionTag.DEV), RunSql.Options.DEFAULT)).isEmpty();
    }

    @Test
    void moreRowsThanTheBound_stopTheRead_andSaySo() {
        var plan = run.plan("SELECT PK FROM Tracker", SqlTrackerData.catalog(ITEMS));

        var outcome = run.run(answering(ConnectionTag.DEV), plan, new RunSql.Options(BigDecimal.valueOf(1000), false, 4), rows -> { })
                .result().join();

        assertThat(outcome.rows()).hasSize(4);
        assertThat(outcome.truncated()).isTrue();
        assertThat(outcome.complete()).isFalse();
        assertThat(outcome.note()).startsWith("More than 4 rows: the first 4 are shown");
    }

    @Test
    void aCancelledRun_endsCancelled() {
        var session = fake(ConnectionTag.DEV); // reads stay pending until the test answers them
        var plan = run.plan("SELECT title FROM PROJECT", SqlTrackerData.catalog(ITEMS));
        var job = new RunSql(ENGINE, PAGES, PAGES).run(session, plan, RunSql.Options.DEFAULT, rows -> { });

        var deadline = System.nanoTime() + 10_000_000_000L;
        while (session.pendingReads.isEmpty() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        job.cancel();

        var outcome = job.result().join();
        assertThat(outcome.complete()).isFalse();
        assertThat(session.lastRead().isCancelled()).isTrue();
    }

    // ---- PartiQL ----

    @Test
    void aPartiqlSelect_followsEveryNextTokenPage_onAnEndpointThatHasIt() {
        var session = fake(ConnectionTag.DEV);
        var pages = new ArrayList<>(List.of(
                new PartiqlPage(List.of(SqlTrackerData.item("PK", "USER#u1", "SK", "PROFILE", "name", "Mara Vance")), "t2", new ConsumedCapacity(0.5, 0.5, null)),
                new PartiqlPage(List.of(SqlTrackerData.item("PK", "USER#u2", "SK", "PROFILE", "name", "Ines Roy")), null, new ConsumedCapacity(0.5, 0.5, null))));
        session.statementRunner = statement -> CompletableFuture.completedFuture(pages.removeFirst());

        var outcome = new RunPartiql(run).run(session, SqlTrackerData.catalog(ITEMS), "SELECT * FROM Tracker WHERE begins_with(PK, 'USER#')",
                WriteConfirmer.NONE, new RunSql.Options(BigDecimal.valueOf(1000), true, 100), rows -> { }).result().join();

        assertThat(session.statements).hasSize(2);
        assertThat(outcome.path()).isEqualTo("partiql");
        assertThat(outcome.columns()).containsExactly("PK", "SK", "name");
        assertThat(outcome.rows()).extracting(row -> row.get(2)).containsExactly(AttributeValue.s("Mara Vance"), AttributeValue.s("Ines Roy"));
        assertThat(outcome.consumedRcu()).isEqualTo(1.0);
    }

    @Test
    void aPartiqlSelect_saysBeforeItRuns_whetherItQueriesOrScans() {
        var partiql = new RunPartiql(run);
        var catalog = SqlTrackerData.catalog(ITEMS);

        assertThat(partiql.lint("SELECT * FROM \"Tracker\" WHERE PK = 'USER#u1'", catalog).operation()).isEqualTo("Query");
        var scan = partiql.lint("SELECT * FROM \"Tracker\".\"GSI1\" WHERE title = 'x'", catalog);
        assertThat(scan.operation()).isEqualTo("Scan");
        assertThat(scan.message()).startsWith("DynamoDB will Scan Tracker: No = or IN on the partition key PK");
    }

    @Test
    void aPartiqlSelect_whereTheEndpointHasNone_runsThroughTheEngine_withTheSameRows() {
        var session = answering(ConnectionTag.DEV); // statementRunner unset: the fake has no PartiQL
        var sql = run.run(session, run.plan("SELECT * FROM Tracker WHERE PK = 'USER#u2'", SqlTrackerData.catalog(ITEMS)),
                RunSql.Options.DEFAULT, rows -> { }).result().join();

        var outcome = new RunPartiql(run).run(session, SqlTrackerData.catalog(ITEMS), "SELECT * FROM Tracker WHERE PK = 'USER#u2'",
                WriteConfirmer.NONE, RunSql.Options.DEFAULT, rows -> { }).result().join();

        assertThat(outcome.path()).isEqualTo("sql");
        assertThat(outcome.note()).startsWith("PartiQL ran through the SQL engine: The fake endpoint does not support PartiQL");
        assertThat(outcome.rows()).isEqualTo(sql.rows());
    }

    @Test
    void aPartiqlWrite_isAWrite_refusedOnProductionUntilTheTableIsTyped() {
        var session = fake(ConnectionTag.PRODUCTION);
        session.statementRunner = statement -> CompletableFuture.completedFuture(new PartiqlPage(List.of(), null, ConsumedCapacity.NOT_REPORTED));
        var partiql = new RunPartiql(run);
        var update = "UPDATE Tracker SET title = 'New' WHERE PK = 'ORG#acme' AND SK = 'PROJECT#p1'";
        var guarded = dev.dynalens.service.guard.WriteGuard.protect(session);

        var refused = partiql.run(guarded, SqlTrackerData.catalog(ITEMS), update, WriteConfirmer.typed("Trackr", "type %s"),
                RunSql.Options.DEFAULT, rows -> { });
        assertThat(refused.result()).failsWithin(java.time.Duration.ZERO);
        assertThat(session.statements).isEmpty();

        var sent = partiql.run(guarded, SqlTrackerData.catalog(ITEMS), update, WriteConfirmer.typed("Tracker", "type %s"),
                RunSql.Options.DEFAULT, rows -> { }).result().join();
        assertThat(sent.path()).isEqualTo("partiql");
        assertThat(session.statements).singleElement().extracting(PartiqlStatement::kind).isEqualTo(PartiqlStatement.Kind.UPDATE);
    }

    @Test
    void aPartiqlWrite_withoutTheFullKey_isRefusedBeforeAnythingIsSent() {
        var session = fake(ConnectionTag.DEV);

        var refused = new RunPartiql(run).run(session, SqlTrackerData.catalog(ITEMS), "DELETE FROM Tracker WHERE PK = 'ORG#acme'",
                WriteConfirmer.NONE, RunSql.Options.DEFAULT, rows -> { });

        assertThat(refused.result()).failsWithin(java.time.Duration.ZERO).withThrowableThat().withMessageContaining("SK missing");
        assertThat(session.statements).isEmpty();
    }

    // ---- knowing the entity types ----

    @Test
    void theEntityTypes_comeFromASampleReadSaidAndCostedFirst_andAreKeptForNextTime() {
        var session = answering(ConnectionTag.DEV);
        var store = new MemoryStore();
        var clock = Clock.fixed(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC);
        var learn = new LearnEntityTypes(session, store, "conn", Runnable::run, clock);
        var table = SqlTrackerData.table(ITEMS).description();

        assertThat(LearnEntityTypes.sampleCost(table).text()).startsWith("Knowing the entity types of Tracker takes a sample read: the first 9 items");
        var catalog = learn.sample(table, dev.dynalens.domain.inference.Lens.NONE).result().join();

        assertThat(catalog.tables()).extracting(t -> t.name()).contains("Tracker", "PROJECT", "TASK", "USER");
        assertThat(catalog.source().how()).isEqualTo("sample read");
        assertThat(session.reads).hasSize(1);
        var kept = learn.kept(table).orElseThrow();
        assertThat(kept.tables()).isEqualTo(catalog.tables());
        assertThat(kept.source().analysedAt()).isEqualTo(clock.instant());
        assertThat(kept.source().how()).isEqualTo("kept sample read");
    }

    private static final class MemoryStore implements dev.dynalens.service.EntityTypesStore {
        private final Map<String, Kept> kept = new java.util.HashMap<>();

        @Override
        public Optional<Kept> load(String scope, String table) {
            return Optional.ofNullable(kept.get(scope + "/" + table));
        }

        @Override
        public void save(String scope, String table, Kept value) {
            kept.put(scope + "/" + table, value);
        }
    }
}

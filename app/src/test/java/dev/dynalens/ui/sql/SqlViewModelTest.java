package dev.dynalens.ui.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.service.EntityTypesStore;
import dev.dynalens.service.sql.SqlEngine;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.SqlTrackerData;
import dev.dynalens.usecase.LearnEntityTypes;
import dev.dynalens.usecase.RunSql;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The SQL tab's model on same-thread executors over a fake answering from the tracker items. */
class SqlViewModelTest {
    private static final ExecutorService PAGES = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "sql pages");
        t.setDaemon(true);
        return t;
    });
    private static final SqlEngine ENGINE = new SqlEngine();

    @AfterAll
    static void stop() {
        PAGES.shutdownNow();
    }

    static FakeDynamoSession session(ConnectionTag tag) {
        var items = SqlTrackerData.items();
        var workspace = SqlTrackerData.session(items);
        var session = new FakeDynamoSession(ConnectionProfile.create("conn", new CredentialsSource.LocalPlaceholder(), "us-east-1", null, false, tag));
        session.description = CompletableFuture.completedFuture(SqlTrackerData.table(items).description());
        session.responder = request -> {
            var page = workspace.read(request).join();
            return new Page(page.items(), page.lastEvaluatedKey(), page.scannedCount(), new ConsumedCapacity(0.5, 0.5, null));
        };
        session.getter = key -> workspace.getItem(SqlTrackerData.TABLE, key, false);
        return session;
    }

    static SqlViewModel model(FakeDynamoSession session, EntityTypesStore store, java.util.concurrent.Executor pages) {
        return new SqlViewModel(session, SqlTrackerData.TABLE, new RunSql(ENGINE, Runnable::run, pages),
                new LearnEntityTypes(session, store, "conn", Runnable::run, Clock.systemUTC()), Runnable::run, Runnable::run);
    }

    static final class MemoryStore implements EntityTypesStore {
        final Map<String, Kept> kept = new HashMap<>();

        @Override
        public Optional<Kept> load(String scope, String table) {
            return Optional.ofNullable(kept.get(table));
        }

        @Override
        public void save(String scope, String table, Kept value) {
            kept.put(table, value);
        }
    }

    @Test
    void withoutKeptEntityTypes_theTabSaysWhatTheSampleReadCosts_andReadsItOnlyWhenAsked() {
        var session = session(ConnectionTag.DEV);
        var model = model(session, new MemoryStore(), PAGES);

        model.load();

        assertThat(model.entityTypesProperty().get()).startsWith("Knowing the entity types of Tracker takes a sample read")
                .endsWith("Press Refresh entity types to read it.");
        assertThat(session.reads).isEmpty();
        assertThat(model.readyProperty().get()).isFalse();
        model.refreshEntityTypes();
        assertThat(model.entityTypesProperty().get()).startsWith("Tables: Tracker, ");
        assertThat(model.readyProperty().get()).isTrue();
    }

    /**
     * Issue 28: on a production connection the sample read went out without asking. Refresh entity types now asks, with
     * what the read costs, as the Stale copies tab asks; nothing is read before the yes, nor after a no.
     */
    @Test
    void onProduction_theSampleRead_asksWithItsCost_andReadsOnlyOnceConfirmed() {
        var session = session(ConnectionTag.PRODUCTION);
        var model = model(session, new MemoryStore(), PAGES);
        model.load();

        model.refreshEntityTypes();

        assertThat(model.sampleReadQuestionProperty().get()).isEqualTo("Tracker is on a production connection. Knowing the entity types "
                + "of Tracker takes a sample read: the first 9 items, about 0.5 RCU (a Scan of its first pages), kept for next time. Read it?");
        assertThat(session.reads).isEmpty();
        assertThat(model.readyProperty().get()).isFalse();

        model.declineSampleRead();

        assertThat(model.sampleReadQuestionProperty().get()).isEmpty();
        assertThat(model.statusProperty().get()).isEqualTo("The sample was not read: nothing was sent");
        assertThat(session.reads).isEmpty();

        model.refreshEntityTypes();
        model.confirmSampleRead();

        assertThat(model.sampleReadQuestionProperty().get()).isEmpty();
        assertThat(session.reads).hasSize(1);
        assertThat(model.readyProperty().get()).isTrue();
        assertThat(model.entityTypesProperty().get()).startsWith("Tables: Tracker, ");
    }

    @Test
    void aSavedStatement_opensInItsMode_andTheEditorsStatementIsWhatIsSaved() {
        var model = model(session(ConnectionTag.DEV), new MemoryStore(), PAGES);
        assertThat(model.statementToSave()).isEmpty();

        model.open(new dev.dynalens.domain.appstate.SavedStatement("SELECT * FROM \"Tracker\" WHERE PK = 'ORG#acme'", true));

        assertThat(model.partiqlProperty().get()).isTrue();
        assertThat(model.statementProperty().get()).isEqualTo("SELECT * FROM \"Tracker\" WHERE PK = 'ORG#acme'");
        assertThat(model.statementToSave()).contains(new dev.dynalens.domain.appstate.SavedStatement("SELECT * FROM \"Tracker\" WHERE PK = 'ORG#acme'", true));
    }

    @Test
    void theCollectionsOverviewsAnalysis_namesTheEntityTypes_withoutAReadOfTheirOwn_andIsKept() {
        var session = session(ConnectionTag.DEV);
        var store = new MemoryStore();
        var model = model(session, store, PAGES);
        var analyzer = new dev.dynalens.domain.inference.Analyzer(dev.dynalens.domain.inference.TableKeys.from(session.description.join()));
        SqlTrackerData.items().forEach(analyzer::accept);

        model.useAnalysis(analyzer.result()); // the overview may end before the tab is described
        model.load();

        assertThat(model.entityTypesProperty().get()).startsWith("Tables: Tracker, ").contains("from the Collections overview of")
                // when, as a person says it: the day and the minute, not an instant to the nanosecond (issue 28)
                .matches("(?s).* \\(\\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2}\\)$")
                .doesNotContainPattern("\\d{2}:\\d{2}:\\d{2}");
        assertThat(model.readyProperty().get()).isTrue();
        assertThat(session.reads).isEmpty();
        assertThat(store.kept).containsKey(SqlTrackerData.TABLE);
        model.statementProperty().set("SELECT title FROM PROJECT WHERE PK = 'ORG#acme'");
        assertThat(model.planProperty().get()).startsWith("Query Tracker");
    }

    @Test
    void anEmptyEditor_offersExamplesFromTheTablesEntityTypes_eachWithItsPlan_andOneClickPutsItInTheEditor() {
        var session = session(ConnectionTag.DEV);
        var model = model(session, new MemoryStore(), PAGES);
        model.load();
        assertThat(model.examples()).isEmpty();
        model.refreshEntityTypes();
        var reads = session.reads.size();

        // the tracker of the SQL tests: USER#{} / PROFILE, and projects' statuses to count (no type shares its partitions
        // with an owner, so no join: the tracker sample's is in ExampleStatementsTest)
        assertThat(model.examples()).extracting(SqlExample::statement).containsExactly(
                "SELECT * FROM \"USER\" WHERE \"PK\" = 'USER#…' AND \"SK\" = 'PROFILE'",
                "SELECT status, COUNT(*) AS n FROM \"PROJECT\" GROUP BY status ORDER BY n DESC");
        assertThat(model.examples()).extracting(SqlExample::plan).containsExactly("GetItem · 0.5 RCU", "Scan · 0.5 RCU");
        assertThat(session.reads).as("planning examples reads nothing").hasSize(reads);

        model.useExample(model.examples().getFirst());

        assertThat(model.statementProperty().get()).startsWith("SELECT * FROM \"USER\"");
        assertThat(model.planProperty().get()).startsWith("GetItem Tracker");
    }

    @Test
    void thePlanFollowsTheText_beforeAnythingIsSent_andARunShowsRowsAndCapacity() {
        var session = session(ConnectionTag.DEV);
        var model = model(session, new MemoryStore(), PAGES);
        model.load();
        model.refreshEntityTypes();
        var sampleReads = session.reads.size();

        model.statementProperty().set("SELECT p.title, u.name FROM PROJECT p JOIN \"USER\" u ON u.PK = 'USER#' || p.ownerId "
                + "AND u.SK = 'PROFILE' WHERE p.PK = 'ORG#acme'");

        assertThat(model.planProperty().get()).startsWith("Query Tracker · #pk = :pk AND begins_with(#sk, :sk)").contains("BatchGetItem");
        assertThat(session.reads).hasSize(sampleReads);
        model.run();
        assertThat(model.columns()).containsExactly("title", "name");
        assertThat(model.rows()).containsExactlyInAnyOrder(List.of(AttributeValue.s("Billing revamp"), AttributeValue.s("Mara Vance")),
                List.of(AttributeValue.s("Search"), AttributeValue.s("Ines Roy")));
        assertThat(model.statusProperty().get()).startsWith("2 row(s) · 2 request(s) · estimated 1 RCU · consumed 0.5 RCU · ran as sql");
        assertThat(model.history()).hasSize(1);
        assertThat(model.resultAsCsv()).startsWith("title,name\r\n");
        assertThat(model.resultAsJson()).contains("\"name\" : \"Mara Vance\"");
    }

    @Test
    void aSyntaxError_isShownInThePlanPane_withWhere() {
        var model = model(session(ConnectionTag.DEV), new MemoryStore(), PAGES);
        model.load();
        model.refreshEntityTypes();

        model.statementProperty().set("SELECT title FROM PROJECT WHERE");

        assertThat(model.planProperty().get()).startsWith("line 1, column 31: Encountered \"<EOF>\"");
    }

    @Test
    void aProductionScan_asksFirst_andRunsOnlyOnceConfirmed() {
        var session = session(ConnectionTag.PRODUCTION);
        var model = model(session, new MemoryStore(), PAGES);
        model.load();
        model.refreshEntityTypes();
        model.confirmSampleRead();
        var reads = session.reads.size();
        model.statementProperty().set("SELECT title FROM PROJECT WHERE status = 'open'");

        model.run();

        assertThat(model.confirmationProperty().get()).startsWith("The plan Scans Tracker on a production-tagged connection")
                .endsWith("Run it anyway, up to 1000 RCU?");
        assertThat(session.reads).hasSize(reads);
        model.runConfirmed();
        assertThat(model.rows()).hasSize(2);
    }

    @Test
    void aRunStoppedAtItsBudget_saysItsRowsAreIncomplete_notCancelled() {
        var plan = new RunSql(Runnable::run, Runnable::run).plan("SELECT title FROM PROJECT", SqlTrackerData.catalog(SqlTrackerData.items()));
        var outcome = new RunSql.Outcome(List.of("title"), List.of(List.of(AttributeValue.s("Search"))), plan, 3,
                new ConsumedCapacity(30, 30.0, null), "sql", false, false, "Stopped at the budget of 25 RCU: 30 RCU consumed", true);

        assertThat(RunSummary.of(outcome)).startsWith("Incomplete: 1 row(s) · 3 request(s)")
                .contains("consumed 30 RCU").contains("Stopped at the budget of 25 RCU").doesNotContain("cancelled");
    }

    @Test
    void aOneRequestPlan_copiesAsAnAwsCliCall_andAJoinDoesNot() {
        var model = model(session(ConnectionTag.DEV), new MemoryStore(), PAGES);
        model.load();
        model.refreshEntityTypes();

        model.statementProperty().set("SELECT title FROM PROJECT WHERE PK = 'ORG#acme' AND budget > 5");

        assertThat(model.planAsCode()).hasValue("""
                aws dynamodb query \\
                    --table-name 'Tracker' \\
                    --key-condition-expression '#pk = :pk AND begins_with(#sk, :sk)' \\
                    --filter-expression 'budget > :v1' \\
                    --projection-expression 'title, PK, SK' \\
                    --expression-attribute-names '{"#pk":"PK","#sk":"SK"}' \\
                    --expression-attribute-values '{":pk":{"S":"ORG#acme"},":sk":{"S":"PROJECT#"},":v1":{"N":"5"}}'""");
        model.statementProperty().set("SELECT p.title, u.name FROM PROJECT p JOIN \"USER\" u ON u.PK = 'USER#' || p.ownerId AND u.SK = 'PROFILE'");
        assertThat(model.planAsCode()).isEmpty();
    }

    @Test
    void theEntityTypes_areNamedAsTheLensNamesThem() {
        var model = model(session(ConnectionTag.DEV), new MemoryStore(), PAGES)
                .namingWith(() -> dev.dynalens.domain.inference.Lens.NONE.withRename("PROJECT", "Project"));
        model.load();
        model.refreshEntityTypes();

        assertThat(model.entityTypesProperty().get()).contains("Project").doesNotContain("PROJECT");
        model.statementProperty().set("SELECT title FROM \"Project\" WHERE PK = 'ORG#acme'");
        assertThat(model.planProperty().get()).startsWith("Query Tracker");
    }

    @Test
    void completion_offersEntityAndAttributeNames() {
        var model = model(session(ConnectionTag.DEV), new MemoryStore(), PAGES);
        model.load();
        model.refreshEntityTypes();

        assertThat(model.completions("PRO")).containsExactly("PROJECT");
        assertThat(model.completions("own")).containsExactly("ownerId");
    }
}

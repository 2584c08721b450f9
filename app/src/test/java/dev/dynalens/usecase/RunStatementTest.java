package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.SqlTrackerData;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** RunStatement on a same-thread worker with a fake: SQL or PartiQL decided in one place, and the budget gate asked there. */
class RunStatementTest {
    private static final ExecutorService PAGES = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "statement pages");
        t.setDaemon(true);
        return t;
    });
    private static final List<Item> ITEMS = SqlTrackerData.items();
    private static final String PROJECT_SCAN = "SELECT title FROM PROJECT WHERE status = 'open'";
    private final RunStatement statements = new RunStatement(new RunSql(Runnable::run, PAGES));

    @AfterAll
    static void stop() {
        PAGES.shutdownNow();
    }

    private static FakeDynamoSession answering(ConnectionTag tag) {
        var session = new FakeDynamoSession(ConnectionProfile.create("conn", new CredentialsSource.LocalPlaceholder(), "us-east-1", null,
                false, tag));
        var workspace = SqlTrackerData.session(ITEMS);
        session.responder = request -> {
            var page = workspace.read(request).join();
            return new Page(page.items(), page.lastEvaluatedKey(), page.scannedCount(), new ConsumedCapacity(0.5, 0.5, null));
        };
        return session;
    }

    @Test
    void aStatement_isPlannedAsSql_orLintedAsPartiql_andAPartiqlWriteHasNoEnginePlan() {
        var catalog = SqlTrackerData.catalog(ITEMS);

        var sql = statements.plan(PROJECT_SCAN, false, catalog);
        var select = statements.plan("SELECT * FROM \"Tracker\" WHERE PK = 'USER#u1'", true, catalog);
        var write = statements.plan("DELETE FROM \"Tracker\" WHERE PK = 'USER#u1' AND SK = 'PROFILE'", true, catalog);

        assertThat(sql.lint()).isNull();
        assertThat(sql.requests()).singleElement().satisfies(r -> assertThat(r.isScan()).isTrue());
        assertThat(select.lint()).startsWith("DynamoDB will Query Tracker");
        assertThat(select.requests()).isNotEmpty();
        assertThat(write.plan()).isNull();
        assertThat(write.requests()).isEmpty();
        assertThat(write.lint()).contains("a write, guarded as every write");
    }

    @Test
    void aBudgetThePersonSet_agreesToAProductionScanWithinIt_andToNothingOverIt() {
        var catalog = SqlTrackerData.catalog(ITEMS);
        var session = answering(ConnectionTag.PRODUCTION);
        var planned = statements.plan(PROJECT_SCAN, false, catalog);
        var estimate = planned.plan().estimatedRcu();

        var byDefault = statements.run(session, catalog, planned, WriteConfirmer.NONE, RunSql.Options.DEFAULT, rows -> { });
        var overIt = statements.run(session, catalog, planned, WriteConfirmer.NONE,
                RunSql.Options.budgetOf(new BigDecimal("0.1"), 10), rows -> { });

        assertThat(byDefault.result()).failsWithin(Duration.ZERO).withThrowableThat().havingCause()
                .isInstanceOfSatisfying(RunSql.BudgetRefusedException.class, refused -> {
                    assertThat(refused.reason()).startsWith("The plan Scans Tracker on a production-tagged connection");
                    assertThat(refused.getMessage()).isEqualTo(refused.reason() + ": confirm to run it");
                    assertThat(refused.estimate()).isEqualTo(estimate);
                });
        assertThat(overIt.result()).failsWithin(Duration.ZERO).withThrowableThat()
                .satisfies(e -> assertThat(Problems.unwrap(e)).isInstanceOf(RunSql.BudgetRefusedException.class)
                        .hasMessageContaining("more than the limit of 0.1 RCU (it Scans Tracker)"));
        assertThat(session.reads).isEmpty();

        var withinIt = statements.run(session, catalog, planned, WriteConfirmer.NONE,
                RunSql.Options.budgetOf(estimate.toBigDecimal(), 10), rows -> { }).result().join();

        assertThat(withinIt.rows()).hasSize(2);
    }
}

package dev.dynalens.usecase;

import dev.dynalens.domain.sql.PlannedRequest;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.sql.SqlPlan;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Run a statement of the SQL tab or of {@code dynalens sql}, either way: the one place that says whether it is SQL over
 * the entity types ({@link RunSql}) or DynamoDB's PartiQL ({@link RunPartiql}). Planning reads nothing; a run passes the
 * budget gate first, and a refusal fails its job at once with a {@link RunSql.BudgetRefusedException}, nothing sent.
 */
public final class RunStatement {
    private final RunSql sql;
    private final RunPartiql partiql;

    public RunStatement(RunSql sql) {
        this.sql = Objects.requireNonNull(sql, "sql");
        this.partiql = new RunPartiql(sql);
    }

    /**
     * A statement as planned.
     *
     * @param plan the engine's plan (for PartiQL, of its SELECT); null for a PartiQL write
     * @param lint for PartiQL, what it will do (Query or Scan, or a guarded write); null for SQL
     */
    public record Planned(String text, boolean partiql, SqlPlan plan, String lint) {
        public Planned {
            Objects.requireNonNull(text, "text");
        }

        public List<PlannedRequest> requests() {
            return plan == null ? List.of() : plan.requests();
        }
    }

    /**
     * Plans a statement: nothing is read. Fails with a {@link dev.dynalens.service.sql.SqlException} or a
     * {@link dev.dynalens.domain.partiql.PartiqlException} saying where.
     */
    public Planned plan(String text, boolean asPartiql, SqlCatalog catalog) {
        if (asPartiql) {
            var lint = partiql.lint(text, catalog);
            return new Planned(text, true, lint.enginePlan(), lint.message());
        }
        return new Planned(text, false, sql.plan(text, catalog), null);
    }

    /** Runs a planned statement: the budget gate, then SQL or PartiQL; a PartiQL write is confirmed through the guard. */
    public Job<RunSql.Progress, RunSql.Outcome> run(DynamoSession session, SqlCatalog catalog, Planned planned, WriteConfirmer confirmer,
                                                    RunSql.Options options, Consumer<List<List<Object>>> rows) {
        return planned.partiql() ? partiql.run(session, catalog, planned.text(), confirmer, options, rows)
                : sql.run(session, planned.plan(), options, rows);
    }
}

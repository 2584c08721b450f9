package dev.dynalens.cli;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.partiql.PartiqlException;
import dev.dynalens.domain.sql.BudgetGate;
import dev.dynalens.domain.sql.PlannedRequest;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.EntityTypesStore;
import dev.dynalens.service.config.ConfigDirectory;
import dev.dynalens.service.config.JsonEntityTypesStore;
import dev.dynalens.service.sql.SqlException;
import dev.dynalens.service.sql.SqlPlan;
import dev.dynalens.usecase.LearnEntityTypes;
import dev.dynalens.usecase.RunSql;
import dev.dynalens.usecase.RunStatement;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * SQL over a table's entity types, planned into Query / GetItem / BatchGetItem / Scan, or DynamoDB's own PartiQL, both
 * through {@link RunStatement}. The entity types come from the ones kept for the table, else a sample read that is
 * said (on stderr) before it runs, and on a connection tagged production is read only with {@code --confirm-read};
 * {@code --json} reports that read apart from the query's plan. {@code --explain} reads nothing: without kept entity
 * types it plans against what DescribeTable gives ({@link LearnEntityTypes#described}) and says what the sample would cost.
 */
@Command(name = "sql", sortOptions = false,
        description = {"SQL with JOINs over the inferred entity types of a single-table design, planned into the cheapest DynamoDB "
                + "requests and run on the desktop; or DynamoDB's PartiQL with --partiql.",
                "Either a TABLE on a connection or --file (a NoSQL Workbench model, DynamoDB JSON lines, aws CLI output)."},
        footer = {"", "Examples:",
                "  dynalens sql Tracker --endpoint http://localhost:8000 \"SELECT title FROM PROJECT WHERE PK = 'ORG#acme'\"",
                "  dynalens sql --file export.json --key-schema PK,SK --explain \"SELECT status, COUNT(*) FROM TASK GROUP BY status\"",
                "  dynalens sql Tracker --partiql \"SELECT * FROM Tracker WHERE PK = 'USER#u1'\""})
final class SqlCommand implements Callable<Integer> {
    /** The exit code of a run that stopped at its budget: its rows are only the first. */
    static final int INCOMPLETE = 3;

    @ParentCommand
    DynaLensCli root;

    @Mixin
    SourceOptions source;

    @Parameters(index = "1", arity = "0..1", paramLabel = "STATEMENT", description = "The SQL (or, with --partiql, PartiQL) statement.")
    String statementAfterTable;

    @Option(names = "--explain", description = "Print the plan (every request with its estimated RCU) and read nothing, not even "
            + "the sample that learns the entity types.")
    boolean explain;

    @Option(names = "--max-rcu", paramLabel = "N", description = "Run a plan estimated above the budget (default 1000 RCU), or that Scans a production table, up to N RCU.")
    BigDecimal maxRcu;

    @Option(names = "--max-rows", paramLabel = "N", description = "Keep at most N rows (default 100000); more stop the read and say so.")
    int maxRows = RunSql.DEFAULT_MAX_ROWS;

    @Option(names = "--partiql", description = "The statement is DynamoDB's PartiQL (SELECT, INSERT, UPDATE, DELETE), sent with ExecuteStatement.")
    boolean partiql;

    @Option(names = "--refresh-entity-types", description = "Read the sample again instead of using the entity types kept for the table.")
    boolean refresh;

    @Option(names = "--json", description = "Print columns, rows and the plan as JSON.")
    boolean json;

    @Mixin
    ConfirmTableOption confirm;

    @Mixin
    ConfirmReadOption readConfirmation;

    @Override
    public Integer call() throws IOException, InterruptedException {
        var statement = statement();
        if (explain && refresh) {
            throw new CliException("--refresh-entity-types reads a sample and --explain reads nothing: give one of them");
        }
        var context = root.context;
        var opened = source.open(context);
        var pages = Executors.newCachedThreadPool(runnable -> Thread.ofPlatform().name("dynalens-sql-pages").daemon().unstarted(runnable));
        try (var session = opened.session()) {
            var table = session.describeTable(opened.tableName()).join();
            var learnt = catalog(session, table, opened.label() != null);
            // a table read from its export: its Scans read the export, at no read capacity, and the plan says so (LearnEntityTypes)
            var catalog = learnt.catalog();
            var statements = new RunStatement(new RunSql(Runnable::run, pages));
            // --max-rcu is the person's agreement to what fits in it; without it the default budget agrees to nothing
            var options = maxRcu == null ? new RunSql.Options(BudgetGate.DEFAULT_MAX_RCU, false, maxRows)
                    : RunSql.Options.budgetOf(maxRcu, maxRows);
            RunStatement.Planned planned;
            try {
                planned = statements.plan(statement, partiql, catalog);
            } catch (SqlException e) {
                throw new CliException(e.describe() + learnt.unknownEntityTypes(". "));
            } catch (PartiqlException e) {
                throw new CliException(e.getMessage() + learnt.unknownEntityTypes(". "));
            }
            var requests = planned.requests();
            if (planned.lint() != null && !json) {
                context.err().println(planned.lint());
            }
            if (explain) {
                printExplain(context, planned.plan(), requests, learnt);
                return 0;
            }
            var job = statements.run(session, catalog, planned, confirm.confirmer("run this PartiQL write"), options, rows -> { });
            RunSql.Outcome outcome;
            try {
                outcome = job.result().get();
            } catch (ExecutionException e) {
                var cause = Problems.unwrap(e);
                if (cause instanceof RunSql.BudgetRefusedException refused) {
                    var enough = refused.estimate().toBigDecimal().setScale(0, RoundingMode.CEILING).max(BigDecimal.ONE);
                    if (planned.plan() != null && planned.plan().sizeUnknown()) {
                        throw new CliException(refused.reason() + ": set a budget with --max-rcu N (the run stops once it has consumed "
                                + "N RCU, with the rows so far), narrow the WHERE, or run `dynalens analyze` to learn the table's size");
                    }
                    throw new CliException(refused.reason() + ": run it with --max-rcu " + enough.toPlainString()
                            + " (or more), or narrow the WHERE");
                }
                throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
            }
            print(context, outcome, requests, learnt);
            // the rows so far, stopped at the budget, are not the answer: a script must not take them for it
            return outcome.stoppedAtBudget() ? INCOMPLETE : 0;
        } finally {
            pages.shutdownNow();
        }
    }

    private String statement() {
        if ((source.file != null || !source.exports.isEmpty()) && statementAfterTable == null && source.table != null) {
            // with --file (or --export) the only positional parameter is the statement
            var statement = source.table;
            source.table = null;
            return statement;
        }
        if (statementAfterTable == null || statementAfterTable.isBlank()) {
            throw new CliException("Give the statement to run, in quotes, after the TABLE (or after --file FILE)");
        }
        return statementAfterTable;
    }

    /**
     * The catalog and what it cost to know it.
     *
     * @param notRead the sample read that would learn the entity types, not sent (--explain reads nothing); null when
     *                they are known
     */
    private record Learnt(SqlCatalog catalog, long requests, double consumedRcu, LearnEntityTypes.SampleCost notRead) {
        Learnt(SqlCatalog catalog, long requests, double consumedRcu) {
            this(catalog, requests, consumedRcu, null);
        }

        /** What the plan rests on when the entity types are not known, after {@code separator}; empty when they are. */
        String unknownEntityTypes(String separator) {
            if (notRead == null) {
                return "";
            }
            var table = catalog.tableName();
            return separator + table + "'s entity types are not known here (none are kept) and --explain reads nothing, so the statement "
                    + "was planned against the whole table " + table + " and its key attributes only; learning the entity types takes a "
                    + "sample read, " + notRead.costText() + ": run the statement without --explain to learn them (on a connection tagged "
                    + "production, with --confirm-read)";
        }
    }

    private Learnt catalog(DynamoSession session, TableDescription table, boolean file) {
        EntityTypesStore store = file ? new MemoryStore() : new JsonEntityTypesStore(ConfigDirectory.current());
        var scope = file ? "file" : session.profile().id();
        var learn = new LearnEntityTypes(session, store, scope, Runnable::run, Clock.systemUTC());
        if (!refresh) {
            var kept = learn.kept(table);
            if (kept.isPresent()) {
                return new Learnt(kept.get(), 0, 0);
            }
        }
        var cost = LearnEntityTypes.sampleCost(table);
        if (!file && explain) {
            return new Learnt(learn.describedHere(table), 0, 0, cost);
        }
        if (!file && !json) {
            root.context.err().println(cost.text());
            root.context.err().flush();
        }
        if (learn.sampleNeedsConfirmation()) {
            readConfirmation.require(table.name(), "read a sample of it", "the sample read costs " + cost.costText());
        }
        var sample = learn.sample(table, Lens.NONE, readConfirmation.confirmRead);
        try {
            var catalog = sample.result().get();
            var summary = sample.progress();
            return new Learnt(catalog, summary.map(s -> s.pages()).orElse(0L), summary.map(s -> s.capacityUnits()).orElse(0.0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("Interrupted while reading the sample");
        } catch (ExecutionException e) {
            var cause = Problems.unwrap(e);
            throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
        }
    }

    private void printExplain(CliContext context, SqlPlan plan, List<PlannedRequest> requests, Learnt learnt) throws IOException {
        if (learnt.notRead() != null) {
            context.err().println(learnt.unknownEntityTypes("") + ".");
            context.err().flush();
        }
        var out = context.out();
        if (json) {
            SqlOutput.writeJson(out, plan == null ? List.of() : plan.columns(), null, requests, requests.size(), null,
                    partiql ? "partiql" : "sql", null, entityTypes(learnt));
        } else {
            SqlOutput.writePlanText(out, requests);
        }
        out.flush();
    }

    private void print(CliContext context, RunSql.Outcome outcome, List<PlannedRequest> requests, Learnt learnt) throws IOException {
        var out = context.out();
        if (json) {
            SqlOutput.writeJson(out, outcome.columns(), outcome.rows(), requests, outcome.requests(), outcome.consumedRcu(), outcome.path(),
                    outcome.note(), entityTypes(learnt), outcome.complete());
        } else {
            SqlOutput.writeText(out, outcome.columns(), outcome.rows());
            var err = context.err();
            err.println(outcome.rows().size() + " row(s)" + (outcome.complete() ? "" : " (incomplete)") + " · " + outcome.requests()
                    + " request(s) · estimated " + (PlannedRequest.anySizeUnknown(requests) ? "at least " : "")
                    + PlannedRequest.totalRcu(requests) + " RCU · consumed "
                    + (outcome.consumed().reported() ? ConsumedCapacity.text(outcome.consumedRcu()) + " RCU" : "not reported")
                    + " · path " + outcome.path()
                    + (outcome.note().isEmpty() ? "" : " · " + outcome.note()));
            err.flush();
        }
        out.flush();
    }

    private SqlOutput.EntityTypes entityTypes(Learnt learnt) {
        return new SqlOutput.EntityTypes(learnt.catalog().source(), learnt.requests(), learnt.consumedRcu(), learnt.notRead(),
                learnt.unknownEntityTypes(""));
    }

    /** A workspace file is read anew each run: its entity types are not kept in the config folder. */
    private static final class MemoryStore implements EntityTypesStore {
        @Override
        public Optional<Kept> load(String scope, String table) {
            return Optional.empty();
        }

        @Override
        public void save(String scope, String table, Kept kept) {
        }
    }

}

package dev.dynalens.ui.sql;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.sql.BudgetGate;
import dev.dynalens.domain.sql.ResultCells;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.sql.SqlException;
import dev.dynalens.usecase.LearnEntityTypes;
import dev.dynalens.usecase.RunSql;
import dev.dynalens.usecase.RunStatement;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The SQL tab of a table: the statement, its plan updated as it is typed (planned off the FX thread, nothing sent),
 * the rows as they come, the consumed capacity beside the estimate, cancel, the statements run before, and the result
 * copied as CSV or JSON. SQL over the entity types or DynamoDB's PartiQL, either way through {@link RunStatement}; the
 * entity types come from the Collections overview, what was kept for the table, or a sample read said and costed first
 * ({@link SqlEntityTypes}).
 */
public final class SqlViewModel {
    static final int HISTORY = 50;

    private final DynamoSession session;
    private final String table;
    private final RunStatement statements;
    private final LearnEntityTypes learn;
    private final Executor worker;
    private final Executor fx;
    private final StringProperty statement = new SimpleStringProperty("");
    private final BooleanProperty partiql = new SimpleBooleanProperty();
    private final ReadOnlyStringWrapper plan = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper confirmation = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ObservableList<String> columns = FXCollections.observableArrayList();
    private final ObservableList<List<Object>> rows = FXCollections.observableArrayList();
    private final ObservableList<String> history = FXCollections.observableArrayList();
    private final AtomicLong planGeneration = new AtomicLong();
    private final SqlEntityTypes entityTypes;
    private final SqlExamples examples;
    private RunStatement.Planned current;
    private Job<RunSql.Progress, RunSql.Outcome> job;

    /** @param worker plans and runs statements (not the FX thread); {@code fx} applies results (tests: {@code Runnable::run}) */
    public SqlViewModel(DynamoSession session, String table, RunSql run, LearnEntityTypes learn, Executor worker, Executor fx) {
        this.session = Objects.requireNonNull(session, "session");
        this.table = Objects.requireNonNull(table, "table");
        this.statements = new RunStatement(Objects.requireNonNull(run, "run"));
        this.learn = Objects.requireNonNull(learn, "learn");
        this.worker = Objects.requireNonNull(worker, "worker");
        this.fx = Objects.requireNonNull(fx, "fx");
        this.entityTypes = new SqlEntityTypes(session, table, learn, worker, fx, this::learnt);
        this.examples = new SqlExamples(statements, worker, fx);
        statement.addListener((obs, old, now) -> replan());
        partiql.addListener((obs, old, now) -> replan());
    }

    /** The table's lens, so the entity types are named as the Collections tab shows them (renames and merges applied). */
    public SqlViewModel namingWith(java.util.function.Supplier<Lens> tableLens) {
        entityTypes.namingWith(tableLens);
        return this;
    }

    /** The Collections overview read the whole table: its entity types serve here too, with no read of their own. */
    public void useAnalysis(dev.dynalens.domain.inference.TableAnalysis analysis) {
        entityTypes.useAnalysis(Objects.requireNonNull(analysis, "analysis"));
    }

    /** The editor's statement to save under a name (Saved → Save statement…); empty while the editor is blank. */
    public Optional<dev.dynalens.domain.appstate.SavedStatement> statementToSave() {
        var text = statement.get();
        return text == null || text.isBlank() ? Optional.empty()
                : Optional.of(new dev.dynalens.domain.appstate.SavedStatement(text, partiql.get()));
    }

    /** A saved statement back in the editor, in its mode (planned as shown; running it is the person's next step). */
    public void open(dev.dynalens.domain.appstate.SavedStatement saved) {
        partiql.set(saved.partiql());
        statement.set(saved.text());
    }

    public StringProperty statementProperty() { return statement; }
    public BooleanProperty partiqlProperty() { return partiql; }
    public ReadOnlyStringProperty planProperty() { return plan.getReadOnlyProperty(); }
    public ReadOnlyStringProperty entityTypesProperty() { return entityTypes.text.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    /** Non-empty while a run waits for the person's agreement (over the budget, a production Scan): what to ask. */
    public ReadOnlyStringProperty confirmationProperty() { return confirmation.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    /** The entity types are known: statements can be planned. */
    public ReadOnlyBooleanProperty readyProperty() { return entityTypes.ready.getReadOnlyProperty(); }
    public ObservableList<String> columns() { return columns; }
    public ObservableList<List<Object>> rows() { return rows; }
    /** Statements run, newest first. */
    public ObservableList<String> history() { return history; }
    /** Statements to start from while the editor is empty, from the table's own entity types, each with its plan. */
    public ObservableList<SqlExample> examples() { return examples.list(); }

    /** An example into the editor: planned as shown, run by the person's next step. */
    public void useExample(SqlExample example) {
        partiql.set(false);
        statement.set(example.statement());
    }

    /** The entity types are (newly) known: the statement is planned again, and the examples are made from them. */
    private void learnt() {
        replan();
        var known = entityTypes.catalog();
        if (known != null) {
            examples.learnFrom(known);
        }
    }

    /** Reads the table's description and the entity types kept for it; without them, says what a sample read costs. */
    public void load() {
        entityTypes.load();
    }

    /**
     * Refresh entity types: the sample read (whose cost {@link #entityTypesProperty()} said), kept for next time. On a
     * production connection it waits for {@link #confirmSampleRead()}, asked by {@link #sampleReadQuestionProperty()}.
     */
    public void refreshEntityTypes() {
        entityTypes.refresh();
    }

    /** Non-empty while the sample read of a production table waits for the person: the question, with what it costs. */
    public ReadOnlyStringProperty sampleReadQuestionProperty() { return entityTypes.awaitingRead.getReadOnlyProperty(); }

    /** Reads the sample that waits for the person's yes; does nothing when none waits. */
    public void confirmSampleRead() {
        entityTypes.confirmRead();
    }

    /** Leaves the waiting sample read unread. */
    public void declineSampleRead() {
        if (!entityTypes.awaitingRead.get().isEmpty()) {
            entityTypes.declineRead();
            status.set("The sample was not read: nothing was sent");
        }
    }

    /** Entity and attribute names starting with what was typed, for completion. */
    public List<String> completions(String prefix) {
        return SqlCompletions.of(entityTypes.catalog(), prefix);
    }

    /** Plans the statement as it stands, off the FX thread; a plan of an older text is dropped. */
    private void replan() {
        var text = statement.get();
        var generation = planGeneration.incrementAndGet();
        var known = entityTypes.catalog();
        if (known == null || text == null || text.isBlank()) {
            plan.set("");
            current = null;
            return;
        }
        var asPartiql = partiql.get();
        worker.execute(() -> {
            String shown;
            RunStatement.Planned planned = null;
            try {
                planned = statements.plan(text, asPartiql, known);
                var engine = planned.plan();
                shown = planned.lint() == null ? PlanText.of(engine) : planned.lint() + (engine == null ? "" : "\n" + PlanText.of(engine));
            } catch (SqlException e) {
                shown = e.describe();
            } catch (RuntimeException e) {
                shown = Problems.describe(e);
            }
            var result = shown;
            var resultPlan = planned;
            fx.execute(() -> {
                if (planGeneration.get() == generation) {
                    plan.set(result);
                    current = resultPlan;
                }
            });
        });
    }

    /** Runs the statement; a plan over the budget or Scanning a production table waits for {@link #runConfirmed()}. */
    public void run() {
        start(false);
    }

    public void runConfirmed() {
        confirmation.set("");
        start(true);
    }

    public void dismissConfirmation() {
        confirmation.set("");
    }

    private void start(boolean confirmed) {
        var catalog = entityTypes.catalog();
        if (running.get() || catalog == null) {
            return;
        }
        var options = new RunSql.Options(BudgetGate.DEFAULT_MAX_RCU, confirmed, RunSql.DEFAULT_MAX_ROWS);
        var text = statement.get();
        var asPartiql = partiql.get();
        var planned = current;
        if (planned == null || !planned.text().equals(text) || planned.partiql() != asPartiql) {
            try {
                planned = statements.plan(text, asPartiql, catalog);
            } catch (SqlException e) {
                status.set(e.describe());
                return;
            } catch (RuntimeException e) {
                status.set(Problems.describe(e));
                return;
            }
        }
        var started = statements.run(session, catalog, planned, WriteConfirmer.NONE, options,
                batch -> fx.execute(() -> rows.addAll(batch)));
        var refused = refusedAtOnce(started);
        if (refused.isPresent()) {
            // what a confirmed run may consume: it stops there, with the rows so far, marked incomplete
            var cap = planned.plan() == null ? null : new RunSql.Options(BudgetGate.DEFAULT_MAX_RCU, true, RunSql.DEFAULT_MAX_ROWS)
                    .cap(planned.plan());
            confirmation.set(refused.get().reason() + ". Run it anyway" + (cap == null ? "" : ", up to "
                    + cap.stripTrailingZeros().toPlainString() + " RCU") + "?");
            return;
        }
        history.remove(text);
        history.addFirst(text);
        if (history.size() > HISTORY) {
            history.removeLast();
        }
        columns.setAll(!asPartiql && planned.plan() != null ? planned.plan().columns() : List.of());
        rows.clear();
        running.set(true);
        status.set("Running…");
        job = started;
        started.result().whenCompleteAsync((outcome, error) -> {
            running.set(false);
            if (error != null) {
                status.set(Problems.describe(error));
                return;
            }
            columns.setAll(outcome.columns());
            rows.setAll(outcome.rows());
            status.set(RunSummary.of(outcome));
        }, fx);
    }

    /** The budget gate's refusal: it fails the job before anything is sent, so it is known as soon as the job is. */
    private static Optional<RunSql.BudgetRefusedException> refusedAtOnce(Job<RunSql.Progress, RunSql.Outcome> started) {
        if (!started.result().isCompletedExceptionally()) {
            return Optional.empty();
        }
        var failure = started.result().handle((outcome, error) -> error).join();
        return Problems.unwrap(failure) instanceof RunSql.BudgetRefusedException refused ? Optional.of(refused) : Optional.empty();
    }


    public void cancel() {
        var running = job;
        if (running != null) {
            running.cancel();
        }
    }

    /** The plan's one request as an AWS CLI call; empty for a plan of several requests (a join) or none. */
    public Optional<String> planAsCode() {
        var plan = current == null ? null : current.plan();
        return plan == null || plan.requests().size() != 1 || !plan.requests().getFirst().note().isEmpty() && !plan.scans()
                ? Optional.empty() : Optional.of(dev.dynalens.domain.sql.RequestSnippet.awsCli(plan.requests().getFirst()));
    }

    public String resultAsCsv() {
        return ResultCells.csv(columns, rows);
    }

    public String resultAsJson() {
        return ResultCells.json(columns, rows);
    }
}

package dev.dynalens.ui.change;

import dev.dynalens.domain.change.ChangeFileException;
import dev.dynalens.domain.change.ChangeFileReader;
import dev.dynalens.domain.change.ChangeSpec;
import dev.dynalens.domain.change.ItemChange;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.usecase.AnalyzeTable;
import dev.dynalens.usecase.PlanChange;
import dev.dynalens.usecase.WholeTableRead;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Change items… (issue 26): a change file edited as text, its dry run over {@link PlanChange} (the table read once, its
 * cost said first and, on a production connection, read only after the person's yes), the counts per action, the read's
 * and the writes' cost, and samples of before and after; applying, resuming and undoing are {@link ChangeRunModel}'s.
 * The file's problems are listed with their line and column. The read runs off the FX thread; results are applied on
 * {@code fx}, and only a complete plan is shown as one.
 */
public final class ChangeViewModel {
    /** Changing items whose before and after are shown (and every refused one). */
    static final int SAMPLES = 20;

    private final DynamoSession session;
    private final String tableName;
    private final Executor fx;
    private final Supplier<Lens> lens;
    private final Executor analysis;
    private final PlanChange planner;
    private final ChangeRunModel run;

    private final StringProperty text = new SimpleStringProperty("");
    private final ObservableList<ChangeRows.Problem> problems = FXCollections.observableArrayList();
    private final ObservableList<ChangeRows.Count> counts = FXCollections.observableArrayList();
    private final ObservableList<ChangeRows.Sample> samples = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper readCost = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper writeCost = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper readQuestion = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper planning = new ReadOnlyBooleanWrapper(false);
    /** The complete plan shown, with the text it was made from; null while there is none, or the text changed since. */
    private final ReadOnlyObjectWrapper<Planned> planned = new ReadOnlyObjectWrapper<>();
    private Waiting waiting;
    private volatile Job<AnalyzeTable.Progress, PlanChange.Plan> job;
    private long generation;

    /** A complete plan and the exact text of the change file it was made from (the journal keeps its SHA-256). */
    public record Planned(PlanChange.Plan plan, String text) {
    }

    /** A production read waiting for the person's yes. */
    private record Waiting(ChangeSpec spec, String text, TableDescription table, PlanChange.Read read) {
    }

    /**
     * @param analysis  single-threaded, not the FX thread: the read's analysis and the dialog's file reads and writes
     * @param directory where the change files, journals and undo files go (the config folder's {@code changes})
     * @param lens      the table's names for its entity types, read when a plan starts
     */
    public ChangeViewModel(DynamoSession session, String tableName, Executor fx, Executor analysis, Path directory, Supplier<Lens> lens,
                           String startingText) {
        this.session = Objects.requireNonNull(session, "session");
        this.tableName = Objects.requireNonNull(tableName, "tableName");
        this.fx = Objects.requireNonNull(fx, "fx");
        this.lens = Objects.requireNonNull(lens, "lens");
        this.analysis = Objects.requireNonNull(analysis, "analysis");
        this.planner = new PlanChange(session, analysis);
        this.run = new ChangeRunModel(session, tableName, fx, analysis, directory, planned.getReadOnlyProperty(), text);
        text.set(startingText);
        text.addListener((o, was, now) -> {
            var shown = planned.get();
            if (shown != null && !shown.text().equals(now) && !run.runningProperty().get()) {
                planned.set(null);
                status.set("The change file was edited since the plan: Plan again to apply it.");
            }
        });
        status.set(session.writeProfile().readOnly()
                ? "Connection '" + session.writeProfile().name() + "' is read-only: a change can be planned, not applied."
                : "Edit the change, then Plan: the table is read once and nothing is written.");
    }

    public String tableName() { return tableName; }

    public ChangeRunModel run() { return run; }

    /** Reads the change file and, when it reads, asks the table's size, says the read's cost and plans (production: after the yes). */
    public CompletableFuture<Void> plan() {
        cancel();
        var current = ++generation;
        clearPlan();
        var changeText = text.get();
        ChangeSpec spec;
        try {
            spec = ChangeFileReader.read(changeText);
        } catch (ChangeFileException e) {
            showProblems(e);
            return CompletableFuture.completedFuture(null);
        }
        planning.set(true);
        status.set("Asking DynamoDB how large " + tableName + " is…");
        return session.describeTable(tableName).handleAsync((table, failure) -> {
            if (current != generation) {
                return CompletableFuture.<Void>completedFuture(null);
            }
            if (failure != null) {
                failed(failure);
                return CompletableFuture.<Void>completedFuture(null);
            }
            var read = planner.read(spec, table);
            readCost.set(read.text());
            if (read.needsConfirmation()) {
                waiting = new Waiting(spec, changeText, table, read);
                readQuestion.set(tableName + " is on a production connection. " + read.text() + ". Read it to plan the change?");
                planning.set(false);
                status.set(tableName + " is on a production connection: confirm the read to plan the change");
                return CompletableFuture.<Void>completedFuture(null);
            }
            return start(current, spec, changeText, table, read);
        }, fx).thenCompose(started -> started);
    }

    /** Reads the production table whose read is waiting; does nothing when none waits. */
    public CompletableFuture<Void> confirmRead() {
        var asked = waiting;
        if (asked == null) {
            return CompletableFuture.completedFuture(null);
        }
        waiting = null;
        readQuestion.set("");
        planning.set(true);
        return start(generation, asked.spec(), asked.text(), asked.table(), asked.read().confirmedBy(WholeTableRead::confirm));
    }

    /** Leaves the waiting production read unread. */
    public void declineRead() {
        waiting = null;
        readQuestion.set("");
        status.set("Not read: nothing was sent.");
    }

    /** Reads the lens on {@code analysis} (a file), then starts the read on the FX thread. */
    private CompletableFuture<Void> start(long current, ChangeSpec spec, String changeText, TableDescription table, PlanChange.Read read) {
        status.set(read.text() + " · reading…");
        return CompletableFuture.supplyAsync(lens, analysis).handleAsync((names, failure) -> {
            if (current != generation) {
                return CompletableFuture.<Void>completedFuture(null);
            }
            if (failure != null) {
                failed(failure);
                return CompletableFuture.<Void>completedFuture(null);
            }
            return start(current, spec, changeText, table, read, names);
        }, fx).thenCompose(started -> started);
    }

    private CompletableFuture<Void> start(long current, ChangeSpec spec, String changeText, TableDescription table, PlanChange.Read read,
                                          Lens names) {
        try {
            job = planner.start(spec, table, read, names, progress -> fx.execute(() -> {
                if (current == generation && planning.get()) {
                    status.set(String.format(Locale.ROOT, "Reading %s: %,d items in %,d pages…", tableName, progress.items(), progress.pages()));
                }
            }));
        } catch (RuntimeException e) {
            failed(e);
            return CompletableFuture.completedFuture(null);
        }
        return job.result().handleAsync((plan, failure) -> {
            if (current == generation) {
                if (failure != null) {
                    failed(failure);
                } else {
                    show(plan, changeText);
                }
            }
            return null;
        }, fx);
    }

    private void failed(Throwable failure) {
        planning.set(false);
        var cause = Problems.unwrap(failure);
        if (cause instanceof ChangeFileException problem) {
            showProblems(problem);
        } else if (cause instanceof CancellationException) {
            status.set("Plan cancelled: nothing is planned.");
        } else {
            status.set("Not planned.");
            error.set("The plan failed: " + Problems.describe(failure));
        }
    }

    private void showProblems(ChangeFileException e) {
        problems.setAll(e.problems().stream().map(p -> new ChangeRows.Problem(p.position().line(), p.position().column(), p.message())).toList());
        status.set(problems.size() == 1 ? "The change file has a problem: nothing was read." : "The change file has " + problems.size()
                + " problems: nothing was read.");
    }

    private void show(PlanChange.Plan plan, String changeText) {
        planning.set(false);
        var missing = new TreeMap<String, Long>();
        int shown = 0;
        for (var change : plan.changes()) {
            if (change instanceof ItemChange.Unchanged u && u.why() == ItemChange.Unchanged.Why.MISSING_ATTRIBUTE) {
                missing.merge(u.detail(), 1L, Long::sum);
            }
            if (change instanceof ItemChange.Refused || !change.writes().isEmpty() && shown++ < SAMPLES) {
                samples.add(ChangeRows.sample(change));
            }
        }
        plan.counts().forEach((action, count) -> {
            counts.add(new ChangeRows.Count(ChangeRows.label(action), count, false));
            if (action == PlanChange.Action.UNCHANGED_MISSING_ATTRIBUTE) {
                missing.forEach((attribute, lacking) -> counts.add(new ChangeRows.Count("lack " + attribute, lacking, true)));
            }
        });
        readCost.set(plan.read().text());
        writeCost.set(String.format(Locale.ROOT, "Writes %,d items: %s WCU (the table's and its indexes'), each conditional on the item "
                + "still holding what was read", plan.changing(), plan.writeUnits()));
        status.set(String.format(Locale.ROOT, "Planned: %,d items read, %,d selected, %,d change; nothing was written.", plan.itemsRead(),
                plan.selected(), plan.changing()));
        planned.set(new Planned(plan, changeText));
    }

    private void clearPlan() {
        planned.set(null);
        waiting = null;
        readQuestion.set("");
        problems.clear();
        counts.clear();
        samples.clear();
        error.set("");
        writeCost.set("");
    }

    /** Stops the plan's read; nothing is shown as planned. */
    public void cancel() {
        var current = job;
        if (current != null && planning.get()) {
            current.cancel();
        }
    }

    public StringProperty textProperty() { return text; }
    public ObservableList<ChangeRows.Problem> problems() { return problems; }
    public ObservableList<ChangeRows.Count> counts() { return counts; }
    public ObservableList<ChangeRows.Sample> samples() { return samples; }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyStringProperty readCostProperty() { return readCost.getReadOnlyProperty(); }
    public ReadOnlyStringProperty writeCostProperty() { return writeCost.getReadOnlyProperty(); }
    /** Non-empty while a production read waits: what it costs, as a question. */
    public ReadOnlyStringProperty readQuestionProperty() { return readQuestion.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty planningProperty() { return planning.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Planned> plannedProperty() { return planned.getReadOnlyProperty(); }
}

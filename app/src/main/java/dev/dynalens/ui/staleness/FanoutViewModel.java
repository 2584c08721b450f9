package dev.dynalens.ui.staleness;

import dev.dynalens.service.fanout.JournalEntry;
import dev.dynalens.service.fanout.JournalState;
import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.fanout.FanoutProgress;
import dev.dynalens.service.fanout.FanoutReport;
import dev.dynalens.service.fanout.FanoutSettings;
import dev.dynalens.ui.common.WorkNotifier;
import dev.dynalens.usecase.RepairStaleCopies;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * A guarded fan-out from the staleness view, over {@link RepairStaleCopies}: the dry run (every planned update, shown
 * before anything is written), the confirmation (on a production-tagged connection the person types the table name),
 * then the run with its progress, counts and cancel. The plan goes to a journal in {@code journalDirectory} before the
 * first update, so an interrupted fan-out can be resumed ({@link #resumeFrom}).
 */
public final class FanoutViewModel {
    private final DynamoSession session;
    private final Executor fx;
    private final Path journalDirectory;
    private final RepairStaleCopies repair;
    private final RepairPlan plan;
    private final Map<Integer, JournalEntry> settledBefore;
    private final Path existingJournal;

    private final ObservableList<StepRow> steps = FXCollections.observableArrayList();
    private final StringProperty confirmation = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper counts = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final BooleanBinding readyToApply;
    private final BooleanBinding canApply;
    private volatile Job<FanoutProgress, FanoutReport> handle;
    private FanoutReport report;
    private Path journalFile;
    private WorkNotifier notifier = WorkNotifier.NONE;

    /** One planned update, as the dry run lists it. */
    public record StepRow(String key, String attribute, String oldValue, String newValue, String expression, String outcome) {
    }

    private FanoutViewModel(DynamoSession session, Executor fx, Path journalDirectory, FanoutSettings settings, RepairPlan plan,
                            Map<Integer, JournalEntry> settledBefore, Path existingJournal) {
        this.session = Objects.requireNonNull(session, "session");
        this.fx = Objects.requireNonNull(fx, "fx");
        this.journalDirectory = Objects.requireNonNull(journalDirectory, "journalDirectory");
        this.repair = new RepairStaleCopies(session, settings);
        this.plan = Objects.requireNonNull(plan, "plan");
        this.settledBefore = Map.copyOf(settledBefore);
        this.existingJournal = existingJournal;
        this.journalFile = existingJournal;
        for (int i = 0; i < plan.steps().size(); i++) {
            var step = plan.steps().get(i);
            var update = step.toUpdate(plan.tableName());
            var names = update.names().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
            var entry = this.settledBefore.get(i);
            steps.add(new StepRow(KeyText.values(step.key()), step.copyPath().render(), ValueText.literal(step.oldValue()),
                    ValueText.literal(step.newValue()), update.updateExpression() + " IF " + update.conditionExpression() + "  (" + names + ")",
                    entry == null ? "pending" : entry.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' ')));
        }
        readyToApply = Bindings.createBooleanBinding(() -> !running.get() && !finished.get() && !session.writeProfile().readOnly()
                && pendingSteps() > 0, running, finished);
        canApply = Bindings.createBooleanBinding(() -> readyToApply.get()
                        && (!needsTypedConfirmation() || WriteConfirmer.confirms(confirmation.get(), plan.tableName())),
                readyToApply, confirmation);
        if (session.writeProfile().readOnly()) {
            status.set("Connection '" + session.writeProfile().name() + "' is read-only: the plan can be reviewed, not applied.");
        } else {
            status.set(existingJournal == null
                    ? "Dry run: " + plan.steps().size() + " guarded update" + (plan.steps().size() == 1 ? "" : "s") + " planned; nothing has been written."
                    : "Unfinished fan-out from " + existingJournal.getFileName() + ": " + (plan.steps().size() - pendingSteps()) + " of "
                    + plan.steps().size() + " steps settled; applying resumes it.");
        }
    }

    /** A dry run of a new plan. */
    public static FanoutViewModel plan(DynamoSession session, Executor fx, Path journalDirectory, FanoutSettings settings, RepairPlan plan) {
        return new FanoutViewModel(session, fx, journalDirectory, settings, plan, Map.of(), null);
    }

    /** An unfinished fan-out read back from its journal. */
    public static FanoutViewModel resumeFrom(DynamoSession session, Executor fx, FanoutSettings settings, JournalState journal) {
        var directory = journal.file().toAbsolutePath().getParent();
        return new FanoutViewModel(session, fx, directory, settings, journal.plan(), journal.outcomes(), journal.file());
    }

    private int pendingSteps() {
        return (int) (plan.steps().size() - settledBefore.values().stream().filter(e -> e.outcome().settled()).count());
    }

    public String tableName() {
        return plan.tableName();
    }

    /** Who is told when a run ends (completed, cancelled, stopped), also when the dialog is no longer looked at. */
    public void notifyWith(WorkNotifier notifier) {
        this.notifier = Objects.requireNonNull(notifier, "notifier");
    }

    public RepairPlan repairPlan() {
        return plan;
    }

    /** On a production-tagged connection, Apply first asks for the table name (typed into {@link #confirmationProperty()}). */
    public boolean needsTypedConfirmation() {
        return session.writeProfile().tag().isProduction();
    }

    /**
     * The name of the connection the repair writes to, as the person knows it: for the question before Apply. For a plan
     * made from a table's export, the live table's connection ({@link dev.dynalens.service.DynamoSession#writeProfile}).
     */
    public String connectionName() {
        return session.writeProfile().name();
    }

    /** Stale copies the plan does not touch, one line each with why. */
    public java.util.List<String> leftAlone() {
        return plan.leftAlone().stream().map(l -> KeyText.values(l.finding().key()) + " " + l.finding().attribute().render() + ": " + l.reason()).toList();
    }

    /**
     * Writes the plan to a new journal and starts the guarded updates (or resumes the journal this model was read
     * from). Only from an explicit action: the Apply button, enabled by {@link #readyToApplyProperty()}, after the view
     * asked a production connection's table name into {@link #confirmationProperty()}.
     */
    public CompletableFuture<FanoutReport> apply() {
        if (!canApply.get()) {
            return CompletableFuture.failedFuture(new IllegalStateException("Applying is not possible now: " + status.get()));
        }
        var journal = existingJournal == null
                ? RepairStaleCopies.JournalFile.create(RepairStaleCopies.journalFileFor(journalDirectory, plan.tableName(), LocalDateTime.now()))
                : RepairStaleCopies.JournalFile.append(existingJournal);
        var before = status.get();
        journalFile = journal.file();
        running.set(true);
        error.set("");
        status.set("Applying; journal " + journalFile);
        var confirmer = WriteConfirmer.typed(confirmation.get(), "type the table name %s to apply.");
        handle = repair.apply(plan, settledBefore, journal, confirmer, p -> fx.execute(() -> show(p)));
        return handle.result().whenCompleteAsync((done, failure) -> {
            running.set(false);
            if (failure != null && Problems.unwrap(failure) instanceof IOException unwritable) {
                journalFile = existingJournal;
                status.set(before);
                error.set("The journal cannot be written, so nothing was sent: " + unwritable.getMessage());
                return;
            }
            finished.set(true);
            if (failure != null) {
                error.set("The fan-out did not start: " + Problems.describe(failure));
                status.set("Nothing was written.");
                notifier.workEnded("Repair failed", "Repair of " + plan.tableName() + " failed: " + Problems.describe(failure)
                        + "; nothing was written.", true);
                return;
            }
            report = done;
            show(done.counts());
            if (done.fatal() != null) {
                error.set("Stopped: " + done.fatal().getMessage());
            }
            status.set((done.complete() ? "Done" : done.cancelled() ? "Cancelled" : "Incomplete") + " in "
                    + String.format(Locale.ROOT, "%.1f s", done.elapsed().toMillis() / 1000.0)
                    + (done.complete() ? "." : "; " + done.pending() + " pending, " + done.counts().failed()
                    + " failed — reopen Repair to resume from the journal."));
            for (int i = 0; i < done.outcomes().size(); i++) {
                var outcome = done.outcomes().get(i);
                if (outcome != null) {
                    var row = steps.get(i);
                    steps.set(i, new StepRow(row.key(), row.attribute(), row.oldValue(), row.newValue(), row.expression(),
                            outcome.name().toLowerCase(Locale.ROOT).replace('_', ' ')));
                }
            }
            for (var notable : done.notable()) {
                var row = steps.get(notable.index());
                steps.set(notable.index(), new StepRow(row.key(), row.attribute(), row.oldValue(), row.newValue(), row.expression(),
                        notable.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' ') + (notable.detail() == null ? "" : ": " + notable.detail())));
            }
            notifyEnded(done);
        }, fx);
    }

    /** "Repair of Posts: 58 updated, 2 skipped (changed), 0 failed", with how it ended when it did not complete. */
    private void notifyEnded(FanoutReport done) {
        var c = done.counts();
        var counts = String.format(Locale.ROOT, "%,d updated, %s%,d skipped (changed), %,d failed", c.updated(),
                c.alreadyRepaired() == 0 ? "" : String.format(Locale.ROOT, "%,d already repaired, ", c.alreadyRepaired()),
                c.skippedChanged(), c.failed());
        var pending = String.format(Locale.ROOT, "; %,d pending", done.pending());
        var table = plan.tableName();
        if (done.fatal() != null) {
            notifier.workEnded("Repair stopped", "Repair of " + table + " stopped: " + counts + pending + " (" + Problems.describe(done.fatal()) + ")", true);
        } else if (done.cancelled()) {
            notifier.workEnded("Repair cancelled", "Repair of " + table + " cancelled: " + counts + pending, true);
        } else if (!done.complete()) {
            notifier.workEnded("Repair finished with failures", "Repair of " + table + ": " + counts
                    + (done.pending() == 0 ? "" : pending), true);
        } else {
            notifier.workEnded("Repair finished", "Repair of " + table + ": " + counts, false);
        }
    }

    private void show(FanoutProgress p) {
        progress.set(p.fraction());
        counts.set(String.format(Locale.ROOT, "%,d of %,d · %,d updated · %,d already repaired · %,d skipped (changed) · %,d failed · %,d retries · %d in flight",
                p.finished(), p.total(), p.updated(), p.alreadyRepaired(), p.skippedChanged(), p.failed(), p.retries(), p.inFlight()));
    }

    /** Sends no further update; those in flight finish and are journaled. */
    public void cancel() {
        var current = handle;
        if (current != null) {
            current.cancel();
        }
    }

    /** Saves the final report (counts, and every skipped or failed step) as text. */
    public void saveReport(Path file) throws IOException {
        if (report == null) {
            throw new IllegalStateException("No report yet");
        }
        var text = new StringBuilder("Fan-out on ").append(plan.tableName()).append(", journal ").append(journalFile).append('\n')
                .append(counts.get()).append('\n').append(status.get()).append('\n');
        for (var notable : report.notable()) {
            text.append(notable.outcome()).append(' ').append(KeyText.values(notable.step().key())).append(' ')
                    .append(notable.step().copyPath().render()).append(notable.detail() == null ? "" : ": " + notable.detail()).append('\n');
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }


    public ObservableList<StepRow> steps() { return steps; }
    public StringProperty confirmationProperty() { return confirmation; }
    /** Whether Apply can be pressed: steps are pending, nothing runs, the connection may write (the table name is asked after). */
    public BooleanBinding readyToApplyProperty() { return readyToApply; }
    /** Whether {@link #apply()} may start now: ready, and on a production connection the table name is typed. */
    public BooleanBinding canApplyProperty() { return canApply; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty finishedProperty() { return finished.getReadOnlyProperty(); }
    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }
    public ReadOnlyStringProperty countsProperty() { return counts.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public Path journalFile() { return journalFile; }
}

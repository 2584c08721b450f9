package dev.dynalens.ui.staleness;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.staleness.StalenessReport;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.LensStore;
import dev.dynalens.service.job.Job;
import dev.dynalens.ui.common.WorkNotifier;
import dev.dynalens.usecase.FindStaleCopies;
import dev.dynalens.usecase.RepairStaleCopies;
import dev.dynalens.usecase.StaleDetection;
import dev.dynalens.usecase.StaleDetectionFailedException;
import dev.dynalens.usecase.StaleProgress;
import dev.dynalens.usecase.StaleReadPlan;
import dev.dynalens.usecase.support.TableReads;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The staleness view of one table: infers the denormalization rules from the data (or checks the ones the person
 * confirmed) and lists the copies that drifted from their source (stale) or lost it (orphans), as {@code dynalens
 * stale} does: both are adapters over {@link FindStaleCopies}, which reads the table once on the {@code analysis}
 * executor (or reuses the table's current read). Before anything is read the cost is shown; on a production
 * connection the read waits for {@link #confirmRead()}. Results are applied on the {@code fx} executor.
 */
public final class StalenessViewModel {
    /** Findings of each kind listed; all are counted. */
    static final int MAX_LISTED = 10_000;

    private final String tableName;
    private final Executor fx;
    private final FindStaleCopies finder;
    private final TableReads reads;

    private final ObservableList<RuleRow> rules = FXCollections.observableArrayList();
    private final ObservableList<StaleRow> staleCopies = FXCollections.observableArrayList();
    private final ObservableList<OrphanRow> orphans = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    /** What the read will cost (before it) and what it consumed (after it). */
    private final ReadOnlyStringWrapper cost = new ReadOnlyStringWrapper("");
    /** A production read waiting for the person's confirmation; null otherwise. */
    private final ReadOnlyObjectWrapper<StaleReadPlan> awaitingConfirmation = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<StaleCells> staleCells = new ReadOnlyObjectWrapper<>(StaleCells.NONE);
    /** The report of the last complete detection: what a repair plan is made from. */
    private final ReadOnlyObjectWrapper<StalenessReport> lastReport = new ReadOnlyObjectWrapper<>();
    private final RuleChoicesModel ruleChoices;
    private final StaleRepairs repairs;

    /** On the fx executor: the last complete detection, the run in flight, which run is the latest, and its rules. */
    private StaleDetection lastDetection;
    private Job<StaleProgress, StaleDetection> detection;
    private long generation;
    private RuleChoice chosen;
    private boolean fromExport;

    /** Without a lens store: rule choices live only as long as the view. */
    public StalenessViewModel(DynamoSession session, String tableName, Executor fx, Executor analysis) {
        this(session, tableName, fx, analysis, null, null);
    }

    /** Without kept reads: every run reads the table. */
    public StalenessViewModel(DynamoSession session, String tableName, Executor fx, Executor analysis, LensStore lenses, String lensScope) {
        this(session, tableName, fx, analysis, lenses, lensScope, null);
    }

    /**
     * @param lenses    where the person's rule choices are saved, with the table's lens (shared with the collections view)
     * @param lensScope the connection's id, as the collections view uses it
     * @param reads     the table's current read, shared with the collections view; null keeps none
     */
    public StalenessViewModel(DynamoSession session, String tableName, Executor fx, Executor analysis, LensStore lenses, String lensScope,
                              TableReads reads) {
        this.tableName = tableName;
        this.fx = fx;
        this.reads = reads;
        this.finder = new FindStaleCopies(session, analysis, FindStaleCopies.Settings.defaults(), reads);
        this.ruleChoices = new RuleChoicesModel(lenses, lensScope, tableName, analysis, fx,
                change -> status.set(change + " · Find stale copies to apply"), error::set);
        this.repairs = new StaleRepairs(session, tableName, fx, analysis, reads);
    }

    public String tableName() { return tableName; }

    /** The tab reads its table from an export: the cost line says its Scans read the export's files, not read units. */
    public void readingExport() { fromExport = true; }

    /**
     * Reads the table once (or reuses its current read), infers the rules, then finds the stale copies and orphans. With
     * confirmed rules, detection checks exactly those; otherwise the inferred rules minus the rejected ones. The cost is
     * said first; a production read waits for {@link #confirmRead()} (the returned future then completes at once).
     */
    public CompletableFuture<Void> run() {
        cancel();
        var run = ++generation;
        running.set(true);
        error.set("");
        status.set("Asking DynamoDB how large " + tableName + " is…");
        rules.clear();
        staleCopies.clear();
        orphans.clear();
        staleCells.set(StaleCells.NONE);
        lastReport.set(null);
        lastDetection = null;
        awaitingConfirmation.set(null);
        chosen = RuleChoice.of(ruleChoices.current(), "a confirmed rule", (spec, e) ->
                error.set("A saved rule is not valid and was left out: " + spec + " (" + e.getMessage() + ")"));
        return finder.plan(tableName, chosen).handleAsync((plan, failure) -> {
            if (run != generation) {
                return CompletableFuture.<Void>completedFuture(null);
            }
            if (failure != null) {
                finish(run, null, failure);
                return CompletableFuture.<Void>completedFuture(null);
            }
            cost.set(fromExport ? plan.textFromExport() : plan.text());
            if (plan.needsConfirmation()) {
                awaitingConfirmation.set(plan);
                running.set(false);
                status.set(tableName + " is on a production connection: confirm the read to find stale copies");
                return CompletableFuture.<Void>completedFuture(null);
            }
            return start(run, plan);
        }, fx).thenCompose(started -> started);
    }

    /** Reads the production table whose read is waiting; does nothing when none waits. */
    public CompletableFuture<Void> confirmRead() {
        var plan = awaitingConfirmation.get();
        if (plan == null) {
            return CompletableFuture.completedFuture(null);
        }
        awaitingConfirmation.set(null);
        running.set(true);
        return start(generation, plan.confirm());
    }

    /** Leaves the waiting production read unread. */
    public void declineRead() {
        awaitingConfirmation.set(null);
        status.set("Not read: nothing was sent");
    }

    private CompletableFuture<Void> start(long run, StaleReadPlan plan) {
        status.set(plan.reads() ? "Reading " + tableName + "…" : "Using " + plan.reusing() + "…");
        detection = finder.start(plan, chosen, MAX_LISTED, finding -> { }, progress -> fx.execute(() -> progressed(run, progress)));
        return detection.result().handleAsync((found, failure) -> {
            finish(run, found, failure);
            return null;
        }, fx);
    }

    private void progressed(long run, StaleProgress progress) {
        if (run != generation || !running.get()) {
            return;
        }
        status.set(progress.text());
        if (rules.isEmpty() && !progress.checking().isEmpty()) {
            rules.setAll(progress.checking().stream().map(RuleRow::checking).toList());
        }
    }

    /** On the fx executor: shows the report, or says where a cancel or failure stopped the run. */
    private void finish(long run, StaleDetection found, Throwable failure) {
        if (run != generation) {
            return;
        }
        running.set(false);
        if (failure == null && found.complete()) {
            var report = found.report();
            show(found);
            lastDetection = found;
            lastReport.set(report);
            status.set(String.format(Locale.ROOT, "%d rule(s) · %,d stale cop%s · %,d orphan(s)%s", report.rules().size(),
                    count(report, true), count(report, true) == 1 ? "y" : "ies", count(report, false),
                    report.truncated() ? " · the lists are cut at " + MAX_LISTED : ""));
            cost.set(found.read() == null ? "" : "Read: " + (fromExport ? found.read().textFromExport() : found.read().text()));
            return;
        }
        var partial = failure == null ? found
                : Problems.unwrap(failure) instanceof StaleDetectionFailedException stopped ? stopped.partial() : null;
        if (failure != null) {
            error.set("Finding stale copies failed: " + Problems.describe(failure));
        }
        var where = partial == null ? "" : " while " + partial.endedIn().text().substring(0, 1).toLowerCase(Locale.ROOT)
                + partial.endedIn().text().substring(1);
        status.set((failure == null ? "Cancelled" : "Stopped") + where + "; no stale copies listed");
    }

    private static long count(StalenessReport report, boolean stale) {
        return report.rules().stream().mapToLong(r -> stale ? r.stale() : r.orphans()).sum();
    }

    private void show(StaleDetection shown) {
        var report = shown.report();
        rules.setAll(report.rules().stream().map(RuleRow::detected).toList());
        staleCopies.setAll(report.staleCopies().stream().map(StaleRow::of).toList());
        orphans.setAll(report.orphanCopies().stream().map(OrphanRow::of).toList());
        staleCells.set(StaleCells.of(report.staleCopies(), staleCopies, shown.keySchema()));
    }

    /**
     * The guarded updates that would repair every stale copy of the last complete detection. Empty (with no plan to
     * offer) before a detection finished, after a cancelled one, or when the lists were cut at {@value #MAX_LISTED}:
     * a plan must cover every stale copy, so then the CLI's {@code dynalens fanout} is the way.
     */
    public Optional<RepairPlan> repairPlan() {
        return lastDetection == null ? Optional.empty() : RepairStaleCopies.plan(lastDetection);
    }

    /** Why {@link #repairPlan()} is empty, for the person; empty when a plan is available. */
    public String repairUnavailableReason() {
        return StaleRepairs.unavailableReason(lastReport.get(), tableName, MAX_LISTED);
    }

    // ---- the person's rule choices, kept with the table's lens (RuleChoicesModel says what each does) ----

    /** Uses this rule (and, once any rule is confirmed, only confirmed rules) in the next detection. */
    public void confirmRule(String spec) { ruleChoices.confirm(spec); }
    /** Confirms every rule listed now. */
    public void confirmAllRules() { ruleChoices.confirmAll(rules.stream().map(RuleRow::spec).toList()); }
    /** Leaves this rule out: no longer confirmed, and not inferred again. */
    public void removeRule(String spec) { ruleChoices.remove(spec); }
    /** Adds a confirmed rule written as a SPEC, replacing {@code replacing} when given; returns why it was refused. */
    public Optional<String> addRule(String spec, String replacing) { return ruleChoices.add(spec, replacing); }
    /** Forgets every choice: rules are inferred again. */
    public void resetRules() { ruleChoices.reset(); }
    public boolean isConfirmed(String spec) { return ruleChoices.isConfirmed(spec); }
    public ReadOnlyObjectProperty<Lens.RuleChoices> ruleChoicesProperty() { return ruleChoices.property(); }

    /** Who is told when a repair started from here ends; passed to every fan-out this model creates. */
    public void notifyWith(WorkNotifier notifier) {
        repairs.notifyWith(notifier);
    }

    /** A dry run of {@link #repairPlan()}, ready to be reviewed and applied. */
    public Optional<FanoutViewModel> newRepair(Path journalDirectory) {
        return repairPlan().map(plan -> repairs.newRepair(journalDirectory, plan));
    }

    /** The newest unfinished fan-out of this table in {@code journalDirectory}, read off the FX thread. */
    public CompletableFuture<Optional<FanoutViewModel>> unfinishedRepair(Path journalDirectory) {
        return repairs.unfinished(journalDirectory);
    }

    public ReadOnlyObjectProperty<StalenessReport> lastReportProperty() { return lastReport.getReadOnlyProperty(); }

    /** Stops the read or the passes in flight. */
    public void cancel() {
        var current = detection;
        if (current != null) {
            current.cancel();
        }
    }

    /** As {@link #run()}, but reads the table anew even when a current read of it is kept. */
    public CompletableFuture<Void> readAgain() {
        java.util.Optional.ofNullable(reads).ifPresent(TableReads::invalidate);
        return run();
    }

    /** The tab closed: stops the work and lets go of the table's kept read. */
    public void close() {
        cancel();
        java.util.Optional.ofNullable(reads).ifPresent(TableReads::close);
    }

    /** The source's current value, when this item's attribute (a top-level name) holds a stale copy. */
    public Optional<String> staleSourceValue(Item item, String attribute) {
        return staleCells.get().find(item, attribute).map(StaleRow::sourceValue);
    }

    public ReadOnlyStringProperty costProperty() { return cost.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<StaleReadPlan> awaitingConfirmationProperty() { return awaitingConfirmation.getReadOnlyProperty(); }
    public ObservableList<RuleRow> rules() { return rules; }
    public ObservableList<StaleRow> staleCopies() { return staleCopies; }
    public ObservableList<OrphanRow> orphans() { return orphans; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<StaleCells> staleCellsProperty() { return staleCells.getReadOnlyProperty(); }
}

package dev.dynalens.ui.load;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.load.LoadProgress;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.ui.common.WorkNotifier;
import dev.dynalens.usecase.LoadIntoTable;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * "Load into table": copies every item of a table (a workspace file's, or any other) into a table on a
 * connection, optionally creating it with its GSIs first, over the {@link LoadIntoTable} use case (streamed: the source
 * is read as the target is written). Nothing is written until {@link #start()}; a read-only target is refused at once,
 * and on a production target the dialog asks for the table name first ({@link #needsConfirmation()}).
 */
public final class LoadIntoTableViewModel {
    private final LoadIntoTable loads;
    private final DynamoSession source;
    private final String sourceTable;
    private final Function<ConnectionProfile, DynamoSession> sessions;
    private final Executor fx;

    private final ObservableList<ConnectionProfile> targets = FXCollections.observableArrayList();
    private final ObjectProperty<ConnectionProfile> target = new SimpleObjectProperty<>();
    private final StringProperty targetTable = new SimpleStringProperty();
    private final BooleanProperty createTable = new SimpleBooleanProperty(true);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private volatile Job<LoadProgress, LoadReport> handle;
    private WorkNotifier notifier = WorkNotifier.NONE;

    /**
     * @param sessions the session of each target connection
     * @param fx       where property changes happen: the FX thread in the app, {@code Runnable::run} in tests
     */
    public LoadIntoTableViewModel(LoadIntoTable loads, DynamoSession source, String sourceTable, List<ConnectionProfile> targets,
                                  Function<ConnectionProfile, DynamoSession> sessions, Executor fx) {
        this.loads = Objects.requireNonNull(loads, "loads");
        this.source = source;
        this.sourceTable = sourceTable;
        this.sessions = sessions;
        this.fx = fx;
        this.targets.setAll(targets);
        this.targetTable.set(sourceTable);
        if (!targets.isEmpty()) {
            target.set(targets.stream().filter(t -> !t.readOnly()).findFirst().orElse(targets.get(0)));
        }
    }

    /** Who is told when the load ends (done, cancelled or failed), also when its dialog was closed meanwhile. */
    public void notifyWith(WorkNotifier notifier) {
        this.notifier = Objects.requireNonNull(notifier, "notifier");
    }

    /** Whether Start must first ask for the table name: the chosen target is tagged production (and may write). */
    public boolean needsConfirmation() {
        var profile = target.get();
        return profile != null && profile.tag().isProduction() && !profile.readOnly();
    }

    /** The table name as it will be written into (what a production target's confirmation must match). */
    public String targetTableName() {
        return targetTable.get() == null ? "" : targetTable.get().strip();
    }

    /** Starts without a typed confirmation: a production target is refused by the write guard, which says so. */
    public CompletableFuture<LoadReport> start() {
        return start(null);
    }

    /**
     * Reads the source page by page and loads it into the target with progress. The returned future completes (on
     * {@code fx}) with the report, or null when nothing was written (refused, failed, or cancelled before the first write).
     *
     * @param typedTableName what the person typed to confirm a production target, or null
     */
    public CompletableFuture<LoadReport> start(String typedTableName) {
        var profile = target.get();
        var table = targetTableName();
        if (profile == null || table.isEmpty()) {
            status.set("Choose a connection and a table name.");
            return CompletableFuture.completedFuture(null);
        }
        if (profile.readOnly()) {
            status.set("Connection '" + profile.name() + "' is read-only: nothing was written.");
            return CompletableFuture.completedFuture(null);
        }
        running.set(true);
        progress.set(-1);
        status.set("Reading " + sourceTable + "…");
        var started = loads.start(new LoadIntoTable.Request(source, sourceTable, sessions.apply(profile), table, createTable.get()),
                WriteConfirmer.typed(typedTableName, "type the table name %s to load into it"), p -> fx.execute(() -> show(p)));
        handle = started;
        var what = "Load of " + sourceTable + " into " + table + " on " + profile.name();
        return started.result().handleAsync((report, failure) -> {
            running.set(false);
            handle = null;
            if (failure != null) {
                progress.set(0);
                status.set("Load failed: " + Problems.describe(failure));
                notifier.workEnded("Load failed", what + " failed: " + Problems.describe(failure), true);
                return null;
            }
            if (report.outcome() == LoadReport.Outcome.CANCELLED && report.read() == 0) {
                progress.set(0);
                status.set("Cancelled before anything was written.");
                notifier.workEnded("Load cancelled", what + " cancelled before anything was written.", true);
                return null;
            }
            var of = itemsOf(report);
            progress.set(of > 0 ? Math.min(1, (double) report.written() / of) : report.outcome() == LoadReport.Outcome.COMPLETED ? 1 : 0);
            status.set(describe(report));
            notifier.workEnded(switch (report.outcome()) {
                case COMPLETED -> "Load finished";
                case CANCELLED -> "Load cancelled";
                case FAILED -> "Load stopped";
            }, String.format(Locale.ROOT, "%s: %s written, %,d rejected.", what, counted(report.written(), of, "items"), report.rejected().size()),
                    report.outcome() != LoadReport.Outcome.COMPLETED);
            return report;
        }, fx);
    }

    private void show(LoadProgress p) {
        if (!running.get()) {
            return;
        }
        var total = withinTotal(p);
        progress.set(total < 0 ? -1 : total == 0 ? 1 : (double) (p.written() + p.rejected()) / total);
        status.set(progressText(p));
    }

    /**
     * "Written 1,200 of 5,000 · 0 rejected · 2 retries"; without "of" when the source gave no count, or when the load
     * went past DynamoDB's approximate one.
     */
    static String progressText(LoadProgress p) {
        var total = withinTotal(p);
        return String.format(Locale.ROOT, "Written %s · %,d rejected · %,d retries", total < 0 ? String.format(Locale.ROOT, "%,d", p.written())
                : String.format(Locale.ROOT, "%,d of %,d", p.written(), total), p.rejected(), p.retries());
    }

    /** The total to show progress against, or -1 when unknown or already passed. */
    private static long withinTotal(LoadProgress p) {
        return p.total() >= 0 && p.written() + p.rejected() <= p.total() ? p.total() : -1;
    }

    static String describe(LoadReport report) {
        var text = String.format(Locale.ROOT, "%s: %s written in %.1f s", switch (report.outcome()) {
            case COMPLETED -> "Done";
            case CANCELLED -> "Cancelled";
            case FAILED -> "Stopped";
        }, counted(report.written(), itemsOf(report), "item(s)"), report.elapsed().toMillis() / 1000.0);
        if (!report.rejected().isEmpty()) {
            text += String.format(Locale.ROOT, "; %d rejected, first: %s", report.rejected().size(), report.rejected().get(0).reason());
        }
        return text;
    }

    /**
     * The items there were to load: all the source's when the load completed (DynamoDB's count is only approximate), its
     * count otherwise, or -1 when it gave none.
     */
    private static long itemsOf(LoadReport report) {
        return report.outcome() == LoadReport.Outcome.COMPLETED ? report.read() : report.total();
    }

    /** "50 of 75 items", or "50 items" when the number there was is unknown. */
    private static String counted(long written, long of, String noun) {
        return of < 0 ? String.format(Locale.ROOT, "%,d %s", written, noun) : String.format(Locale.ROOT, "%,d of %,d %s", written, of, noun);
    }

    /** Stops reading and sending; batches already sent finish, and the report says how many were written. */
    public void cancel() {
        var current = handle;
        if (current != null) {
            current.cancel();
        }
    }

    public ObservableList<ConnectionProfile> targets() { return targets; }
    public ObjectProperty<ConnectionProfile> targetProperty() { return target; }
    public StringProperty targetTableProperty() { return targetTable; }
    public BooleanProperty createTableProperty() { return createTable; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public String sourceTable() { return sourceTable; }
}

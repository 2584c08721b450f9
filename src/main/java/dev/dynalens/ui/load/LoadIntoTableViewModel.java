package dev.dynalens.ui.load;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.load.LoadProgress;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.ui.common.WorkNotifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * connection, optionally creating it with its GSIs first. Nothing is written until {@link #start()};
 * read-only connections are refused by the service layer and the refusal is shown.
 */
public final class LoadIntoTableViewModel {
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
    private volatile boolean cancelled;
    private WorkNotifier notifier = WorkNotifier.NONE;

    public LoadIntoTableViewModel(DynamoSession source, String sourceTable, List<ConnectionProfile> targets,
                                  Function<ConnectionProfile, DynamoSession> sessions, Executor fx) {
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
        this.notifier = java.util.Objects.requireNonNull(notifier, "notifier");
    }

    /** Reads the source (every page), then loads it into the target with progress. */
    public CompletableFuture<LoadReport> start() {
        var profile = target.get();
        var table = targetTable.get() == null ? "" : targetTable.get().strip();
        if (profile == null || table.isEmpty()) {
            status.set("Choose a connection and a table name.");
            return CompletableFuture.completedFuture(null);
        }
        if (profile.readOnly()) {
            status.set("Connection '" + profile.name() + "' is read-only: nothing was written.");
            return CompletableFuture.completedFuture(null);
        }
        cancelled = false;
        running.set(true);
        progress.set(-1);
        status.set("Reading " + sourceTable + "…");
        var create = createTable.get();
        return source.describeTable(sourceTable)
                .thenCompose(description -> readAll(new ReadRequest.Scan(sourceTable, null, null, null), new ArrayList<>())
                        .thenApply(items -> request(description, items, table, create)))
                .thenCompose(request -> {
                    if (cancelled) {
                        return CompletableFuture.<LoadReport>completedFuture(null);
                    }
                    fx.execute(() -> status.set("Writing " + request.totalItems() + " item(s) to " + table + " on " + profile.name() + "…"));
                    var started = new TableLoader(sessions.apply(profile)).start(request,
                            p -> fx.execute(() -> {
                                progress.set(p.fraction());
                                status.set(String.format(Locale.ROOT, "Written %,d of %,d · %d rejected · %d retries",
                                        p.written(), p.total(), p.rejected(), p.retries()));
                            }));
                    handle = started;
                    return started.result();
                })
                .handleAsync((report, failure) -> {
                    running.set(false);
                    handle = null;
                    if (failure != null) {
                        progress.set(0);
                        status.set("Load failed: " + Problems.describe(failure));
                        notifier.workEnded("Load failed", "Load of " + sourceTable + " into " + table + " on " + profile.name()
                                + " failed: " + Problems.describe(failure), true);
                        return null;
                    }
                    if (report == null) {
                        progress.set(0);
                        status.set("Cancelled before anything was written.");
                        notifier.workEnded("Load cancelled", "Load of " + sourceTable + " into " + table + " on " + profile.name()
                                + " cancelled before anything was written.", true);
                        return null;
                    }
                    progress.set(report.total() == 0 ? 1 : (double) report.written() / report.total());
                    status.set(describe(report));
                    notifier.workEnded(switch (report.outcome()) {
                        case COMPLETED -> "Load finished";
                        case CANCELLED -> "Load cancelled";
                        case FAILED -> "Load stopped";
                    }, String.format(Locale.ROOT, "Load of %s into %s on %s: %,d of %,d items written, %,d rejected.", sourceTable,
                            table, profile.name(), report.written(), report.total(), report.rejected().size()),
                            report.outcome() != LoadReport.Outcome.COMPLETED);
                    return report;
                }, fx);
    }

    private CompletableFuture<List<Item>> readAll(ReadRequest request, List<Item> into) {
        if (cancelled) {
            return CompletableFuture.completedFuture(into);
        }
        return source.read(request).thenCompose((Page page) -> {
            into.addAll(page.items());
            return page.next().map(request::withExclusiveStartKey).map(next -> readAll(next, into))
                    .orElseGet(() -> CompletableFuture.completedFuture(into));
        });
    }

    private static LoadRequest request(TableDescription description, List<Item> items, String table, boolean create) {
        var request = LoadRequest.of(table, items);
        if (!create) {
            return request;
        }
        var indexes = new ArrayList<IndexDescription>(description.globalSecondaryIndexes());
        return request.creatingTable(new CreateTableSpec(table, description.keySchema(), indexes));
    }

    static String describe(LoadReport report) {
        var text = String.format(Locale.ROOT, "%s: %,d of %,d item(s) written in %.1f s", switch (report.outcome()) {
            case COMPLETED -> "Done";
            case CANCELLED -> "Cancelled";
            case FAILED -> "Stopped";
        }, report.written(), report.total(), report.elapsed().toMillis() / 1000.0);
        if (!report.rejected().isEmpty()) {
            text += String.format(Locale.ROOT, "; %d rejected, first: %s", report.rejected().size(), report.rejected().get(0).reason());
        }
        return text;
    }

    /** Stops sending; batches already sent finish, and the report says how many were written. */
    public void cancel() {
        cancelled = true;
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

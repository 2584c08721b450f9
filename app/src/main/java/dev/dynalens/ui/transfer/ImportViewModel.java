package dev.dynalens.ui.transfer;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.transfer.ImportProgress;
import dev.dynalens.service.transfer.ImportReport;
import dev.dynalens.service.transfer.ImportRequest;
import dev.dynalens.ui.common.WorkNotifier;
import dev.dynalens.usecase.ImportFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * "Import…": a file into the table, with progress, cancel, the count at the end and every rejected line
 * listed with its reason, over the {@link ImportFile} use case. A read-only connection is refused by the write guard;
 * the dialog says so up front. On a production connection the dialog asks for the table name first
 * ({@link #needsConfirmation()}) and starts with the name typed.
 */
public final class ImportViewModel {
    private final ImportFile imports;
    private final ConnectionProfile profile;
    private final String table;
    private final Executor fx;

    /** The formats to choose from; null stands for "tell from the content". */
    private final ObservableList<TransferFormat> formats = FXCollections.observableArrayList();
    private final ObjectProperty<TransferFormat> format = new SimpleObjectProperty<>();
    private final ObjectProperty<Path> file = new SimpleObjectProperty<>();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ObservableList<String> rejected = FXCollections.observableArrayList();
    private Job<ImportProgress, ImportReport> handle;
    private WorkNotifier notifier = WorkNotifier.NONE;

    public ImportViewModel(ImportFile imports, String table, Executor fx) {
        this.imports = imports;
        this.profile = imports.connection();
        this.table = table;
        this.fx = fx;
        var choices = new ArrayList<TransferFormat>();
        choices.add(null);
        choices.addAll(Arrays.asList(TransferFormat.values()));
        formats.setAll(choices);
        if (profile.readOnly()) {
            status.set("Connection '" + profile.name() + "' is read-only: importing is refused.");
        }
    }

    /** Who is told when the import ends (done, cancelled or failed), also when its dialog was closed meanwhile. */
    public void notifyWith(WorkNotifier notifier) {
        this.notifier = java.util.Objects.requireNonNull(notifier, "notifier");
    }

    /** Whether Start must first ask for the table name: the connection is tagged production (and may write). */
    public boolean needsConfirmation() {
        return profile.tag().isProduction() && !profile.readOnly();
    }

    /** Starts without a typed confirmation: on a production connection the guard refuses, and says so. */
    public CompletableFuture<ImportReport> start() {
        return start(null);
    }

    /**
     * Starts the import; the returned future completes (on {@code fx}) with the report, or null when nothing was imported.
     *
     * @param typedTableName what the person typed to confirm a production connection, or null
     */
    public CompletableFuture<ImportReport> start(String typedTableName) {
        var source = file.get();
        if (source == null) {
            status.set("Choose a file to import.");
            return CompletableFuture.completedFuture(null);
        }
        running.set(true);
        progress.set(-1);
        rejected.clear();
        status.set("Importing " + source.getFileName() + " into " + table + "…");
        var started = imports.start(new ImportRequest(table, source, format.get()),
                WriteConfirmer.typed(typedTableName, "type the table name %s to import into it"), p -> fx.execute(() -> show(p)));
        handle = started;
        return started.result().handleAsync((report, failure) -> {
            running.set(false);
            handle = null;
            if (failure != null) {
                progress.set(0);
                status.set("Import failed: " + Problems.describe(failure));
                notifier.workEnded("Import failed", "Import of " + source.getFileName() + " into " + table + " failed: "
                        + Problems.describe(failure), true);
                return null;
            }
            progress.set(report.outcome() == ImportReport.Outcome.COMPLETED ? 1 : progress.get());
            report.rejected().forEach(r -> rejected.add(r.toString()));
            // Values coerced and keys given twice were written, but a person should see them: after the rejections.
            report.notes().forEach(n -> rejected.add("Note — " + n));
            status.set(String.format(Locale.ROOT, "%s %,d of %,d items written (%s) in %.1f s; %,d rejected%s.",
                    report.outcome() == ImportReport.Outcome.COMPLETED ? "Done:" : "Cancelled:", report.written(), report.read(),
                    report.format().label(), report.elapsed().toMillis() / 1000.0, report.rejected().size(),
                    report.rejected().isEmpty() && report.notes().isEmpty() ? ""
                            : report.notes().isEmpty() ? " (listed below)" : String.format(Locale.ROOT, ", %,d notes (listed below)",
                            report.notes().size())));
            var completed = report.outcome() == ImportReport.Outcome.COMPLETED;
            notifier.workEnded(completed ? "Import finished" : "Import cancelled", String.format(Locale.ROOT,
                    "Import of %s into %s%s: %,d items written, %,d rejected.", source.getFileName(), table,
                    completed ? "" : " cancelled", report.written(), report.rejected().size()), !completed);
            return report;
        }, fx);
    }

    private void show(ImportProgress p) {
        if (!running.get()) {
            return;
        }
        progress.set(p.fraction());
        status.set(String.format(Locale.ROOT, "Written %,d · %,d rejected · %,d retries…", p.written(), p.rejected(), p.retries()));
    }

    /** Stops sending; requests in flight finish and the report counts them. */
    public void cancel() {
        var current = handle;
        if (current != null) {
            current.cancel();
        }
    }

    /** How a format choice reads in the dialog. */
    public static String describe(TransferFormat format) {
        return format == null ? "Tell from the content" : format.label();
    }

    public boolean readOnly() { return profile.readOnly(); }
    public String connectionName() { return profile.name(); }
    public ObservableList<TransferFormat> formats() { return formats; }
    public ObjectProperty<TransferFormat> formatProperty() { return format; }
    public ObjectProperty<Path> fileProperty() { return file; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ObservableList<String> rejected() { return rejected; }
    public String table() { return table; }
}

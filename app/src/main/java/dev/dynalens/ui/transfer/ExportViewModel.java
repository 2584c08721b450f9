package dev.dynalens.ui.transfer;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.transfer.CsvStyle;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.transfer.ExportProgress;
import dev.dynalens.service.transfer.ExportReport;
import dev.dynalens.ui.common.WorkNotifier;
import dev.dynalens.usecase.ExportTable;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * "Export…": every item of a table into a file in the chosen format, with progress, cancel and the count
 * at the end, over the {@link ExportTable} use case: every page is read; the file appears only when the export completes.
 */
public final class ExportViewModel {
    private final ExportTable exports;
    private final String table;
    private final Executor fx;

    private final ObservableList<TransferFormat> formats = FXCollections.observableArrayList(TransferFormat.values());
    private final ObjectProperty<TransferFormat> format = new SimpleObjectProperty<>(TransferFormat.JSONL);
    private final ObjectProperty<Path> file = new SimpleObjectProperty<>();
    /** CSV only: guard the cells a spreadsheet would run as formulas ({@link CsvStyle#SPREADSHEET_SAFE}). */
    private final BooleanProperty spreadsheetSafe = new SimpleBooleanProperty(false);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyLongWrapper items = new ReadOnlyLongWrapper(0);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper confirmation = new ReadOnlyStringWrapper("");
    private Job<ExportProgress, ExportReport> handle;
    private WorkNotifier notifier = WorkNotifier.NONE;

    /** @param fx where property changes happen: the FX thread in the app, {@code Runnable::run} in tests */
    public ExportViewModel(ExportTable exports, String table, Executor fx) {
        this.exports = exports;
        this.table = table;
        this.fx = fx;
    }

    /** Who is told when the export ends (done, cancelled or failed), also when its dialog was closed meanwhile. */
    public void notifyWith(WorkNotifier notifier) {
        this.notifier = java.util.Objects.requireNonNull(notifier, "notifier");
    }

    /** A file name for the chooser: the table's name with the format's extension. */
    public String suggestedFileName() {
        var chosen = format.get() == null ? TransferFormat.JSONL : format.get();
        return table + (chosen == TransferFormat.WORKBENCH ? ".model" : "") + chosen.extension();
    }

    /**
     * Non-empty while the export waits for the person's yes to its read (a whole table on a connection tagged
     * production): what it costs, as a question. {@link #startConfirmed()} answers yes, {@link #dismissConfirmation()} no.
     */
    public ReadOnlyStringProperty confirmationProperty() {
        return confirmation.getReadOnlyProperty();
    }

    /**
     * Starts the export; the returned future completes (on {@code fx}) with the report, or null when nothing was exported.
     * On a connection tagged production it first says what reading the whole table costs ({@link #confirmationProperty()})
     * and reads nothing until {@link #startConfirmed()}.
     */
    public CompletableFuture<ExportReport> start() {
        return start(false);
    }

    /** The person agreed to the read's cost: the export starts. */
    public CompletableFuture<ExportReport> startConfirmed() {
        confirmation.set("");
        return start(true);
    }

    public void dismissConfirmation() {
        confirmation.set("");
        status.set("Not exported: nothing was read.");
    }

    private CompletableFuture<ExportReport> start(boolean confirmed) {
        var target = file.get();
        var chosen = format.get();
        if (target == null || chosen == null) {
            status.set("Choose a format and a file.");
            return CompletableFuture.completedFuture(null);
        }
        if (!confirmed && exports.asksFirst()) {
            status.set("Finding out what reading " + table + " costs…");
            return exports.wholeRead(table, null).handleAsync((read, failure) -> {
                if (failure != null) {
                    status.set("Could not describe " + table + ": " + Problems.describe(failure) + ". Nothing was read.");
                } else {
                    status.set("");
                    confirmation.set(read.text() + ", on a connection tagged production. Export it?");
                }
                return (ExportReport) null;
            }, fx);
        }
        running.set(true);
        progress.set(-1);
        items.set(0);
        status.set("Reading " + table + "…");
        var style = chosen == TransferFormat.CSV && spreadsheetSafe.get() ? CsvStyle.SPREADSHEET_SAFE : CsvStyle.TYPED;
        var started = exports.startScan(table, null, null, chosen, style, target,
                p -> fx.execute(() -> show(p)));
        handle = started;
        return started.result().handleAsync((report, failure) -> {
            running.set(false);
            handle = null;
            if (failure != null) {
                progress.set(0);
                status.set("Export failed: " + Problems.describe(failure) + ". " + target.getFileName() + " was not written.");
                notifier.workEnded("Export failed", "Export of " + table + " failed: " + Problems.describe(failure) + "; "
                        + target.getFileName() + " was not written.", true);
                return null;
            }
            items.set(report.items());
            if (report.outcome() == ExportReport.Outcome.CANCELLED) {
                progress.set(0);
                status.set(String.format(Locale.ROOT, "Cancelled after %,d items; %s was not written.", report.items(), target.getFileName()));
                notifier.workEnded("Export cancelled", String.format(Locale.ROOT, "Export of %s cancelled after %,d items; %s was not written.",
                        table, report.items(), target.getFileName()), true);
            } else {
                progress.set(1);
                status.set(String.format(Locale.ROOT, "Done: %,d items written to %s (%s) in %.1f s.", report.items(), target,
                        report.format().label(), report.elapsed().toMillis() / 1000.0));
                notifier.workEnded("Export finished", String.format(Locale.ROOT, "Export of %s: %,d items written to %s (%s).",
                        table, report.items(), target.getFileName(), report.format().label()), false);
            }
            return report;
        }, fx);
    }

    private void show(ExportProgress p) {
        if (!running.get()) {
            return;
        }
        items.set(p.items());
        progress.set(p.fraction());
        status.set(p.fraction() < 0 ? String.format(Locale.ROOT, "Exported %,d items (%d pages)…", p.items(), p.pages())
                : String.format(Locale.ROOT, "Exported %,d of about %,d items (%d pages)…", p.items(), p.estimatedTotal(), p.pages()));
    }

    /** Aborts the read in flight; nothing is written to the chosen file. */
    public void cancel() {
        var current = handle;
        if (current != null) {
            current.cancel();
        }
    }

    public ObservableList<TransferFormat> formats() { return formats; }
    public ObjectProperty<TransferFormat> formatProperty() { return format; }
    public ObjectProperty<Path> fileProperty() { return file; }
    public BooleanProperty spreadsheetSafeProperty() { return spreadsheetSafe; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }
    public ReadOnlyLongProperty itemsProperty() { return items.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public String table() { return table; }
}

package dev.dynalens.ui.change;

import dev.dynalens.domain.change.ChangeFileReader;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.change.ChangeJournal;
import dev.dynalens.service.change.ChangeProgress;
import dev.dynalens.service.change.ChangeReport;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.change.UndoFile;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.job.Job;
import dev.dynalens.ui.common.WorkNotifier;
import dev.dynalens.usecase.ApplyChange;
import dev.dynalens.usecase.RevertChange;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The writing half of Change items…: Apply (a complete plan's changing items over {@link ApplyChange}, its journal and
 * undo file in {@code directory}, within the optional write budget), Resume (an unfinished journal of the table, the
 * change file it was written for read back), Undo (the run's undo file over {@link RevertChange}), with progress and
 * cancel. Each writes through the write guard: a read-only connection refuses, and on a production one the view asks
 * for the table name into {@link #confirmationProperty()} first. Files are read and written on {@code work}.
 */
public final class ChangeRunModel {
    private final DynamoSession session;
    private final String tableName;
    private final Executor fx;
    private final Executor work;
    private final Path directory;
    private final ObservableValue<ChangeViewModel.Planned> planned;
    private final StringProperty text;

    private final StringProperty budget = new SimpleStringProperty("");
    private final StringProperty confirmation = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper applied = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper counts = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<ChangeJournal.State> resumable = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Path> undoFile = new ReadOnlyObjectWrapper<>();
    private final ObservableList<String> notable = FXCollections.observableArrayList();
    private final BooleanBinding readyToApply;
    private volatile Job<ChangeProgress, ChangeReport> handle;
    private WorkNotifier notifier = WorkNotifier.NONE;

    ChangeRunModel(DynamoSession session, String tableName, Executor fx, Executor work, Path directory,
                   ObservableValue<ChangeViewModel.Planned> planned, StringProperty text) {
        this.session = session;
        this.tableName = tableName;
        this.fx = fx;
        this.work = work;
        this.directory = directory;
        this.planned = planned;
        this.text = text;
        readyToApply = Bindings.createBooleanBinding(() -> !running.get() && !applied.get() && !session.writeProfile().readOnly()
                && planned.getValue() != null && planned.getValue().plan().changing() > 0, running, applied, planned);
    }

    /** Who is told when a run ends, also when the dialog is no longer looked at. */
    public void notifyWith(WorkNotifier notifier) { this.notifier = java.util.Objects.requireNonNull(notifier, "notifier"); }

    /** On a production-tagged connection, each write first asks for the table name (typed into {@link #confirmationProperty()}). */
    public boolean needsTypedConfirmation() { return session.writeProfile().tag().isProduction(); }

    /** The connection written to, as the person knows it (for a tab read from an export, the live table's). */
    public String connectionName() { return session.writeProfile().name(); }

    /** Looks for an unfinished change of this table in the folder, off the FX thread, and offers it for {@link #resume()}. */
    public CompletableFuture<Void> findUnfinished() {
        return findUnfinished(true);
    }

    private CompletableFuture<Void> findUnfinished(boolean say) {
        return CompletableFuture.supplyAsync(() -> ApplyChange.newestUnfinished(directory, tableName), work).thenAcceptAsync(found ->
                found.filter(state -> !running.get()).ifPresent(state -> {
                    resumable.set(state);
                    if (say) status.set(String.format(Locale.ROOT, "An unfinished change of %s (%s): %,d of %,d items settled. Resume writes the rest "
                            + "once each.", tableName, state.header().created(), state.settled(), state.befores().size()));
                }), fx);
    }

    /** Writes the plan's change file, journal and undo file into the folder, then its changing items, within the budget. */
    public CompletableFuture<ChangeReport> apply() {
        var shown = planned.getValue();
        var settings = settings();
        if (!readyToApply.get() || settings.isEmpty() || !confirmed()) {
            return refused("Applying is not possible now: " + (settings.isEmpty() ? error.get() : status.get()));
        }
        var apply = new ApplyChange(session, settings.get(), confirmer());
        var files = ApplyChange.AppFiles.in(directory, tableName, LocalDateTime.now());
        return run("Applying", "Change", CompletableFuture.supplyAsync(() -> {
            try {
                Files.createDirectories(directory);
                Files.writeString(files.change(), shown.text(), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return apply.fresh(shown.plan(), files.change().toString(), shown.text(), files.journal(), files.undo());
        }, work), apply, settings.get().maxUnitsPerSecond());
    }

    /** Resumes the unfinished journal offered: its change file read back and planned again, only the items not settled sent. */
    public CompletableFuture<ChangeReport> resume() {
        var state = resumable.get();
        var settings = settings();
        if (state == null || running.get() || settings.isEmpty() || session.writeProfile().readOnly() || !confirmed()) {
            return refused("Resuming is not possible now: " + (settings.isEmpty() ? error.get() : status.get()));
        }
        var apply = new ApplyChange(session, settings.get(), confirmer());
        return run("Resuming", "Change", CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(Path.of(state.header().changeFile()), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalStateException("the change file " + state.header().changeFile() + " of the journal cannot be read: "
                        + e.getMessage(), e);
            }
        }, work).thenCombine(session.describeTable(tableName), (changeText, table) -> {
            fx.execute(() -> text.set(changeText));
            try {
                return apply.resume(ChangeFileReader.read(changeText), changeText, table, state);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }), apply, settings.get().maxUnitsPerSecond());
    }

    private CompletableFuture<ChangeReport> run(String doing, String what, CompletableFuture<ApplyChange.Prepared> preparing, ApplyChange apply,
                                             BigDecimal limit) {
        running.set(true);
        error.set("");
        notable.clear();
        status.set(doing + " the change to " + tableName + "…");
        var result = preparing.thenCompose(prepared -> {
            fx.execute(() -> {
                undoFile.set(null);
                status.set(String.format(Locale.ROOT, "%s: %,d items (%s WCU%s); journal %s", doing, prepared.toWrite(), prepared.writeUnits(),
                        limit == null ? "" : ", at most " + limit.toPlainString() + " WCU/s",
                        prepared.journal()));
            });
            handle = apply.start(prepared, p -> fx.execute(() -> show(p)));
            return handle.result().thenApply(report -> java.util.Map.entry(prepared, report));
        });
        return result.handleAsync((done, failure) -> {
            running.set(false);
            if (failure != null) {
                var cause = Problems.unwrap(failure);
                error.set((cause instanceof IOException || cause instanceof java.io.UncheckedIOException
                        ? "The journal or undo file cannot be written, so nothing was sent: " : "The change did not start: ")
                        + Problems.describe(failure));
                status.set("Nothing was written.");
                notifier.workEnded(what + " failed", what + " of " + tableName + " failed: " + Problems.describe(failure), true);
                throw new java.util.concurrent.CompletionException(cause);
            }
            var report = done.getValue();
            applied.set(true);
            resumable.set(null);
            undoFile.set(done.getKey().undo());
            ended(what, report, done.getKey().journal());
            if (!report.complete()) {
                findUnfinished(false); // what is left is offered to Resume at once
            }
            return report;
        }, fx);
    }

    /** Puts back every item the run wrote, from its undo file, where it still holds what the change wrote. */
    public CompletableFuture<ChangeReport> undo() {
        var file = undoFile.get();
        var settings = settings();
        if (file == null || running.get() || settings.isEmpty() || !confirmed()) {
            return refused("Undoing is not possible now: " + (settings.isEmpty() ? error.get() : status.get()));
        }
        var revert = new RevertChange(session, settings.get(), confirmer());
        running.set(true);
        error.set("");
        notable.clear();
        status.set("Undoing the change: putting the items back…");
        return CompletableFuture.supplyAsync(() -> {
            try {
                return RevertChange.readUndo(file);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, work).thenCombine(session.describeTable(tableName), (undo, table) -> {
            handle = revert.start(undo, table, p -> fx.execute(() -> show(p)));
            return handle;
        }).thenCompose(Job::result).handleAsync((report, failure) -> {
            running.set(false);
            if (failure != null) {
                error.set("The undo did not start: " + Problems.describe(failure));
                status.set("Nothing was put back.");
                throw new java.util.concurrent.CompletionException(Problems.unwrap(failure));
            }
            if (report.complete()) {
                undoFile.set(null);
            }
            ended("Undo", report, null);
            return report;
        }, fx);
    }

    private void ended(String what, ChangeReport report, Path journal) {
        show(report.counts());
        report.notable().forEach(item -> notable.add(ChangeRows.notable(item)));
        var summary = ChangeRows.summary(report);
        var how = report.fatal() != null ? "Stopped" : report.cancelled() ? "Cancelled" : report.complete() ? "Done" : "Incomplete";
        status.set(how + String.format(Locale.ROOT, " in %.1f s: ", report.elapsed().toMillis() / 1000.0) + summary
                + (report.itemByItem() ? "; moves went item by item (put, then delete): the endpoint has no transactions" : "")
                + (journal == null || report.complete() ? "" : "; reopen Change items… to resume from " + journal.getFileName()));
        if (report.fatal() != null) {
            error.set("Stopped: " + Problems.describe(report.fatal()));
        }
        notifier.workEnded(what + " " + how.toLowerCase(Locale.ROOT), what + " of " + tableName + ": " + summary, !report.complete());
    }

    private void show(ChangeProgress p) {
        progress.set(p.total() == 0 ? 1 : (double) p.finished() / p.total());
        counts.set(ChangeRows.progress(p));
    }

    /** The settings with the budget typed; empty (and the error said) when the budget is not a number above 0. */
    private Optional<ChangeSettings> settings() {
        var typed = budget.get() == null ? "" : budget.get().strip();
        if (typed.isEmpty()) {
            return Optional.of(ChangeSettings.DEFAULTS);
        }
        try {
            var value = new BigDecimal(typed);
            if (value.signum() > 0) {
                return Optional.of(ChangeSettings.DEFAULTS.withBudget(value));
            }
        } catch (NumberFormatException e) {
            // said below
        }
        error.set("The write budget is write units per second above 0, such as 200 (empty: none), not '" + typed + "'.");
        return Optional.empty();
    }

    private boolean confirmed() {
        return !needsTypedConfirmation() || WriteConfirmer.confirms(confirmation.get(), tableName);
    }

    private WriteConfirmer confirmer() {
        return WriteConfirmer.typed(confirmation.get(), "type the table name %s to write.");
    }

    private static <T> CompletableFuture<T> refused(String why) { return CompletableFuture.failedFuture(new IllegalStateException(why)); }

    /** Sends no further write; those in flight finish and are journaled. */
    public void cancel() {
        var current = handle;
        if (current != null && running.get()) {
            current.cancel();
        }
    }

    public StringProperty budgetProperty() { return budget; }
    public StringProperty confirmationProperty() { return confirmation; }
    /** Whether Apply can be pressed: a complete plan that writes, nothing running, a connection that may write. */
    public BooleanBinding readyToApplyProperty() { return readyToApply; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }
    public ReadOnlyStringProperty countsProperty() { return counts.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    /** An unfinished change of the table, offered for {@link #resume()}; null when none. */
    public ReadOnlyObjectProperty<ChangeJournal.State> resumableProperty() { return resumable.getReadOnlyProperty(); }
    /** The undo file of the last run, while Undo is offered; null otherwise. */
    public ReadOnlyObjectProperty<Path> undoFileProperty() { return undoFile.getReadOnlyProperty(); }
    /** Items skipped or failed in the last run, with why. */
    public ObservableList<String> notable() { return notable; }
}

package dev.dynalens.ui.exports;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.exports.ExportCost;
import dev.dynalens.domain.exports.ExportRequest;
import dev.dynalens.domain.exports.ExportsUnsupportedException;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.job.Job;
import dev.dynalens.usecase.ExportFailedException;
import dev.dynalens.usecase.OpenExport;
import dev.dynalens.usecase.StartExport;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * "Export to S3…" of a live table, over {@link StartExport}: the export asked for ({@link ExportForm}), then
 * {@link #check()} says what it costs and whether point-in-time recovery is on (DescribeTable, DescribeContinuousBackups);
 * only a checked export starts, and changing the form asks for another check. Recovery that is off is turned on only when
 * the person ticks it, through the write guard: refused on a read-only connection (said at once), the table's name asked
 * first on a production one ({@link #needsConfirmation()}). Then the export is watched (DescribeExport every 15 s) until
 * it completed, with {@link #readIt()} opening it in a tab as "Read from an export…" does, or failed, with DynamoDB's
 * FailureCode and FailureMessage. {@link #stop()} stops the waiting, not the export.
 */
public final class StartExportViewModel {
    private final StartExport exports;
    private final OpenExport opener;
    private final ConnectionProfile connection;
    private final Executor fx;
    private final ExportForm form;
    private final BooleanProperty turnOnRecovery = new SimpleBooleanProperty(false);
    private final ReadOnlyObjectWrapper<StartExport.Plan> plan = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper cost = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper recovery = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper checking = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<StartExport.Outcome> completed = new ReadOnlyObjectWrapper<>();
    private final BooleanBinding recoveryOffered;
    private final BooleanBinding canStart;
    private Consumer<OpenExport.Opened> onOpened = opened -> opened.session().close();
    private Job<?, ?> handle;
    private long checks;

    /**
     * @param connection the live table's connection: read-only and production are said before anything is sent
     * @param fx         where property changes happen: the FX thread in the app, {@code Runnable::run} in tests
     */
    public StartExportViewModel(StartExport exports, OpenExport opener, ConnectionProfile connection, String table, Executor fx) {
        this.exports = Objects.requireNonNull(exports, "exports");
        this.opener = Objects.requireNonNull(opener, "opener");
        this.connection = Objects.requireNonNull(connection, "connection");
        this.fx = Objects.requireNonNull(fx, "fx");
        this.form = new ExportForm(table);
        recoveryOffered = Bindings.createBooleanBinding(() -> plan.get() != null && plan.get().needsRecovery() && !connection.readOnly(), plan);
        canStart = Bindings.createBooleanBinding(() -> {
            var checked = plan.get();
            return checked != null && !running.get() && checked.problem().isEmpty()
                    && (!checked.needsRecovery() || recoveryOffered.get() && turnOnRecovery.get());
        }, plan, running, recoveryOffered, turnOnRecovery);
        form.fields().forEach(field -> field.addListener(changed -> uncheck()));
        status.set("Give the bucket, then Check: the export's cost and the table's point-in-time recovery are said before it starts.");
    }

    /** Who takes the opened export (a new tab); it closes it when done. Until set, an opened export is closed again. */
    public void whenOpened(Consumer<OpenExport.Opened> onOpened) {
        this.onOpened = Objects.requireNonNull(onOpened, "onOpened");
    }

    /** The form changed: what was checked no longer is, and a check in flight is ignored. */
    private void uncheck() {
        checks++;
        checking.set(false);
        if (plan.get() != null) {
            plan.set(null);
            cost.set("");
            recovery.set("");
            status.set("The export changed: Check it again before starting.");
        }
    }

    /** Says what the export costs and whether recovery is on; nothing is sent when the form does not read. Completes on fx. */
    public CompletableFuture<Void> check() {
        ExportRequest request;
        try {
            request = form.request();
        } catch (IllegalArgumentException e) {
            status.set(e.getMessage());
            return CompletableFuture.completedFuture(null);
        }
        var check = ++checks;
        checking.set(true);
        status.set("Asking DynamoDB for " + form.table() + "'s size and point-in-time recovery…");
        return exports.plan(request).handleAsync((checked, failure) -> {
            if (check != checks) {
                return null;
            }
            checking.set(false);
            if (failure != null) {
                var root = Problems.unwrap(failure);
                status.set(root instanceof ExportsUnsupportedException ? Problems.describe(root)
                        : "Could not check the export: " + Problems.describe(root));
                return null;
            }
            plan.set(checked);
            cost.set(checked.cost().text());
            recovery.set(recoveryText(checked));
            status.set(checked.problem().orElse(checked.needsRecovery() && !recoveryOffered.get() ? "Nothing can be started from here."
                    : "Checked: " + (checked.needsRecovery() ? "tick to turn on point-in-time recovery, then " : "")
                    + "Start export writes it to " + request.destination() + "."));
            return null;
        }, fx);
    }

    private String recoveryText(StartExport.Plan checked) {
        if (!checked.needsRecovery()) {
            return checked.recoveryText();
        }
        var off = "Point-in-time recovery is off for " + form.table() + ", and an export is made from it.";
        if (connection.readOnly()) {
            return off + " Connection '" + connection.name() + "' is read-only: it cannot be turned on from here.";
        }
        return off + " Turning it on changes the table and is billed monthly by its size" + (needsConfirmation(checked)
                ? "; connection '" + connection.name() + "' is tagged production, so the table's name is asked first." : ".");
    }

    /** Whether Start must first ask for the table's name: recovery is to be turned on, on a production connection. */
    public boolean needsConfirmation() {
        var checked = plan.get();
        return checked != null && checked.needsRecovery() && turnOnRecovery.get() && needsConfirmation(checked);
    }

    private boolean needsConfirmation(StartExport.Plan checked) {
        return checked.needsRecovery() && connection.tag().isProduction() && !connection.readOnly();
    }

    /**
     * Starts the checked export and waits for it; completes on {@code fx} when it completed, failed or the waiting stopped.
     *
     * @param typedTableName what the person typed to confirm turning recovery on, on a production connection; or null
     */
    public CompletableFuture<Void> start(String typedTableName) {
        var checked = plan.get();
        if (checked == null || running.get()) {
            if (checked == null) {
                status.set("Check the export first: its cost and point-in-time recovery are said before it starts.");
            }
            return CompletableFuture.completedFuture(null);
        }
        running.set(true);
        completed.set(null);
        status.set("Starting the export of " + form.table() + " to " + checked.request().destination() + "…");
        var job = exports.start(checked, turnOnRecovery.get(), WriteConfirmer.typed(typedTableName,
                "type the table name %s to turn on its point-in-time recovery"), true, progress -> fx.execute(() -> {
                    if (running.get()) {
                        status.set(progress.text());
                    }
                    if (progress.phase() == StartExport.Phase.STARTING && checked.needsRecovery()) {
                        recovery.set("Point-in-time recovery of " + form.table() + " was turned on for the export.");
                    }
                }));
        handle = job;
        return job.result().handleAsync((outcome, failure) -> {
            running.set(false);
            handle = null;
            if (failure != null) {
                status.set(failureText(failure));
            } else if (outcome.ending() == StartExport.Ending.COMPLETED) {
                completed.set(outcome);
                status.set("Completed: " + outcome.uri() + ExportCost.billed(outcome.export(), connection.region()).map(b -> ", " + b)
                        .orElse("") + "." + earlier(outcome) + " Read it opens it in a tab.");
            } else {
                status.set("Stopped waiting: the export " + outcome.export().exportId() + " goes on in DynamoDB, which cannot stop "
                        + "it, to " + outcome.uri() + "; Read from an export… lists it once it completed." + earlier(outcome));
            }
            return null;
        }, fx);
    }

    private static String failureText(Throwable failure) {
        var root = Problems.unwrap(failure);
        if (root instanceof ExportFailedException) {
            return Problems.describe(root) + ". The same export started again within eight hours is this one (the same "
                    + "ClientToken): change the prefix for a new one.";
        }
        return Problems.isCancellation(root) ? "Stopped before the export was started: nothing was started."
                : "Could not start the export: " + Problems.describe(root);
    }

    private static String earlier(StartExport.Outcome outcome) {
        return outcome.startedEarlier() ? " DynamoDB answered with the export an earlier start of the same request made at "
                + ExportRow.time(outcome.export().startTime()) + " (the same ClientToken, kept eight hours): give another prefix or "
                + "a time for a new one." : "";
    }

    /** Opens the completed export in a tab, as "Read from an export…" does; the result goes to {@link #whenOpened}. */
    public CompletableFuture<Void> readIt() {
        var outcome = completed.get();
        if (outcome == null || running.get()) {
            return CompletableFuture.completedFuture(null);
        }
        running.set(true);
        status.set("Opening " + outcome.uri() + "…");
        var job = opener.open(form.table(), new OpenExport.Request(List.of(outcome.uri()), null, WorkspaceOptions.NONE),
                progress -> fx.execute(() -> {
                    if (running.get()) {
                        status.set("Reading " + progress.reading() + "…");
                    }
                }));
        handle = job;
        return job.result().handleAsync((opened, failure) -> {
            running.set(false);
            handle = null;
            if (failure != null) {
                status.set(Problems.isCancellation(failure) ? "Cancelled: nothing was opened; the export stays in S3."
                        : "Could not read the export: " + Problems.describe(failure));
                return null;
            }
            status.set("Opened " + opened.sourceText() + ".");
            onOpened.accept(opened);
            return null;
        }, fx);
    }

    /** Stops the waiting (the export goes on in DynamoDB) or the opening. */
    public void stop() {
        var current = handle;
        if (current != null) {
            current.cancel();
        }
    }

    public ExportForm form() { return form; }
    public String table() { return form.table(); }
    /** The person's yes to turning point-in-time recovery on, where it is off. */
    public BooleanProperty turnOnRecoveryProperty() { return turnOnRecovery; }
    /** The checked export; null before a check and after the form changed. */
    public ReadOnlyObjectProperty<StartExport.Plan> planProperty() { return plan.getReadOnlyProperty(); }
    /** What the checked export costs, in a sentence (StartExport's plan); empty before a check. */
    public ReadOnlyStringProperty costProperty() { return cost.getReadOnlyProperty(); }
    /** Whether recovery is on, or what turning it on means here; empty before a check. */
    public ReadOnlyStringProperty recoveryProperty() { return recovery.getReadOnlyProperty(); }
    /** Recovery is off and may be turned on here (not on a read-only connection). */
    public BooleanBinding recoveryOfferedProperty() { return recoveryOffered; }
    public BooleanBinding canStartProperty() { return canStart; }
    public ReadOnlyBooleanProperty checkingProperty() { return checking.getReadOnlyProperty(); }
    /** The export is being started or waited for, or the completed one opened. */
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    /** What is happening, or how it ended, in a sentence: the export's status and time so far while it runs. */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    /** The export once it completed: what Read it opens. */
    public ReadOnlyObjectProperty<StartExport.Outcome> completedProperty() { return completed.getReadOnlyProperty(); }
}

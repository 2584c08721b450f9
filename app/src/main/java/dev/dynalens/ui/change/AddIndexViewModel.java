package dev.dynalens.ui.change;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.design.AccessPattern;
import dev.dynalens.domain.design.IndexProposal;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.job.Job;
import dev.dynalens.usecase.AddIndex;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * "Add an index…" for an entity type of a live table, over {@link AddIndex}: the pattern asked for (the attributes given by
 * equality, an order or a range), then {@link #plan()} reads the table once (its cost said in the form before) and shows
 * the proposed index's key templates with their reasons and the backfill's counts and write cost; only a plan starts,
 * and changing the pattern asks for another. {@link #add} runs the four steps, each with its line in {@link #steps()},
 * with {@link #cancel()}; a production connection asks for the table's name first ({@link #needsConfirmation()}), a
 * read-only one is said at once. Every request runs off the FX thread; properties change on {@code fx} only.
 */
public final class AddIndexViewModel {
    private final Function<WriteConfirmer, AddIndex> addIndex;
    private final ConnectionProfile connection;
    private final CompletableFuture<TableDescription> description;
    private final Path changes;
    private final Executor fx;
    private final String table;
    private final StringProperty entity = new SimpleStringProperty("");
    private final StringProperty equals = new SimpleStringProperty("");
    private final ObjectProperty<AddIndexOrder> order = new SimpleObjectProperty<>(AddIndexOrder.NONE);
    private final StringProperty orderAttribute = new SimpleStringProperty("");
    private final BooleanProperty descending = new SimpleBooleanProperty(false);
    private final ReadOnlyStringWrapper readCost = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<AddIndex.Plan> planned = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper proposal = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper backfill = new ReadOnlyStringWrapper("");
    private final ObservableList<AddIndexStepRow> steps = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper done = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final BooleanBinding canAdd;
    private TableDescription described;
    private Job<?, ?> handle;
    private long plans;

    /**
     * @param addIndex    the use case for a confirmer: the person's typed table name on a production connection
     * @param description the table as DescribeTable says it, for the read's cost
     * @param changes     the folder the backfill's change file, journal and undo file go to
     * @param fx          where property changes happen: the FX thread in the app, {@code Runnable::run} in tests
     */
    public AddIndexViewModel(Function<WriteConfirmer, AddIndex> addIndex, ConnectionProfile connection, String table, String entityName,
                             CompletableFuture<TableDescription> description, Path changes, Executor fx) {
        this.addIndex = Objects.requireNonNull(addIndex, "addIndex");
        this.connection = Objects.requireNonNull(connection, "connection");
        this.table = Objects.requireNonNull(table, "table");
        this.description = Objects.requireNonNull(description, "description");
        this.changes = Objects.requireNonNull(changes, "changes");
        this.fx = Objects.requireNonNull(fx, "fx");
        entity.set(entityName == null ? "" : entityName);
        canAdd = Bindings.createBooleanBinding(() -> planned.get() != null && !running.get() && !done.get() && !connection.readOnly(),
                planned, running, done);
        for (var field : List.<javafx.beans.Observable>of(entity, equals, order, orderAttribute, descending)) {
            field.addListener(changed -> unplan());
        }
        resetSteps();
        status.set(connection.readOnly() ? "Connection '" + connection.name() + "' is read-only: a plan is shown, nothing can be written."
                : "Give the pattern, then Plan: the table is read once, and the index and its backfill are said before anything is written.");
        description.whenCompleteAsync((found, failure) -> {
            if (failure != null) {
                status.set("Could not describe " + table + ": " + Problems.describe(failure));
                return;
            }
            described = found;
            readCost.set(addIndex.apply(WriteConfirmer.NONE).cost(found).text() + (connection.tag().isProduction()
                    ? "; connection '" + connection.name() + "' is tagged production: Plan asks first" : ""));
        }, fx);
    }

    private void resetSteps() {
        steps.setAll(Arrays.stream(AddIndex.Step.values()).map(step -> new AddIndexStepRow(step, "")).toList());
    }

    private void unplan() {
        plans++;
        if (planned.get() != null && !running.get()) {
            planned.set(null);
            proposal.set("");
            backfill.set("");
            done.set(false);
            resetSteps();
            status.set("The pattern changed: Plan it again.");
        }
    }

    /** The pattern the form gives; a sentence when it does not read. */
    AccessPattern pattern() {
        var attributes = Arrays.stream(equals.get().split("[,\\s]+")).filter(a -> !a.isBlank()).toList();
        var attribute = orderAttribute.get().strip();
        if (entity.get().isBlank()) {
            throw new IllegalArgumentException("Give the entity type the pattern reads.");
        }
        if (order.get() != AddIndexOrder.NONE && attribute.isEmpty()) {
            throw new IllegalArgumentException("Give the attribute the pattern is " + order.get().label() + ".");
        }
        var sortBy = order.get() == AddIndexOrder.SORT_BY ? attribute : null;
        var between = order.get() == AddIndexOrder.BETWEEN ? attribute : null;
        var name = entity.get().strip().toLowerCase(Locale.ROOT) + "By" + String.join("And", attributes.stream()
                .map(a -> a.isEmpty() ? a : Character.toUpperCase(a.charAt(0)) + a.substring(1)).toList());
        return new AccessPattern(name, List.of(entity.get().strip()), attributes, between, sortBy,
                order.get() != AddIndexOrder.NONE && descending.get(), 0, 0, 0);
    }

    /** Whether Plan must first ask the person to read a production table. */
    public boolean readNeedsConfirmation() {
        return connection.tag().isProduction();
    }

    /**
     * Step 1: reads the table once, proposes the index and plans its backfill. Completes on fx.
     *
     * @param readConfirmed the person said yes to the read's cost (asked on a production connection)
     */
    public CompletableFuture<Void> plan(boolean readConfirmed) {
        if (running.get() || described == null) {
            return CompletableFuture.completedFuture(null);
        }
        AccessPattern pattern;
        try {
            pattern = pattern();
        } catch (IllegalArgumentException e) {
            status.set(e.getMessage());
            return CompletableFuture.completedFuture(null);
        }
        var use = addIndex.apply(WriteConfirmer.NONE);
        var read = use.cost(described);
        if (read.needsConfirmation() && readConfirmed) {
            read = read.confirm();
        }
        var plan = ++plans;
        running.set(true);
        step(AddIndex.Step.PROPOSE, "reading " + table);
        status.set(read.text() + "…");
        Job<AddIndex.Progress, AddIndex.Plan> job;
        try {
            job = use.plan(described, pattern.entity(), pattern, null, null, read, progress -> fx.execute(() -> showProgress(progress)));
        } catch (RuntimeException e) {
            running.set(false);
            step(AddIndex.Step.PROPOSE, "");
            status.set(Problems.describe(e));
            return CompletableFuture.completedFuture(null);
        }
        handle = job;
        return job.result().handleAsync((made, failure) -> {
            running.set(false);
            handle = null;
            if (plan != plans) {
                return null;
            }
            if (failure != null) {
                var root = Problems.unwrap(failure);
                step(AddIndex.Step.PROPOSE, Problems.isCancellation(root) ? "stopped" : "no index");
                status.set(Problems.isCancellation(root) ? "Stopped: nothing was written."
                        : root instanceof IndexProposal.NotProposedException ? "No index for this pattern: " + root.getMessage()
                        : "Could not plan: " + Problems.describe(root));
                return null;
            }
            planned.set(made);
            proposal.set(AddIndexTexts.proposal(made));
            backfill.set(AddIndexTexts.backfill(made));
            step(AddIndex.Step.PROPOSE, made.proposal().index().name() + " proposed");
            status.set(connection.readOnly() ? "Planned. Connection '" + connection.name() + "' is read-only: nothing can be written."
                    : "Planned. Add index backfills the keys, creates " + made.proposal().index().name() + " and runs the pattern through it.");
            return null;
        }, fx);
    }

    /** Whether Add index must first ask for the table's name: a production connection. */
    public boolean needsConfirmation() {
        return connection.tag().isProduction() && !connection.readOnly();
    }

    /**
     * Steps 2 to 4. Completes on fx when the index is proved, or when a step stopped or failed.
     *
     * @param typedTableName what the person typed to confirm, on a production connection; or null
     */
    public CompletableFuture<Void> add(String typedTableName) {
        var plan = planned.get();
        if (plan == null || !canAdd.get()) {
            return CompletableFuture.completedFuture(null);
        }
        running.set(true);
        var use = addIndex.apply(WriteConfirmer.typed(typedTableName, "type the table name %s to add the index"));
        var file = changes.resolve(AddIndex.changeFileName(plan));
        var job = use.start(plan, file, progress -> fx.execute(() -> showProgress(progress)));
        handle = job;
        return job.result().handleAsync((report, failure) -> {
            running.set(false);
            handle = null;
            if (failure != null) {
                var root = Problems.unwrap(failure);
                var current = currentStep();
                step(current, Problems.isCancellation(root) ? "stopped" : "failed");
                status.set(Problems.isCancellation(root) ? AddIndexTexts.stopped(current, plan)
                        : "Could not add the index: " + Problems.describe(root));
                return null;
            }
            done.set(true);
            if (report.stopped() != null) {
                step(AddIndex.Step.BACKFILL, "stopped");
                status.set("Stopped: " + report.stopped());
                return null;
            }
            step(AddIndex.Step.BACKFILL, report.backfill().counts().applied() + " items written; undo file " + report.undo().getFileName());
            step(AddIndex.Step.CREATE, report.index().name() + " ACTIVE after " + report.creating().toSeconds() + " s");
            var proof = report.proof();
            step(AddIndex.Step.PROVE, proof.passed() ? "passed" : "failed");
            status.set(proof.passed() ? proof.pattern() + " through " + proof.index() + ": " + proof.runs().size() + " Queries returned exactly "
                    + "the items written (" + String.join(", ", proof.runs().stream().map(run -> run.returned() + " items").toList()) + ")."
                    : "The proof failed: " + proof.problem().orElse(""));
            return null;
        }, fx);
    }

    private AddIndex.Step currentStep() {
        return steps.stream().filter(row -> !row.state().isEmpty()).reduce((a, b) -> b).map(AddIndexStepRow::step).orElse(AddIndex.Step.PROPOSE);
    }

    private void showProgress(AddIndex.Progress progress) {
        if (!running.get()) {
            return;
        }
        if (progress.step() != AddIndex.Step.PROPOSE) {
            var earlier = progress.step().ordinal();
            for (var row : List.copyOf(steps)) {
                if (row.step().ordinal() < earlier && (row.state().isEmpty() || row.state().startsWith("…"))) {
                    step(row.step(), "done");
                }
            }
        }
        step(progress.step(), "… " + progress.text());
        status.set(progress.text());
    }

    private void step(AddIndex.Step step, String state) {
        steps.set(step.ordinal(), new AddIndexStepRow(step, state));
    }

    /** Stops the plan's read, or the run: the backfill as a change stops, the waiting for the index (which goes on). */
    public void cancel() {
        var current = handle;
        if (current != null) {
            current.cancel();
        }
    }

    public String table() { return table; }
    public StringProperty entityProperty() { return entity; }
    /** The attributes the pattern gives by equality, separated by commas or blanks. */
    public StringProperty equalsProperty() { return equals; }
    public ObjectProperty<AddIndexOrder> orderProperty() { return order; }
    public StringProperty orderAttributeProperty() { return orderAttribute; }
    public BooleanProperty descendingProperty() { return descending; }
    /** What Plan's read of the table costs, said before it is sent. */
    public ReadOnlyStringProperty readCostProperty() { return readCost.getReadOnlyProperty(); }
    /** The plan: null before Plan and after the pattern changed. */
    public ReadOnlyObjectProperty<AddIndex.Plan> plannedProperty() { return planned.getReadOnlyProperty(); }
    public ReadOnlyStringProperty proposalProperty() { return proposal.getReadOnlyProperty(); }
    public ReadOnlyStringProperty backfillProperty() { return backfill.getReadOnlyProperty(); }
    public ObservableList<AddIndexStepRow> steps() { return FXCollections.unmodifiableObservableList(steps); }
    public BooleanBinding canAddProperty() { return canAdd; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    /** The run ended (proved, failed or stopped by a step): Add index is not offered again. */
    public ReadOnlyBooleanProperty doneProperty() { return done.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
}

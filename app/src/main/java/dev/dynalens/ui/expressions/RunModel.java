package dev.dynalens.ui.expressions;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel.RunRow;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel.RunStatus;
import dev.dynalens.usecase.RunUpdate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableObjectValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Run: the update sent for each selected item ({@link RunUpdate}), and what it did, presented. Results are applied on
 * {@code fx}; the items the update changed replace the selected ones.
 */
final class RunModel {
    private final DynamoSession session;
    private final String table;
    private final Executor fx;
    private final ObservableObjectValue<RenderedExpressions> rendered;
    private final ObservableList<Item> items;
    private final ObservableObjectValue<KeySchema> keySchema;
    private final Function<Item, String> keyText;

    final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    final StringProperty confirmation = new SimpleStringProperty("");
    final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ObservableList<RunRow> results = FXCollections.observableArrayList();
    // unmodifiable view made once: a wrapper made per call would drop its listeners when it is collected
    private final ObservableList<RunRow> resultsView = FXCollections.unmodifiableObservableList(results);
    final BooleanBinding canRun;

    RunModel(DynamoSession session, String table, Executor fx, ObservableObjectValue<RenderedExpressions> rendered,
             ObservableList<Item> items, ObservableObjectValue<KeySchema> keySchema, Function<Item, String> keyText) {
        this.session = session;
        this.table = table;
        this.fx = fx;
        this.rendered = rendered;
        this.items = items;
        this.keySchema = keySchema;
        this.keyText = keyText;
        canRun = Bindings.createBooleanBinding(() -> !running.get() && !readOnly() && rendered.get() != null
                        && rendered.get().updateExpression() != null && !items.isEmpty()
                        && (!production() || WriteConfirmer.confirms(confirmation.get(), table)),
                running, rendered, items, confirmation);
        if (readOnly()) {
            status.set("Connection '" + session.profile().name() + "' is read-only: the update can be previewed and copied, not run.");
        }
    }

    String connectionName() {
        return session.profile().name();
    }

    boolean readOnly() {
        return session.profile().readOnly();
    }

    boolean production() {
        return session.profile().tag().isProduction();
    }

    ObservableList<RunRow> results() {
        return resultsView;
    }

    CompletableFuture<Void> run() {
        var request = rendered.get();
        if (request == null || request.updateExpression() == null) {
            status.set("Refused: build a valid update first.");
            return CompletableFuture.completedFuture(null);
        }
        if (running.get() || items.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        var targets = List.copyOf(items);
        running.set(true);
        results.clear();
        status.set("Updating " + targets.size() + " item(s)…");
        var confirmer = WriteConfirmer.typed(confirmation.get(), "type the table name %s to confirm.");
        var done = new int[1];   // counted on fx
        var job = new RunUpdate(session).start(table, keySchema.get(), targets, request, confirmer, outcome -> fx.execute(() ->
                status.set("Updating " + targets.size() + " item(s)… " + ++done[0] + " done")));
        return job.result().handleAsync((report, failure) -> {
            running.set(false);
            if (failure != null) {
                status.set("Refused: " + Problems.describe(failure));
                return null;
            }
            show(report, targets);
            return null;
        }, fx);
    }

    private void show(RunUpdate.Report report, List<Item> targets) {
        var rows = new ArrayList<RunRow>();
        var after = new ArrayList<Item>(targets.size());
        for (var outcome : report.outcomes()) {
            rows.add(new RunRow(keyText.apply(outcome.item()), switch (outcome.status()) {
                case APPLIED -> RunStatus.APPLIED;
                case CONDITION_FAILED -> RunStatus.CONDITION_FAILED;
                case ERROR -> RunStatus.ERROR;
            }, outcome.message()));
            after.add(outcome.after());
        }
        results.setAll(rows);
        confirmation.set("");
        status.set(report.applied() + " applied · " + report.conditionFailed() + " condition failed · " + report.errors() + " error(s)");
        after.addAll(targets.subList(after.size(), targets.size()));
        if (items.equals(targets)) {
            items.setAll(after);   // unless the selection moved on while the writes were in flight
        }
    }
}

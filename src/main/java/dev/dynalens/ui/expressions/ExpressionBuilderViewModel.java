package dev.dynalens.ui.expressions;

import dev.dynalens.domain.builder.Connector;
import dev.dynalens.domain.builder.ItemDiff;
import dev.dynalens.domain.builder.NamesJson;
import dev.dynalens.domain.builder.RowException;
import dev.dynalens.domain.builder.VisualExpressions;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.codegen.CodeGenerators;
import dev.dynalens.domain.codegen.CodeRequest;
import dev.dynalens.domain.codegen.Language;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.expression.ConditionEvaluator;
import dev.dynalens.domain.expression.ExpressionError;
import dev.dynalens.domain.expression.ExpressionException;
import dev.dynalens.domain.expression.ExpressionSet;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.expression.UpdateEvaluator;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The expression builder of a table: an update and a condition built as rows (visual mode) or typed as text with
 * their placeholder maps (text mode), kept in sync; a preview of what the update does to the selected items; copies
 * of the expressions and of code that sends them; and Run, which sends the guarded update for each selected item.
 *
 * <p>Visual → text renders the rows with the domain renderer. Text → visual parses the text and, when it has the
 * rows' shape, rebuilds the rows; when it has not, text mode stays authoritative and {@link #fitMessageProperty()}
 * says why. Nothing is written without {@link #run()}, which refuses read-only connections and, on a production
 * connection, wants the table's name typed in {@link #confirmationProperty()}. Writes go one item at a time; their
 * results are applied on {@code fx}.
 */
public final class ExpressionBuilderViewModel {
    public enum Mode { VISUAL, TEXT }

    /** What the person can copy. */
    public enum Copy { UPDATE, CONDITION, NAMES, VALUES }

    public enum Outcome { PASS, FAIL, ERROR }

    /** One selected item in the preview: whether the condition holds, and the item the update would make. */
    public record PreviewRow(String key, Outcome outcome, String message, List<ItemDiff.Change> changes, Item before, Item after) {
        public PreviewRow {
            changes = List.copyOf(changes);
        }
    }

    public enum RunStatus { APPLIED, CONDITION_FAILED, ERROR }

    /** What Run did to one item. */
    public record RunRow(String key, RunStatus status, String message) {
    }

    private final DynamoSession session;
    private final String table;
    private final Executor fx;

    private final ReadOnlyObjectWrapper<Mode> mode = new ReadOnlyObjectWrapper<>(Mode.VISUAL);
    private final ObjectProperty<Connector> connector = new SimpleObjectProperty<>(Connector.AND);
    private final ObservableList<ConditionRowModel> conditionRows = FXCollections.observableArrayList(ConditionRowModel::observables);
    private final ObservableList<UpdateRowModel> updateRows = FXCollections.observableArrayList(UpdateRowModel::observables);
    private final StringProperty updateText = new SimpleStringProperty("");
    private final StringProperty conditionText = new SimpleStringProperty("");
    private final StringProperty namesText = new SimpleStringProperty("");
    private final StringProperty valuesText = new SimpleStringProperty("");
    private final ReadOnlyObjectWrapper<ExpressionSet> trees = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<RenderedExpressions> rendered = new ReadOnlyObjectWrapper<>();
    private final ObservableList<ExpressionError> errors = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<ExpressionError> updateError = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<ExpressionError> conditionError = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper fitMessage = new ReadOnlyStringWrapper("");
    private final ObjectProperty<KeySchema> keySchema = new SimpleObjectProperty<>();
    private final ObjectProperty<Language> codeLanguage = new SimpleObjectProperty<>(Language.JAVA);
    private final ObservableList<Item> items = FXCollections.observableArrayList();
    private final ObservableList<PreviewRow> preview = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final StringProperty confirmation = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper runStatus = new ReadOnlyStringWrapper("");
    private final ObservableList<RunRow> runResults = FXCollections.observableArrayList();
    // unmodifiable views made once: a wrapper made per call would drop its listeners when it is collected
    private final ObservableList<ExpressionError> errorsView = FXCollections.unmodifiableObservableList(errors);
    private final ObservableList<PreviewRow> previewView = FXCollections.unmodifiableObservableList(preview);
    private final ObservableList<RunRow> runResultsView = FXCollections.unmodifiableObservableList(runResults);
    private final BooleanBinding canRun;
    private boolean syncing;

    public ExpressionBuilderViewModel(DynamoSession session, String table, Executor fx) {
        this.session = Objects.requireNonNull(session, "session");
        this.table = Objects.requireNonNull(table, "table");
        this.fx = Objects.requireNonNull(fx, "fx");
        conditionRows.addListener((ListChangeListener<ConditionRowModel>) c -> rowsChanged());
        updateRows.addListener((ListChangeListener<UpdateRowModel>) c -> rowsChanged());
        connector.addListener((obs, old, now) -> rowsChanged());
        updateText.addListener((obs, old, now) -> textChanged());
        conditionText.addListener((obs, old, now) -> textChanged());
        namesText.addListener((obs, old, now) -> textChanged());
        valuesText.addListener((obs, old, now) -> textChanged());
        keySchema.addListener((obs, old, now) -> {
            if (mode.get() == Mode.VISUAL) rowsChanged(); else textChanged();
        });
        items.addListener((ListChangeListener<Item>) c -> refreshPreview());
        canRun = Bindings.createBooleanBinding(() -> !running.get() && !readOnly() && rendered.get() != null
                        && rendered.get().updateExpression() != null && !items.isEmpty()
                        && (!production() || WriteConfirmer.confirms(confirmation.get(), table)),
                running, rendered, items, confirmation);
        if (readOnly()) {
            runStatus.set("Connection '" + session.profile().name() + "' is read-only: the update can be previewed and copied, not run.");
        }
        rowsChanged();
    }

    // --- modes and sync ---

    /**
     * Switches mode. Going to visual mode needs text that parses and fits the rows; otherwise the mode stays text
     * and {@link #problemProperty()} or {@link #fitMessageProperty()} says why.
     *
     * @return whether the mode is now {@code wanted}
     */
    public boolean switchTo(Mode wanted) {
        if (wanted == mode.get()) return true;
        if (wanted == Mode.VISUAL) {
            textChanged();
            if (trees.get() == null || !fitMessage.get().isEmpty()) {
                if (fitMessage.get().isEmpty()) {
                    problem.set("Fix the text first: " + problem.get());
                }
                return false;
            }
        }
        mode.set(wanted);
        if (wanted == Mode.VISUAL) rowsChanged();
        return true;
    }

    public void addConditionRow() {
        conditionRows.add(new ConditionRowModel());
    }

    public void addUpdateRow() {
        updateRows.add(new UpdateRowModel());
    }

    public void removeConditionRow(ConditionRowModel row) {
        conditionRows.remove(row);
    }

    public void removeUpdateRow(UpdateRowModel row) {
        updateRows.remove(row);
    }

    private VisualExpressions visual() {
        return new VisualExpressions(connector.get() == null ? Connector.AND : connector.get(),
                conditionRows.stream().map(ConditionRowModel::snapshot).toList(), updateRows.stream().map(UpdateRowModel::snapshot).toList());
    }

    private void rowsChanged() {
        if (syncing || mode.get() != Mode.VISUAL) return;
        var visual = visual();
        try {
            var update = visual.update();
            var set = ExpressionSet.update(update.isEmpty() ? null : update, visual.condition());
            var request = Expressions.render(set);
            syncing = true;
            try {
                updateText.set(Objects.requireNonNullElse(request.updateExpression(), ""));
                conditionText.set(Objects.requireNonNullElse(request.conditionExpression(), ""));
                namesText.set(request.names().isEmpty() ? "" : NamesJson.write(request.names()));
                valuesText.set(request.values().isEmpty() ? "" : DynamoJsonCodec.writeItemPretty(new Item(request.values())));
            } finally {
                syncing = false;
            }
            fitMessage.set("");
            accept(request, Expressions.analyze(request, keySchema.get()));
        } catch (RowException e) {
            reject(e.getMessage(), List.of());
        }
    }

    private void textChanged() {
        if (syncing || mode.get() != Mode.TEXT) return;
        Map<String, String> names;
        Map<String, AttributeValue> values;
        try {
            names = NamesJson.read(namesText.get());
        } catch (CodecException e) {
            reject(ExpressionError.Field.NAMES.requestName() + ": " + e.getMessage(), List.of());
            return;
        }
        try {
            values = valuesText.get() == null || valuesText.get().isBlank() ? Map.of() : DynamoJsonCodec.readItem(valuesText.get()).attributes();
        } catch (CodecException e) {
            reject(ExpressionError.Field.VALUES.requestName() + ": " + e.getMessage(), List.of());
            return;
        }
        var request = RenderedExpressions.update(blankToNull(updateText.get()), blankToNull(conditionText.get()), names, values);
        var analysis = Expressions.analyze(request, keySchema.get());
        if (!analysis.valid()) {
            reject(analysis.errors().stream().map(ExpressionError::toString).collect(Collectors.joining("\n")), analysis.errors());
            return;
        }
        var set = analysis.expressions();
        var fit = VisualExpressions.fit(set.update(), set.condition());
        if (fit.fits()) {
            syncing = true;
            try {
                connector.set(fit.visual().connector());
                conditionRows.setAll(fit.visual().conditions().stream().map(ConditionRowModel::new).toList());
                updateRows.setAll(fit.visual().updates().stream().map(UpdateRowModel::new).toList());
            } finally {
                syncing = false;
            }
            fitMessage.set("");
        } else {
            fitMessage.set(fit.reason());
        }
        accept(request, analysis);
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }

    private void accept(RenderedExpressions request, Expressions.Analysis analysis) {
        errors.setAll(analysis.errors());
        updateError.set(firstWithPosition(analysis.errors(), ExpressionError.Field.UPDATE));
        conditionError.set(firstWithPosition(analysis.errors(), ExpressionError.Field.CONDITION));
        if (analysis.valid()) {
            problem.set("");
            trees.set(analysis.expressions());
            rendered.set(request);
        } else {
            problem.set(analysis.errors().stream().map(ExpressionError::toString).collect(Collectors.joining("\n")));
            trees.set(null);
            rendered.set(null);
        }
        refreshPreview();
    }

    private void reject(String message, List<ExpressionError> found) {
        errors.setAll(found);
        updateError.set(firstWithPosition(found, ExpressionError.Field.UPDATE));
        conditionError.set(firstWithPosition(found, ExpressionError.Field.CONDITION));
        problem.set(message);
        trees.set(null);
        rendered.set(null);
        refreshPreview();
    }

    private static ExpressionError firstWithPosition(List<ExpressionError> errors, ExpressionError.Field field) {
        return errors.stream().filter(e -> e.field() == field).findFirst().orElse(null);
    }

    // --- preview ---

    private void refreshPreview() {
        var set = trees.get();
        if (set == null) {
            preview.clear();
            return;
        }
        var rows = new ArrayList<PreviewRow>();
        for (var item : items) {
            rows.add(previewOf(item, set));
        }
        preview.setAll(rows);
    }

    private PreviewRow previewOf(Item item, ExpressionSet set) {
        var key = keyText(item);
        if (set.condition() != null && !ConditionEvaluator.evaluate(set.condition(), item)) {
            return new PreviewRow(key, Outcome.FAIL, "The condition is false: nothing would be written "
                    + "(ConditionalCheckFailedException).", List.of(), item, item);
        }
        var update = set.update();
        if (update == null || update.isEmpty()) {
            return new PreviewRow(key, Outcome.PASS, "The condition holds.", List.of(), item, item);
        }
        try {
            var after = UpdateEvaluator.apply(update, item);
            var changes = ItemDiff.between(item, after);
            return new PreviewRow(key, Outcome.PASS, changes.isEmpty() ? "The condition holds; the update changes nothing."
                    : "The condition holds; " + changes.size() + " attribute(s) change.", changes, item, after);
        } catch (ExpressionException e) {
            return new PreviewRow(key, Outcome.ERROR, "DynamoDB would refuse the update: " + e.error().message(), List.of(), item, item);
        }
    }

    private String keyText(Item item) {
        var key = keyOf(item);
        if (key.isEmpty()) return "item " + (items.indexOf(item) + 1);
        return key.entrySet().stream().map(e -> e.getKey() + " = " + ValueText.cell(e.getValue())).collect(Collectors.joining(" · "));
    }

    private Map<String, AttributeValue> keyOf(Item item) {
        var schema = keySchema.get();
        return schema == null ? Map.of() : item.key(schema.partitionKeyName(), schema.sortKeyName());
    }

    private boolean hasWholeKey(Map<String, AttributeValue> key) {
        var schema = keySchema.get();
        return schema != null && key.containsKey(schema.partitionKeyName()) && (schema.sortKeyName() == null || key.containsKey(schema.sortKeyName()));
    }

    // --- copy ---

    /** The text to copy, or "" when there is none yet. */
    public String copyText(Copy what) {
        var request = rendered.get();
        if (request == null) return "";
        return switch (what) {
            case UPDATE -> Objects.requireNonNullElse(request.updateExpression(), "");
            case CONDITION -> Objects.requireNonNullElse(request.conditionExpression(), "");
            case NAMES -> NamesJson.write(request.names());
            case VALUES -> DynamoJsonCodec.writeItemPretty(new Item(request.values()));
        };
    }

    /**
     * An UpdateItem call in {@code language} for the first selected item's key.
     *
     * @throws IllegalStateException saying what is missing (a valid update, a selected item with its whole key)
     */
    public String snippet(Language language) {
        var request = rendered.get();
        if (request == null || request.updateExpression() == null) {
            throw new IllegalStateException("Build a valid update first: code is generated for UpdateItem.");
        }
        if (items.isEmpty()) {
            throw new IllegalStateException("Select an item: the code updates the item with its primary key.");
        }
        var key = keyOf(items.get(0));
        if (!hasWholeKey(key)) {
            throw new IllegalStateException("The selected item's primary key is not known (the table's key schema is not loaded yet).");
        }
        return CodeGenerators.generate(language, new CodeRequest(table, key, request));
    }

    /**
     * The snippet in the language last chosen from "Copy code" (Java until one is): what the copy-as-code shortcut
     * copies.
     *
     * @throws IllegalStateException    saying what is missing, as {@link #snippet}
     * @throws IllegalArgumentException when the update cannot be written exactly in that language
     */
    public String snippetInLastLanguage() {
        return snippet(codeLanguage.get() == null ? Language.JAVA : codeLanguage.get());
    }

    // --- run ---

    /**
     * Sends the update, guarded by the condition, for each selected item, one after the other; the view asks for
     * confirmation before calling this. Refused (nothing sent) on a read-only connection, on a production connection
     * without the table's name typed, or without a valid update.
     */
    public CompletableFuture<Void> run() {
        var request = rendered.get();
        if (readOnly()) {
            runStatus.set("Refused: connection '" + session.profile().name() + "' is read-only.");
            return CompletableFuture.completedFuture(null);
        }
        if (request == null || request.updateExpression() == null) {
            runStatus.set("Refused: build a valid update first.");
            return CompletableFuture.completedFuture(null);
        }
        if (running.get() || items.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        var targets = List.copyOf(items);
        running.set(true);
        runResults.clear();
        runStatus.set("Updating " + targets.size() + " item(s)…");
        var results = new ArrayList<RunRow>();
        var after = new ArrayList<Item>(targets);
        var guard = WriteGuard.forAction(session, WriteConfirmer.typed(confirmation.get(), "type the table name %s to confirm."));
        var confirmed = guard.confirmWrites(table, "an UpdateItem on " + targets.size() + " item(s)");
        if (confirmed.isCompletedExceptionally()) {
            running.set(false);
            runStatus.set("Refused: " + Problems.describe(confirmed.handle((ok, refused) -> refused).join()));
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> chain = confirmed;
        for (int i = 0; i < targets.size(); i++) {
            int index = i;
            var item = targets.get(i);
            chain = chain.thenCompose(ignored -> writeOne(guard, item, request, index, results, after));
        }
        return chain.handleAsync((ignored, failure) -> {
            running.set(false);
            runResults.setAll(results);
            confirmation.set("");
            long applied = results.stream().filter(r -> r.status() == RunStatus.APPLIED).count();
            long failed = results.stream().filter(r -> r.status() == RunStatus.CONDITION_FAILED).count();
            runStatus.set(applied + " applied · " + failed + " condition failed · " + (results.size() - applied - failed) + " error(s)");
            if (items.equals(targets)) {
                items.setAll(after);   // unless the selection moved on while the writes were in flight
            }
            return null;
        }, fx);
    }

    private CompletableFuture<Void> writeOne(DynamoSession guard, Item item, RenderedExpressions request, int index, List<RunRow> results,
                                             List<Item> after) {
        var key = keyOf(item);
        var keyText = keyText(item);
        if (!hasWholeKey(key)) {
            results.add(new RunRow(keyText, RunStatus.ERROR, "The item's primary key is not known: not sent."));
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<dev.dynalens.domain.write.WriteResult> write;
        try {
            write = guard.write(new ItemWrite.Update(table, key, request.updateExpression(), request.conditionExpression(),
                    request.names(), request.values()));
        } catch (RuntimeException e) {
            write = CompletableFuture.failedFuture(e);
        }
        return write.handle((result, failure) -> {
            if (failure != null) {
                results.add(new RunRow(keyText, RunStatus.ERROR, Problems.describe(failure)));
            } else if (result.applied()) {
                results.add(new RunRow(keyText, RunStatus.APPLIED, "Updated."));
                result.returned().ifPresent(now -> after.set(index, now));
            } else {
                results.add(new RunRow(keyText, RunStatus.CONDITION_FAILED, "The condition did not hold: nothing written."));
            }
            return null;
        });
    }

    private boolean readOnly() {
        return session.profile().readOnly();
    }

    public boolean production() {
        return session.profile().tag().isProduction();
    }

    public String table() {
        return table;
    }

    public String connectionName() {
        return session.profile().name();
    }

    // --- properties ---

    public ReadOnlyObjectProperty<Mode> modeProperty() { return mode.getReadOnlyProperty(); }
    public ObjectProperty<Connector> connectorProperty() { return connector; }
    public ObservableList<ConditionRowModel> conditionRows() { return conditionRows; }
    public ObservableList<UpdateRowModel> updateRows() { return updateRows; }
    public StringProperty updateTextProperty() { return updateText; }
    public StringProperty conditionTextProperty() { return conditionText; }
    public StringProperty namesTextProperty() { return namesText; }
    public StringProperty valuesTextProperty() { return valuesText; }
    public ReadOnlyObjectProperty<ExpressionSet> treesProperty() { return trees.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<RenderedExpressions> renderedProperty() { return rendered.getReadOnlyProperty(); }
    public ObservableList<ExpressionError> errors() { return errorsView; }
    public ReadOnlyObjectProperty<ExpressionError> updateErrorProperty() { return updateError.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<ExpressionError> conditionErrorProperty() { return conditionError.getReadOnlyProperty(); }
    public ReadOnlyStringProperty problemProperty() { return problem.getReadOnlyProperty(); }
    public ReadOnlyStringProperty fitMessageProperty() { return fitMessage.getReadOnlyProperty(); }
    public ObjectProperty<KeySchema> keySchemaProperty() { return keySchema; }
    /** The language "Copy code" used last; the copy-as-code shortcut uses it. */
    public ObjectProperty<Language> codeLanguageProperty() { return codeLanguage; }
    public ObservableList<Item> items() { return items; }
    public ObservableList<PreviewRow> preview() { return previewView; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public StringProperty confirmationProperty() { return confirmation; }
    public ReadOnlyStringProperty runStatusProperty() { return runStatus.getReadOnlyProperty(); }
    public ObservableList<RunRow> runResults() { return runResultsView; }
    public BooleanBinding canRunBinding() { return canRun; }
}

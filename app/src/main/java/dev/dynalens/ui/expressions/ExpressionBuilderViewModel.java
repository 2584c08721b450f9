package dev.dynalens.ui.expressions;

import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.builder.Connector;
import dev.dynalens.domain.item.AttributeChange;
import dev.dynalens.domain.builder.NamesJson;
import dev.dynalens.domain.builder.RowException;
import dev.dynalens.domain.builder.VisualExpressions;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.codegen.Language;
import dev.dynalens.domain.expression.ExpressionError;
import dev.dynalens.domain.expression.ExpressionSet;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
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
 * connection, wants the table's name typed in {@link #confirmationProperty()}. This class keeps rows and text in sync;
 * the checks ({@link ValidationModel}), the preview ({@link PreviewModel}), the copies ({@link CopyModel}) and Run
 * ({@link RunModel}, one item at a time, results applied on {@code fx}) are parts of their own.
 */
public final class ExpressionBuilderViewModel {
    public enum Mode { VISUAL, TEXT }

    /** What the person can copy. */
    public enum Copy { UPDATE, CONDITION, NAMES, VALUES }

    public enum Outcome { PASS, FAIL, ERROR }

    /** One selected item in the preview: whether the condition holds, and the item the update would make. */
    public record PreviewRow(String key, Outcome outcome, String message, List<AttributeChange> changes, Item before, Item after) {
        public PreviewRow {
            changes = List.copyOf(changes);
        }
    }

    public enum RunStatus { APPLIED, CONDITION_FAILED, ERROR }

    /** What Run did to one item. */
    public record RunRow(String key, RunStatus status, String message) {
    }

    private final String table;

    private final ReadOnlyObjectWrapper<Mode> mode = new ReadOnlyObjectWrapper<>(Mode.VISUAL);
    private final ObjectProperty<Connector> connector = new SimpleObjectProperty<>(Connector.AND);
    private final ObservableList<ConditionRowModel> conditionRows = FXCollections.observableArrayList(ConditionRowModel::observables);
    private final ObservableList<UpdateRowModel> updateRows = FXCollections.observableArrayList(UpdateRowModel::observables);
    private final StringProperty updateText = new SimpleStringProperty("");
    private final StringProperty conditionText = new SimpleStringProperty("");
    private final StringProperty namesText = new SimpleStringProperty("");
    private final StringProperty valuesText = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper fitMessage = new ReadOnlyStringWrapper("");
    private final ObjectProperty<KeySchema> keySchema = new SimpleObjectProperty<>();
    private final ObservableList<Item> items = FXCollections.observableArrayList();
    private final PreviewModel previews = new PreviewModel(this::keyText);
    private final ValidationModel validation = new ValidationModel(this::refreshPreview);
    private final CopyModel copies;
    private final RunModel runner;
    private boolean syncing;

    public ExpressionBuilderViewModel(DynamoSession session, String table, Executor fx) {
        this.table = Objects.requireNonNull(table, "table");
        var checked = validation.rendered.getReadOnlyProperty();
        this.copies = new CopyModel(table, checked, items, keySchema);
        this.runner = new RunModel(Objects.requireNonNull(session, "session"), table, Objects.requireNonNull(fx, "fx"), checked, items,
                keySchema, this::keyText);
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
            if (validation.trees.get() == null || !fitMessage.get().isEmpty()) {
                if (fitMessage.get().isEmpty()) {
                    validation.problem.set("Fix the text first: " + validation.problem.get());
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
            validation.accept(request, Expressions.analyze(request, keySchema.get()));
        } catch (RowException e) {
            validation.reject(e.getMessage(), List.of());
        }
    }

    private void textChanged() {
        if (syncing || mode.get() != Mode.TEXT) return;
        var request = validation.read(updateText.get(), conditionText.get(), namesText.get(), valuesText.get());
        if (request == null) return;
        var analysis = Expressions.analyze(request, keySchema.get());
        if (!analysis.valid()) {
            validation.accept(request, analysis);
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
        validation.accept(request, analysis);
    }

    private void refreshPreview() {
        previews.refresh(validation.trees.get(), items);
    }

    // --- keys of the selected items ---

    /** The item's key as the preview and the run results show it: "PK = o#1 · SK = ORDER", or its place when unknown. */
    String keyText(Item item) {
        var schema = keySchema.get();
        var key = schema == null ? Map.<String, AttributeValue>of() : item.key(schema.partitionKeyName(), schema.sortKeyName());
        if (key.isEmpty()) return "item " + (items.indexOf(item) + 1);
        return KeyText.format(key, " = ", ValueText::cell, " · ");
    }

    // --- copy ---

    /** The text to copy, or "" when there is none yet. */
    public String copyText(Copy what) {
        return copies.copyText(what);
    }

    /**
     * An UpdateItem call in {@code language} for the first selected item's key.
     *
     * @throws IllegalStateException saying what is missing (a valid update, a selected item with its whole key)
     */
    public String snippet(Language language) {
        return copies.snippet(language);
    }

    /**
     * The snippet in the language last chosen from "Copy code" (Java until one is): what the copy-as-code shortcut
     * copies.
     *
     * @throws IllegalStateException    saying what is missing, as {@link #snippet}
     * @throws IllegalArgumentException when the update cannot be written exactly in that language
     */
    public String snippetInLastLanguage() {
        return copies.snippetInLastLanguage();
    }

    // --- run ---

    /**
     * Sends the update, guarded by the condition, for each selected item, one after the other; the view asks for
     * confirmation before calling this. Refused (nothing sent) on a read-only connection, on a production connection
     * without the table's name typed, or without a valid update.
     */
    public CompletableFuture<Void> run() {
        return runner.run();
    }

    public boolean production() {
        return runner.production();
    }

    public String table() {
        return table;
    }

    public String connectionName() {
        return runner.connectionName();
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
    public ReadOnlyObjectProperty<ExpressionSet> treesProperty() { return validation.trees.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<RenderedExpressions> renderedProperty() { return validation.rendered.getReadOnlyProperty(); }
    public ObservableList<ExpressionError> errors() { return validation.errors(); }
    public ReadOnlyObjectProperty<ExpressionError> updateErrorProperty() { return validation.updateError.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<ExpressionError> conditionErrorProperty() { return validation.conditionError.getReadOnlyProperty(); }
    public ReadOnlyStringProperty problemProperty() { return validation.problem.getReadOnlyProperty(); }
    public ReadOnlyStringProperty fitMessageProperty() { return fitMessage.getReadOnlyProperty(); }
    public ObjectProperty<KeySchema> keySchemaProperty() { return keySchema; }
    /** The language "Copy code" used last; the copy-as-code shortcut uses it. */
    public ObjectProperty<Language> codeLanguageProperty() { return copies.codeLanguage(); }
    public ObservableList<Item> items() { return items; }
    public ObservableList<PreviewRow> preview() { return previews.rows(); }
    public ReadOnlyBooleanProperty runningProperty() { return runner.running.getReadOnlyProperty(); }
    public StringProperty confirmationProperty() { return runner.confirmation; }
    public ReadOnlyStringProperty runStatusProperty() { return runner.status.getReadOnlyProperty(); }
    public ObservableList<RunRow> runResults() { return runner.results(); }
    public BooleanBinding canRunBinding() { return runner.canRun; }
}

package dev.dynalens.ui.expressions;

import dev.dynalens.domain.builder.ConditionOperator;
import dev.dynalens.domain.builder.Connector;
import dev.dynalens.domain.builder.UpdateAction;
import dev.dynalens.domain.builder.ValueType;
import dev.dynalens.domain.codegen.Language;
import dev.dynalens.domain.expression.ExpressionError;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.ui.browser.TableBrowserViewModel;
import dev.dynalens.ui.collections.CollectionsViewModel;
import java.util.Map;
import java.util.Objects;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.DataFormat;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.fxmisc.richtext.CodeArea;

/**
 * The "Expressions" tab of a table: the builder (visual rows or text with highlighting), what it renders, copy
 * buttons, the preview on the selected items and Run. Binds to {@link ExpressionBuilderViewModel} and forwards events.
 */
public final class ExpressionBuilderView {
    private final ExpressionBuilderViewModel model;
    private final Label status = new Label();

    public ExpressionBuilderView(ExpressionBuilderViewModel model) {
        this.model = model;
    }

    /** The builder follows the item selected in the Collections and Scan / Query tabs, and the table's key schema. */
    public static void follow(ExpressionBuilderViewModel model, TableBrowserViewModel browser, CollectionsViewModel collections) {
        // Several rows selected in Scan / Query: the preview and Run take them all.
        browser.selectedItems().addListener((javafx.collections.ListChangeListener<dev.dynalens.domain.item.Item>) change -> {
            if (!browser.selectedItems().isEmpty()) model.items().setAll(browser.selectedItems());
        });
        collections.selectedItems().addListener((javafx.collections.ListChangeListener<dev.dynalens.domain.item.Item>) change -> {
            if (!collections.selectedItems().isEmpty()) model.items().setAll(collections.selectedItems());
        });
        if (collections.descriptionProperty().get() != null) {
            model.keySchemaProperty().set(collections.descriptionProperty().get().keySchema());
        }
        collections.descriptionProperty().addListener((obs, old, description) ->
                model.keySchemaProperty().set(description == null ? null : description.keySchema()));
    }

    public Node createView() {
        var content = new VBox(12, modeBar(), editors(), output(), preview(), runBar());
        content.setPadding(new Insets(12));
        var scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.setId("expressionBuilder");
        scroll.getStylesheets().add(Objects.requireNonNull(ExpressionBuilderView.class.getResource("expressions.css")).toExternalForm());
        return scroll;
    }

    private Node modeBar() {
        var group = new ToggleGroup();
        var visual = new ToggleButton("Visual");
        visual.setId("visualMode");
        var text = new ToggleButton("Text");
        text.setId("textMode");
        visual.setToggleGroup(group);
        text.setToggleGroup(group);
        Runnable sync = () -> group.selectToggle(model.modeProperty().get() == ExpressionBuilderViewModel.Mode.VISUAL ? visual : text);
        sync.run();
        model.modeProperty().addListener((obs, old, now) -> sync.run());
        visual.setOnAction(e -> {
            model.switchTo(ExpressionBuilderViewModel.Mode.VISUAL);
            sync.run();
        });
        text.setOnAction(e -> {
            model.switchTo(ExpressionBuilderViewModel.Mode.TEXT);
            sync.run();
        });
        var fit = new Label();
        fit.setId("fitMessage");
        fit.getStyleClass().add("warning");
        fit.setWrapText(true);
        fit.textProperty().bind(model.fitMessageProperty());
        var bar = new HBox(8, new Label("Build with"), visual, text, fit);
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    private Node editors() {
        var visual = visualEditor();
        var text = textEditor();
        visual.visibleProperty().bind(model.modeProperty().isEqualTo(ExpressionBuilderViewModel.Mode.VISUAL));
        visual.managedProperty().bind(visual.visibleProperty());
        text.visibleProperty().bind(visual.visibleProperty().not());
        text.managedProperty().bind(text.visibleProperty());
        return new StackPane(visual, text);
    }

    // --- visual mode ---

    private VBox visualEditor() {
        var updates = new VBox(6);
        updates.setId("updateRows");
        var conditions = new VBox(6);
        conditions.setId("conditionRows");
        model.updateRows().addListener((ListChangeListener<UpdateRowModel>) c -> {
            if (structural(c)) fillUpdates(updates);
        });
        model.conditionRows().addListener((ListChangeListener<ConditionRowModel>) c -> {
            if (structural(c)) fillConditions(conditions);
        });
        fillUpdates(updates);
        fillConditions(conditions);
        var addUpdate = new Button("Add action");
        addUpdate.setId("addUpdate");
        addUpdate.setOnAction(e -> model.addUpdateRow());
        var addCondition = new Button("Add condition");
        addCondition.setId("addCondition");
        addCondition.setOnAction(e -> model.addConditionRow());
        var connector = new ChoiceBox<Connector>();
        connector.setId("connector");
        connector.getItems().setAll(Connector.values());
        connector.valueProperty().bindBidirectional(model.connectorProperty());
        var conditionHeader = new HBox(8, heading("Condition"), new Label("rows joined by"), connector);
        conditionHeader.setAlignment(Pos.CENTER_LEFT);
        return new VBox(8, heading("Update"), updates, addUpdate, conditionHeader, conditions, addCondition);
    }

    private static boolean structural(ListChangeListener.Change<?> change) {
        while (change.next()) {
            if (change.wasAdded() || change.wasRemoved() || change.wasPermutated()) return true;
        }
        return false;
    }

    private void fillUpdates(VBox box) {
        box.getChildren().clear();
        for (int i = 0; i < model.updateRows().size(); i++) {
            var row = model.updateRows().get(i);
            var action = choice("update-action-" + i, UpdateAction.values(), row.actionProperty());
            var path = field("update-path-" + i, "path, e.g. address.city", row.pathProperty());
            var type = choice("update-type-" + i, ValueType.values(), row.typeProperty());
            var value = field("update-value-" + i, "value", row.valueProperty());
            HBox.setHgrow(value, Priority.ALWAYS);
            type.disableProperty().bind(row.actionProperty().isEqualTo(UpdateAction.REMOVE));
            value.disableProperty().bind(type.disableProperty());
            var remove = removeButton("update-remove-" + i, () -> model.removeUpdateRow(row));
            var line = new HBox(6, action, path, type, value, remove);
            line.setAlignment(Pos.CENTER_LEFT);
            box.getChildren().add(line);
        }
    }

    private void fillConditions(VBox box) {
        box.getChildren().clear();
        for (int i = 0; i < model.conditionRows().size(); i++) {
            var row = model.conditionRows().get(i);
            var not = new CheckBox("NOT");
            not.setId("condition-not-" + i);
            not.selectedProperty().bindBidirectional(row.notProperty());
            var size = new CheckBox("size()");
            size.setId("condition-size-" + i);
            size.setTooltip(new Tooltip("Compare size(path): the length of a string or binary, the element count of a set, list or map"));
            size.selectedProperty().bindBidirectional(row.sizeProperty());
            var path = field("condition-path-" + i, "path", row.pathProperty());
            var operator = choice("condition-operator-" + i, ConditionOperator.values(), row.operatorProperty());
            var type = choice("condition-type-" + i, ValueType.values(), row.typeProperty());
            var value = field("condition-value-" + i, "value", row.valueProperty());
            var upper = field("condition-upper-" + i, "upper bound", row.upperProperty());
            HBox.setHgrow(value, Priority.ALWAYS);
            var takesValue = javafx.beans.binding.Bindings.createBooleanBinding(
                    () -> row.operatorProperty().get() == null || row.operatorProperty().get().takesValue(), row.operatorProperty());
            value.disableProperty().bind(takesValue.not());
            type.disableProperty().bind(takesValue.not().or(row.operatorProperty().isEqualTo(ConditionOperator.TYPE)));
            upper.visibleProperty().bind(row.operatorProperty().isEqualTo(ConditionOperator.BETWEEN));
            upper.managedProperty().bind(upper.visibleProperty());
            var remove = removeButton("condition-remove-" + i, () -> model.removeConditionRow(row));
            var line = new HBox(6, not, size, path, operator, type, value, upper, remove);
            line.setAlignment(Pos.CENTER_LEFT);
            box.getChildren().add(line);
        }
    }

    private static <T> ChoiceBox<T> choice(String id, T[] values, javafx.beans.property.ObjectProperty<T> property) {
        var box = new ChoiceBox<T>();
        box.setId(id);
        box.getItems().setAll(values);
        box.valueProperty().bindBidirectional(property);
        return box;
    }

    private static TextField field(String id, String prompt, StringProperty property) {
        var field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        field.textProperty().bindBidirectional(property);
        return field;
    }

    private static Button removeButton(String id, Runnable action) {
        var button = new Button("✕");
        button.setId(id);
        button.setTooltip(new Tooltip("Remove this row"));
        button.setOnAction(e -> action.run());
        return button;
    }

    private static Label heading(String text) {
        var label = new Label(text);
        label.getStyleClass().add("title-4");
        return label;
    }

    // --- text mode ---

    private VBox textEditor() {
        var update = code("updateCode", model.updateTextProperty(), model.updateErrorProperty());
        var condition = code("conditionCode", model.conditionTextProperty(), model.conditionErrorProperty());
        var names = area("namesText", "{\"#n\": \"name\"}", model.namesTextProperty());
        var values = area("valuesText", "{\":v\": {\"S\": \"text\"}}", model.valuesTextProperty());
        var maps = new GridPane(8, 4);
        maps.addRow(0, new Label("ExpressionAttributeNames"), new Label("ExpressionAttributeValues (DynamoDB JSON)"));
        maps.addRow(1, names, values);
        GridPane.setHgrow(names, Priority.ALWAYS);
        GridPane.setHgrow(values, Priority.ALWAYS);
        return new VBox(6, heading("UpdateExpression"), update, heading("ConditionExpression"), condition, maps);
    }

    private static CodeArea code(String id, StringProperty text, ReadOnlyObjectProperty<ExpressionError> error) {
        var area = new CodeArea();
        area.setId(id);
        area.getStyleClass().add("expression-code");
        area.setWrapText(true);
        area.setPrefHeight(60);
        area.setMinHeight(48);
        area.replaceText(text.get() == null ? "" : text.get());
        Runnable restyle = () -> {
            var problem = error.get();
            area.setStyleSpans(0, ExpressionHighlighter.spans(area.getText(), problem == null ? -1 : problem.position()));
        };
        area.textProperty().addListener((obs, old, now) -> {
            if (!now.equals(text.get())) text.set(now);
            restyle.run();
        });
        text.addListener((obs, old, now) -> {
            var wanted = now == null ? "" : now;
            if (!wanted.equals(area.getText())) area.replaceText(wanted);
        });
        error.addListener((obs, old, now) -> restyle.run());
        restyle.run();
        return area;
    }

    private static TextArea area(String id, String prompt, StringProperty text) {
        var area = new TextArea();
        area.setId(id);
        area.setPromptText(prompt);
        area.setPrefRowCount(4);
        area.getStyleClass().add("expression-rendered");
        area.textProperty().bindBidirectional(text);
        return area;
    }

    // --- what the builder makes, and copies ---

    private Node output() {
        var update = rendered("renderedUpdate");
        var condition = rendered("renderedCondition");
        model.renderedProperty().addListener((obs, old, now) -> showRendered(update, condition));
        showRendered(update, condition);
        var problem = new Label();
        problem.setId("problem");
        problem.getStyleClass().add("danger");
        problem.setWrapText(true);
        problem.textProperty().bind(model.problemProperty());
        var grid = new GridPane(8, 4);
        grid.addRow(0, new Label("UpdateExpression"), update);
        grid.addRow(1, new Label("ConditionExpression"), condition);
        var code = new MenuButton("Copy code");
        code.setId("copyCode");
        dev.dynalens.ui.common.Icons.withIcon(code, dev.dynalens.ui.common.Icons.Action.COPY, "Copy the UpdateItem call as code");
        for (var language : Language.values()) {
            var item = new MenuItem(switch (language) {
                case JAVA -> "Java (SDK v2)";
                case JAVASCRIPT -> "JavaScript (SDK v3)";
                case PYTHON -> "Python (boto3)";
                case CLI -> "AWS CLI";
            });
            item.setId("copy-" + language.optionValue());
            item.setOnAction(e -> {
                try {
                    copy(model.snippet(language), language.name() + " snippet");
                    model.codeLanguageProperty().set(language);
                } catch (RuntimeException problemText) {
                    status.setText(problemText.getMessage());
                }
            });
            code.getItems().add(item);
        }
        var copies = new HBox(6, copyButton("copyUpdate", "Copy update", ExpressionBuilderViewModel.Copy.UPDATE),
                copyButton("copyCondition", "Copy condition", ExpressionBuilderViewModel.Copy.CONDITION),
                copyButton("copyNames", "Copy names", ExpressionBuilderViewModel.Copy.NAMES),
                copyButton("copyValues", "Copy values", ExpressionBuilderViewModel.Copy.VALUES), code);
        copies.disableProperty().bind(model.renderedProperty().isNull());
        status.setId("copyStatus");
        status.getStyleClass().add("text-muted");
        return new VBox(6, heading("Request"), grid, problem, copies, status);
    }

    private void showRendered(Label update, Label condition) {
        var request = model.renderedProperty().get();
        update.setText(request == null || request.updateExpression() == null ? "—" : request.updateExpression());
        condition.setText(request == null || request.conditionExpression() == null ? "—" : request.conditionExpression());
    }

    private static Label rendered(String id) {
        var label = new Label("—");
        label.setId(id);
        label.getStyleClass().add("expression-rendered");
        label.setWrapText(true);
        return label;
    }

    private Button copyButton(String id, String text, ExpressionBuilderViewModel.Copy what) {
        var button = new Button(text);
        button.setId(id);
        button.setOnAction(e -> copy(model.copyText(what), text.replace("Copy ", "")));
        dev.dynalens.ui.common.Icons.withIcon(button, dev.dynalens.ui.common.Icons.Action.COPY, "Copy the " + text.replace("Copy ", "") + " to the clipboard");
        return button;
    }

    private void copy(String text, String what) {
        Clipboard.getSystemClipboard().setContent(Map.of(DataFormat.PLAIN_TEXT, text));
        status.setText("Copied the " + what + ".");
    }

    // --- preview ---

    private Node preview() {
        var cards = new VBox(8);
        cards.setId("preview");
        var empty = new Label("Select an item in the Collections or Scan / Query tab to preview what the update does to it.");
        empty.getStyleClass().add("text-muted");
        empty.setWrapText(true);
        Runnable fill = () -> {
            cards.getChildren().clear();
            if (model.preview().isEmpty()) {
                cards.getChildren().add(empty);
            }
            for (var row : model.preview()) {
                cards.getChildren().add(card(row));
            }
        };
        model.preview().addListener((ListChangeListener<ExpressionBuilderViewModel.PreviewRow>) c -> fill.run());
        fill.run();
        return new VBox(6, heading("Preview on the selected item"), cards);
    }

    private static Node card(ExpressionBuilderViewModel.PreviewRow row) {
        var outcome = new Label(switch (row.outcome()) {
            case PASS -> "✔ condition holds";
            case FAIL -> "✘ condition fails";
            case ERROR -> "⚠ refused";
        });
        outcome.getStyleClass().add(switch (row.outcome()) {
            case PASS -> "success";
            case FAIL -> "warning";
            case ERROR -> "danger";
        });
        var key = new Label(row.key());
        key.getStyleClass().add("text-bold");
        var header = new HBox(10, key, outcome);
        var message = new Label(row.message());
        message.setWrapText(true);
        var diff = new GridPane(10, 2);
        diff.getStyleClass().add("expression-rendered");
        int line = 0;
        for (var change : row.changes()) {
            var mark = new Label(switch (change.kind()) {
                case ADDED -> "+";
                case REMOVED -> "−";
                case CHANGED -> "~";
            });
            var style = switch (change.kind()) {
                case ADDED -> "diff-added";
                case REMOVED -> "diff-removed";
                case CHANGED -> "diff-changed";
            };
            var name = new Label(change.name());
            var before = new Label(text(change.valueBefore()));
            var after = new Label(text(change.valueAfter()));
            for (var label : new Label[] {mark, name, after}) {
                label.getStyleClass().add(style);
            }
            before.getStyleClass().add("text-muted");
            diff.addRow(line++, mark, name, before, new Label("→"), after);
        }
        var card = new VBox(4, header, message, diff);
        card.getStyleClass().add("preview-card");
        return card;
    }

    private static String text(AttributeValue value) {
        return value == null ? "(absent)" : ValueText.literal(value);
    }

    // --- run ---

    private Node runBar() {
        var run = new Button("Run on selected items…");
        run.setId("runUpdate");
        run.getStyleClass().add("danger");
        run.disableProperty().bind(model.canRunBinding().not());
        var confirm = new TextField();
        confirm.setId("confirmTable");
        confirm.setPromptText("type " + model.table() + " to confirm");
        confirm.textProperty().bindBidirectional(model.confirmationProperty());
        confirm.setVisible(model.production());
        confirm.setManaged(model.production());
        var runStatus = new Label();
        runStatus.setId("runStatus");
        runStatus.setWrapText(true);
        runStatus.textProperty().bind(model.runStatusProperty());
        var results = new VBox(2);
        results.setId("runResults");
        model.runResults().addListener((ListChangeListener<ExpressionBuilderViewModel.RunRow>) c -> {
            results.getChildren().clear();
            for (var row : model.runResults()) {
                var label = new Label(row.key() + " — " + row.status().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + ": " + row.message());
                label.getStyleClass().add(row.status() == ExpressionBuilderViewModel.RunStatus.APPLIED ? "success"
                        : row.status() == ExpressionBuilderViewModel.RunStatus.ERROR ? "danger" : "warning");
                results.getChildren().add(label);
            }
        });
        run.setOnAction(e -> {
            var alert = new Alert(Alert.AlertType.CONFIRMATION, "Send this UpdateItem, guarded by its condition, for "
                    + model.items().size() + " item(s) of " + model.table() + " on '" + model.connectionName() + "'?\n\n"
                    + model.copyText(ExpressionBuilderViewModel.Copy.UPDATE)
                    + (model.copyText(ExpressionBuilderViewModel.Copy.CONDITION).isEmpty() ? "" : "\nIF " + model.copyText(ExpressionBuilderViewModel.Copy.CONDITION)),
                    ButtonType.OK, ButtonType.CANCEL);
            alert.setHeaderText("Run the update");
            if (run.getScene() != null) alert.initOwner(run.getScene().getWindow());
            alert.showAndWait().filter(ButtonType.OK::equals).ifPresent(ok -> model.run());
        });
        var bar = new HBox(8, run, confirm);
        bar.setAlignment(Pos.CENTER_LEFT);
        return new VBox(6, heading("Run"), bar, runStatus, results);
    }
}

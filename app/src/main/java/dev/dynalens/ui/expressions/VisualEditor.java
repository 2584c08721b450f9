package dev.dynalens.ui.expressions;

import dev.dynalens.domain.builder.ConditionOperator;
import dev.dynalens.domain.builder.Connector;
import dev.dynalens.domain.builder.UpdateAction;
import dev.dynalens.domain.builder.ValueType;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The builder's visual mode: a row per update action and per condition, each bound to its row model. */
final class VisualEditor {
    private final ExpressionBuilderViewModel model;

    VisualEditor(ExpressionBuilderViewModel model) {
        this.model = model;
    }

    VBox createView() {
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
        var conditionHeader = new HBox(8, ExpressionBuilderView.heading("Condition"), new Label("rows joined by"), connector);
        conditionHeader.setAlignment(Pos.CENTER_LEFT);
        return new VBox(8, ExpressionBuilderView.heading("Update"), updates, addUpdate, conditionHeader, conditions, addCondition);
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
            var takesValue = Bindings.createBooleanBinding(
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

    private static <T> ChoiceBox<T> choice(String id, T[] values, ObjectProperty<T> property) {
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
}

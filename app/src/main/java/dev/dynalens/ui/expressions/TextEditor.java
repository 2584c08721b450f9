package dev.dynalens.ui.expressions;

import dev.dynalens.domain.expression.ExpressionError;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.fxmisc.richtext.CodeArea;

/**
 * The builder's text mode: the two expressions, highlighted with their first problem marked, and the name and value
 * maps as DynamoDB JSON.
 */
final class TextEditor {
    private final ExpressionBuilderViewModel model;

    TextEditor(ExpressionBuilderViewModel model) {
        this.model = model;
    }

    VBox createView() {
        var update = code("updateCode", model.updateTextProperty(), model.updateErrorProperty());
        var condition = code("conditionCode", model.conditionTextProperty(), model.conditionErrorProperty());
        var names = area("namesText", "{\"#n\": \"name\"}", model.namesTextProperty());
        var values = area("valuesText", "{\":v\": {\"S\": \"text\"}}", model.valuesTextProperty());
        var maps = new GridPane(8, 4);
        maps.addRow(0, new Label("ExpressionAttributeNames"), new Label("ExpressionAttributeValues (DynamoDB JSON)"));
        maps.addRow(1, names, values);
        GridPane.setHgrow(names, Priority.ALWAYS);
        GridPane.setHgrow(values, Priority.ALWAYS);
        return new VBox(6, ExpressionBuilderView.heading("UpdateExpression"), update,
                ExpressionBuilderView.heading("ConditionExpression"), condition, maps);
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
}

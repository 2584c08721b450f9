package dev.dynalens.ui.collections;

import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/** Split: the items of an entity whose sort-key template, partition-key template or an attribute's value matches. */
final class SplitEntityDialog {
    private SplitEntityDialog() {
    }

    /** Asks how to split {@code row}'s entity type and, on OK, has {@code model} split it. */
    static void ask(Window owner, EntityRow row, CollectionsViewModel model) {
        var dialog = new Dialog<Boolean>();
        dialog.initOwner(owner);
        dialog.setTitle("Split " + row.name());
        dialog.setHeaderText("Take some items of " + row.name() + " out as an entity type of their own");
        var by = new ComboBox<String>(FXCollections.observableArrayList(
                "sort-key template", "partition-key template", "attribute value"));
        by.getSelectionModel().selectFirst();
        var attribute = new TextField();
        attribute.setPromptText("attribute, e.g. type");
        var value = new TextField(row.skTemplate());
        value.setPromptText("template (e.g. PROFILE, ORDER#{}) or value");
        by.valueProperty().addListener((o, was, now) -> {
            attribute.setDisable(!"attribute value".equals(now));
            value.setText(switch (now) {
                case "sort-key template" -> row.skTemplate();
                case "partition-key template" -> row.pkTemplate();
                default -> "";
            });
        });
        attribute.setDisable(true);
        var into = new TextField();
        into.setPromptText("new entity name");
        var grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, new Label("Split by"), by);
        grid.addRow(1, new Label("Attribute"), attribute);
        grid.addRow(2, new Label("Template or value"), value);
        grid.addRow(3, new Label("New entity"), into);
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane().lookupButton(ButtonType.OK).disableProperty().bind(Bindings.createBooleanBinding(
                () -> into.getText().isBlank() || value.getText().isBlank()
                        || ("attribute value".equals(by.getValue()) && attribute.getText().isBlank()),
                into.textProperty(), value.textProperty(), attribute.textProperty(), by.valueProperty()));
        dialog.setResultConverter(button -> button == ButtonType.OK);
        dialog.showAndWait().filter(Boolean::booleanValue).ifPresent(ok -> {
            switch (by.getValue()) {
                case "attribute value" -> model.splitEntity(row.name(), attribute.getText(), value.getText(), into.getText());
                case "partition-key template" -> model.splitEntityByKeyTemplate(row.name(), false, value.getText(), into.getText());
                default -> model.splitEntityByKeyTemplate(row.name(), true, value.getText(), into.getText());
            }
        });
    }
}

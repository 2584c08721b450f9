package dev.dynalens.ui.transfer;

import javafx.beans.binding.Bindings;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The "Import" dialog: file, format (or told from the content), progress, cancel, the count and the rejected lines. */
public final class ImportDialog {
    private static final ButtonType IMPORT = new ButtonType("Import", ButtonBar.ButtonData.OK_DONE);
    private static final ButtonType STOP = new ButtonType("Cancel import", ButtonBar.ButtonData.OTHER);

    private ImportDialog() {
    }

    public static void show(Window owner, ImportViewModel model) {
        var path = new TextField();
        path.setId("importFile");
        path.setEditable(false);
        path.textProperty().bind(Bindings.createStringBinding(() -> model.fileProperty().get() == null ? ""
                : model.fileProperty().get().toString(), model.fileProperty()));
        var choose = new Button("Choose…");
        choose.setOnAction(e -> {
            var chooser = new FileChooser();
            chooser.setTitle("Import into " + model.table());
            chooser.getExtensionFilters().addAll(
                    new FileChooser.ExtensionFilter("DynamoDB JSON lines, JSON, CSV, Workbench models", "*.jsonl", "*.json", "*.csv", "*.gz"),
                    new FileChooser.ExtensionFilter("All files", "*"));
            var file = chooser.showOpenDialog(owner);
            if (file != null) {
                model.fileProperty().set(file.toPath());
            }
        });
        choose.disableProperty().bind(model.runningProperty());
        var fileRow = new HBox(6, path, choose);
        HBox.setHgrow(path, Priority.ALWAYS);
        var format = new ComboBox<>(model.formats());
        format.setId("importFormat");
        format.valueProperty().bindBidirectional(model.formatProperty());
        format.setCellFactory(v -> new ExportDialog.FormatCell());
        format.setButtonCell(new ExportDialog.FormatCell());
        format.setMaxWidth(Double.MAX_VALUE);
        var grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(10);
        grid.addRow(0, new Label("File"), fileRow);
        grid.addRow(1, new Label("Format"), format);
        GridPane.setHgrow(fileRow, Priority.ALWAYS);
        var bar = new ProgressBar();
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.progressProperty().bind(model.progressProperty());
        bar.visibleProperty().bind(model.runningProperty().or(model.progressProperty().greaterThan(0)));
        var status = new Label();
        status.setId("importStatus");
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        var rejected = new ListView<>(model.rejected());
        rejected.setId("importRejected");
        rejected.setPrefHeight(160);
        rejected.visibleProperty().bind(Bindings.isNotEmpty(model.rejected()));
        rejected.managedProperty().bind(rejected.visibleProperty());
        var hint = new Label("Items go in BatchWriteItem requests of 25; unprocessed items are retried with backoff. "
                + "Malformed lines and refused items are listed with their line; the rest is written.");
        hint.setWrapText(true);
        hint.getStyleClass().addAll("text-muted", "text-small");
        var content = new VBox(10, grid, bar, status, rejected, hint);
        content.setPadding(new Insets(10));
        content.setPrefWidth(600);

        var dialog = new Dialog<Void>();
        dialog.initOwner(owner);
        dialog.setTitle("Import");
        dialog.setHeaderText("Import a file into " + model.table());
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().addAll(STOP, IMPORT, ButtonType.CLOSE);
        var start = (Button) dialog.getDialogPane().lookupButton(IMPORT);
        start.setId("startImport");
        start.setDisable(model.readOnly());
        if (!model.readOnly()) {
            start.disableProperty().bind(model.runningProperty().or(Bindings.isNull(model.fileProperty())));
        }
        start.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume();
            model.start();
        });
        var stop = (Button) dialog.getDialogPane().lookupButton(STOP);
        stop.disableProperty().bind(model.runningProperty().not());
        stop.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume();
            model.cancel();
        });
        dialog.setOnCloseRequest(e -> model.cancel());
        dialog.show();
    }
}

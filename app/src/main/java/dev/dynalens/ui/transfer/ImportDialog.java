package dev.dynalens.ui.transfer;

import dev.dynalens.ui.common.Icons;
import dev.dynalens.ui.common.ConfirmWriteDialog;
import dev.dynalens.ui.common.WorkDialog;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The "Import" dialog: file, format (or told from the content), progress, cancel, the count and the rejected lines. On a
 * production connection, Import first asks for the table name.
 */
public final class ImportDialog {

    private ImportDialog() {
    }

    public static void show(Window owner, ImportViewModel model) {
        var path = new TextField();
        path.setId("importFile");
        path.setEditable(false);
        path.textProperty().bind(Bindings.createStringBinding(() -> model.fileProperty().get() == null ? ""
                : model.fileProperty().get().toString(), model.fileProperty()));
        var choose = new Button("Choose…");
        Icons.withIcon(choose, Icons.Action.OPEN, "Choose the file to import");
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
        var bar = WorkDialog.progressBar(model.progressProperty(), model.runningProperty());
        var status = WorkDialog.status("importStatus", model.statusProperty());
        var rejected = new ListView<>(model.rejected());
        rejected.setId("importRejected");
        rejected.setPrefHeight(160);
        rejected.visibleProperty().bind(Bindings.isNotEmpty(model.rejected()));
        rejected.managedProperty().bind(rejected.visibleProperty());
        var hint = WorkDialog.hint("Items go in BatchWriteItem requests of 25; unprocessed items are retried with backoff. "
                + "Malformed lines and refused items are listed with their line; the rest is written.");
        var content = new VBox(10, grid, bar, status, rejected, hint);
        content.setPadding(new Insets(10));
        content.setPrefWidth(600);

        // The confirmation is owned by this dialog's window, known once it is shown.
        var shown = new java.util.concurrent.atomic.AtomicReference<Window>(owner);
        var start = WorkDialog.show(owner, "Import", "Import a file into " + model.table(), content, "Import", "startImport",
                "Cancel import", model.runningProperty(), () -> start(shown.get(), model), model::cancel);
        shown.set(start.getScene().getWindow());
        Icons.withIcon(start, Icons.Action.IMPORT, "Write the file's items into " + model.table());
        start.setDisable(model.readOnly());
        if (!model.readOnly()) {
            start.disableProperty().bind(model.runningProperty().or(Bindings.isNull(model.fileProperty())));
        }
    }

    private static void start(Window owner, ImportViewModel model) {
        if (!model.needsConfirmation()) {
            model.start();
            return;
        }
        var file = model.fileProperty().get();
        ConfirmWriteDialog.ask(owner, model.connectionName(), model.table(), "Importing " + (file == null ? "a file" : file.getFileName()))
                .ifPresent(model::start);
    }
}

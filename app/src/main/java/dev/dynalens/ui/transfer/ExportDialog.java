package dev.dynalens.ui.transfer;

import dev.dynalens.ui.common.Icons;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.ui.common.WorkDialog;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The "Export" dialog: format, file, progress, cancel and the count at the end. */
public final class ExportDialog {

    private ExportDialog() {
    }

    public static void show(Window owner, ExportViewModel model) {
        var format = new ComboBox<>(model.formats());
        format.setId("exportFormat");
        format.valueProperty().bindBidirectional(model.formatProperty());
        format.setCellFactory(v -> new FormatCell());
        format.setButtonCell(new FormatCell());
        format.setMaxWidth(Double.MAX_VALUE);
        var path = new TextField();
        path.setId("exportFile");
        path.setEditable(false);
        path.textProperty().bind(Bindings.createStringBinding(() -> model.fileProperty().get() == null ? ""
                : model.fileProperty().get().toString(), model.fileProperty()));
        var choose = new Button("Choose…");
        choose.setOnAction(e -> {
            var chooser = new FileChooser();
            chooser.setTitle("Export " + model.table());
            chooser.setInitialFileName(model.suggestedFileName());
            var file = chooser.showSaveDialog(owner);
            if (file != null) {
                model.fileProperty().set(file.toPath());
            }
        });
        choose.disableProperty().bind(model.runningProperty());
        Icons.withIcon(choose, Icons.Action.OPEN, "Choose the file to write");
        var fileRow = new HBox(6, path, choose);
        HBox.setHgrow(path, Priority.ALWAYS);
        var grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(10);
        grid.addRow(0, new Label("Format"), format);
        grid.addRow(1, new Label("File"), fileRow);
        GridPane.setHgrow(fileRow, Priority.ALWAYS);
        var safe = new javafx.scene.control.CheckBox("Spreadsheet-safe: guard cells a spreadsheet would run as formulas (=, +, -, @)");
        safe.setId("exportSpreadsheetSafe");
        safe.selectedProperty().bindBidirectional(model.spreadsheetSafeProperty());
        var csv = Bindings.equal(model.formatProperty(), dev.dynalens.domain.transfer.TransferFormat.CSV);
        safe.visibleProperty().bind(csv);
        safe.managedProperty().bind(csv);
        safe.disableProperty().bind(model.runningProperty());
        grid.add(safe, 1, 2);
        var bar = WorkDialog.progressBar(model.progressProperty(), model.runningProperty());
        var status = WorkDialog.status("exportStatus", model.statusProperty());
        var hint = WorkDialog.hint("Every format keeps every DynamoDB type; see docs/import-export.md. The file is written only when "
                + "every page has been read.");
        var content = new VBox(10, grid, bar, status, hint);
        content.setPadding(new Insets(10));
        content.setPrefWidth(560);

        var export = WorkDialog.show(owner, "Export", "Export every item of " + model.table() + " to a file", content,
                "Export", "startExport", "Cancel export", model.runningProperty(), model::start, model::cancel);
        export.disableProperty().bind(model.runningProperty().or(Bindings.isNull(model.fileProperty())));
        // on a production connection the read's cost is asked about first
        model.confirmationProperty().addListener((obs, old, question) -> {
            if (question == null || question.isEmpty()) {
                return;
            }
            var ask = new Alert(Alert.AlertType.CONFIRMATION, question,
                    ButtonType.CANCEL, ButtonType.OK);
            ask.setHeaderText("Read all of " + model.table() + "?");
            ask.initOwner(export.getScene() == null ? owner : export.getScene().getWindow());
            if (ask.showAndWait().filter(ButtonType.OK::equals).isPresent()) {
                model.startConfirmed();
            } else {
                model.dismissConfirmation();
            }
        });
        Icons.withIcon(export, Icons.Action.EXPORT, "Read every page and write the file");
    }

    static final class FormatCell extends ListCell<TransferFormat> {
        @Override
        protected void updateItem(TransferFormat format, boolean empty) {
            super.updateItem(format, empty);
            setText(empty ? null : ImportViewModel.describe(format));
        }
    }
}

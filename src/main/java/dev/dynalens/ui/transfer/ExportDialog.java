package dev.dynalens.ui.transfer;

import dev.dynalens.domain.transfer.TransferFormat;
import javafx.beans.binding.Bindings;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The "Export" dialog: format, file, progress, cancel and the count at the end. */
public final class ExportDialog {
    private static final ButtonType EXPORT = new ButtonType("Export", ButtonBar.ButtonData.OK_DONE);
    private static final ButtonType STOP = new ButtonType("Cancel export", ButtonBar.ButtonData.OTHER);

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
        var fileRow = new HBox(6, path, choose);
        HBox.setHgrow(path, Priority.ALWAYS);
        var grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(10);
        grid.addRow(0, new Label("Format"), format);
        grid.addRow(1, new Label("File"), fileRow);
        GridPane.setHgrow(fileRow, Priority.ALWAYS);
        var bar = new ProgressBar();
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.progressProperty().bind(model.progressProperty());
        bar.visibleProperty().bind(model.runningProperty().or(model.progressProperty().greaterThan(0)));
        var status = new Label();
        status.setId("exportStatus");
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        var hint = new Label("Every format keeps every DynamoDB type; see docs/import-export.md. The file is written only when "
                + "every page has been read.");
        hint.setWrapText(true);
        hint.getStyleClass().addAll("text-muted", "text-small");
        var content = new VBox(10, grid, bar, status, hint);
        content.setPadding(new Insets(10));
        content.setPrefWidth(560);

        var dialog = new Dialog<Void>();
        dialog.initOwner(owner);
        dialog.setTitle("Export");
        dialog.setHeaderText("Export every item of " + model.table() + " to a file");
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().addAll(STOP, EXPORT, ButtonType.CLOSE);
        var export = (Button) dialog.getDialogPane().lookupButton(EXPORT);
        export.setId("startExport");
        export.disableProperty().bind(model.runningProperty().or(Bindings.isNull(model.fileProperty())));
        export.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume(); // stay open to show progress and the count
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

    static final class FormatCell extends ListCell<TransferFormat> {
        @Override
        protected void updateItem(TransferFormat format, boolean empty) {
            super.updateItem(format, empty);
            setText(empty ? null : ImportViewModel.describe(format));
        }
    }
}

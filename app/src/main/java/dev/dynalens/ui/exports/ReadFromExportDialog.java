package dev.dynalens.ui.exports;

import dev.dynalens.ui.common.Icons;
import dev.dynalens.ui.common.WorkDialog;
import dev.dynalens.usecase.OpenExport;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.CheckBoxTableCell;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.Window;

/**
 * The "Read from an export…" dialog: the table's exports to tick, or a folder or URI, an optional S3 endpoint, progress
 * and cancel while it opens. It closes once the export is open, handing the opened table to the caller.
 */
public final class ReadFromExportDialog {

    private ReadFromExportDialog() {
    }

    /** @param openTab shows the opened table (a new tab) */
    public static void show(Window owner, ReadFromExportViewModel model, Consumer<OpenExport.Opened> openTab) {
        var listed = WorkDialog.status("exportListStatus", model.listStatusProperty());
        var table = exportsTable(model);

        var location = new TextField();
        location.setId("exportLocation");
        location.setPromptText("s3://bucket/prefix/AWSDynamoDB/01764… or a folder (several: the full export first, ; between)");
        location.textProperty().bindBidirectional(model.locationProperty());
        var folder = new Button("Folder…");
        folder.setId("chooseExportFolder");
        Icons.withIcon(folder, Icons.Action.OPEN, "Choose a folder that holds an export's manifest-summary.json");
        folder.setOnAction(e -> {
            var chooser = new DirectoryChooser();
            chooser.setTitle("The export's folder (it holds manifest-summary.json)");
            var chosen = chooser.showDialog(folder.getScene().getWindow());
            if (chosen != null) {
                var typed = model.locationProperty().get().strip();
                model.locationProperty().set(typed.isEmpty() ? chosen.toString() : typed + "; " + chosen);
            }
        });
        var locationRow = new HBox(6, location, folder);
        HBox.setHgrow(location, Priority.ALWAYS);
        var endpoint = new TextField();
        endpoint.setId("exportS3Endpoint");
        endpoint.setPromptText("empty for AWS's own; http://127.0.0.1:9000 for an S3-compatible store");
        endpoint.textProperty().bindBidirectional(model.s3EndpointProperty());
        var grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(10);
        grid.addRow(0, new Label("Or a folder or URI"), locationRow);
        grid.addRow(1, new Label("S3 endpoint (optional)"), endpoint);
        GridPane.setHgrow(locationRow, Priority.ALWAYS);
        GridPane.setHgrow(endpoint, Priority.ALWAYS);
        location.disableProperty().bind(model.runningProperty());
        folder.disableProperty().bind(model.runningProperty());
        endpoint.disableProperty().bind(model.runningProperty());
        table.disableProperty().bind(model.runningProperty());

        var bar = new ProgressBar(ProgressBar.INDETERMINATE_PROGRESS);
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.visibleProperty().bind(model.runningProperty());
        var status = WorkDialog.status("exportOpenStatus", model.statusProperty());
        var hint = WorkDialog.hint("The tab it opens answers every Scan from the export (its overview, stale copies and SQL read no "
                + "capacity of the table) and sends key reads and a repair's conditional updates to the live table. S3 is read with "
                + "this connection's credentials. See docs/exports.md.");
        var content = new VBox(10, listed, table, grid, bar, status, hint);
        content.setPadding(new Insets(10));
        content.setPrefWidth(1000);
        content.setMinWidth(Region.USE_PREF_SIZE);
        // Wrapped sentences keep their lines instead of ending in '…'.
        for (var label : List.of(listed, status, hint)) {
            label.setMinHeight(Region.USE_PREF_SIZE);
        }

        var open = WorkDialog.show(owner, "Read from an export", "Read " + model.table() + " from an export to S3", content, "Open",
                "openExport", "Cancel opening", model.runningProperty(), model::open, model::cancel);
        open.disableProperty().bind(model.canOpenProperty().not());
        Icons.withIcon(open, Icons.Action.OPEN_TABLE, "Open a tab that reads the table from this export");
        model.whenOpened(opened -> {
            open.getScene().getWindow().hide();
            openTab.accept(opened);
        });
        model.list();
    }

    private static TableView<ExportRow> exportsTable(ReadFromExportViewModel model) {
        var table = new TableView<>(model.rows());
        table.setId("exportList");
        table.setEditable(true);
        table.setPrefHeight(190);
        var placeholder = new Label("No export listed.");
        placeholder.textProperty().bind(model.listStatusProperty());
        placeholder.setWrapText(true);
        table.setPlaceholder(placeholder);
        var read = new TableColumn<ExportRow, Boolean>("Read");
        read.setCellValueFactory(cell -> cell.getValue().chosenProperty());
        read.setCellFactory(CheckBoxTableCell.forTableColumn(read));
        read.setEditable(true);
        read.setPrefWidth(62);
        table.getColumns().add(read);
        table.getColumns().add(column("Type", ExportRow::type, 128));
        table.getColumns().add(column("Time", ExportRow::time, 235));
        table.getColumns().add(column("Status", ExportRow::status, 122));
        table.getColumns().add(column("Format", ExportRow::format, 148));
        table.getColumns().add(column("Items", ExportRow::items, 70));
        table.getColumns().add(column("Export id", ExportRow::id, 215));
        // Only a completed export can be read: the others are shown greyed, their box inert.
        table.setRowFactory(view -> new TableRow<>() {
            @Override
            protected void updateItem(ExportRow row, boolean empty) {
                super.updateItem(row, empty);
                setDisable(row != null && !row.selectable());
                setTooltip(row == null ? null : new Tooltip(row.export().uri()));
            }
        });
        return table;
    }

    private static TableColumn<ExportRow, String> column(String title, Function<ExportRow, String> text, double width) {
        var column = new TableColumn<ExportRow, String>(title);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        column.setEditable(false);
        column.setPrefWidth(width);
        return column;
    }
}

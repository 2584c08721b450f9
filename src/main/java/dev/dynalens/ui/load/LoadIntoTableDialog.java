package dev.dynalens.ui.load;

import dev.dynalens.domain.connection.ConnectionProfile;
import javafx.beans.binding.Bindings;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** The "Load into table" dialog: target, table name, create-table option, progress, cancel and the report. */
public final class LoadIntoTableDialog {
    private static final ButtonType LOAD = new ButtonType("Load", ButtonBar.ButtonData.OK_DONE);
    private static final ButtonType STOP = new ButtonType("Cancel load", ButtonBar.ButtonData.OTHER);

    private LoadIntoTableDialog() {
    }

    public static void show(Window owner, LoadIntoTableViewModel model) {
        var target = new ComboBox<>(model.targets());
        target.setId("loadTarget");
        target.valueProperty().bindBidirectional(model.targetProperty());
        target.setCellFactory(v -> new ProfileCell());
        target.setButtonCell(new ProfileCell());
        target.setMaxWidth(Double.MAX_VALUE);
        var table = new TextField();
        table.setId("loadTableName");
        table.textProperty().bindBidirectional(model.targetTableProperty());
        var create = new CheckBox("Create the table with its GSIs (on-demand) first");
        create.selectedProperty().bindBidirectional(model.createTableProperty());
        var grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(10);
        grid.addRow(0, new Label("Connection"), target);
        grid.addRow(1, new Label("Table"), table);
        grid.add(create, 1, 2);
        var bar = new ProgressBar();
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.progressProperty().bind(model.progressProperty());
        bar.visibleProperty().bind(model.runningProperty().or(model.progressProperty().greaterThan(0)));
        var status = new Label();
        status.setId("loadStatus");
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        var hint = new Label("Items are written with BatchWriteItem; unprocessed items are retried with backoff.");
        hint.getStyleClass().addAll("text-muted", "text-small");
        var content = new VBox(10, grid, bar, status, hint);
        content.setPadding(new Insets(10));
        content.setPrefWidth(520);

        var dialog = new Dialog<Void>();
        dialog.initOwner(owner);
        dialog.setTitle("Load into table");
        dialog.setHeaderText("Write every item of " + model.sourceTable() + " into a table");
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().addAll(STOP, LOAD, ButtonType.CLOSE);
        var load = (Button) dialog.getDialogPane().lookupButton(LOAD);
        load.setId("startLoad");
        load.disableProperty().bind(model.runningProperty().or(Bindings.isNull(model.targetProperty())));
        load.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume(); // stay open to show progress and the report
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

    private static final class ProfileCell extends ListCell<ConnectionProfile> {
        @Override
        protected void updateItem(ConnectionProfile profile, boolean empty) {
            super.updateItem(profile, empty);
            setText(empty || profile == null ? null
                    : profile.name() + (profile.readOnly() ? " (read-only)" : "") + " · "
                    + profile.endpoint().map(Object::toString).orElse(profile.region()));
        }
    }
}

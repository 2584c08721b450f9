package dev.dynalens.ui.load;

import dev.dynalens.ui.common.Icons;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.ui.common.ConfirmWriteDialog;
import dev.dynalens.ui.common.WorkDialog;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * The "Load into table" dialog: target, table name, create-table option, progress, cancel and the report. On a
 * production target, Load first asks for the table name.
 */
public final class LoadIntoTableDialog {

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
        var bar = WorkDialog.progressBar(model.progressProperty(), model.runningProperty());
        var status = WorkDialog.status("loadStatus", model.statusProperty());
        var hint = WorkDialog.hint("Items are written with BatchWriteItem; unprocessed items are retried with backoff.");
        var content = new VBox(10, grid, bar, status, hint);
        content.setPadding(new Insets(10));
        content.setPrefWidth(520);

        // The confirmation is owned by this dialog's window, known once it is shown.
        var shown = new java.util.concurrent.atomic.AtomicReference<Window>(owner);
        var load = WorkDialog.show(owner, "Load into table", "Write every item of " + model.sourceTable() + " into a table", content,
                "Load", "startLoad", "Cancel load", model.runningProperty(), () -> start(shown.get(), model), model::cancel);
        shown.set(load.getScene().getWindow());
        Icons.withIcon(load, Icons.Action.LOAD_INTO, "Write every item into the chosen table");
        load.disableProperty().bind(model.runningProperty().or(Bindings.isNull(model.targetProperty())));
    }

    private static void start(Window owner, LoadIntoTableViewModel model) {
        var target = model.targetProperty().get();
        if (!model.needsConfirmation() || model.targetTableName().isEmpty()) {
            model.start();
            return;
        }
        ConfirmWriteDialog.ask(owner, target.name(), model.targetTableName(), "Loading every item of " + model.sourceTable())
                .ifPresent(model::start);
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

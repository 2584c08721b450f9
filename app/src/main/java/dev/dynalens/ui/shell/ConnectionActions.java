package dev.dynalens.ui.shell;

import dev.dynalens.ui.connections.ConnectionEditorDialog;
import dev.dynalens.ui.connections.ConnectionEditorViewModel;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The sidebar's actions on connections, each through its dialog: add, edit, remove, and open a file as a workspace. */
final class ConnectionActions {
    private final ConnectionsViewModel connections;
    private final Supplier<ConnectionEditorViewModel> editorModels;
    private final Supplier<Window> owner;

    /** @param owner the window the dialogs belong to, asked when one opens */
    ConnectionActions(ConnectionsViewModel connections, Supplier<ConnectionEditorViewModel> editorModels, Supplier<Window> owner) {
        this.connections = connections;
        this.editorModels = editorModels;
        this.owner = owner;
    }

    void add() {
        ConnectionEditorDialog.show(owner.get(), editorModels.get(), connections).ifPresent(connections::add);
    }

    void editSelected() {
        var selected = connections.selectedProperty().get();
        if (selected == null) return;
        var model = editorModels.get();
        model.load(selected);
        ConnectionEditorDialog.show(owner.get(), model, connections).ifPresent(connections::replace);
    }

    void removeSelected() {
        var selected = connections.selectedProperty().get();
        if (selected == null) return;
        if (ConnectionsViewModel.isWorkspace(selected)) {
            connections.remove(selected); // closing a file loses nothing
            return;
        }
        var confirm = new Alert(Alert.AlertType.CONFIRMATION, "Remove the connection \"" + selected.name()
                + "\"? Nothing in AWS is touched.", ButtonType.CANCEL, ButtonType.OK);
        confirm.initOwner(owner.get());
        confirm.setHeaderText("Remove connection");
        confirm.showAndWait().filter(ButtonType.OK::equals).ifPresent(b -> connections.remove(selected));
    }

    void openFile() {
        var chooser = new FileChooser();
        chooser.setTitle("Open a workspace file");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("DynamoDB data (*.json, *.jsonl, *.json.gz)", "*.json", "*.jsonl", "*.gz"),
                new FileChooser.ExtensionFilter("All files", "*"));
        var file = chooser.showOpenDialog(owner.get());
        if (file != null) {
            connections.openWorkspace(file.toPath()).thenAccept(outcome -> {
                if (outcome == ConnectionsViewModel.OpenOutcome.NEEDS_KEY_SCHEMA) {
                    askForKeySchema(file.toPath());
                }
            });
        }
    }

    /** For a file that carries no key schema and whose keys could not be guessed. */
    private void askForKeySchema(Path file) {
        var keys = new TextField();
        keys.setId("keySchemaField");
        keys.setPromptText("PK,SK");
        var indexes = new TextField();
        indexes.setPromptText("GSI1=GSI1PK,GSI1SK; GSI2=GSI2PK");
        var grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(10);
        grid.addRow(0, new Label("Key schema"), keys);
        grid.addRow(1, new Label("Indexes (optional)"), indexes);
        var dialog = new Dialog<ButtonType>();
        dialog.initOwner(owner.get());
        dialog.setTitle("Key schema");
        dialog.setHeaderText(file.getFileName() + " does not say which attributes are its keys.\n"
                + "Name the partition key, and the sort key if there is one.");
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, ButtonType.OK);
        dialog.getDialogPane().lookupButton(ButtonType.OK).disableProperty().bind(keys.textProperty().isEmpty());
        dialog.showAndWait().filter(ButtonType.OK::equals).ifPresent(ok -> {
            var gsis = Arrays.stream(indexes.getText().split(";")).map(String::strip).filter(t -> !t.isEmpty()).toList();
            connections.openWorkspace(file, keys.getText().strip(), gsis).thenAccept(outcome -> {
                if (outcome == ConnectionsViewModel.OpenOutcome.NEEDS_KEY_SCHEMA) askForKeySchema(file);
            });
        });
    }
}

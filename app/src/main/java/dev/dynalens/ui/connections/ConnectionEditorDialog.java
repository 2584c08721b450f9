package dev.dynalens.ui.connections;

import dev.dynalens.domain.connection.ConnectionProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import javafx.event.ActionEvent;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.stage.Window;

/** The "Add / Edit connection" dialog: the FXML form, a Test button and Save. */
public final class ConnectionEditorDialog {
    private static final ButtonType TEST = new ButtonType("Test connection", ButtonBar.ButtonData.LEFT);

    private ConnectionEditorDialog() {
    }

    public static Optional<ConnectionProfile> show(Window owner, ConnectionEditorViewModel model, ConnectionsViewModel connections) {
        var loader = new FXMLLoader(ConnectionEditorDialog.class.getResource("ConnectionEditor.fxml"));
        Parent form;
        try {
            form = loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("The connection form could not be loaded", e);
        }
        ConnectionEditorController controller = loader.getController();
        controller.bind(model);

        var dialog = new Dialog<ConnectionProfile>();
        dialog.initOwner(owner);
        dialog.setTitle(model.isEditing() ? "Edit connection" : "Add connection");
        dialog.setHeaderText(model.isEditing() ? "Edit connection" : "Connect to DynamoDB");
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().addAll(TEST, ButtonType.CANCEL, ButtonType.OK);
        var save = (Button) dialog.getDialogPane().lookupButton(ButtonType.OK);
        save.setText("Save");
        save.setId("saveConnection");
        save.disableProperty().bind(model.validBinding().not());
        var test = (Button) dialog.getDialogPane().lookupButton(TEST);
        test.setId("testConnection");
        test.disableProperty().bind(model.validBinding().not());
        test.addEventFilter(ActionEvent.ACTION, event -> {
            event.consume(); // keep the dialog open
            model.toProfile().ifPresent(profile -> {
                controller.showTestResult("Testing…", true);
                connections.test(profile).thenAccept(ok -> controller.showTestResult(connections.statusProperty().get(), ok));
            });
        });
        dialog.setResultConverter(button -> button == ButtonType.OK ? model.toProfile().orElse(null) : null);
        return dialog.showAndWait();
    }
}

package dev.dynalens.ui.common;

import dev.dynalens.service.guard.WriteConfirmer;
import java.util.Optional;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * The one place the app asks a person to confirm a write into a production-tagged table: they type the table's name.
 * Every writing action (commit, Run of an update, repair, import, load into table) asks through here before it starts;
 * the typed name then goes to the action, whose write guard checks it ({@link WriteConfirmer#typed}). OK is enabled
 * only once the name matches.
 */
public final class ConfirmWriteDialog {
    private ConfirmWriteDialog() {
    }

    /**
     * Asks, and waits for the answer (on the FX thread).
     *
     * @param connection the connection's name, as the person knows it
     * @param table      the table written into: what must be typed
     * @param action     what will write, completing "… will write into": "Importing shop.jsonl", "Committing 3 changes"
     * @return the typed name, or empty when the person cancelled
     */
    public static Optional<String> ask(Window owner, String connection, String table, String action) {
        var typed = new TextField();
        typed.setId("confirmTableName");
        typed.setPromptText(table);
        var dialog = new Dialog<ButtonType>();
        if (owner != null) {
            dialog.initOwner(owner);
        }
        dialog.setTitle("Production connection");
        dialog.setHeaderText(action + " will write into " + table + " on '" + connection + "', which is tagged production.");
        var explanation = new Label("Type the table name to confirm.");
        dialog.getDialogPane().setContent(new VBox(8, explanation, typed));
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, ButtonType.OK);
        var ok = dialog.getDialogPane().lookupButton(ButtonType.OK);
        ok.setId("confirmWrite");
        ok.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> !WriteConfirmer.confirms(typed.getText(), table), typed.textProperty()));
        dialog.setOnShown(e -> typed.requestFocus());
        return dialog.showAndWait().filter(ButtonType.OK::equals).map(answer -> typed.getText().strip());
    }
}

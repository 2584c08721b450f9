package dev.dynalens.ui.common;

import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableNumberValue;
import javafx.beans.value.ObservableStringValue;
import javafx.event.ActionEvent;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.stage.Window;

/**
 * The parts the long-work dialogs (export, import, load into a table) share: a progress bar shown while the work
 * runs or has progressed, a status line, a muted hint, and a non-modal dialog with Start, Cancel (only while running)
 * and Close buttons that stays open to show progress and the report; closing it cancels the work.
 */
public final class WorkDialog {
    private WorkDialog() {
    }

    public static ProgressBar progressBar(ObservableNumberValue progress, ObservableBooleanValue running) {
        var bar = new ProgressBar();
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.progressProperty().bind(progress);
        bar.visibleProperty().bind(javafx.beans.binding.Bindings.or(running,
                javafx.beans.binding.Bindings.greaterThan(progress, 0)));
        return bar;
    }

    public static Label status(String id, ObservableStringValue text) {
        var status = new Label();
        status.setId(id);
        status.setWrapText(true);
        status.textProperty().bind(text);
        return status;
    }

    public static Label hint(String text) {
        var hint = new Label(text);
        hint.setWrapText(true);
        hint.getStyleClass().addAll("text-muted", "text-small");
        return hint;
    }

    /**
     * Shows the dialog and returns its start button (id {@code startId}) for the caller to bind when it is enabled.
     * Start and Cancel do not close the dialog; Cancel is enabled only while the work runs.
     */
    public static Button show(Window owner, String title, String header, Node content, String startText, String startId,
                              String cancelText, ObservableBooleanValue running, Runnable start, Runnable cancel) {
        var startType = new ButtonType(startText, ButtonBar.ButtonData.OK_DONE);
        var cancelType = new ButtonType(cancelText, ButtonBar.ButtonData.OTHER);
        var dialog = new Dialog<Void>();
        dialog.initOwner(owner);
        dialog.setTitle(title);
        dialog.setHeaderText(header);
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().addAll(cancelType, startType, ButtonType.CLOSE);
        var startButton = (Button) dialog.getDialogPane().lookupButton(startType);
        startButton.setId(startId);
        startButton.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume(); // stay open to show progress and the report
            start.run();
        });
        var cancelButton = (Button) dialog.getDialogPane().lookupButton(cancelType);
        cancelButton.disableProperty().bind(javafx.beans.binding.Bindings.not(running));
        Icons.withIcon(cancelButton, Icons.Action.CANCEL, "Stop; what was done so far is reported");
        cancelButton.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume();
            cancel.run();
        });
        dialog.setOnCloseRequest(e -> cancel.run());
        dialog.show();
        return startButton;
    }
}

package dev.dynalens.ui.change;

import dev.dynalens.ui.common.ConfirmWriteDialog;
import dev.dynalens.ui.common.Icons;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * The foot of the Change items… dialog: the write budget, Apply, Resume, Cancel, Undo and Close, the run's progress
 * (counts, write units, items in flight) and the items skipped or failed. On a production connection each write asks
 * for the table name first through {@link ConfirmWriteDialog}, as every write of the app does.
 */
final class ChangeRunBar {
    private final ChangeViewModel plan;
    private final ChangeRunModel model;

    ChangeRunBar(ChangeViewModel plan) {
        this.plan = plan;
        this.model = plan.run();
    }

    Node createView(Stage stage) {
        var budget = new TextField();
        budget.setId("changeBudget");
        budget.setPromptText("none");
        budget.setPrefColumnCount(6);
        budget.textProperty().bindBidirectional(model.budgetProperty());
        budget.disableProperty().bind(model.runningProperty());
        var apply = new Button("Apply");
        apply.setId("changeApply");
        apply.getStyleClass().add("danger");
        apply.disableProperty().bind(model.readyToApplyProperty().not());
        apply.setOnAction(e -> confirmed(stage, () -> "Changing " + plan.plannedProperty().get().plan().changing() + " items", model::apply));
        Icons.withIcon(apply, Icons.Action.COMMIT, "Write the planned change: each item conditional on still holding what was read");
        var resume = new Button("Resume");
        resume.setId("changeResume");
        resume.visibleProperty().bind(model.resumableProperty().isNotNull());
        resume.managedProperty().bind(resume.visibleProperty());
        resume.disableProperty().bind(model.runningProperty());
        resume.setOnAction(e -> confirmed(stage, () -> "Resuming the change", model::resume));
        Icons.withIcon(resume, Icons.Action.REPAIR, "Write the items an unfinished run left, each once, from its journal");
        var cancel = new Button("Cancel run");
        cancel.setId("changeCancelRun");
        cancel.disableProperty().bind(model.runningProperty().not());
        cancel.setOnAction(e -> model.cancel());
        Icons.withIcon(cancel, Icons.Action.CANCEL, "Stop sending; the journal keeps what was done, so the run can be resumed");
        var undo = new Button("Undo");
        undo.setId("changeUndo");
        undo.disableProperty().bind(model.undoFileProperty().isNull().or(model.runningProperty()));
        undo.setOnAction(e -> confirmed(stage, () -> "Undoing the change", model::undo));
        Icons.withIcon(undo, Icons.Action.UNDO, "Put back every item the run wrote, where it still holds what the change wrote");
        var close = new Button("Close");
        close.disableProperty().bind(model.runningProperty());
        close.setOnAction(e -> stage.close());
        var budgetLabel = new Label("Write budget (WCU/s)");
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        for (var fixed : List.<Region>of(budgetLabel, apply, resume, cancel, undo, close)) {
            fixed.setMinWidth(Region.USE_PREF_SIZE);
        }
        var buttons = new HBox(8, budgetLabel, budget, spacer, apply, resume, cancel, undo, close);
        buttons.setAlignment(Pos.CENTER_LEFT);

        var bar = new ProgressBar();
        bar.setId("changeProgress");
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.progressProperty().bind(model.progressProperty());
        bar.visibleProperty().bind(model.countsProperty().isNotEmpty());
        bar.managedProperty().bind(bar.visibleProperty());
        var counts = label("changeRunCounts", "");
        counts.textProperty().bind(model.countsProperty());
        var status = label("changeRunStatus", "");
        status.textProperty().bind(model.statusProperty());
        var error = label("changeRunError", "danger");
        error.textProperty().bind(model.errorProperty());
        var notable = new ListView<>(model.notable());
        notable.setId("changeNotable");
        notable.setPrefHeight(90);
        notable.visibleProperty().bind(Bindings.isNotEmpty(model.notable()));
        notable.managedProperty().bind(notable.visibleProperty());
        var box = new VBox(6, bar, counts, status, error, notable, buttons);
        box.setPadding(new Insets(8, 0, 0, 0));
        return box;
    }

    /** On a production connection, asks for the table name first (the one dialog that asks); cancelling it sends nothing. */
    private void confirmed(Stage stage, Supplier<String> action, Runnable write) {
        if (model.needsTypedConfirmation()) {
            var typed = ConfirmWriteDialog.ask(stage, model.connectionName(), plan.tableName(), action.get());
            if (typed.isEmpty()) {
                return;
            }
            model.confirmationProperty().set(typed.get());
        }
        write.run();
    }

    private static Label label(String id, String style) {
        var label = new Label();
        label.setId(id);
        label.setWrapText(true);
        if (!style.isEmpty()) {
            label.getStyleClass().add(style);
        }
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
        return label;
    }
}

package dev.dynalens.ui.change;

import dev.dynalens.ui.common.Icons;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Change items…: the change file in an editor beside its plan ({@link ChangePlanPane}), the file's problems under it, and
 * the run below ({@link ChangeRunBar}). Only binds and forwards: {@link ChangeViewModel} does the work.
 */
public final class ChangeDialog {
    private final ChangeViewModel model;

    public ChangeDialog(ChangeViewModel model) {
        this.model = model;
    }

    public Stage show(Window owner) {
        var stage = new Stage();
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle("Change items · " + model.tableName());
        var split = new SplitPane(editor(), new ChangePlanPane(model).createView());
        split.setDividerPositions(0.42);
        var root = new BorderPane(split);
        root.setTop(header());
        root.setBottom(new ChangeRunBar(model).createView(stage));
        root.setPadding(new Insets(12));
        var scene = new Scene(root, 1200, 760);
        if (owner != null && owner.getScene() != null) {
            scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        stage.setScene(scene);
        stage.setOnCloseRequest(e -> {
            if (model.run().runningProperty().get()) {
                e.consume();
            }
        });
        stage.show();
        model.run().findUnfinished();
        return stage;
    }

    private Node header() {
        var title = new Label("Change items of " + model.tableName());
        title.getStyleClass().add("title-3");
        var explain = new Label("A change file says which items (where: an entity type and/or a condition in the SQL tab's WHERE syntax) "
                + "and what changes (set, remove, rename, or delete). Plan reads the table once and writes nothing; each write of Apply is "
                + "conditional on the item still holding what the plan read, journaled, and recorded in an undo file.");
        explain.setWrapText(true);
        explain.getStyleClass().add("text-muted");
        var status = new Label();
        status.setId("changeStatus");
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        var error = new Label();
        error.getStyleClass().add("danger");
        error.setWrapText(true);
        error.textProperty().bind(model.errorProperty());
        error.managedProperty().bind(error.textProperty().isNotEmpty());
        var box = new VBox(4, title, explain, status, error, readBar());
        box.setPadding(new Insets(0, 0, 8, 0));
        return box;
    }

    /** Shown while the read of a production table waits: what it costs, and the person's yes or no. */
    private Node readBar() {
        var question = new Label();
        question.setId("changeReadQuestion");
        question.setWrapText(true);
        question.textProperty().bind(model.readQuestionProperty());
        var read = new Button("Read the table");
        read.setId("confirmChangeRead");
        read.getStyleClass().add("danger");
        read.setOnAction(e -> model.confirmRead());
        var notNow = new Button("Not now");
        notNow.setId("declineChangeRead");
        notNow.setOnAction(e -> model.declineRead());
        for (var button : List.of(read, notNow)) {
            button.setMinWidth(Region.USE_PREF_SIZE);
        }
        var bar = new HBox(8, question, read, notNow);
        bar.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(question, Priority.ALWAYS);
        bar.visibleProperty().bind(model.readQuestionProperty().isNotEmpty());
        bar.managedProperty().bind(bar.visibleProperty());
        return bar;
    }

    private Node editor() {
        var text = new TextArea();
        text.setId("changeText");
        text.getStyleClass().add("monospace");
        text.textProperty().bindBidirectional(model.textProperty());
        text.editableProperty().bind(model.run().runningProperty().not());
        var problems = new ListView<>(model.problems());
        problems.setId("changeProblems");
        problems.setPrefHeight(110);
        problems.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(ChangeRows.Problem problem, boolean empty) {
                super.updateItem(problem, empty);
                setText(empty || problem == null ? null : problem.text());
                getStyleClass().remove("danger");
                if (!empty && problem != null) {
                    getStyleClass().add("danger");
                }
            }
        });
        problems.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (now != null && now.line() > 0) {
                text.requestFocus();
                text.positionCaret(ChangeText.offset(text.getText(), now.line(), now.column()));
            }
        });
        problems.visibleProperty().bind(Bindings.isNotEmpty(model.problems()));
        problems.managedProperty().bind(problems.visibleProperty());
        var plan = new Button("Plan");
        plan.setId("changePlan");
        plan.getStyleClass().add("accent");
        plan.disableProperty().bind(model.planningProperty().or(model.run().runningProperty()));
        plan.setOnAction(e -> model.plan());
        Icons.withIcon(plan, Icons.Action.RUN, "Read the table once and count what the change would do; nothing is written");
        var cancel = new Button("Cancel");
        cancel.setId("changeCancelPlan");
        cancel.disableProperty().bind(model.planningProperty().not());
        cancel.setOnAction(e -> model.cancel());
        Icons.iconOnly(cancel, Icons.Action.CANCEL, "Stop the plan's read");
        var spinner = new ProgressIndicator();
        spinner.setPrefSize(16, 16);
        spinner.visibleProperty().bind(model.planningProperty());
        var label = new Label("Change file (YAML or JSON)");
        label.getStyleClass().add("title-4");
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        var row = new HBox(8, label, spacer, spinner, plan, cancel);
        row.setAlignment(Pos.CENTER_LEFT);
        var box = new VBox(6, row, text, problems);
        VBox.setVgrow(text, Priority.ALWAYS);
        box.setPadding(new Insets(0, 8, 0, 0));
        return box;
    }
}

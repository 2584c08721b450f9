package dev.dynalens.ui.staleness;

import dev.dynalens.ui.common.Icons;
import dev.dynalens.ui.common.ConfirmWriteDialog;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The dry run of a fan-out and its progress, in one window; on a production connection Apply asks for the table name
 * through {@link ConfirmWriteDialog}, as every write of the app does.
 */
public final class FanoutDialog {
    private final FanoutViewModel model;

    public FanoutDialog(FanoutViewModel model) {
        this.model = model;
    }

    public Stage show(Window owner) {
        var stage = new Stage();
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle("Repair stale copies · " + model.tableName());
        var root = new BorderPane(stepsTable());
        root.setTop(header());
        root.setBottom(footer(stage));
        root.setPadding(new Insets(12));
        var scene = new Scene(root, 1100, 640);
        if (owner != null && owner.getScene() != null) {
            scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        stage.setScene(scene);
        stage.setOnCloseRequest(e -> {
            if (model.runningProperty().get()) {
                e.consume();
            }
        });
        stage.show();
        return stage;
    }

    private VBox header() {
        var title = new Label("Guarded updates for " + model.tableName());
        title.getStyleClass().add("title-3");
        var explain = new Label("Each copy is set to its source's value only where it still holds the value that was read "
                + "(SET copy = :new, ConditionExpression copy = :old): a copy someone changed since is skipped, never overwritten.");
        explain.setWrapText(true);
        explain.getStyleClass().add("text-muted");
        var status = new Label();
        status.setId("fanoutStatus");
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        var box = new VBox(4, title, explain, status);
        for (var left : model.leftAlone()) {
            var line = new Label("Left alone: " + left);
            line.getStyleClass().add("text-small");
            box.getChildren().add(line);
        }
        box.setPadding(new Insets(0, 0, 8, 0));
        return box;
    }

    private TableView<FanoutViewModel.StepRow> stepsTable() {
        var table = new TableView<>(model.steps());
        table.setId("fanoutSteps");
        table.getStyleClass().add("dense");
        table.setPlaceholder(new Label("Nothing to repair."));
        table.getColumns().setAll(List.of(
                column("Item", FanoutViewModel.StepRow::key, 220),
                column("Copy", FanoutViewModel.StepRow::attribute, 110),
                column("Now (stale)", FanoutViewModel.StepRow::oldValue, 150),
                column("Becomes", FanoutViewModel.StepRow::newValue, 150),
                column("Update (guarded)", FanoutViewModel.StepRow::expression, 300),
                column("Outcome", FanoutViewModel.StepRow::outcome, 160)));
        model.steps().addListener((ListChangeListener<FanoutViewModel.StepRow>) c -> javafx.application.Platform.runLater(table::refresh));
        return table;
    }

    private VBox footer(Stage stage) {
        var bar = new ProgressBar();
        bar.setId("fanoutProgress");
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.progressProperty().bind(model.progressProperty());
        var counts = new Label();
        counts.setId("fanoutCounts");
        counts.textProperty().bind(model.countsProperty());
        var error = new Label();
        error.getStyleClass().add("danger");
        error.setWrapText(true);
        error.textProperty().bind(model.errorProperty());

        var apply = new Button("Apply " + model.steps().size() + " guarded update" + (model.steps().size() == 1 ? "" : "s"));
        apply.setId("fanoutApply");
        apply.getStyleClass().add("danger");
        apply.disableProperty().bind(model.readyToApplyProperty().not());
        apply.setOnAction(e -> apply(stage));
        Icons.withIcon(apply, Icons.Action.COMMIT, "Send the reviewed plan: each update is guarded by the copy's value as read");
        var cancel = new Button("Cancel run");
        cancel.setId("fanoutCancel");
        cancel.disableProperty().bind(model.runningProperty().not());
        cancel.setOnAction(e -> model.cancel());
        Icons.withIcon(cancel, Icons.Action.CANCEL, "Stop sending; the journal keeps what was done, so the run can be resumed");
        var save = new Button("Save report…");
        save.disableProperty().bind(model.finishedProperty().not());
        save.setOnAction(e -> saveReport(stage, error));
        Icons.withIcon(save, Icons.Action.SAVE, "Save the run's report as a file");
        var close = new Button("Close");
        close.disableProperty().bind(model.runningProperty());
        close.setOnAction(e -> stage.close());
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        var buttons = new HBox(8, spacer, apply, cancel, save, close);
        buttons.setAlignment(Pos.CENTER_LEFT);
        var box = new VBox(6, bar, counts, error, buttons);
        box.setPadding(new Insets(8, 0, 0, 0));
        return box;
    }

    /** On a production connection, asks for the table name first (the one dialog that asks); cancelling it sends nothing. */
    private void apply(Stage stage) {
        if (model.needsTypedConfirmation()) {
            var steps = model.steps().size();
            var typed = ConfirmWriteDialog.ask(stage, model.connectionName(), model.tableName(),
                    "Repairing " + steps + " stale cop" + (steps == 1 ? "y" : "ies"));
            if (typed.isEmpty()) {
                return;
            }
            model.confirmationProperty().set(typed.get());
        }
        model.apply();
    }

    private void saveReport(Stage stage, Label error) {
        var chooser = new FileChooser();
        chooser.setInitialFileName(model.tableName() + "-fanout-report.txt");
        var file = chooser.showSaveDialog(stage);
        if (file == null) {
            return;
        }
        try {
            model.saveReport(file.toPath());
        } catch (Exception e) {
            error.setText("The report could not be saved: " + e.getMessage());
        }
    }

    private static <R> TableColumn<R, String> column(String title, Function<R, String> text, double width) {
        var column = new TableColumn<R, String>(title);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(text.apply(c.getValue())));
        column.setPrefWidth(width);
        return column;
    }
}

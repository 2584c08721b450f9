package dev.dynalens.ui.expressions;

import java.util.Locale;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** Run: the guarded UpdateItem sent for the selected items once the person says yes, and each item's outcome. */
final class RunBar {
    private final ExpressionBuilderViewModel model;

    RunBar(ExpressionBuilderViewModel model) {
        this.model = model;
    }

    Node createView() {
        var run = new Button("Run on selected items…");
        run.setId("runUpdate");
        run.getStyleClass().add("danger");
        run.disableProperty().bind(model.canRunBinding().not());
        var confirm = new TextField();
        confirm.setId("confirmTable");
        confirm.setPromptText("type " + model.table() + " to confirm");
        confirm.textProperty().bindBidirectional(model.confirmationProperty());
        confirm.setVisible(model.production());
        confirm.setManaged(model.production());
        var runStatus = new Label();
        runStatus.setId("runStatus");
        runStatus.setWrapText(true);
        runStatus.textProperty().bind(model.runStatusProperty());
        var results = new VBox(2);
        results.setId("runResults");
        model.runResults().addListener((ListChangeListener<ExpressionBuilderViewModel.RunRow>) c -> {
            results.getChildren().clear();
            for (var row : model.runResults()) {
                var label = new Label(row.key() + " — " + row.status().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": " + row.message());
                label.getStyleClass().add(row.status() == ExpressionBuilderViewModel.RunStatus.APPLIED ? "success"
                        : row.status() == ExpressionBuilderViewModel.RunStatus.ERROR ? "danger" : "warning");
                results.getChildren().add(label);
            }
        });
        run.setOnAction(e -> {
            var alert = new Alert(Alert.AlertType.CONFIRMATION, "Send this UpdateItem, guarded by its condition, for "
                    + model.items().size() + " item(s) of " + model.table() + " on '" + model.connectionName() + "'?\n\n"
                    + model.copyText(ExpressionBuilderViewModel.Copy.UPDATE)
                    + (model.copyText(ExpressionBuilderViewModel.Copy.CONDITION).isEmpty() ? "" : "\nIF " + model.copyText(ExpressionBuilderViewModel.Copy.CONDITION)),
                    ButtonType.OK, ButtonType.CANCEL);
            alert.setHeaderText("Run the update");
            if (run.getScene() != null) alert.initOwner(run.getScene().getWindow());
            alert.showAndWait().filter(ButtonType.OK::equals).ifPresent(ok -> model.run());
        });
        var bar = new HBox(8, run, confirm);
        bar.setAlignment(Pos.CENTER_LEFT);
        return new VBox(6, ExpressionBuilderView.heading("Run"), bar, runStatus, results);
    }
}

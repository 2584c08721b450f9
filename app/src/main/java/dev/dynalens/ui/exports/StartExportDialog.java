package dev.dynalens.ui.exports;

import dev.dynalens.domain.exports.ExportFormat;
import dev.dynalens.ui.common.ConfirmWriteDialog;
import dev.dynalens.ui.common.Icons;
import dev.dynalens.ui.common.WorkDialog;
import dev.dynalens.usecase.OpenExport;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * The "Export to S3…" dialog: the export asked for, Check (its cost and the table's point-in-time recovery, with the
 * question to turn recovery on where it is off), Start export with its progress and Stop waiting, then Read it once it
 * completed, which closes the dialog and opens the export in a tab.
 */
public final class StartExportDialog {

    private StartExportDialog() {
    }

    /** @param openTab shows the opened export (a new tab) */
    public static void show(Window owner, StartExportViewModel model, String connectionName, Consumer<OpenExport.Opened> openTab) {
        var busy = Bindings.or(model.runningProperty(), model.completedProperty().isNotNull());
        var check = new Button("Check");
        check.setId("checkExport");
        Icons.withIcon(check, Icons.Action.TEST, "Ask DynamoDB for the table's size and point-in-time recovery (DescribeTable, "
                + "DescribeContinuousBackups): nothing is started");
        check.disableProperty().bind(busy.or(model.checkingProperty()));
        check.setOnAction(e -> model.check());
        var spinner = new ProgressIndicator();
        spinner.setPrefSize(16, 16);
        spinner.visibleProperty().bind(model.checkingProperty());
        var form = form(model.form(), busy);
        var checkRow = new HBox(8, check, spinner);
        checkRow.setAlignment(Pos.CENTER_LEFT);

        var cost = WorkDialog.status("exportCost", model.costProperty());
        var recovery = WorkDialog.status("exportRecovery", model.recoveryProperty());
        var turnOn = new CheckBox("Turn on point-in-time recovery first (a change to the table, billed monthly by its size)");
        turnOn.setId("turnOnRecovery");
        turnOn.selectedProperty().bindBidirectional(model.turnOnRecoveryProperty());
        turnOn.visibleProperty().bind(model.recoveryOfferedProperty());
        turnOn.managedProperty().bind(turnOn.visibleProperty());
        turnOn.disableProperty().bind(busy);
        var bar = new ProgressBar(ProgressBar.INDETERMINATE_PROGRESS);
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.visibleProperty().bind(model.runningProperty());
        var status = WorkDialog.status("startExportStatus", model.statusProperty());
        var readIt = new Button("Read it");
        readIt.setId("readStartedExport");
        Icons.withIcon(readIt, Icons.Action.READ_EXPORT, "Open a tab that reads the table from this export, as Read from an export… does");
        readIt.visibleProperty().bind(model.completedProperty().isNotNull());
        readIt.managedProperty().bind(readIt.visibleProperty());
        readIt.disableProperty().bind(model.runningProperty());
        readIt.setOnAction(e -> model.readIt());
        var hint = WorkDialog.hint("An export reads nothing of the table: DynamoDB writes it from point-in-time recovery into the bucket, "
                + "with this connection's credentials. It is watched here every 15 seconds. Stop waiting stops the waiting, not the export: "
                + "DynamoDB cannot stop one, and Read from an export… lists it once it completed. See docs/exports.md.");
        var content = new VBox(10, form, checkRow, cost, recovery, turnOn, bar, status, readIt, hint);
        content.setPadding(new Insets(10));
        content.setPrefWidth(760);
        content.setMinWidth(Region.USE_PREF_SIZE);
        for (var label : List.of(cost, recovery, status, hint)) {
            label.setMinHeight(Region.USE_PREF_SIZE); // wrapped sentences keep their lines
        }
        for (var said : List.of(cost, recovery)) {
            said.managedProperty().bind(said.textProperty().isNotEmpty());
        }
        bar.managedProperty().bind(bar.visibleProperty());

        // The confirmation is owned by this dialog's window, known once it is shown.
        var shown = new AtomicReference<Window>(owner);
        var start = WorkDialog.show(owner, "Export to S3", "Export " + model.table() + " to S3", content, "Start export", "startExport",
                "Stop waiting", model.runningProperty(), () -> start(shown.get(), model, connectionName), model::stop);
        shown.set(start.getScene().getWindow());
        // The dialog grows with what it says (the cost, recovery's question, a long status, Read it) instead of cutting it off.
        for (var said : List.<javafx.beans.Observable>of(model.costProperty(), model.recoveryProperty(), model.recoveryOfferedProperty(),
                model.statusProperty(), model.completedProperty(), model.form().kindProperty())) {
            said.addListener(changed -> javafx.application.Platform.runLater(() -> start.getScene().getWindow().sizeToScene()));
        }
        Icons.withIcon(start, Icons.Action.EXPORT_S3, "Start the export checked above; DynamoDB bills it as Check said");
        start.disableProperty().bind(model.canStartProperty().not().or(model.completedProperty().isNotNull()));
        model.whenOpened(opened -> {
            start.getScene().getWindow().hide();
            openTab.accept(opened);
        });
    }

    private static void start(Window owner, StartExportViewModel model, String connectionName) {
        if (!model.needsConfirmation()) {
            model.start(null);
            return;
        }
        ConfirmWriteDialog.ask(owner, connectionName, model.table(), "Turning on point-in-time recovery for the export")
                .ifPresent(model::start);
    }

    private static Node form(ExportForm form, javafx.beans.value.ObservableBooleanValue busy) {
        var bucket = field("exportBucket", form.bucketProperty(), "my-exports (the bucket must let DynamoDB write to it)");
        var prefix = field("exportPrefix", form.prefixProperty(), "optional: a folder in the bucket, such as exports/orders");
        var format = choice("exportFormat", List.of(ExportFormat.values()), ExportForm::label);
        format.valueProperty().bindBidirectional(form.formatProperty());
        var kind = choice("exportKind", List.of(ExportForm.Kind.values()), ExportForm.Kind::label);
        kind.valueProperty().bindBidirectional(form.kindProperty());
        var time = field("exportTime", form.exportTimeProperty(), "2026-11-30T08:00:00Z, within point-in-time recovery's window");
        var from = field("exportFrom", form.fromProperty(), "from (inclusive): 2026-11-30T08:00:00Z");
        var to = field("exportTo", form.toProperty(), "to (exclusive), optional: the latest time with data");
        var window = new HBox(8, from, new Label("→"), to);
        window.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(from, Priority.ALWAYS);
        HBox.setHgrow(to, Priority.ALWAYS);
        var timeLabel = new Label("As of");
        var windowLabel = new Label("Window");
        timeLabel.visibleProperty().bind(form.kindProperty().isEqualTo(ExportForm.Kind.FULL_AT));
        windowLabel.visibleProperty().bind(form.kindProperty().isEqualTo(ExportForm.Kind.INCREMENTAL));
        time.visibleProperty().bind(timeLabel.visibleProperty());
        window.visibleProperty().bind(windowLabel.visibleProperty());
        // One row holds the time or the window, and none for an export of now.
        var whenLabel = new StackPane(timeLabel, windowLabel);
        whenLabel.setAlignment(Pos.CENTER_LEFT);
        var when = new StackPane(time, window);
        for (var node : List.<Node>of(whenLabel, when)) {
            node.visibleProperty().bind(form.kindProperty().isNotEqualTo(ExportForm.Kind.FULL_NOW));
            node.managedProperty().bind(node.visibleProperty());
        }
        var grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(10);
        grid.addRow(0, new Label("S3 bucket"), bucket);
        grid.addRow(1, new Label("Prefix"), prefix);
        grid.addRow(2, new Label("Format"), format);
        grid.addRow(3, new Label("Export"), kind);
        grid.addRow(4, whenLabel, when);
        for (var node : List.of(bucket, prefix, when)) {
            GridPane.setHgrow(node, Priority.ALWAYS);
        }
        for (var node : List.<Node>of(bucket, prefix, format, kind, time, window)) {
            node.disableProperty().bind(busy);
        }
        return grid;
    }

    private static TextField field(String id, javafx.beans.property.StringProperty text, String prompt) {
        var field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        field.textProperty().bindBidirectional(text);
        return field;
    }

    private static <T> ChoiceBox<T> choice(String id, List<T> values, Function<T, String> label) {
        var box = new ChoiceBox<T>();
        box.setId(id);
        box.getItems().setAll(values);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : label.apply(value);
            }

            @Override
            public T fromString(String text) {
                return values.stream().filter(value -> label.apply(value).equals(text)).findFirst().orElse(null);
            }
        });
        return box;
    }
}

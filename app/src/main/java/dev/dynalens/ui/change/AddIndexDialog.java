package dev.dynalens.ui.change;

import dev.dynalens.ui.common.ConfirmWriteDialog;
import dev.dynalens.ui.common.Icons;
import dev.dynalens.ui.common.WorkDialog;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * The "Add an index…" dialog: the access pattern (entity type, attributes given by equality, an order or a range), Plan
 * (the table read once: the index's key templates with their reasons, the backfill's counts and write cost), then Add
 * index with the four steps' progress and Cancel.
 */
public final class AddIndexDialog {

    private AddIndexDialog() {
    }

    public static void show(Window owner, AddIndexViewModel model, String connectionName) {
        var busy = model.runningProperty().or(model.doneProperty());
        var plan = new Button("Plan");
        plan.setId("planIndex");
        Icons.withIcon(plan, Icons.Action.TEST, "Read the table once, propose the index and plan its backfill: nothing is written");
        plan.disableProperty().bind(busy);
        plan.setOnAction(e -> plan(plan.getScene().getWindow(), model));
        plan.setMinWidth(Region.USE_PREF_SIZE);
        var readCost = WorkDialog.status("addIndexReadCost", model.readCostProperty());
        readCost.getStyleClass().add("text-muted");
        var planRow = new HBox(10, plan, readCost);
        planRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(readCost, Priority.ALWAYS);

        var proposal = WorkDialog.status("addIndexProposal", model.proposalProperty());
        proposal.setStyle("-fx-font-family: monospace;");
        var backfill = WorkDialog.status("addIndexBackfill", model.backfillProperty());
        var steps = new ListView<>(model.steps());
        steps.setId("addIndexSteps");
        steps.setFocusTraversable(false);
        steps.setFixedCellSize(26);
        steps.setPrefHeight(26 * 4 + 4);
        steps.setMinHeight(Region.USE_PREF_SIZE);
        steps.setCellFactory(list -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(AddIndexStepRow row, boolean empty) {
                super.updateItem(row, empty);
                setText(empty || row == null ? null : row.text());
            }
        });
        var bar = new ProgressBar(ProgressBar.INDETERMINATE_PROGRESS);
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.visibleProperty().bind(model.runningProperty());
        bar.managedProperty().bind(bar.visibleProperty());
        var status = WorkDialog.status("addIndexStatus", model.statusProperty());
        var hint = WorkDialog.hint("The backfill is a change like Change items…: each item written only if it still holds what the plan "
                + "read, within the write budget, journaled, with an undo file, all beside its change file. DynamoDB then fills the new "
                + "index from the table itself; Cancel while it is CREATING stops the waiting, not the index. See docs/changes.md.");
        var content = new VBox(10, form(model, busy), planRow, proposal, backfill, steps, bar, status, hint);
        content.setPadding(new Insets(10));
        content.setPrefWidth(780);
        content.setMinWidth(Region.USE_PREF_SIZE);
        for (var label : List.of(readCost, proposal, backfill, status, hint)) {
            label.setMinHeight(Region.USE_PREF_SIZE);
        }
        for (var said : List.of(proposal, backfill)) {
            said.managedProperty().bind(said.textProperty().isNotEmpty());
        }

        var shown = new AtomicReference<Window>(owner);
        var add = WorkDialog.show(owner, "Add an index", "Add an index to " + model.table(), content, "Add index", "addIndex", "Cancel",
                model.runningProperty(), () -> add(shown.get(), model, connectionName), model::cancel);
        shown.set(add.getScene().getWindow());
        Icons.withIcon(add, Icons.Action.ADD, "Backfill the keys, create the index and run the pattern through it");
        add.disableProperty().bind(model.canAddProperty().not());
        add.setMinWidth(Region.USE_PREF_SIZE);
        for (var said : List.<javafx.beans.Observable>of(model.proposalProperty(), model.backfillProperty(), model.statusProperty())) {
            said.addListener(changed -> Platform.runLater(() -> add.getScene().getWindow().sizeToScene()));
        }
    }

    private static void plan(Window owner, AddIndexViewModel model) {
        if (!model.readNeedsConfirmation()) {
            model.plan(false);
            return;
        }
        var ask = new Alert(Alert.AlertType.CONFIRMATION, model.readCostProperty().get(), ButtonType.CANCEL, ButtonType.OK);
        ask.initOwner(owner);
        ask.setHeaderText("Read " + model.table() + " to plan the index?");
        ask.showAndWait().filter(ButtonType.OK::equals).ifPresent(ok -> model.plan(true));
    }

    private static void add(Window owner, AddIndexViewModel model, String connectionName) {
        if (!model.needsConfirmation()) {
            model.add(null);
            return;
        }
        ConfirmWriteDialog.ask(owner, connectionName, model.table(), "Adding an index (the backfill, then UpdateTable)").ifPresent(model::add);
    }

    private static Node form(AddIndexViewModel model, javafx.beans.binding.BooleanBinding busy) {
        var entity = field("addIndexEntity", model.entityProperty(), "ORDER, as the Collections overview names it");
        var equals = field("addIndexEquals", model.equalsProperty(), "status (several: status, region)");
        var order = new ChoiceBox<AddIndexOrder>();
        order.setId("addIndexOrder");
        order.getItems().setAll(AddIndexOrder.values());
        order.setConverter(new StringConverter<>() {
            @Override
            public String toString(AddIndexOrder value) {
                return value == null ? "" : value.label();
            }

            @Override
            public AddIndexOrder fromString(String text) {
                return null;
            }
        });
        order.valueProperty().bindBidirectional(model.orderProperty());
        var attribute = field("addIndexOrderAttribute", model.orderAttributeProperty(), "createdAt");
        var descending = new CheckBox("largest first");
        descending.setId("addIndexDescending");
        descending.selectedProperty().bindBidirectional(model.descendingProperty());
        var noOrder = model.orderProperty().isEqualTo(AddIndexOrder.NONE);
        var orderRow = new HBox(8, order, attribute, descending);
        orderRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(attribute, Priority.ALWAYS);
        var grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(10);
        grid.addRow(0, new Label("Entity type"), entity);
        grid.addRow(1, new Label("Given by equality"), equals);
        grid.addRow(2, new Label("Results"), orderRow);
        for (var node : List.<Node>of(entity, equals, orderRow)) {
            GridPane.setHgrow(node, Priority.ALWAYS);
        }
        for (var node : List.<Node>of(entity, equals, order)) {
            node.disableProperty().bind(busy);
        }
        attribute.disableProperty().bind(busy.or(noOrder));
        descending.disableProperty().bind(busy.or(noOrder));
        return grid;
    }

    private static TextField field(String id, javafx.beans.property.StringProperty text, String prompt) {
        var field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        field.textProperty().bindBidirectional(text);
        return field;
    }
}

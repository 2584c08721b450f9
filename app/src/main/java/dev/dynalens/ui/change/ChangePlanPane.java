package dev.dynalens.ui.change;

import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The dry run's result in the Change items… dialog: the counts per action, what the read and the writes cost, the
 * sampled items, and the chosen one's attributes before and after side by side (added, removed and changed ones marked).
 */
final class ChangePlanPane {
    private final ChangeViewModel model;

    ChangePlanPane(ChangeViewModel model) {
        this.model = model;
    }

    Node createView() {
        var counts = new TableView<>(model.counts());
        counts.setId("changeCounts");
        counts.getStyleClass().add("dense");
        counts.setPlaceholder(new Label("Plan to count the items per action; nothing is written."));
        counts.getColumns().setAll(List.of(
                column("Items", c -> String.format(java.util.Locale.ROOT, "%,d", c.count()), 90),
                column("Action", c -> (c.indent() ? "    " : "") + c.action(), 360)));
        counts.setPrefHeight(120);
        counts.setMinHeight(90);
        var readCost = costLabel("changeReadCost");
        readCost.textProperty().bind(model.readCostProperty());
        var writeCost = costLabel("changeWriteCost");
        writeCost.textProperty().bind(model.writeCostProperty());

        var samples = new ListView<>(model.samples());
        samples.setId("changeSamples");
        samples.setPlaceholder(new Label("The changing items' before and after appear here."));
        samples.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(ChangeRows.Sample sample, boolean empty) {
                super.updateItem(sample, empty);
                setText(empty || sample == null ? null : sample.key() + " · " + sample.action() + (sample.note().isEmpty() ? "" : ": " + sample.note()));
            }
        });
        var diff = diffTable();
        samples.getSelectionModel().selectedItemProperty().addListener((o, was, now) ->
                diff.setItems(FXCollections.observableArrayList(now == null ? List.of() : now.attributes())));
        model.samples().addListener((ListChangeListener<ChangeRows.Sample>) c -> {
            if (!model.samples().isEmpty() && samples.getSelectionModel().isEmpty()) {
                samples.getSelectionModel().selectFirst();
            } else if (model.samples().isEmpty()) {
                diff.setItems(FXCollections.observableArrayList());
            }
        });
        var split = new SplitPane(samples, diff);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.3);
        var box = new VBox(6, title("Plan"), counts, readCost, writeCost, title("Sampled items, before and after"), split);
        VBox.setVgrow(split, Priority.ALWAYS);
        box.setPadding(new Insets(0, 0, 0, 8));
        return box;
    }

    private TableView<ChangeRows.Diff> diffTable() {
        var diff = new TableView<ChangeRows.Diff>();
        diff.setId("changeDiff");
        diff.getStyleClass().add("dense");
        diff.setPlaceholder(new Label("Choose a sampled item."));
        diff.getColumns().setAll(List.of(column("", ChangeRows.Diff::mark, 28), column("Attribute", ChangeRows.Diff::attribute, 140),
                column("Before", ChangeRows.Diff::before, 230), column("After", ChangeRows.Diff::after, 230)));
        diff.setRowFactory(table -> new TableRow<>() {
            @Override
            protected void updateItem(ChangeRows.Diff row, boolean empty) {
                super.updateItem(row, empty);
                getStyleClass().removeAll("change-added", "change-removed", "change-changed");
                if (!empty && row != null) {
                    switch (row.mark()) {
                        case "+" -> getStyleClass().add("change-added");
                        case "-" -> getStyleClass().add("change-removed");
                        case "~" -> getStyleClass().add("change-changed");
                        default -> { }
                    }
                }
            }
        });
        return diff;
    }

    private static Label title(String text) {
        var label = new Label(text);
        label.getStyleClass().add("title-4");
        return label;
    }

    private static Label costLabel(String id) {
        var label = new Label();
        label.setId(id);
        label.setWrapText(true);
        label.getStyleClass().add("text-small");
        label.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
        return label;
    }

    static <R> TableColumn<R, String> column(String title, Function<R, String> text, double width) {
        var column = new TableColumn<R, String>(title);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(text.apply(c.getValue())));
        column.setPrefWidth(width);
        return column;
    }
}

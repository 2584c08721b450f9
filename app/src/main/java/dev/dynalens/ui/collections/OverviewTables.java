package dev.dynalens.ui.collections;

import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The overview's tables beside the collection: what each index's partition keys mean, and the adjacency lists. */
final class OverviewTables {
    private final CollectionsViewModel model;
    private final Runnable showPartitionValue;

    /** @param showPartitionValue brings the collection's form to front, the cursor at the end of the partition key value */
    OverviewTables(CollectionsViewModel model, Runnable showPartitionValue) {
        this.model = model;
        this.showPartitionValue = showPartitionValue;
    }

    Node indexes() {
        var table = new TableView<>(model.indexMeanings());
        table.setId("indexMeanings");
        table.getStyleClass().add("dense");
        table.setPlaceholder(new Label("Analyse the table to see what each index's partition keys mean."));
        table.getColumns().setAll(List.of(
                textColumn("Index", CollectionsViewModel.IndexMeaningRow::index, 100),
                textColumn("Partition key template", CollectionsViewModel.IndexMeaningRow::pkTemplate, 200),
                textColumn("Means", CollectionsViewModel.IndexMeaningRow::entity, 160),
                textColumn("Items", r -> Long.toString(r.count()), 80)));
        table.setOnMouseClicked(e -> {
            var row = table.getSelectionModel().getSelectedItem();
            if (row != null && e.getClickCount() == 2) {
                model.prepareCollection(row);
                showPartitionValue.run();
            }
        });
        var hint = new Label("Double-click a template to open one of its partitions as a collection.");
        hint.getStyleClass().addAll("text-muted", "text-small");
        var box = new VBox(6, hint, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        box.setPadding(new Insets(6));
        return box;
    }

    Node relationships() {
        var table = new TableView<>(model.relationships());
        table.setId("relationships");
        table.getStyleClass().add("dense");
        table.setPlaceholder(new Label("Analyse the table to find adjacency lists (edges written both ways)."));
        table.getColumns().setAll(List.of(
                textColumn("Relationship", CollectionsViewModel.RelationshipRow::entities, 260),
                textColumn("Edges", r -> Long.toString(r.edges()), 70),
                textColumn("Reverse", r -> Long.toString(r.reverseEdges()), 90),
                textColumn("Mirrored", r -> Long.toString(r.mirrored()), 100),
                textColumn("Missing reverse", r -> Long.toString(r.missingReverse()), 150)));
        var missing = new ListView<String>();
        missing.setId("missingReverse");
        missing.setPlaceholder(new Label("Select a relationship to list the edges whose reverse is missing."));
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, row) ->
                missing.getItems().setAll(row == null ? List.of() : row.missingReverseKeys()));
        var split = new SplitPane(table, missing);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.55);
        return split;
    }

    /** A read-only column of text, {@code width} wide. */
    static <R> TableColumn<R, String> textColumn(String title, Function<R, String> text, double width) {
        var column = new TableColumn<R, String>(title);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(text.apply(c.getValue())));
        column.setPrefWidth(width);
        return column;
    }
}

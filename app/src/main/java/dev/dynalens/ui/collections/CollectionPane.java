package dev.dynalens.ui.collections;

import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.ui.common.Icons;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * One partition as a collection: the form that opens it (index, partition key value, sort-key condition) and its
 * items, one {@link EntityGroupPane} per entity type, side by side or stacked.
 */
final class CollectionPane {
    private final CollectionsViewModel model;
    private final EntityGroupPane groups;
    private final TextField partitionField = new TextField();
    private Runnable rebuild = () -> { };

    CollectionPane(CollectionsViewModel model, EntityGroupPane groups) {
        this.model = model;
        this.groups = groups;
    }

    Node createView() {
        var indexChoice = new ComboBox<>(model.indexChoices());
        indexChoice.valueProperty().bindBidirectional(model.indexProperty());
        partitionField.setId("collectionPartition");
        partitionField.setPromptText("partition key value, e.g. CUSTOMER#42");
        partitionField.setPrefColumnCount(18);
        partitionField.textProperty().bindBidirectional(model.partitionValueProperty());
        partitionField.setOnAction(e -> model.runCollection());
        var operator = new ComboBox<SortKeyCondition.Operator>();
        operator.getItems().add(null);
        operator.getItems().addAll(SortKeyCondition.Operator.values());
        operator.setConverter(new StringConverter<>() {
            @Override public String toString(SortKeyCondition.Operator op) { return op == null ? "whole collection" : "sort key " + op.symbol(); }
            @Override public SortKeyCondition.Operator fromString(String s) { return null; }
        });
        operator.valueProperty().bindBidirectional(model.sortOperatorProperty());
        var sortValue = new TextField();
        sortValue.setPromptText("sort key value");
        sortValue.textProperty().bindBidirectional(model.sortValueProperty());
        sortValue.disableProperty().bind(Bindings.isNull(model.sortOperatorProperty()));
        var upper = new TextField();
        upper.setPromptText("and");
        upper.textProperty().bindBidirectional(model.sortUpperValueProperty());
        var between = Bindings.equal(model.sortOperatorProperty(), SortKeyCondition.Operator.BETWEEN);
        upper.visibleProperty().bind(between);
        upper.managedProperty().bind(between);
        var open = new Button("Open collection");
        open.setId("openCollection");
        open.getStyleClass().add("accent");
        open.setOnAction(e -> model.runCollection());
        Icons.withIcon(open, Icons.Action.RUN, "Query this partition and group its items by entity type");
        open.disableProperty().bind(model.collectionRunningProperty());
        var more = new Button("Load more");
        more.setOnAction(e -> model.loadMoreCollection());
        Icons.withIcon(more, Icons.Action.LOAD_MORE, "Read the partition's next page");
        more.disableProperty().bind(model.hasMoreProperty().not().or(model.collectionRunningProperty()));
        var cancel = new Button("Cancel");
        cancel.setId("cancelCollection");
        cancel.setOnAction(e -> model.cancelCollection());
        Icons.iconOnly(cancel, Icons.Action.CANCEL, "Cancel the Query in flight");
        cancel.disableProperty().bind(model.collectionRunningProperty().not());
        var sideBySide = new ToggleButton("Side by side");
        sideBySide.setSelected(true);
        var bar = new FlowPane(8, 6, indexChoice, partitionField, operator, sortValue, upper, open, more, cancel, sideBySide);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6));

        var scroll = new ScrollPane();
        scroll.setId("collectionScroll");
        scroll.setFitToWidth(true);
        rebuild = () -> {
            var panes = model.groups().stream().map(groups::createView).toList();
            // Side by side, the groups share the view's width, wrapping to a further row rather than running off to
            // the right; stacked, each takes the whole width.
            Pane container = sideBySide.isSelected() ? new GroupRows(CollectionsView.MIN_GROUP_WIDTH, 10) : new VBox(10);
            container.setId("collectionGroups");
            container.getChildren().setAll(panes);
            container.setPadding(new Insets(6));
            scroll.setContent(panes.isEmpty() ? placeholder() : container);
        };
        model.groups().addListener((ListChangeListener<EntityGroup>) c -> rebuild.run());
        sideBySide.selectedProperty().addListener((obs, old, now) -> rebuild.run());
        rebuild.run();
        var box = new VBox(bar, scroll);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        return box;
    }

    /** Builds the groups again (the stale copies to mark changed); nothing before {@link #createView()}. */
    void rebuild() {
        rebuild.run();
    }

    /** The cursor at the end of the partition key value. */
    void focusPartitionValue() {
        partitionField.requestFocus();
        partitionField.end();
    }

    private static Node placeholder() {
        var label = new Label("Open a partition to see its item collection, grouped by entity type in sort-key order.");
        label.getStyleClass().add("text-muted");
        label.setPadding(new Insets(20));
        return label;
    }
}

package dev.dynalens.ui.collections;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.ui.editor.ItemActions;
import dev.dynalens.ui.staleness.StaleCells;
import java.util.Objects;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * One entity type's items in an open collection: its colour and key templates above a table of only its attributes,
 * whose cells holding a stale copy are marked, and which edits in place when editing is offered.
 */
final class EntityGroupPane {
    private final CollectionsViewModel model;
    private final ObservableValue<StaleCells> staleCells;
    private final ItemActions editing;

    /**
     * @param staleCells the stale copies to mark; null when not shown
     * @param editing    editing of the items, staged; null when not offered
     */
    EntityGroupPane(CollectionsViewModel model, ObservableValue<StaleCells> staleCells, ItemActions editing) {
        this.model = model;
        this.staleCells = staleCells;
        this.editing = editing;
    }

    Node createView(EntityGroup group) {
        var swatch = new Region();
        swatch.setMinSize(6, 22);
        swatch.setStyle("-fx-background-color: " + group.colour() + ";");
        var title = new Label(group.entity() + "  ·  " + group.items().size());
        title.getStyleClass().add("text-bold");
        var templates = new Label(group.keyTemplates());
        templates.getStyleClass().addAll("text-muted", "text-small");
        var heading = new HBox(6, swatch, new VBox(0, title, templates));
        heading.setAlignment(Pos.CENTER_LEFT);
        var table = new TableView<Item>();
        table.getStyleClass().addAll("dense", "entity-group");
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getItems().setAll(group.items());
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, item) -> {
            if (item != null) model.selectedItemProperty().set(item);
        });
        // Several items of one entity group can be selected together (the expression builder previews them all).
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.getSelectionModel().getSelectedItems().addListener((ListChangeListener<Item>) change -> {
            // A plain copy, never a FilteredList over the selection (see the browser's ResultsTable).
            var selected = table.getSelectionModel().getSelectedItems().stream().filter(Objects::nonNull).toList();
            if (!selected.isEmpty()) model.selectedItems().setAll(selected);
        });
        for (var attribute : group.columns()) {
            table.getColumns().add(column(group, attribute));
        }
        if (editing != null) {
            editing.install(table);
            table.setContextMenu(editing.contextMenu(table));
        }
        var height = Math.min(440, 66 + group.items().size() * 28.0); // header, rows and a horizontal scroll bar
        table.setPrefHeight(height);
        table.setMinHeight(Math.min(height, 160));
        table.setPrefWidth(Math.min(520, table.getColumns().stream().mapToDouble(TableColumn::getPrefWidth).sum() + 16));
        table.setMinWidth(0);
        table.setMaxWidth(Double.MAX_VALUE);
        var pane = new VBox(4, heading, table);
        pane.getStyleClass().add("entity-group-pane");
        pane.setStyle("-fx-border-color: " + group.colour() + " transparent transparent transparent; -fx-border-width: 3 0 0 0;");
        pane.setPadding(new Insets(4));
        pane.setId("group-" + group.entity());
        return pane;
    }

    /** A column of one attribute, sized for its name and the longest value among the group's first items. */
    private TableColumn<Item, String> column(EntityGroup group, String attribute) {
        var column = new TableColumn<Item, String>(attribute);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().get(attribute).map(ValueText::cell).orElse("")));
        if (editing != null) {
            var cells = staleCells == null ? null : staleCells.getValue();
            editing.editableColumn(column, attribute, (cell, item) -> markStale(cell, item, attribute, cells));
        } else if (staleCells != null && !staleCells.getValue().isEmpty()) {
            column.setCellFactory(c -> staleAwareCell(attribute, staleCells.getValue()));
        }
        var longest = group.items().stream().limit(100)
                .mapToInt(i -> i.get(attribute).map(v -> ValueText.cell(v).length()).orElse(0)).max().orElse(0);
        column.setPrefWidth(Math.max(60, Math.min(260, Math.max(attribute.length() + 2, longest) * 9.2 + 20)));
        return column;
    }

    /** A cell styled {@code stale-cell}, with the source's current value as its tooltip, where it holds a stale copy. */
    private static TableCell<Item, String> staleAwareCell(String attribute, StaleCells cells) {
        return new TableCell<>() {
            @Override
            protected void updateItem(String value, boolean empty) {
                super.updateItem(value, empty);
                setText(empty ? null : value);
                getStyleClass().remove("stale-cell");
                setTooltip(null);
                var item = empty || getTableRow() == null ? null : getTableRow().getItem();
                if (item != null) markStale(this, item, attribute, cells);
            }
        };
    }

    private static void markStale(TableCell<Item, String> cell, Item item, String attribute, StaleCells cells) {
        cell.getStyleClass().remove("stale-cell");
        if (cells == null) return;
        cells.find(item, attribute).ifPresent(stale -> {
            cell.getStyleClass().add("stale-cell");
            cell.setTooltip(new Tooltip(stale.explanation()));
        });
    }
}

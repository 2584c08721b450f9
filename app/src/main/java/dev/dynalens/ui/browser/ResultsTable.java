package dev.dynalens.ui.browser;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.ui.editor.ItemActions;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The items read, a column per attribute, with the editing toolbar above them when editing is offered. */
final class ResultsTable {
    private static final int WIDTH_SAMPLE = 100;

    private final TableBrowserViewModel model;
    private final ItemActions editing;

    /** @param editing editing of the results, staged; null when not offered */
    ResultsTable(TableBrowserViewModel model, ItemActions editing) {
        this.model = model;
        this.editing = editing;
    }

    Node createView() {
        var table = new TableView<Item>(model.items());
        table.setId("resultsTable");
        table.setPlaceholder(new Label("Run a Scan or a Query to see items."));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getStyleClass().addAll("dense", "striped");
        model.columns().addListener((ListChangeListener<String>) change -> rebuildColumns(table));
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, item) -> model.selectedItemProperty().set(item));
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.getSelectionModel().getSelectedItems().addListener((ListChangeListener<Item>) change ->
                // A plain copy: a FilteredList over the selection stays subscribed to it and throws when a selected row
                // is removed (a committed delete), JavaFX's FilteredList.addRemove on the selection's change.
                model.selectedItems().setAll(table.getSelectionModel().getSelectedItems().stream().filter(Objects::nonNull).toList()));
        if (editing == null) return table;
        editing.install(table);
        var box = new VBox(6, editing.toolbar(table), table);
        VBox.setVgrow(table, Priority.ALWAYS);
        box.setPadding(new Insets(0, 0, 0, 6));
        return box;
    }

    private void rebuildColumns(TableView<Item> table) {
        var sample = model.items().subList(0, Math.min(model.items().size(), WIDTH_SAMPLE));
        table.getColumns().setAll(model.columns().stream().map(name -> {
            var column = column(name, sample);
            if (editing != null) editing.editableColumn(column, name);
            return column;
        }).toList());
    }

    /** A column sized for its header and the longest value among the first items, within bounds. */
    private static TableColumn<Item, String> column(String attribute, List<Item> sample) {
        var column = new TableColumn<Item, String>(attribute);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(
                cell.getValue().get(attribute).map(ValueText::cell).orElse("")));
        var longest = sample.stream().mapToInt(item -> item.get(attribute).map(v -> ValueText.cell(v).length()).orElse(0))
                .max().orElse(0);
        var characters = Math.max(attribute.length() + 2, longest);
        column.setPrefWidth(Math.max(70, Math.min(340, characters * 9.6 + 24)));
        return column;
    }
}

package dev.dynalens.ui.editor;

import dev.dynalens.domain.editing.StagedChange;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ValueText;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.HBox;
import javafx.util.converter.DefaultStringConverter;

/**
 * Editing for a table of items: Edit item…, New item…, Duplicate… and Delete on the selected row, and in-place edits
 * of scalar cells. Everything is staged in a {@link StagedEditsViewModel}; nothing is written here.
 */
public final class ItemActions {
    private final StagedEditsViewModel staged;

    public ItemActions(StagedEditsViewModel staged) {
        this.staged = staged;
    }

    /** The buttons for the selected item of {@code table}. */
    public Node toolbar(TableView<Item> table) {
        var selected = table.getSelectionModel().selectedItemProperty();
        var notEditable = staged.editableProperty().not();
        var edit = button("Edit item…", "editItem", "Edit the selected item as DynamoDB JSON or JSON");
        edit.disableProperty().bind(notEditable.or(selected.isNull()));
        edit.setOnAction(e -> editSelected(table));
        var create = button("New item…", "newItem", "Write a new item (staged until you commit)");
        create.disableProperty().bind(notEditable);
        create.setOnAction(e -> ItemEditorDialog.show(table.getScene().getWindow(), "New item in " + staged.tableName(),
                ItemEditorViewModel.create(staged.keySchemaProperty().get()), staged::stageCreate));
        var duplicate = button("Duplicate…", "duplicateItem", "Copy the selected item under a new key");
        duplicate.disableProperty().bind(notEditable.or(selected.isNull()));
        duplicate.setOnAction(e -> ItemEditorDialog.show(table.getScene().getWindow(), "Duplicate with a new key",
                ItemEditorViewModel.duplicate(staged.keySchemaProperty().get(), shown(selected.get())), staged::stageCreate));
        var delete = button("Delete", "deleteItem", "Stage the deletion of the selected item");
        delete.disableProperty().bind(notEditable.or(selected.isNull()));
        delete.setOnAction(e -> staged.stageDelete(selected.get()));
        var box = new HBox(6, edit, create, duplicate, delete);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    /** The same actions as a context menu, for tables without room for a toolbar. */
    public javafx.scene.control.ContextMenu contextMenu(TableView<Item> table) {
        var edit = new javafx.scene.control.MenuItem("Edit item…");
        edit.setOnAction(e -> editSelected(table));
        var duplicate = new javafx.scene.control.MenuItem("Duplicate…");
        duplicate.setOnAction(e -> {
            var selected = table.getSelectionModel().getSelectedItem();
            if (selected != null) ItemEditorDialog.show(table.getScene().getWindow(), "Duplicate with a new key",
                    ItemEditorViewModel.duplicate(staged.keySchemaProperty().get(), shown(selected)), staged::stageCreate);
        });
        var delete = new javafx.scene.control.MenuItem("Delete");
        delete.setOnAction(e -> {
            var selected = table.getSelectionModel().getSelectedItem();
            if (selected != null) staged.stageDelete(selected);
        });
        var menu = new javafx.scene.control.ContextMenu(edit, duplicate, delete);
        var unavailable = staged.editableProperty().not().or(table.getSelectionModel().selectedItemProperty().isNull());
        for (var item : menu.getItems()) item.disableProperty().bind(unavailable);
        return menu;
    }

    private void editSelected(TableView<Item> table) {
        var read = table.getSelectionModel().getSelectedItem();
        if (read == null) return;
        var model = ItemEditorViewModel.edit(staged.keySchemaProperty().get(), read);
        var current = shown(read);
        if (!current.equals(read)) {
            model.textProperty().set(dev.dynalens.domain.codec.DynamoJsonCodec.writeItemPretty(current));
        }
        ItemEditorDialog.show(table.getScene().getWindow(), "Edit item", model, edited -> staged.stageEdit(read, edited));
    }

    /** The row as the person sees it: with its staged edit applied. */
    private Item shown(Item row) {
        return staged.changeFor(row).flatMap(StagedChange::intended).orElse(row);
    }

    /** Makes the table editable in place and marks staged rows; call once. */
    public void install(TableView<Item> table) {
        table.setEditable(true);
        staged.changes().addListener((ListChangeListener<StagedChange>) change -> table.refresh());
        table.setRowFactory(view -> new TableRow<>() {
            @Override
            protected void updateItem(Item item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().remove("staged-delete");
                if (!empty && item != null && staged.changeFor(item).filter(c -> c instanceof StagedChange.Delete).isPresent()) {
                    getStyleClass().add("staged-delete");
                }
            }
        });
        if (!table.getStylesheets().contains(ItemEditorDialog.STYLESHEET)) table.getStylesheets().add(ItemEditorDialog.STYLESHEET);
    }

    /** Shows the staged value of the attribute, and lets a scalar cell be edited in place. */
    public void editableColumn(TableColumn<Item, String> column, String attribute) {
        editableColumn(column, attribute, (cell, row) -> { });
    }

    /**
     * As {@link #editableColumn(TableColumn, String)}, with {@code decorate} called for each filled cell and its row
     * item (to keep other markings, such as stale copies).
     */
    public void editableColumn(TableColumn<Item, String> column, String attribute,
                               java.util.function.BiConsumer<TableCell<Item, String>, Item> decorate) {
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(
                shown(cell.getValue()).get(attribute).map(ValueText::cell).orElse("")));
        column.setEditable(true);
        column.setCellFactory(c -> new StagedCell(attribute, decorate));
        column.setOnEditCommit(event -> {
            var row = event.getRowValue();
            if (row != null) staged.stageCellEdit(row, attribute, event.getNewValue());
            event.getTableView().refresh();
        });
    }

    private final class StagedCell extends TextFieldTableCell<Item, String> {
        private final String attribute;
        private final java.util.function.BiConsumer<TableCell<Item, String>, Item> decorate;

        StagedCell(String attribute, java.util.function.BiConsumer<TableCell<Item, String>, Item> decorate) {
            super(new DefaultStringConverter());
            this.attribute = attribute;
            this.decorate = decorate;
        }

        @Override
        public void startEdit() {
            var row = getTableRow() == null ? null : getTableRow().getItem();
            if (row != null && staged.isCellEditable(shown(row), attribute)) {
                super.startEdit();
            } else if (row != null) {
                setTooltip(new Tooltip(staged.editableProperty().get()
                        ? attribute + " is not a string, number or boolean (or is a key): use Edit item…"
                        : "Editing is not available on this connection."));
            }
        }

        @Override
        public void updateItem(String value, boolean empty) {
            super.updateItem(value, empty);
            getStyleClass().remove("staged-cell");
            var row = getTableRow() == null ? null : getTableRow().getItem();
            if (!empty && row != null) {
                var change = staged.changeFor(row);
                var touched = change.filter(c -> !(c instanceof StagedChange.Delete))
                        .map(c -> c.diff().stream().anyMatch(d -> d.name().equals(attribute))).orElse(false);
                if (touched) getStyleClass().add("staged-cell");
                decorate.accept(this, row);
            }
        }
    }

    private static Button button(String text, String id, String tooltip) {
        var button = new Button(text);
        button.setId(id);
        button.setTooltip(new Tooltip(tooltip));
        return button;
    }
}

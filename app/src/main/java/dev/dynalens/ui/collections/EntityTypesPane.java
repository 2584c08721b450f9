package dev.dynalens.ui.collections;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputDialog;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.stage.FileChooser;

/**
 * The entity types the overview found, with their keys, sizes and attributes, and the menu that corrects their names
 * (rename, merge, split, reset, export the lens), and on a live table "Add an index…" for a new access pattern.
 */
final class EntityTypesPane {
    private final CollectionsViewModel model;
    private final dev.dynalens.ui.change.ChangeItems changes;
    private final java.util.function.BiConsumer<javafx.stage.Window, String> addIndex;

    /**
     * @param changes  Change items… on an entity type; null when not offered
     * @param addIndex opens "Add an index…" for an entity type; null when not offered
     */
    EntityTypesPane(CollectionsViewModel model, dev.dynalens.ui.change.ChangeItems changes,
                    java.util.function.BiConsumer<javafx.stage.Window, String> addIndex) {
        this.model = model;
        this.changes = changes;
        this.addIndex = addIndex;
    }

    Node createView() {
        var table = new TableView<>(model.entities());
        table.setId("entityTable");
        table.getStyleClass().add("dense");
        table.setPlaceholder(new Label("Analyse the table, or open a collection,\nto see its entity types."));
        var name = new TableColumn<EntityRow, EntityRow>("Entity");
        name.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        name.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(EntityRow row, boolean empty) {
                super.updateItem(row, empty);
                if (empty || row == null) {
                    setGraphic(null);
                    setText(null);
                } else {
                    setGraphic(new Circle(5, Color.web(row.colour())));
                    setText(row.name() + ("edge".equals(row.kind()) ? "  (edge)" : ""));
                }
            }
        });
        name.setPrefWidth(190);
        table.getColumns().setAll(List.of(name,
                OverviewTables.textColumn("Items", r -> Long.toString(r.count()), 60),
                OverviewTables.textColumn("Partition key", EntityRow::pkTemplate, 130),
                OverviewTables.textColumn("Sort key", EntityRow::skTemplate, 130),
                OverviewTables.textColumn("Indexes", EntityRow::indexes, 80),
                OverviewTables.textColumn("Avg size", EntityRow::averageSizeText, 70),
                OverviewTables.textColumn("Largest", EntityRow::largestSizeText, 70),
                OverviewTables.textColumn("Attributes", EntityRow::attributes, 300)));
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setContextMenu(lensMenu(table));
        var title = new Label("Entity types");
        title.getStyleClass().add("title-4");
        var hint = new Label("Right-click to rename, merge or reset names (kept for this table), or to change an entity type's items.");
        hint.getStyleClass().addAll("text-muted", "text-small");
        hint.setWrapText(true);
        var box = new VBox(6, title, table, hint);
        VBox.setVgrow(table, Priority.ALWAYS);
        box.setPadding(new Insets(6));
        return box;
    }

    private ContextMenu lensMenu(TableView<EntityRow> table) {
        var rename = new MenuItem("Rename…");
        rename.setOnAction(e -> {
            var row = table.getSelectionModel().getSelectedItem();
            if (row == null) return;
            var dialog = new TextInputDialog(row.name());
            dialog.initOwner(table.getScene().getWindow());
            dialog.setHeaderText("Rename the entity type " + row.name());
            dialog.setContentText("New name:");
            dialog.showAndWait().ifPresent(name -> model.renameEntity(row.name(), name));
        });
        var merge = new MenuItem("Merge selected…");
        merge.setOnAction(e -> {
            var names = table.getSelectionModel().getSelectedItems().stream().map(EntityRow::name).toList();
            if (names.size() < 2) return;
            var dialog = new TextInputDialog(names.get(0));
            dialog.initOwner(table.getScene().getWindow());
            dialog.setHeaderText("Show " + String.join(", ", names) + " as one entity type");
            dialog.setContentText("Name:");
            dialog.showAndWait().ifPresent(name -> model.mergeEntities(names, name));
        });
        merge.disableProperty().bind(Bindings.size(table.getSelectionModel().getSelectedItems()).lessThan(2));
        var split = new MenuItem("Split…");
        split.setOnAction(e -> {
            var row = table.getSelectionModel().getSelectedItem();
            if (row != null) SplitEntityDialog.ask(table.getScene().getWindow(), row, model);
        });
        var reset = new MenuItem("Reset to the inferred names");
        reset.setOnAction(e -> model.resetLens());
        var export = new MenuItem("Export names (lens)…");
        export.setOnAction(e -> {
            var chooser = new FileChooser();
            chooser.setInitialFileName(model.tableName() + ".lens.json");
            var file = chooser.showSaveDialog(table.getScene().getWindow());
            if (file != null) model.exportLens(file.toPath());
        });
        var menu = new ContextMenu(rename, merge, split, new SeparatorMenuItem(), reset, export);
        if (changes != null || addIndex != null) {
            menu.getItems().add(new SeparatorMenuItem());
        }
        if (changes != null) {
            var change = new MenuItem("Change items…");
            change.setId("changeItems");
            change.setOnAction(e -> {
                var row = table.getSelectionModel().getSelectedItem();
                if (row != null) changes.forEntity(table.getScene().getWindow(), row.name(), row.attributes());
            });
            menu.getItems().add(change);
        }
        if (addIndex != null) {
            var index = new MenuItem("Add an index…");
            index.setId("addIndexMenu");
            index.setOnAction(e -> {
                var row = table.getSelectionModel().getSelectedItem();
                addIndex.accept(table.getScene().getWindow(), row == null ? "" : row.name());
            });
            menu.getItems().add(index);
        }
        return menu;
    }
}

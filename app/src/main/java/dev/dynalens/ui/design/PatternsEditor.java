package dev.dynalens.ui.design;

import java.util.function.Function;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The patterns, as rows (entities and access patterns, edited in place) or as text, in sync, with their problems. */
final class PatternsEditor {
    private final PatternsEditorModel editor;

    PatternsEditor(PatternsEditorModel editor) {
        this.editor = editor;
    }

    Node createView() {
        var text = new TextArea();
        text.setId("patternsText");
        text.getStyleClass().add("monospace");
        text.textProperty().bindBidirectional(editor.textProperty());
        var tabs = new TabPane(new Tab("Rows", rows()), new Tab("Text", text));
        tabs.setId("patternsTabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        var problems = new ListView<>(editor.problems());
        problems.setId("patternProblems");
        problems.setPlaceholder(new Label("No problems: the patterns design."));
        problems.setPrefHeight(110);
        problems.setMinHeight(80);
        problems.getStyleClass().add("danger");
        var box = new VBox(6, tabs, new Label("Problems"), problems);
        VBox.setVgrow(tabs, Priority.ALWAYS);
        return box;
    }

    private Node rows() {
        var entities = new TableView<>(editor.entities());
        entities.setId("entityRows");
        entities.setEditable(true);
        entities.setPlaceholder(new Label("No entities: add one, or pick an example."));
        entities.getColumns().add(editable("Entity", 110, EntityRow::nameProperty));
        entities.getColumns().add(editable("Id", 110, EntityRow::idProperty));
        entities.getColumns().add(editable("Attributes (name: TYPE, …)", 300, EntityRow::attributesProperty));
        entities.getColumns().add(editable("Count", 70, EntityRow::countProperty));
        var patterns = new TableView<>(editor.patterns());
        patterns.setId("patternRows");
        patterns.setEditable(true);
        patterns.setPlaceholder(new Label("No access patterns yet."));
        patterns.getColumns().add(editable("Pattern", 150, PatternRow::nameProperty));
        patterns.getColumns().add(editable("Entity (or entities)", 120, PatternRow::entitiesProperty));
        patterns.getColumns().add(editable("Equals", 120, PatternRow::equalsProperty));
        patterns.getColumns().add(editable("Between", 80, PatternRow::betweenProperty));
        patterns.getColumns().add(editable("Sort by", 80, PatternRow::sortByProperty));
        var descending = new TableColumn<PatternRow, Boolean>("Desc");
        descending.setPrefWidth(50);
        descending.setCellValueFactory(cell -> cell.getValue().descendingProperty());
        descending.setCellFactory(column -> new CheckBoxCell());
        patterns.getColumns().add(descending);
        patterns.getColumns().add(editable("Limit", 55, PatternRow::limitProperty));
        var addEntity = new Button("Add entity");
        addEntity.setId("addEntity");
        addEntity.setOnAction(e -> editor.addEntity());
        var removeEntity = new Button("Remove");
        removeEntity.disableProperty().bind(entities.getSelectionModel().selectedItemProperty().isNull());
        removeEntity.setOnAction(e -> editor.remove(entities.getSelectionModel().getSelectedItem()));
        var addPattern = new Button("Add pattern");
        addPattern.setId("addPattern");
        addPattern.setOnAction(e -> editor.addPattern());
        var removePattern = new Button("Remove");
        removePattern.disableProperty().bind(patterns.getSelectionModel().selectedItemProperty().isNull());
        removePattern.setOnAction(e -> editor.remove(patterns.getSelectionModel().getSelectedItem()));
        var box = new VBox(6, new HBox(6, new Label("Entities"), DesignView.spacer(), addEntity, removeEntity), entities,
                new HBox(6, new Label("Access patterns"), DesignView.spacer(), addPattern, removePattern), patterns);
        VBox.setVgrow(entities, Priority.ALWAYS);
        VBox.setVgrow(patterns, Priority.ALWAYS);
        box.setPadding(new Insets(6, 0, 0, 0));
        return box;
    }

    private static <R> TableColumn<R, String> editable(String title, double width, Function<R, StringProperty> property) {
        var column = new TableColumn<R, String>(title);
        column.setPrefWidth(width);
        column.setCellValueFactory(cell -> property.apply(cell.getValue()));
        column.setCellFactory(TextFieldTableCell.forTableColumn());
        column.setOnEditCommit(edit -> property.apply(edit.getRowValue()).set(edit.getNewValue()));
        return column;
    }

    /** A check box bound to the row's property, editable in place. */
    private static final class CheckBoxCell extends TableCell<PatternRow, Boolean> {
        private final CheckBox box = new CheckBox();

        CheckBoxCell() {
            box.setOnAction(e -> {
                var row = getTableRow() == null ? null : getTableRow().getItem();
                if (row != null) row.descendingProperty().set(box.isSelected());
            });
        }

        @Override
        protected void updateItem(Boolean value, boolean empty) {
            super.updateItem(value, empty);
            box.setSelected(Boolean.TRUE.equals(value));
            setGraphic(empty ? null : box);
        }
    }
}

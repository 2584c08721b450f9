package dev.dynalens.ui.collections;

import dev.dynalens.ui.common.Icons;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.ui.staleness.StaleCells;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.util.StringConverter;

/** Entity overview, one collection grouped by entity, index meanings and adjacency lists. */
public final class CollectionsView {
    /** How narrow an entity group may get side by side: its title and two or three columns still show. */
    static final double MIN_GROUP_WIDTH = 220;

    private final CollectionsViewModel model;
    private final TabPane tabs = new TabPane();
    private final TextField partitionField = new TextField();
    /** The stale copies found by the table's staleness view, marked in the collection; null when not shown. */
    private javafx.beans.value.ObservableValue<StaleCells> staleCells;
    private Runnable rebuildCollection = () -> { };
    /** Whether reading the table costs nothing (a workspace file): its overview runs as it opens. */
    private boolean readingIsFree;
    /** Editing of the collection's items, staged; null when not offered. */
    private dev.dynalens.ui.editor.ItemActions editing;

    public CollectionsView(CollectionsViewModel model) {
        this.model = model;
    }

    /** Marks the cells holding a stale copy, their tooltip naming the source's current value; call before {@link #createView()}. */
    public CollectionsView markStaleCells(javafx.beans.value.ObservableValue<StaleCells> cells) {
        this.staleCells = cells;
        cells.addListener((obs, old, now) -> rebuildCollection.run());
        return this;
    }

    /**
     * Lets cells of the collection be edited in place (and Edit/Duplicate/Delete from a context menu), staged in
     * {@code staged}; after a commit that wrote something the collection is read again. Call before {@link #createView()}.
     */
    public CollectionsView editableWith(dev.dynalens.ui.editor.StagedEditsViewModel staged) {
        this.editing = new dev.dynalens.ui.editor.ItemActions(staged);
        staged.onWritten(written -> {
            if (!written.isEmpty() && !model.groups().isEmpty()) model.runCollection();
        });
        return this;
    }

    /** A table read for free (a workspace file) is analysed as it opens; the header says so instead of a cost. */
    public CollectionsView readingIsFree(boolean free) {
        this.readingIsFree = free;
        return this;
    }

    public Node createView() {
        var root = new BorderPane();
        root.setTop(header());
        tabs.getTabs().addAll(new Tab("Collection", collectionPane()), new Tab("Indexes", indexesPane()),
                new Tab("Relationships", relationshipsPane()));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("collectionTabs");
        var split = new SplitPane(entitiesPane(), tabs);
        split.setDividerPositions(0.3);
        root.setCenter(split);
        root.setBottom(statusBar());
        return root;
    }

    private Node header() {
        var title = new Label(model.tableName());
        title.getStyleClass().add("title-3");
        var analyse = new Button("Analyse table");
        analyse.setId("analyseButton");
        analyse.getStyleClass().add("accent");
        analyse.setOnAction(e -> model.runOverview());
        Icons.withIcon(analyse, Icons.Action.ANALYSE, "Scan every page and infer the entity types");
        analyse.disableProperty().bind(model.overviewRunningProperty().or(Bindings.isNull(model.descriptionProperty())));
        var cancel = new Button("Cancel");
        cancel.setId("cancelOverview");
        cancel.setOnAction(e -> model.cancelOverview());
        Icons.iconOnly(cancel, Icons.Action.CANCEL, "Cancel the overview's scan");
        cancel.disableProperty().bind(model.overviewRunningProperty().not());
        var spinner = new ProgressIndicator();
        spinner.setPrefSize(16, 16);
        spinner.visibleProperty().bind(model.overviewRunningProperty());
        var status = new Label();
        status.setId("overviewStatus");
        status.textProperty().bind(model.overviewStatusProperty());
        var hint = new Label();
        hint.setId("overviewCost");
        hint.textProperty().bind(Bindings.createStringBinding(() -> overviewHint(model.descriptionProperty().get()),
                model.descriptionProperty()));
        hint.getStyleClass().addAll("text-muted", "text-small");
        var example = new Button();
        example.setId("exampleCollection");
        example.textProperty().bind(Bindings.concat("Open ", model.examplePartitionProperty()));
        example.visibleProperty().bind(model.examplePartitionProperty().isNotEmpty());
        example.managedProperty().bind(example.visibleProperty());
        example.setTooltip(new javafx.scene.control.Tooltip("The partition with the most entity types the overview saw"));
        example.setOnAction(e -> {
            tabs.getSelectionModel().select(0);
            model.openExampleCollection();
        });
        // The title and the buttons keep their size in a narrow window; the status gives way (its tooltip has it whole).
        for (var fixed : List.of(title, analyse, cancel, example)) {
            fixed.setMinWidth(Region.USE_PREF_SIZE);
        }
        status.setMinWidth(0);
        var row = new HBox(10, title, analyse, cancel, spinner, status, example);
        row.setAlignment(Pos.CENTER_LEFT);
        var box = new VBox(2, row, hint);
        box.setPadding(new Insets(10, 12, 6, 12));
        return box;
    }

    /** What Analyse reads, and for a live table what that costs by DynamoDB's own figures. */
    private String overviewHint(dev.dynalens.domain.table.TableDescription table) {
        var what = "Scans every page and infers entity types from the keys; no schema needed.";
        if (readingIsFree) {
            return what + " A file costs nothing to read, so it was analysed as it opened.";
        }
        return table == null ? what : what + " By DynamoDB's figures (updated about every six hours) that is "
                + dev.dynalens.domain.capacity.ScanEstimate.of(table.sizeBytes(), table.itemCount(), 1).overviewText() + ".";
    }

    private Node entitiesPane() {
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
                textColumn("Items", r -> Long.toString(r.count()), 60),
                textColumn("Partition key", EntityRow::pkTemplate, 130),
                textColumn("Sort key", EntityRow::skTemplate, 130),
                textColumn("Indexes", EntityRow::indexes, 80),
                textColumn("Avg size", EntityRow::averageSizeText, 70),
                textColumn("Largest", EntityRow::largestSizeText, 70),
                textColumn("Attributes", EntityRow::attributes, 300)));
        table.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        table.setContextMenu(lensMenu(table));
        var title = new Label("Entity types");
        title.getStyleClass().add("title-4");
        var hint = new Label("Right-click to rename, merge or reset names; your names are kept for this table.");
        hint.getStyleClass().addAll("text-muted", "text-small");
        hint.setWrapText(true);
        var box = new VBox(6, title, table, hint);
        VBox.setVgrow(table, Priority.ALWAYS);
        box.setPadding(new Insets(6));
        return box;
    }

    private javafx.scene.control.ContextMenu lensMenu(TableView<EntityRow> table) {
        var rename = new javafx.scene.control.MenuItem("Rename…");
        rename.setOnAction(e -> {
            var row = table.getSelectionModel().getSelectedItem();
            if (row == null) return;
            var dialog = new javafx.scene.control.TextInputDialog(row.name());
            dialog.initOwner(table.getScene().getWindow());
            dialog.setHeaderText("Rename the entity type " + row.name());
            dialog.setContentText("New name:");
            dialog.showAndWait().ifPresent(name -> model.renameEntity(row.name(), name));
        });
        var merge = new javafx.scene.control.MenuItem("Merge selected…");
        merge.setOnAction(e -> {
            var names = table.getSelectionModel().getSelectedItems().stream().map(EntityRow::name).toList();
            if (names.size() < 2) return;
            var dialog = new javafx.scene.control.TextInputDialog(names.get(0));
            dialog.initOwner(table.getScene().getWindow());
            dialog.setHeaderText("Show " + String.join(", ", names) + " as one entity type");
            dialog.setContentText("Name:");
            dialog.showAndWait().ifPresent(name -> model.mergeEntities(names, name));
        });
        merge.disableProperty().bind(Bindings.size(table.getSelectionModel().getSelectedItems()).lessThan(2));
        var split = new javafx.scene.control.MenuItem("Split…");
        split.setOnAction(e -> {
            var row = table.getSelectionModel().getSelectedItem();
            if (row != null) askForSplit(table, row);
        });
        var reset = new javafx.scene.control.MenuItem("Reset to the inferred names");
        reset.setOnAction(e -> model.resetLens());
        var export = new javafx.scene.control.MenuItem("Export names (lens)…");
        export.setOnAction(e -> {
            var chooser = new javafx.stage.FileChooser();
            chooser.setInitialFileName(model.tableName() + ".lens.json");
            var file = chooser.showSaveDialog(table.getScene().getWindow());
            if (file != null) model.exportLens(file.toPath());
        });
        return new javafx.scene.control.ContextMenu(rename, merge, split, new javafx.scene.control.SeparatorMenuItem(), reset, export);
    }

    /** Split: the items of an entity whose sort-key template, partition-key template or an attribute's value matches. */
    private void askForSplit(TableView<EntityRow> table, EntityRow row) {
        var dialog = new javafx.scene.control.Dialog<Boolean>();
        dialog.initOwner(table.getScene().getWindow());
        dialog.setTitle("Split " + row.name());
        dialog.setHeaderText("Take some items of " + row.name() + " out as an entity type of their own");
        var by = new ComboBox<String>(javafx.collections.FXCollections.observableArrayList(
                "sort-key template", "partition-key template", "attribute value"));
        by.getSelectionModel().selectFirst();
        var attribute = new javafx.scene.control.TextField();
        attribute.setPromptText("attribute, e.g. type");
        var value = new javafx.scene.control.TextField(row.skTemplate());
        value.setPromptText("template (e.g. PROFILE, ORDER#{}) or value");
        by.valueProperty().addListener((o, was, now) -> {
            attribute.setDisable(!"attribute value".equals(now));
            value.setText(switch (now) {
                case "sort-key template" -> row.skTemplate();
                case "partition-key template" -> row.pkTemplate();
                default -> "";
            });
        });
        attribute.setDisable(true);
        var into = new javafx.scene.control.TextField();
        into.setPromptText("new entity name");
        var grid = new javafx.scene.layout.GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, new Label("Split by"), by);
        grid.addRow(1, new Label("Attribute"), attribute);
        grid.addRow(2, new Label("Template or value"), value);
        grid.addRow(3, new Label("New entity"), into);
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().getButtonTypes().setAll(javafx.scene.control.ButtonType.OK, javafx.scene.control.ButtonType.CANCEL);
        dialog.getDialogPane().lookupButton(javafx.scene.control.ButtonType.OK).disableProperty().bind(Bindings.createBooleanBinding(
                () -> into.getText().isBlank() || value.getText().isBlank()
                        || ("attribute value".equals(by.getValue()) && attribute.getText().isBlank()),
                into.textProperty(), value.textProperty(), attribute.textProperty(), by.valueProperty()));
        dialog.setResultConverter(button -> button == javafx.scene.control.ButtonType.OK);
        dialog.showAndWait().filter(Boolean::booleanValue).ifPresent(ok -> {
            switch (by.getValue()) {
                case "attribute value" -> model.splitEntity(row.name(), attribute.getText(), value.getText(), into.getText());
                case "partition-key template" -> model.splitEntityByKeyTemplate(row.name(), false, value.getText(), into.getText());
                default -> model.splitEntityByKeyTemplate(row.name(), true, value.getText(), into.getText());
            }
        });
    }

    private static <R> TableColumn<R, String> textColumn(String title, java.util.function.Function<R, String> text, double width) {
        var column = new TableColumn<R, String>(title);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(text.apply(c.getValue())));
        column.setPrefWidth(width);
        return column;
    }

    private Node collectionPane() {
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
        Runnable rebuild = () -> {
            var panes = model.groups().stream().map(this::groupPane).toList();
            // Side by side, the groups share the view's width, wrapping to a further row rather than running off to
            // the right; stacked, each takes the whole width.
            Pane container = sideBySide.isSelected() ? new GroupRows(MIN_GROUP_WIDTH, 10) : new VBox(10);
            container.setId("collectionGroups");
            container.getChildren().setAll(panes);
            container.setPadding(new Insets(6));
            scroll.setContent(panes.isEmpty() ? placeholder() : container);
        };
        rebuildCollection = rebuild;
        model.groups().addListener((ListChangeListener<EntityGroup>) c -> rebuild.run());
        sideBySide.selectedProperty().addListener((obs, old, now) -> rebuild.run());
        rebuild.run();
        var box = new VBox(bar, scroll);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        return box;
    }

    private static Node placeholder() {
        var label = new Label("Open a partition to see its item collection, grouped by entity type in sort-key order.");
        label.getStyleClass().add("text-muted");
        label.setPadding(new Insets(20));
        return label;
    }

    private Node groupPane(EntityGroup group) {
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
        table.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        table.getSelectionModel().getSelectedItems().addListener((javafx.collections.ListChangeListener<Item>) change -> {
            // A plain copy, never a FilteredList over the selection (see TableBrowserView).
            var selected = table.getSelectionModel().getSelectedItems().stream().filter(java.util.Objects::nonNull).toList();
            if (!selected.isEmpty()) model.selectedItems().setAll(selected);
        });
        for (var attribute : group.columns()) {
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
            table.getColumns().add(column);
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
            cell.setTooltip(new javafx.scene.control.Tooltip(stale.explanation()));
        });
    }

    private Node indexesPane() {
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
                var template = row.pkTemplate();
                var prefix = template.contains("{}") ? template.substring(0, template.indexOf("{}")) : template;
                model.indexProperty().set(row.index());
                model.partitionValueProperty().set(prefix);
                tabs.getSelectionModel().select(0);
                partitionField.requestFocus();
                partitionField.end();
            }
        });
        var hint = new Label("Double-click a template to open one of its partitions as a collection.");
        hint.getStyleClass().addAll("text-muted", "text-small");
        var box = new VBox(6, hint, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        box.setPadding(new Insets(6));
        return box;
    }

    private Node relationshipsPane() {
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

    private Node statusBar() {
        var request = new Label();
        request.textProperty().bind(model.requestSummaryProperty());
        var status = new Label();
        status.setId("collectionStatus");
        status.textProperty().bind(model.collectionStatusProperty());
        var error = new Label();
        error.getStyleClass().add("danger");
        error.textProperty().bind(model.errorProperty());
        var badge = new Label("QUERY");
        badge.getStyleClass().add("operation-badge");
        badge.visibleProperty().bind(model.requestSummaryProperty().isNotEmpty());
        var box = new HBox(10, badge, request, status, error);
        box.setAlignment(Pos.CENTER_LEFT);
        box.setPadding(new Insets(6, 12, 6, 12));
        box.getStyleClass().add("status-bar");
        return box;
    }
}

package dev.dynalens.ui.capacity;

import dev.dynalens.ui.browser.TableBrowserViewModel;
import dev.dynalens.ui.capacity.CapacityViewModel.AttributeBar;
import dev.dynalens.ui.capacity.CapacityViewModel.EntitySize;
import dev.dynalens.ui.capacity.CapacityViewModel.OperationCost;
import dev.dynalens.ui.collections.CollectionsViewModel;
import dev.dynalens.ui.collections.EntityGroup;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The "Size & cost" tab: the selected item's size with one bar per attribute, the cost of each operation
 * on it, its distance to 400 KB; and the open collection's entity types.
 */
public final class CapacityView {
    private static final double BAR_WIDTH = 320;
    private final CapacityViewModel model;

    public CapacityView(CapacityViewModel model) {
        this.model = model;
    }

    /**
     * Feeds the calculator with what the person selects in the Collections and Scan / Query tabs, the
     * table's key schema, and the open collection.
     */
    public static void follow(CapacityViewModel model, TableBrowserViewModel browser, CollectionsViewModel collections) {
        browser.selectedItemProperty().addListener((obs, old, item) -> {
            if (item != null) model.itemProperty().set(item);
        });
        collections.selectedItemProperty().addListener((obs, old, item) -> {
            if (item != null) model.itemProperty().set(item);
        });
        if (collections.descriptionProperty().get() != null) {
            model.keySchemaProperty().set(collections.descriptionProperty().get().keySchema());
        }
        collections.descriptionProperty().addListener((obs, old, description) ->
                model.keySchemaProperty().set(description == null ? null : description.keySchema()));
        Runnable collection = () -> model.showCollection(collections.groups(), !collections.hasMoreProperty().get());
        collections.groups().addListener((ListChangeListener<EntityGroup>) c -> collection.run());
        collections.hasMoreProperty().addListener((obs, old, now) -> collection.run());
    }

    public Node createView() {
        var content = new VBox(14, itemSection(), collectionSection());
        content.setPadding(new Insets(12));
        var scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.setId("sizeAndCost");
        return scroll;
    }

    private Node itemSection() {
        var placeholder = new Label("Select an item in the Collections or Scan / Query tab to see its size and what each operation on it costs.");
        placeholder.getStyleClass().add("text-muted");
        placeholder.setWrapText(true);
        placeholder.visibleProperty().bind(model.hasItemProperty().not());
        placeholder.managedProperty().bind(placeholder.visibleProperty());

        var title = new Label();
        title.textProperty().bind(model.titleProperty());
        title.getStyleClass().add("title-3");
        var size = new Label();
        size.setId("itemSize");
        size.textProperty().bind(model.sizeSummaryProperty());
        size.getStyleClass().add("text-bold");
        var limitBar = new ProgressBar();
        limitBar.setId("limitBar");
        limitBar.setPrefWidth(BAR_WIDTH);
        limitBar.progressProperty().bind(model.limitShareProperty());
        var limit = new Label();
        limit.setId("limitSummary");
        limit.textProperty().bind(model.limitSummaryProperty());
        var limitRow = new HBox(10, limitBar, limit);
        limitRow.setAlignment(Pos.CENTER_LEFT);

        var warnings = new VBox(2);
        Runnable showWarnings = () -> warnings.getChildren().setAll(model.warnings().stream().map(text -> {
            var label = new Label("⚠ " + text);
            label.getStyleClass().add("danger");
            label.setWrapText(true);
            return label;
        }).toList());
        model.warnings().addListener((ListChangeListener<String>) c -> showWarnings.run());

        var bars = new GridPane();
        bars.setId("attributeBars");
        bars.setHgap(10);
        bars.setVgap(4);
        bars.getColumnConstraints().addAll(new ColumnConstraints(60, 160, 260), new ColumnConstraints(40),
                new ColumnConstraints(BAR_WIDTH), new ColumnConstraints(110));
        Runnable showBars = () -> {
            bars.getChildren().clear();
            int row = 0;
            for (AttributeBar bar : model.bars()) {
                var name = new Label(bar.name());
                name.setTooltip(new Tooltip(bar.name()));
                var type = new Label(bar.type());
                type.getStyleClass().addAll("text-muted", "text-small");
                var progress = new ProgressBar(bar.share());
                progress.setPrefWidth(BAR_WIDTH);
                var bytes = new Label(bar.label());
                bars.addRow(row++, name, type, progress, bytes);
            }
        };
        model.bars().addListener((ListChangeListener<AttributeBar>) c -> showBars.run());

        var costs = table(model.costs(), 9);
        costs.setId("operationCosts");
        costs.getColumns().add(column("Operation", 300, OperationCost::operation));
        costs.getColumns().add(column("Cost", 90, OperationCost::units));
        costs.getColumns().add(column("Rule (Developer Guide)", 400, OperationCost::rule));

        var details = new VBox(8, title, size, limitRow, warnings, heading("Attributes (name + value bytes)"), bars,
                heading("What each operation on this item costs"), costs);
        details.visibleProperty().bind(model.hasItemProperty());
        details.managedProperty().bind(details.visibleProperty());
        return new VBox(8, heading("Selected item"), placeholder, details);
    }

    private Node collectionSection() {
        var entities = table(model.entities(), 6);
        entities.setId("entitySizes");
        var entity = new TableColumn<EntitySize, String>("Entity type");
        entity.setPrefWidth(200);
        entity.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().entity()));
        entity.setCellFactory(c -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(String value, boolean empty) {
                super.updateItem(value, empty);
                var row = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(empty ? null : value);
                if (row == null) {
                    setGraphic(null);
                    return;
                }
                var swatch = new Region();
                swatch.setMinSize(8, 14);
                swatch.setStyle("-fx-background-color: " + row.colour() + ";");
                setGraphic(swatch);
            }
        });
        entities.getColumns().add(entity);
        entities.getColumns().add(column("Items", 70, e -> String.format(Locale.ROOT, "%,d", e.items())));
        entities.getColumns().add(column("Average", 100, e -> String.format(Locale.ROOT, "%,d B", e.averageBytes())));
        entities.getColumns().add(column("Largest", 100, e -> String.format(Locale.ROOT, "%,d B", e.largestBytes())));
        entities.getColumns().add(column("Query of these items (eventual / strong)", 320, EntitySize::queryCost));
        var summary = new Label();
        summary.setId("collectionSummary");
        summary.setWrapText(true);
        summary.textProperty().bind(model.collectionSummaryProperty());
        return new VBox(8, heading("Open collection, by entity type"), summary, entities);
    }

    private static Label heading(String text) {
        var label = new Label(text);
        label.getStyleClass().add("title-4");
        return label;
    }

    private static <T> TableView<T> table(javafx.collections.ObservableList<T> items, int rows) {
        var table = new TableView<>(items);
        table.getStyleClass().add("dense");
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setPrefHeight(40 + rows * 28.0);
        table.setMinHeight(40 + rows * 28.0);
        VBox.setVgrow(table, Priority.NEVER);
        return table;
    }

    private static <T> TableColumn<T, String> column(String title, double width, Function<T, String> value) {
        var column = new TableColumn<T, String>(title);
        column.setPrefWidth(width);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(value.apply(c.getValue())));
        return column;
    }
}

package dev.dynalens.ui.browser;

import dev.dynalens.ui.common.Icons;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.table.TableSummaries;
import dev.dynalens.ui.editor.ItemActions;
import dev.dynalens.ui.editor.StagedEditsViewModel;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/** The table browser: description header, request form, results and the selected item's JSON. */
public final class TableBrowserView {
    private final TableBrowserViewModel model;
    private ItemActions editing;
    private TextField partitionValueField;
    private ComboBox<String> indexChoiceField;

    public TableBrowserView(TableBrowserViewModel model) {
        this.model = model;
    }

    /** Offers editing of the results (in place, and Edit/New/Duplicate/Delete), staged in {@code staged}. */
    public TableBrowserView editableWith(StagedEditsViewModel staged) {
        this.editing = new ItemActions(staged);
        staged.keepInSync(model.items());
        return this;
    }

    /**
     * The focus-filter shortcut: the cursor in the partition key value with its text selected, or on the index picker
     * while the value is disabled (a Scan). Nothing before {@link #createView()}.
     */
    public void focusFilter() {
        if (partitionValueField != null && !partitionValueField.isDisabled()) {
            partitionValueField.requestFocus();
            partitionValueField.selectAll();
        } else if (indexChoiceField != null) {
            indexChoiceField.requestFocus();
        }
    }

    public Node createView() {
        var root = new BorderPane();
        root.getStyleClass().add("table-browser");
        root.setTop(new VBox(header(), requestBar()));
        var split = new SplitPane(resultsTable(), itemDetail());
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.68);
        root.setCenter(split);
        root.setBottom(statusBar());
        return root;
    }

    private Node header() {
        var title = new Label(model.tableName());
        title.getStyleClass().add("title-3");
        var facts = new FlowPane(18, 4);
        var indexes = new VBox(2);
        model.descriptionProperty().addListener((obs, old, table) -> fillHeader(table, facts, indexes));
        var box = new VBox(4, title, facts, indexes);
        box.setPadding(new Insets(10, 12, 6, 12));
        return box;
    }

    private static void fillHeader(TableDescription table, FlowPane facts, VBox indexes) {
        facts.getChildren().setAll(
                fact("Keys", TableSummaries.keys(table.keySchema())),
                fact("Items", "≈ " + table.itemCount()),
                fact("Size", TableSummaries.size(table.sizeBytes())),
                fact("Billing", TableSummaries.billing(table)),
                fact("TTL", TableSummaries.timeToLive(table)),
                fact("Status", table.status() == null ? "–" : table.status()));
        indexes.getChildren().setAll(TableSummaries.indexLines(table).stream().map(line -> {
            var label = new Label(line);
            label.getStyleClass().add("text-small");
            return label;
        }).toList());
    }

    private static Node fact(String name, String value) {
        var key = new Label(name);
        key.getStyleClass().addAll("text-muted", "text-small");
        var text = new Label(value);
        text.setId("fact-" + name.toLowerCase(java.util.Locale.ROOT));
        return new HBox(6, key, text);
    }

    private Node requestBar() {
        var scan = new ToggleButton("Scan");
        var query = new ToggleButton("Query");
        scan.setId("scanMode");
        query.setId("queryMode");
        var group = new ToggleGroup();
        scan.setToggleGroup(group);
        query.setToggleGroup(group);
        scan.setSelected(true);
        group.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now == null) {
                old.setSelected(true); // one mode is always chosen
                return;
            }
            model.modeProperty().set(now == query ? TableBrowserViewModel.Mode.QUERY : TableBrowserViewModel.Mode.SCAN);
        });
        // A saved query or a restored tab sets the mode on the model: the toggles follow.
        model.modeProperty().addListener((obs, old, now) -> (now == TableBrowserViewModel.Mode.QUERY ? query : scan).setSelected(true));
        var modes = new HBox(scan, query);
        modes.getStyleClass().add("segmented");
        scan.getStyleClass().add("left-pill");
        query.getStyleClass().add("right-pill");

        var index = new ComboBox<>(model.indexChoices());
        index.setId("indexChoice");
        index.valueProperty().bindBidirectional(model.indexProperty());

        var pk = new TextField();
        pk.setId("partitionValue");
        pk.setPromptText("partition key value");
        pk.textProperty().bindBidirectional(model.partitionValueProperty());
        partitionValueField = pk;
        indexChoiceField = index;

        var operator = new ComboBox<SortKeyCondition.Operator>();
        operator.setId("sortOperator");
        operator.getItems().add(null);
        operator.getItems().addAll(SortKeyCondition.Operator.values());
        operator.setConverter(new StringConverter<>() {
            @Override
            public String toString(SortKeyCondition.Operator op) {
                return op == null ? "no sort-key condition" : "sort key " + op.symbol();
            }

            @Override
            public SortKeyCondition.Operator fromString(String s) {
                return null;
            }
        });
        operator.valueProperty().bindBidirectional(model.sortOperatorProperty());
        var sk = new TextField();
        sk.setId("sortValue");
        sk.setPromptText("sort key value");
        sk.textProperty().bindBidirectional(model.sortValueProperty());
        var skUpper = new TextField();
        skUpper.setId("sortUpperValue");
        skUpper.setPromptText("and");
        skUpper.textProperty().bindBidirectional(model.sortUpperValueProperty());
        var descending = new CheckBox("Descending");
        descending.selectedProperty().bindBidirectional(model.descendingProperty());

        var queryOnly = Bindings.equal(model.modeProperty(), TableBrowserViewModel.Mode.QUERY);
        for (Node n : new Node[] {pk, operator, sk, descending}) {
            n.visibleProperty().bind(queryOnly);
            n.managedProperty().bind(queryOnly);
        }
        var between = queryOnly.and(Bindings.equal(model.sortOperatorProperty(), SortKeyCondition.Operator.BETWEEN));
        skUpper.visibleProperty().bind(between);
        skUpper.managedProperty().bind(between);
        var hasOperator = Bindings.isNotNull(model.sortOperatorProperty());
        sk.disableProperty().bind(hasOperator.not());

        var pageSize = new Spinner<Integer>(1, 1000, model.pageSizeProperty().get(), 25);
        pageSize.setEditable(true);
        pageSize.setPrefWidth(90);
        pageSize.valueProperty().addListener((obs, old, now) -> model.pageSizeProperty().set(now));
        model.pageSizeProperty().addListener((obs, old, now) -> {
            if (!now.equals(pageSize.getValue())) pageSize.getValueFactory().setValue(now.intValue());
        });
        var pageLabel = new Label("per page");

        var run = new Button("Run");
        run.setId("runButton");
        run.setDefaultButton(true);
        run.getStyleClass().add("accent");
        run.setOnAction(e -> model.run());
        run.disableProperty().bind(model.runningProperty());
        Icons.withIcon(run, Icons.Action.RUN, "Run the Scan or Query");
        var more = new Button("Load more");
        more.setId("loadMoreButton");
        more.setOnAction(e -> model.loadMore());
        Icons.withIcon(more, Icons.Action.LOAD_MORE, "Read the next page");
        more.disableProperty().bind(model.hasMoreProperty().not().or(model.runningProperty()));
        var cancel = new Button("Cancel");
        cancel.setId("cancelButton");
        cancel.setOnAction(e -> model.cancel());
        cancel.disableProperty().bind(model.runningProperty().not());
        Icons.iconOnly(cancel, Icons.Action.CANCEL, "Cancel the request in flight");
        var spinner = new ProgressIndicator();
        spinner.setPrefSize(18, 18);
        spinner.visibleProperty().bind(model.runningProperty());

        var bar = new FlowPane(8, 6, modes, index, pk, operator, sk, skUpper, descending, pageSize, pageLabel, run, more, cancel, spinner);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 12, 8, 12));
        return bar;
    }

    private Node resultsTable() {
        var table = new TableView<Item>(model.items());
        table.setId("resultsTable");
        table.setPlaceholder(new Label("Run a Scan or a Query to see items."));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getStyleClass().addAll("dense", "striped");
        model.columns().addListener((ListChangeListener<String>) change -> rebuildColumns(table));
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, item) -> model.selectedItemProperty().set(item));
        table.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        table.getSelectionModel().getSelectedItems().addListener((ListChangeListener<Item>) change ->
                // A plain copy: a FilteredList over the selection stays subscribed to it and throws when a selected row
                // is removed (a committed delete), JavaFX's FilteredList.addRemove on the selection's change.
                model.selectedItems().setAll(table.getSelectionModel().getSelectedItems().stream().filter(java.util.Objects::nonNull).toList()));
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

    private static final int WIDTH_SAMPLE = 100;

    /** A column sized for its header and the longest value among the first items, within bounds. */
    private static TableColumn<Item, String> column(String attribute, java.util.List<Item> sample) {
        var column = new TableColumn<Item, String>(attribute);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(
                cell.getValue().get(attribute).map(ValueText::cell).orElse("")));
        var longest = sample.stream().mapToInt(item -> item.get(attribute).map(v -> ValueText.cell(v).length()).orElse(0))
                .max().orElse(0);
        var characters = Math.max(attribute.length() + 2, longest);
        column.setPrefWidth(Math.max(70, Math.min(340, characters * 9.6 + 24)));
        return column;
    }

    private Node itemDetail() {
        var dynamoJson = readOnlyText(model.selectedDynamoJsonProperty(), "itemDynamoJson");
        var plainJson = readOnlyText(model.selectedPlainJsonProperty(), "itemPlainJson");
        var tabs = new TabPane(new Tab("DynamoDB JSON", dynamoJson), new Tab("JSON", plainJson));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        var title = new Label("Item");
        title.getStyleClass().add("title-4");
        var box = new VBox(4, title, tabs);
        VBox.setVgrow(tabs, Priority.ALWAYS);
        box.setPadding(new Insets(6));
        box.setMinWidth(260);
        return box;
    }

    private static TextArea readOnlyText(javafx.beans.value.ObservableValue<String> text, String id) {
        var area = new TextArea();
        area.setId(id);
        area.setEditable(false);
        area.getStyleClass().add("monospace");
        area.setPromptText("Select an item.");
        area.textProperty().bind(text);
        return area;
    }

    private Node statusBar() {
        var operation = new Label();
        operation.setId("operationBadge");
        operation.textProperty().bind(model.operationProperty());
        operation.getStyleClass().add("operation-badge");
        operation.visibleProperty().bind(model.operationProperty().isNotEmpty());
        var request = new Label();
        request.setId("requestSummary");
        request.textProperty().bind(model.requestSummaryProperty());
        var result = new Label();
        result.setId("resultSummary");
        result.textProperty().bind(model.resultSummaryProperty());
        var capacity = new Label();
        capacity.setId("capacitySummary");
        capacity.textProperty().bind(model.capacitySummaryProperty());
        var error = new Label();
        error.setId("browserError");
        error.getStyleClass().add("danger");
        error.textProperty().bind(model.errorProperty());
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        var top = new HBox(10, operation, request, spacer, capacity);
        top.setAlignment(Pos.CENTER_LEFT);
        var box = new VBox(2, top, new HBox(10, result, error));
        box.setPadding(new Insets(6, 12, 6, 12));
        box.getStyleClass().add("status-bar");
        return box;
    }
}

package dev.dynalens.ui.browser;

import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.ui.common.Icons;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;

/**
 * The request form: Scan or Query, the index, the partition key value and sort-key condition of a Query, the page size,
 * and Run, Load more and Cancel.
 */
final class RequestBar {
    private final TableBrowserViewModel model;
    private TextField partitionValueField;
    private ComboBox<String> indexChoiceField;

    RequestBar(TableBrowserViewModel model) {
        this.model = model;
    }

    /**
     * The cursor in the partition key value with its text selected, or on the index picker while the value is disabled
     * (a Scan). Nothing before {@link #createView()}.
     */
    void focusFilter() {
        if (partitionValueField != null && !partitionValueField.isDisabled()) {
            partitionValueField.requestFocus();
            partitionValueField.selectAll();
        } else if (indexChoiceField != null) {
            indexChoiceField.requestFocus();
        }
    }

    Node createView() {
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

        // An index of a multi-attribute key: a field per further key attribute, after the first of its side.
        var morePartition = new HBox(6);
        var moreSort = new HBox(6);
        Runnable layoutKeyFields = () -> {
            morePartition.getChildren().clear();
            moreSort.getChildren().clear();
            var multi = model.multiAttributeKeyProperty().get();
            for (var field : model.keyFields()) {
                if (field.value() == model.partitionValueProperty() || field.value() == model.sortValueProperty()) {
                    (field.partition() ? pk : sk).setPromptText(multi ? field.prompt() : field.partition() ? "partition key value" : "sort key value");
                    continue;
                }
                var text = new TextField();
                text.setPromptText(field.prompt());
                text.textProperty().bindBidirectional(field.value());
                (field.partition() ? morePartition : moreSort).getChildren().add(text);
            }
        };
        model.keyFields().addListener((javafx.collections.ListChangeListener<TableBrowserViewModel.KeyField>) change -> layoutKeyFields.run());
        layoutKeyFields.run();

        var queryOnly = Bindings.equal(model.modeProperty(), TableBrowserViewModel.Mode.QUERY);
        for (Node n : new Node[] {pk, morePartition, operator, sk, moreSort, descending}) {
            n.visibleProperty().bind(queryOnly);
            n.managedProperty().bind(queryOnly);
        }
        var between = queryOnly.and(Bindings.equal(model.sortOperatorProperty(), SortKeyCondition.Operator.BETWEEN));
        skUpper.visibleProperty().bind(between);
        skUpper.managedProperty().bind(between);
        var hasOperator = Bindings.isNotNull(model.sortOperatorProperty());
        // One sort attribute: its field takes a value once there is a condition; several: each is an equality when given.
        sk.disableProperty().bind(hasOperator.not().and(model.multiAttributeKeyProperty().not()));

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

        var bar = new FlowPane(8, 6, modes, index, pk, morePartition, operator, sk, moreSort, skUpper, descending, pageSize, pageLabel, run, more, cancel, spinner);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 12, 8, 12));
        return bar;
    }
}

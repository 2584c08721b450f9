package dev.dynalens.ui.browser;

import dev.dynalens.ui.editor.ItemActions;
import dev.dynalens.ui.editor.StagedEditsViewModel;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The table browser: description header ({@link DescriptionHeader}), request form ({@link RequestBar}), results
 * ({@link ResultsTable}) and the selected item's JSON.
 */
public final class TableBrowserView {
    private final TableBrowserViewModel model;
    private ItemActions editing;
    private RequestBar requestBar;

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
        if (requestBar != null) requestBar.focusFilter();
    }

    public Node createView() {
        var root = new BorderPane();
        root.getStyleClass().add("table-browser");
        requestBar = new RequestBar(model);
        root.setTop(new VBox(new DescriptionHeader(model).createView(), requestBar.createView()));
        var split = new SplitPane(new ResultsTable(model, editing).createView(), itemDetail());
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.68);
        root.setCenter(split);
        root.setBottom(statusBar());
        return root;
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

    private static TextArea readOnlyText(ObservableValue<String> text, String id) {
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

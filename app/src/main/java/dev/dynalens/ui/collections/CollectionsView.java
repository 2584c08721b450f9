package dev.dynalens.ui.collections;

import dev.dynalens.ui.editor.ItemActions;
import dev.dynalens.ui.editor.StagedEditsViewModel;
import dev.dynalens.ui.staleness.StaleCells;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/**
 * Entity overview, one collection grouped by entity, index meanings and adjacency lists: the {@link OverviewHeader}
 * above, the {@link EntityTypesPane} beside the {@link CollectionPane} and the {@link OverviewTables}, the Query's
 * status below.
 */
public final class CollectionsView {
    /** How narrow an entity group may get side by side: its title and two or three columns still show. */
    static final double MIN_GROUP_WIDTH = 220;

    private final CollectionsViewModel model;
    private final TabPane tabs = new TabPane();
    /** The stale copies found by the table's staleness view, marked in the collection; null when not shown. */
    private ObservableValue<StaleCells> staleCells;
    private Runnable rebuildCollection = () -> { };
    /** Whether reading the table costs nothing (a workspace file): its overview runs as it opens. */
    private String freeReading;
    /** Editing of the collection's items, staged; null when not offered. */
    private ItemActions editing;
    /** Change items… on an entity type; null when not offered. */
    private dev.dynalens.ui.change.ChangeItems changes;
    /** Opens "Add an index…" for an entity type, owned by a window; null when not offered (a file, an export). */
    private java.util.function.BiConsumer<javafx.stage.Window, String> addIndex;

    public CollectionsView(CollectionsViewModel model) {
        this.model = model;
    }

    /** Marks the cells holding a stale copy, their tooltip naming the source's current value; call before {@link #createView()}. */
    public CollectionsView markStaleCells(ObservableValue<StaleCells> cells) {
        this.staleCells = cells;
        cells.addListener((obs, old, now) -> rebuildCollection.run());
        return this;
    }

    /**
     * Lets cells of the collection be edited in place (and Edit/Duplicate/Delete from a context menu), staged in
     * {@code staged}; after a commit that wrote something the collection is read again. Call before {@link #createView()}.
     */
    public CollectionsView editableWith(StagedEditsViewModel staged) {
        this.editing = new ItemActions(staged);
        staged.onWritten(written -> {
            if (!written.isEmpty() && !model.groups().isEmpty()) model.runCollection();
        });
        return this;
    }

    /** Offers Change items… on an entity type (its menu); call before {@link #createView()}. */
    public CollectionsView changingWith(dev.dynalens.ui.change.ChangeItems items) {
        this.changes = items;
        return this;
    }

    /**
     * A table read for free (a workspace file, an export): the header says {@code why} instead of what the Scan costs;
     * null for a live table.
     */
    public CollectionsView readingIsFree(String why) {
        this.freeReading = why;
        return this;
    }

    /** Offers "Add an index…" on an entity type (a live table only); call before {@link #createView()}. */
    public CollectionsView addingIndexes(java.util.function.BiConsumer<javafx.stage.Window, String> open) {
        this.addIndex = open;
        return this;
    }

    public Node createView() {
        var root = new BorderPane();
        root.setTop(new OverviewHeader(model, freeReading, this::showCollection).createView());
        var collection = new CollectionPane(model, new EntityGroupPane(model, staleCells, editing));
        var overview = new OverviewTables(model, () -> {
            showCollection();
            collection.focusPartitionValue();
        });
        tabs.getTabs().addAll(new Tab("Collection", collection.createView()), new Tab("Indexes", overview.indexes()),
                new Tab("Relationships", overview.relationships()));
        rebuildCollection = collection::rebuild;
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("collectionTabs");
        var split = new SplitPane(new EntityTypesPane(model, changes, addIndex).createView(), tabs);
        split.setDividerPositions(0.3);
        root.setCenter(split);
        root.setBottom(statusBar());
        return root;
    }

    private void showCollection() {
        tabs.getSelectionModel().select(0);
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

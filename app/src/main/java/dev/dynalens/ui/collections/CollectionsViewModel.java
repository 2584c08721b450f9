package dev.dynalens.ui.collections;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.LensStore;
import dev.dynalens.ui.common.IndexChoices;
import dev.dynalens.usecase.support.TableReads;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The item-collection viewer of one table: an overview of the entity types inferred from the keys
 * (a Scan over every page, cancellable: {@link OverviewModel}), one partition's items grouped by entity
 * (a Query: {@link PartitionModel}), what each overloaded index means, adjacency lists with their missing
 * reverse edges, and the person's corrections to the names ({@link LensModel}).
 *
 * <p>Threads: pages arrive on the SDK's threads; the {@link dev.dynalens.usecase.EntityNaming} (not
 * thread-safe) is fed on the single-threaded {@code analysis} executor ({@link EntityNames}); only results
 * are applied on the {@code fx} executor.
 */
public final class CollectionsViewModel {
    public static final String BASE_TABLE = IndexChoices.BASE_TABLE;

    private final DynamoSession session;
    private final String tableName;
    private final Executor fx;
    private final Executor analysis;
    private final LensStore lenses;
    private final String lensScope;
    private final EntityNames names = new EntityNames();

    private final ReadOnlyObjectWrapper<TableDescription> description = new ReadOnlyObjectWrapper<>();
    private final ObservableList<String> indexChoices = FXCollections.observableArrayList(BASE_TABLE);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ObjectProperty<Item> selectedItem = new SimpleObjectProperty<>();
    /** The items selected together in one entity group of the collection (the last selection made). */
    private final ObservableList<Item> selectedItems = FXCollections.observableArrayList();
    private final OverviewModel overview;
    private final PartitionModel partition;
    private final LensModel lens;
    private CompletableFuture<Void> descriptionLoaded;

    /**
     * @param lensScope where this table's lens is kept (the connection's id, or the workspace file)
     */
    public CollectionsViewModel(DynamoSession session, String tableName, Executor fx, Executor analysis, LensStore lenses,
                                String lensScope) {
        this(session, tableName, fx, analysis, lenses, lensScope, null);
    }

    /** @param reads where the overview keeps its whole read for the Stale copies tab (null: nowhere) */
    public CollectionsViewModel(DynamoSession session, String tableName, Executor fx, Executor analysis, LensStore lenses,
                                String lensScope, TableReads reads) {
        this.session = session;
        this.tableName = tableName;
        this.fx = fx;
        this.analysis = analysis;
        this.lenses = lenses;
        this.lensScope = lensScope;
        var colours = new EntityColours();
        this.partition = new PartitionModel(session, tableName, fx, analysis, names, colours, error);
        this.overview = new OverviewModel(session, tableName, fx, analysis, names, colours, partition::regroup, reads);
        this.lens = new LensModel(tableName, fx, analysis, lenses, lensScope, names, description::get, overview, partition, error);
    }

    public String tableName() {
        return tableName;
    }

    /** DescribeTable; then the key schema and indexes are known and inference can start. */
    public CompletableFuture<Void> loadDescription() {
        return descriptionLoaded != null ? descriptionLoaded : useDescription(session.describeTable(tableName));
    }

    /**
     * Takes a description already asked for (the views of one table share one DescribeTable); later calls
     * of {@link #loadDescription()} wait for the same one.
     */
    public CompletableFuture<Void> useDescription(CompletableFuture<TableDescription> pending) {
        return descriptionLoaded = pending.thenApplyAsync(table -> {
            var loaded = lenses.load(lensScope, tableName);
            names.readWith(TableKeys.from(table), loaded.lens());
            loaded.problem().ifPresent(problem -> fx.execute(() -> error.set(problem)));
            return table;
        }, analysis).handleAsync((table, failure) -> {
            if (failure != null) {
                error.set("Could not describe " + tableName + ": " + Problems.describe(failure));
                return null;
            }
            description.set(table);
            indexChoices.setAll(IndexChoices.of(table));
            return null;
        }, fx);
    }

    // ---- overview -------------------------------------------------------------------------------

    /** Scans every page of the table, inferring entity types as pages arrive. */
    public CompletableFuture<Void> runOverview() {
        if (description.get() == null) {
            error.set("The table description is not loaded yet.");
            return CompletableFuture.completedFuture(null);
        }
        return overview.run(description.get());
    }

    public void cancelOverview() {
        overview.cancel();
    }

    /**
     * Hands the entity rows to their table again. Works around a rendering glitch seen only in the
     * first-start flow (overview and example collection opened programmatically right after the tab):
     * the entity table drew one row of four over its empty placeholder until its list changed once more.
     */
    public void republishEntities() {
        var rows = List.copyOf(overview.entities);
        overview.entities.clear();
        overview.entities.setAll(rows);
    }

    /** Opens the example partition found by the overview (the one with the most entity types), if any. */
    public CompletableFuture<Void> openExampleCollection() {
        var example = overview.examplePartition.get();
        return example.isEmpty() ? CompletableFuture.completedFuture(null) : openPartition(null, example);
    }

    // ---- lens: the person's corrections to the inferred names ------------------------------------

    /** Renames an entity type everywhere in this table's views; saved with the table's lens. */
    public CompletableFuture<Void> renameEntity(String from, String to) {
        return lens.rename(from, to);
    }

    /** Shows several entity types as one. */
    public CompletableFuture<Void> mergeEntities(Collection<String> from, String into) {
        return lens.merge(from, into);
    }

    /** Separates the items of an entity whose attribute has a given value into an entity of their own. */
    public CompletableFuture<Void> splitEntity(String entity, String attribute, String value, String into) {
        return lens.split(entity, attribute, value, into);
    }

    /**
     * Separates the items of an entity whose partition-key (or sort-key) template renders as {@code template}, e.g.
     * {@code PROFILE} or {@code USER#{}}, into an entity of their own.
     */
    public CompletableFuture<Void> splitEntityByKeyTemplate(String entity, boolean sortKey, String template, String into) {
        return lens.splitByKeyTemplate(entity, sortKey, template, into);
    }

    /** Forgets every correction: the names are the inferred ones again. */
    public CompletableFuture<Void> resetLens() {
        return lens.reset();
    }

    public CompletableFuture<Void> exportLens(Path file) {
        return lens.export(file);
    }

    // ---- collection -----------------------------------------------------------------------------

    /** Queries one partition and groups its items by entity type, in sort-key order. */
    public CompletableFuture<Void> runCollection() {
        return partition.run(description.get());
    }

    public CompletableFuture<Void> loadMoreCollection() {
        return partition.loadMore();
    }

    /** Opens one partition of an index (for example GSI1 = STATUS#OPEN) as a collection. */
    public CompletableFuture<Void> openPartition(String indexName, String value) {
        partition.index.set(indexName == null ? BASE_TABLE : indexName);
        partition.partitionValue.set(value);
        partition.sortOperator.set(null);
        return runCollection();
    }

    /**
     * Fills the collection's form for a partition of an index's template, reading nothing: the index, and the
     * template's text before its first {@code {}} (all of it when it has none), for the person to complete.
     */
    public void prepareCollection(IndexMeaningRow meaning) {
        var template = meaning.pkTemplate();
        partition.index.set(meaning.index());
        partition.partitionValue.set(template.contains("{}") ? template.substring(0, template.indexOf("{}")) : template);
    }

    public void cancelCollection() {
        partition.cancel();
    }

    /** What one partition-key template of an index means. */
    public record IndexMeaningRow(String index, String pkTemplate, String entity, long count, String colour) {
    }

    /** An adjacency list, both directions. */
    public record RelationshipRow(String entities, long edges, long reverseEdges, long mirrored, long missingReverse,
                                  List<String> missingReverseKeys) {
        static String keyText(Map<String, AttributeValue> key) {
            return KeyText.named(key);
        }
    }

    public ReadOnlyObjectProperty<TableDescription> descriptionProperty() { return description.getReadOnlyProperty(); }
    public ObservableList<EntityRow> entities() { return overview.entities; }
    public ObservableList<IndexMeaningRow> indexMeanings() { return overview.indexMeanings; }
    public ObservableList<RelationshipRow> relationships() { return overview.relationships; }
    public ReadOnlyBooleanProperty overviewRunningProperty() { return overview.running.getReadOnlyProperty(); }
    public ReadOnlyStringProperty overviewStatusProperty() { return overview.status.getReadOnlyProperty(); }
    public StringProperty indexProperty() { return partition.index; }
    public ObservableList<String> indexChoices() { return indexChoices; }
    public StringProperty partitionValueProperty() { return partition.partitionValue; }
    public ObjectProperty<SortKeyCondition.Operator> sortOperatorProperty() { return partition.sortOperator; }
    public StringProperty sortValueProperty() { return partition.sortValue; }
    public StringProperty sortUpperValueProperty() { return partition.sortUpperValue; }
    public ObservableList<EntityGroup> groups() { return partition.groups; }
    public ReadOnlyBooleanProperty collectionRunningProperty() { return partition.running.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty hasMoreProperty() { return partition.hasMore.getReadOnlyProperty(); }
    public ReadOnlyStringProperty requestSummaryProperty() { return partition.requestSummary.getReadOnlyProperty(); }
    public ReadOnlyStringProperty collectionStatusProperty() { return partition.status.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyStringProperty examplePartitionProperty() { return overview.examplePartition.getReadOnlyProperty(); }
    /** The analysis of the last overview that read the whole table; null until one did. */
    public javafx.beans.property.ReadOnlyObjectProperty<dev.dynalens.domain.inference.TableAnalysis> wholeTableAnalysisProperty() {
        return overview.wholeTable.getReadOnlyProperty();
    }
    /** The item the person last selected in a group of the open collection. */
    public ObjectProperty<Item> selectedItemProperty() { return selectedItem; }
    public ObservableList<Item> selectedItems() { return selectedItems; }
}

package dev.dynalens.ui.collections;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.QueryForm;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.ReadRequests;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.LensStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import dev.dynalens.ui.common.IndexChoices;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The item-collection viewer of one table: an overview of the entity types inferred from the keys
 * (a Scan over every page, cancellable), one partition's items grouped by entity (a Query), what each
 * overloaded index means, and adjacency lists with their missing reverse edges.
 *
 * <p>Threads: pages arrive on the SDK's threads; the {@link Analyzer} (not thread-safe) is fed on the
 * single-threaded {@code analysis} executor; only results are applied on the {@code fx} executor.
 */
public final class CollectionsViewModel {
    public static final String BASE_TABLE = IndexChoices.BASE_TABLE;

    private final DynamoSession session;
    private final String tableName;
    private final Executor fx;
    private final Executor analysis;
    private final LensStore lenses;
    private final String lensScope;
    private final EntityColours colours = new EntityColours();

    private final ReadOnlyObjectWrapper<TableDescription> description = new ReadOnlyObjectWrapper<>();
    private final ObservableList<EntityRow> entities = FXCollections.observableArrayList();
    private final ObservableList<IndexMeaningRow> indexMeanings = FXCollections.observableArrayList();
    private final ObservableList<RelationshipRow> relationships = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper overviewRunning = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper overviewStatus = new ReadOnlyStringWrapper("");

    private final StringProperty index = new SimpleStringProperty(BASE_TABLE);
    private final ObservableList<String> indexChoices = FXCollections.observableArrayList(BASE_TABLE);
    private final StringProperty partitionValue = new SimpleStringProperty("");
    private final ObjectProperty<SortKeyCondition.Operator> sortOperator = new SimpleObjectProperty<>();
    private final StringProperty sortValue = new SimpleStringProperty("");
    private final StringProperty sortUpperValue = new SimpleStringProperty("");
    private final ObservableList<EntityGroup> groups = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper collectionRunning = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper hasMore = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper requestSummary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper collectionStatus = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ObjectProperty<Item> selectedItem = new SimpleObjectProperty<>();
    /** The items selected together in one entity group of the collection (the last selection made). */
    private final ObservableList<Item> selectedItems = FXCollections.observableArrayList();

    /** Touched only on the analysis executor. */
    private Analyzer analyzer;
    private Lens lens = Lens.NONE;
    private boolean overviewComplete;
    private final List<Item> collectionItems = new ArrayList<>();
    /** Partition key values seen first in the overview, with the entity types in each (a bounded sample). */
    private final Map<dev.dynalens.domain.item.AttributeValue, java.util.Set<String>> samplePartitions = new LinkedHashMap<>();
    private static final int SAMPLE_PARTITIONS = 2_000;
    private final ReadOnlyStringWrapper examplePartition = new ReadOnlyStringWrapper("");

    private volatile CompletableFuture<Page> overviewInFlight;
    private CompletableFuture<Void> descriptionLoaded;
    private CompletableFuture<Page> collectionInFlight;
    private ReadRequest nextCollectionPage;
    private ConsumedCapacity collectionCapacity = ConsumedCapacity.NOT_REPORTED;
    private volatile long overviewGeneration;
    private long collectionGeneration;

    /**
     * @param lensScope where this table's lens is kept (the connection's id, or the workspace file)
     */
    public CollectionsViewModel(DynamoSession session, String tableName, Executor fx, Executor analysis, LensStore lenses,
                                String lensScope) {
        this.session = session;
        this.tableName = tableName;
        this.fx = fx;
        this.analysis = analysis;
        this.lenses = lenses;
        this.lensScope = lensScope;
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
            lens = loaded.lens();
            analyzer = new Analyzer(TableKeys.from(table), lens).measuringItemSizes();
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
        cancelOverview();
        var generation = ++overviewGeneration;
        overviewRunning.set(true);
        overviewStatus.set("Scanning " + tableName + "…");
        var done = new CompletableFuture<Void>();
        var keys = TableKeys.from(description.get());
        CompletableFuture.runAsync(() -> {
            analyzer = new Analyzer(keys, lens).measuringItemSizes();
            overviewComplete = false;
            samplePartitions.clear();
        }, analysis).thenRun(() -> fx.execute(() -> scanPage(new ReadRequest.Scan(tableName, null, null, null), generation, 0, done,
                CompletableFuture.completedFuture(null))));
        return done;
    }

    /**
     * Reads one page; as soon as it arrives its analysis is queued and the next page is requested, so the
     * network and the inference overlap (the analysis executor keeps pages in order). The read-ahead is one page:
     * the request after this page waits until the page before it is analysed ({@code previousAnalysed}). Without that
     * bound a source faster than the analysis (an in-memory workspace of a million items) queues every page, decoded,
     * and fills the heap.
     */
    private void scanPage(ReadRequest request, long generation, int pages, CompletableFuture<Void> done,
                          CompletableFuture<Void> previousAnalysed) {
        var future = session.read(request);
        overviewInFlight = future;
        future.whenComplete((page, failure) -> {
            if (failure != null) {
                analysis.execute(() -> fx.execute(() -> overviewFailed(failure, generation, pages, done)));
                return;
            }
            var last = !page.hasMore();
            var read = pages + 1;
            var analysed = new CompletableFuture<Void>();
            analysis.execute(() -> {
                try {
                    analyzer.acceptAll(page.items());
                    samplePartitions(page.items());
                    if (last) {
                        overviewComplete = true;
                    }
                    var snapshot = analyzer.result();
                    var example = last ? richestPartition() : "";
                    fx.execute(() -> {
                        if (last) examplePartition.set(example);
                        overviewPage(snapshot, generation, read, last, done);
                    });
                } finally {
                    analysed.complete(null);
                }
            });
            if (!last && generation == overviewGeneration) {
                var next = page.next().map(request::withExclusiveStartKey).orElseThrow();
                previousAnalysed.thenRun(() -> {
                    if (generation == overviewGeneration) {
                        scanPage(next, generation, read, done, analysed);
                    }
                });
            }
        });
    }

    /** Runs on the analysis executor. */
    private void samplePartitions(List<Item> items) {
        var pkName = description.get() == null ? null : description.get().keySchema().partitionKeyName();
        if (pkName == null) return;
        for (var item : items) {
            var pk = item.attributes().get(pkName);
            if (pk == null || (samplePartitions.size() >= SAMPLE_PARTITIONS && !samplePartitions.containsKey(pk))) continue;
            samplePartitions.computeIfAbsent(pk, k -> new LinkedHashSet<>()).add(analyzer.entityOf(item));
        }
    }

    /** Runs on the analysis executor: the sampled partition holding the most entity types, as text. */
    private String richestPartition() {
        return samplePartitions.entrySet().stream().max(java.util.Comparator.comparingInt(e -> e.getValue().size()))
                .filter(e -> e.getValue().size() > 1)
                .map(e -> e.getKey() instanceof dev.dynalens.domain.item.AttributeValue.Str str ? str.value()
                        : e.getKey() instanceof dev.dynalens.domain.item.AttributeValue.Num num ? num.value().text() : "")
                .orElse("");
    }

    /**
     * Hands the entity rows to their table again. Works around a rendering glitch seen only in the
     * first-start flow (overview and example collection opened programmatically right after the tab):
     * the entity table drew one row of four over its empty placeholder until its list changed once more.
     */
    public void republishEntities() {
        var rows = List.copyOf(entities);
        entities.clear();
        entities.setAll(rows);
    }

    /** Opens the example partition found by the overview (the one with the most entity types), if any. */
    public CompletableFuture<Void> openExampleCollection() {
        if (examplePartition.get().isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return openPartition(null, examplePartition.get());
    }

    private void overviewPage(TableAnalysis snapshot, long generation, int pages, boolean last, CompletableFuture<Void> done) {
        if (generation != overviewGeneration) {
            done.complete(null);
            return;
        }
        apply(snapshot);
        if (!last) {
            overviewStatus.set(String.format(Locale.ROOT, "Scanning… %,d items in %d page(s)", snapshot.itemCount(), pages));
            return;
        }
        overviewRunning.set(false);
        overviewStatus.set(String.format(Locale.ROOT, "%,d items · %d entity type(s) · %d page(s)", snapshot.itemCount(),
                snapshot.entities().size(), pages));
        regroupCollection();
        done.complete(null);
    }

    private void overviewFailed(Throwable failure, long generation, int pages, CompletableFuture<Void> done) {
        if (generation == overviewGeneration) {
            overviewRunning.set(false);
            overviewStatus.set(Problems.isCancellation(failure) ? "Overview cancelled after " + pages + " page(s); showing what was read."
                    : "Overview failed: " + Problems.describe(failure));
        }
        done.complete(null);
    }

    public void cancelOverview() {
        var current = overviewInFlight;
        if (current != null && !current.isDone()) {
            current.cancel(true);
        }
    }

    private void apply(TableAnalysis snapshot) {
        entities.setAll(snapshot.entities().stream().map(e -> new EntityRow(e.name(), e.kind().name().toLowerCase(Locale.ROOT),
                e.count(), e.pkTemplate(), e.skTemplate().orElse(""),
                e.attributes().stream().map(a -> a.name() + ":" + a.typeLabel()).collect(Collectors.joining(", ")),
                String.join(", ", e.indexes().keySet()), colours.of(e.name()), e.sizes())).toList());
        indexMeanings.setAll(snapshot.indexes().stream().flatMap(i -> i.meanings().stream()
                .map(m -> new IndexMeaningRow(i.name(), m.pkTemplate(), m.entity(), m.count(), colours.of(m.entity())))).toList());
        relationships.setAll(snapshot.relationships().stream().map(r -> new RelationshipRow(
                r.entity().equals(r.reverseEntity()) ? r.entity() : r.entity() + "  ⇄  " + r.reverseEntity(),
                r.edges(), r.reverseEdges(), r.mirrored(), r.missingReverseCount(),
                r.missingReverse().stream().map(RelationshipRow::keyText).toList())).toList());
    }

    // ---- lens: the person's corrections to the inferred names ------------------------------------

    /** Renames an entity type everywhere in this table's views; saved with the table's lens. */
    public CompletableFuture<Void> renameEntity(String from, String to) {
        if (to == null || to.isBlank() || to.strip().equals(from)) {
            return CompletableFuture.completedFuture(null);
        }
        // Renaming a name that is itself a rename changes the original entry, so names never chain.
        return changeLens(current -> current.withRename(beforeRename(current, from), to.strip()),
                "Renamed " + from + " to " + to.strip());
    }

    /** Shows several entity types as one. */
    public CompletableFuture<Void> mergeEntities(java.util.Collection<String> from, String into) {
        if (from.size() < 2 || into == null || into.isBlank()) {
            return CompletableFuture.completedFuture(null);
        }
        return changeLens(current -> current.withMerge(from.stream().map(name -> beforeRename(current, name)).toList(), into.strip()),
                "Merged " + String.join(", ", from) + " into " + into.strip());
    }

    /** A lens renames last (after splits and merges): the name an entity had before its rename, if it has one. */
    private static String beforeRename(Lens lens, String shown) {
        return lens.renames().entrySet().stream().filter(e -> e.getValue().equals(shown))
                .map(Map.Entry::getKey).findFirst().orElse(shown);
    }

    /** Separates the items of an entity whose attribute has a given value into an entity of their own. */
    public CompletableFuture<Void> splitEntity(String entity, String attribute, String value, String into) {
        return changeLens(current -> current.withSplit(beforeRename(current, entity), new Lens.AttributeEquals(attribute.strip(), value),
                into.strip()), "Split " + into.strip() + " out of " + entity);
    }

    /**
     * Separates the items of an entity whose partition-key (or sort-key) template renders as {@code template}, e.g.
     * {@code PROFILE} or {@code USER#{}}, into an entity of their own.
     */
    public CompletableFuture<Void> splitEntityByKeyTemplate(String entity, boolean sortKey, String template, String into) {
        Lens.Condition when = sortKey ? new Lens.SkTemplate(template.strip()) : new Lens.PkTemplate(template.strip());
        return changeLens(current -> current.withSplit(beforeRename(current, entity), when, into.strip()),
                "Split " + into.strip() + " out of " + entity);
    }

    /** Forgets every correction: the names are the inferred ones again. */
    public CompletableFuture<Void> resetLens() {
        return changeLens(current -> Lens.NONE, "Back to the inferred entity names");
    }

    public CompletableFuture<Void> exportLens(java.nio.file.Path file) {
        return CompletableFuture.runAsync(() -> lenses.export(lens, file), analysis).handleAsync((ok, failure) -> {
            overviewStatus.set(failure == null ? "Lens exported to " + file : "Export failed: " + Problems.describe(failure));
            return null;
        }, fx);
    }

    private CompletableFuture<Void> changeLens(java.util.function.UnaryOperator<Lens> change, String message) {
        if (description.get() == null) {
            return CompletableFuture.completedFuture(null);
        }
        var keys = TableKeys.from(description.get());
        var rescan = !entities.isEmpty() && !overviewRunning.get();
        return CompletableFuture.supplyAsync(() -> {
            // The staleness view saves its rule choices into the same lens: keep what is stored, not what was loaded.
            lens = change.apply(lens).withRules(lenses.load(lensScope, tableName).lens().rules());
            lenses.save(lensScope, tableName, lens);
            // A new lens needs a fresh pass: re-read what is loaded now, then rescan if an overview was shown.
            analyzer = new Analyzer(keys, lens).measuringItemSizes();
            overviewComplete = false;
            analyzer.acceptAll(collectionItems);
            return group();
        }, analysis).handleAsync((grouped, failure) -> {
            if (failure != null) {
                error.set("Could not save the entity names: " + Problems.describe(failure));
                return null;
            }
            groups.setAll(grouped);
            overviewStatus.set(message + (rescan ? "; analysing again…" : ""));
            if (rescan) {
                runOverview();
            }
            return null;
        }, fx);
    }

    // ---- collection -----------------------------------------------------------------------------

    /** Queries one partition and groups its items by entity type, in sort-key order. */
    public CompletableFuture<Void> runCollection() {
        ReadRequest.Query query;
        try {
            query = buildQuery();
        } catch (IllegalArgumentException e) {
            error.set(e.getMessage());
            return CompletableFuture.completedFuture(null);
        }
        cancelCollection();
        var generation = ++collectionGeneration;
        error.set("");
        collectionCapacity = ConsumedCapacity.NOT_REPORTED;
        groups.clear();
        return CompletableFuture.runAsync(collectionItems::clear, analysis)
                .thenComposeAsync(ignored -> queryPage(query, generation), fx);
    }

    public CompletableFuture<Void> loadMoreCollection() {
        if (nextCollectionPage == null || collectionRunning.get()) {
            return CompletableFuture.completedFuture(null);
        }
        return queryPage(nextCollectionPage, collectionGeneration);
    }

    /** Opens one partition of an index (for example GSI1 = STATUS#OPEN) as a collection. */
    public CompletableFuture<Void> openPartition(String indexName, String value) {
        index.set(indexName == null ? BASE_TABLE : indexName);
        partitionValue.set(value);
        sortOperator.set(null);
        return runCollection();
    }

    private CompletableFuture<Void> queryPage(ReadRequest request, long generation) {
        collectionRunning.set(true);
        requestSummary.set(ReadRequests.describe(request));
        var future = session.read(request);
        collectionInFlight = future;
        return future.thenApplyAsync(page -> {
            if (!overviewComplete) {
                analyzer.acceptAll(page.items()); // infer from the collection itself until a full overview exists
            }
            collectionItems.addAll(page.items());
            return new Object[] {page, group()};
        }, analysis).handleAsync((result, failure) -> {
            if (generation != collectionGeneration) {
                return null;
            }
            collectionRunning.set(false);
            if (failure != null) {
                error.set(Problems.isCancellation(failure) ? "Cancelled." : "Query failed: " + Problems.describe(failure));
                return null;
            }
            var page = (Page) result[0];
            @SuppressWarnings("unchecked")
            var grouped = (List<EntityGroup>) result[1];
            groups.setAll(grouped);
            collectionCapacity = collectionCapacity.plus(page.consumedCapacity());
            nextCollectionPage = page.next().map(request::withExclusiveStartKey).orElse(null);
            hasMore.set(page.hasMore());
            var count = grouped.stream().mapToInt(g -> g.items().size()).sum();
            collectionStatus.set(count + " item(s) in " + grouped.size() + " entity type(s)"
                    + (collectionCapacity.reported() ? String.format(Locale.ROOT, " · %s RCU", collectionCapacity.capacityUnits()) : "")
                    + (page.hasMore() ? " · more available" : ""));
            return null;
        }, fx);
    }

    /** Runs on the analysis executor: the loaded collection items by entity, keeping sort-key order. */
    private List<EntityGroup> group() {
        var byEntity = new LinkedHashMap<String, List<Item>>();
        for (var item : collectionItems) {
            byEntity.computeIfAbsent(analyzer.entityOf(item), e -> new ArrayList<>()).add(item);
        }
        var keys = description.get() == null ? null : description.get().keySchema();
        var snapshot = analyzer.result();
        var result = new ArrayList<EntityGroup>();
        for (Map.Entry<String, List<Item>> entry : byEntity.entrySet()) {
            var columns = new LinkedHashSet<String>();
            if (keys != null) {
                columns.add(keys.partitionKeyName());
                if (keys.sortKeyName() != null) columns.add(keys.sortKeyName());
            }
            entry.getValue().forEach(item -> columns.addAll(item.attributes().keySet()));
            var templates = snapshot.entity(entry.getKey())
                    .map(e -> e.pkTemplate() + e.skTemplate().map(sk -> " · " + sk).orElse("")).orElse("");
            result.add(new EntityGroup(entry.getKey(), colours.of(entry.getKey()), templates, List.copyOf(columns), entry.getValue()));
        }
        return result;
    }

    private void regroupCollection() {
        CompletableFuture.supplyAsync(this::group, analysis).thenAcceptAsync(grouped -> {
            if (!grouped.isEmpty()) groups.setAll(grouped);
        }, fx);
    }

    public void cancelCollection() {
        var current = collectionInFlight;
        if (current != null && !current.isDone()) {
            current.cancel(true);
        }
    }

    ReadRequest.Query buildQuery() {
        var table = description.get();
        if (table == null) {
            throw new IllegalArgumentException("The table description is not loaded yet.");
        }
        var indexName = IndexChoices.indexName(index.get());
        if (partitionValue.get() == null || partitionValue.get().isEmpty()) {
            throw new IllegalArgumentException("Type or pick a partition key value (" + table.keySchemaOf(indexName).partitionKeyName()
                    + ") to open its collection.");
        }
        return new QueryForm(indexName, partitionValue.get(), sortOperator.get(), sortValue.get(), sortUpperValue.get(), true, 100)
                .toQuery(table);
    }

    /** What one partition-key template of an index means. */
    public record IndexMeaningRow(String index, String pkTemplate, String entity, long count, String colour) {
    }

    /** An adjacency list, both directions. */
    public record RelationshipRow(String entities, long edges, long reverseEdges, long mirrored, long missingReverse,
                                  List<String> missingReverseKeys) {
        static String keyText(Map<String, dev.dynalens.domain.item.AttributeValue> key) {
            return key.entrySet().stream().map(e -> e.getKey() + "=" + ValueText.literal(e.getValue()))
                    .collect(Collectors.joining(", "));
        }
    }

    public ReadOnlyObjectProperty<TableDescription> descriptionProperty() { return description.getReadOnlyProperty(); }
    public ObservableList<EntityRow> entities() { return entities; }
    public ObservableList<IndexMeaningRow> indexMeanings() { return indexMeanings; }
    public ObservableList<RelationshipRow> relationships() { return relationships; }
    public ReadOnlyBooleanProperty overviewRunningProperty() { return overviewRunning.getReadOnlyProperty(); }
    public ReadOnlyStringProperty overviewStatusProperty() { return overviewStatus.getReadOnlyProperty(); }
    public StringProperty indexProperty() { return index; }
    public ObservableList<String> indexChoices() { return indexChoices; }
    public StringProperty partitionValueProperty() { return partitionValue; }
    public ObjectProperty<SortKeyCondition.Operator> sortOperatorProperty() { return sortOperator; }
    public StringProperty sortValueProperty() { return sortValue; }
    public StringProperty sortUpperValueProperty() { return sortUpperValue; }
    public ObservableList<EntityGroup> groups() { return groups; }
    public ReadOnlyBooleanProperty collectionRunningProperty() { return collectionRunning.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty hasMoreProperty() { return hasMore.getReadOnlyProperty(); }
    public ReadOnlyStringProperty requestSummaryProperty() { return requestSummary.getReadOnlyProperty(); }
    public ReadOnlyStringProperty collectionStatusProperty() { return collectionStatus.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyStringProperty examplePartitionProperty() { return examplePartition.getReadOnlyProperty(); }
    /** The item the person last selected in a group of the open collection. */
    public ObjectProperty<Item> selectedItemProperty() { return selectedItem; }
    public ObservableList<Item> selectedItems() { return selectedItems; }
}

package dev.dynalens.ui.collections;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.QueryForm;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.ReadRequests;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.ui.common.IndexChoices;
import dev.dynalens.usecase.RunQuery;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One partition of the table or an index, opened as a collection: a Query ({@link RunQuery}) whose items are grouped
 * by entity type, each group with its own columns, in sort-key order, page after page. Properties are touched on the
 * {@code fx} executor only; the items loaded and their grouping on the analysis executor.
 */
final class PartitionModel {
    private static final int PAGE_SIZE = 100;

    private final RunQuery query;
    private final Executor fx;
    private final Executor analysis;
    private final EntityNames names;
    private final EntityColours colours;
    private final ReadOnlyStringWrapper error;

    final StringProperty index = new SimpleStringProperty(IndexChoices.BASE_TABLE);
    final StringProperty partitionValue = new SimpleStringProperty("");
    final ObjectProperty<SortKeyCondition.Operator> sortOperator = new SimpleObjectProperty<>();
    final StringProperty sortValue = new SimpleStringProperty("");
    final StringProperty sortUpperValue = new SimpleStringProperty("");
    final ObservableList<EntityGroup> groups = FXCollections.observableArrayList();
    final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    final ReadOnlyBooleanWrapper hasMore = new ReadOnlyBooleanWrapper(false);
    final ReadOnlyStringWrapper requestSummary = new ReadOnlyStringWrapper("");
    final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");

    /** Touched only on the analysis executor. */
    private final List<Item> items = new ArrayList<>();
    /** The table's key, whose attributes lead every group's columns. */
    private volatile KeySchema tableKey;
    private CompletableFuture<Page> inFlight;
    private ReadRequest nextPage;
    private ConsumedCapacity capacity = ConsumedCapacity.NOT_REPORTED;
    private long generation;

    PartitionModel(DynamoSession session, String tableName, Executor fx, Executor analysis, EntityNames names, EntityColours colours,
                   ReadOnlyStringWrapper error) {
        this.query = new RunQuery(session, tableName);
        this.fx = fx;
        this.analysis = analysis;
        this.names = names;
        this.colours = colours;
        this.error = error;
    }

    /** Queries the partition the form names, from its first page. */
    CompletableFuture<Void> run(TableDescription table) {
        ReadRequest first;
        try {
            first = firstRequest(table);
        } catch (IllegalArgumentException e) {
            error.set(e.getMessage());
            return CompletableFuture.completedFuture(null);
        }
        cancel();
        var current = ++generation;
        tableKey = table.keySchema();
        error.set("");
        capacity = ConsumedCapacity.NOT_REPORTED;
        groups.clear();
        return CompletableFuture.runAsync(items::clear, analysis).thenComposeAsync(ignored -> read(first, current), fx);
    }

    CompletableFuture<Void> loadMore() {
        if (nextPage == null || running.get()) {
            return CompletableFuture.completedFuture(null);
        }
        return read(nextPage, generation);
    }

    void cancel() {
        var current = inFlight;
        if (current != null && !current.isDone()) {
            current.cancel(true);
        }
    }

    /** Groups the loaded items again, by names just learnt; on the analysis executor. */
    List<EntityGroup> regroupNow() {
        names.learn(items);
        return group();
    }

    /** Groups the loaded items again after an overview named them. */
    void regroup() {
        CompletableFuture.supplyAsync(this::group, analysis).thenAcceptAsync(grouped -> {
            if (!grouped.isEmpty()) groups.setAll(grouped);
        }, fx);
    }

    private ReadRequest firstRequest(TableDescription table) {
        if (table == null) {
            throw new IllegalArgumentException("The table description is not loaded yet.");
        }
        var indexName = IndexChoices.indexName(index.get());
        if (partitionValue.get() == null || partitionValue.get().isEmpty()) {
            throw new IllegalArgumentException("Type or pick a partition key value (" + String.join(", ", table.indexKey(indexName).partitionNames())
                    + ") to open its collection.");
        }
        return query.request(new RunQuery.Form.Query(new QueryForm(indexName, partitionValue.get(), sortOperator.get(), sortValue.get(),
                sortUpperValue.get(), true, PAGE_SIZE)), table);
    }

    private record Loaded(Page page, List<EntityGroup> groups) {
    }

    private CompletableFuture<Void> read(ReadRequest request, long of) {
        running.set(true);
        requestSummary.set(ReadRequests.describe(request));
        var future = query.page(request);
        inFlight = future;
        return future.thenApplyAsync(page -> {
            names.learn(page.items()); // infer from the collection itself until a full overview exists
            items.addAll(page.items());
            return new Loaded(page, group());
        }, analysis).handleAsync((loaded, failure) -> {
            if (of != generation) {
                return null;
            }
            running.set(false);
            if (failure != null) {
                error.set(Problems.isCancellation(failure) ? "Cancelled." : "Query failed: " + Problems.describe(failure));
                return null;
            }
            show(request, loaded);
            return null;
        }, fx);
    }

    private void show(ReadRequest request, Loaded loaded) {
        var page = loaded.page();
        groups.setAll(loaded.groups());
        capacity = capacity.plus(page.consumedCapacity());
        nextPage = RunQuery.next(request, page).orElse(null);
        hasMore.set(page.hasMore());
        var count = loaded.groups().stream().mapToInt(g -> g.items().size()).sum();
        status.set(count + " item(s) in " + loaded.groups().size() + " entity type(s)"
                + (capacity.reported() ? String.format(Locale.ROOT, " · %s RCU", capacity.capacityUnits()) : "")
                + (page.hasMore() ? " · more available" : ""));
    }

    /** On the analysis executor: the loaded items by entity, keeping sort-key order. */
    private List<EntityGroup> group() {
        if (items.isEmpty()) {
            return List.of();
        }
        var byEntity = new LinkedHashMap<String, List<Item>>();
        for (var item : items) {
            byEntity.computeIfAbsent(names.entityOf(item), e -> new ArrayList<>()).add(item);
        }
        var keys = tableKey;
        var snapshot = names.snapshot();
        var result = new ArrayList<EntityGroup>();
        for (var entry : byEntity.entrySet()) {
            var columns = new LinkedHashSet<String>();
            if (keys != null) {
                columns.addAll(keys.attributeNames());
            }
            entry.getValue().forEach(item -> columns.addAll(item.attributes().keySet()));
            var templates = snapshot.entity(entry.getKey())
                    .map(e -> e.pkTemplate() + e.skTemplate().map(sk -> " · " + sk).orElse("")).orElse("");
            result.add(new EntityGroup(entry.getKey(), colours.of(entry.getKey()), templates, List.copyOf(columns), entry.getValue()));
        }
        return result;
    }
}

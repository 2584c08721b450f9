package dev.dynalens.ui.browser;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.codec.PlainJsonCodec;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One table's browser: its description, a Scan or Query built from the form ({@link RunQuery}), the pages loaded so
 * far, what each request cost, and the selected item as DynamoDB JSON and plain JSON.
 */
public final class TableBrowserViewModel {
    public static final String BASE_TABLE = IndexChoices.BASE_TABLE;

    /** Scan reads everything; Query reads one partition. */
    public enum Mode { SCAN, QUERY }

    /**
     * One field of the Query form: a key attribute of the table or index chosen, and the text typed for it. The first
     * partition and sort fields are {@link #partitionValueProperty()} and {@link #sortValueProperty()}; an index of a
     * multi-attribute key has one more field per attribute (docs/expressions.md, Multi-attribute GSI keys).
     */
    public record KeyField(String attribute, KeySchema.ScalarType type, boolean partition, StringProperty value) {
        public String prompt() {
            return attribute + " (" + type + (partition ? ", partition)" : ", sort)");
        }
    }

    private final DynamoSession session;
    private final String tableName;
    private final Executor fx;
    private final RunQuery query;

    private final ReadOnlyObjectWrapper<TableDescription> description = new ReadOnlyObjectWrapper<>();
    private final ObjectProperty<Mode> mode = new SimpleObjectProperty<>(Mode.SCAN);
    private final StringProperty index = new SimpleStringProperty(BASE_TABLE);
    private final ObservableList<String> indexChoices = FXCollections.observableArrayList(BASE_TABLE);
    private final StringProperty partitionValue = new SimpleStringProperty("");
    private final ObjectProperty<SortKeyCondition.Operator> sortOperator = new SimpleObjectProperty<>();
    private final StringProperty sortValue = new SimpleStringProperty("");
    private final StringProperty sortUpperValue = new SimpleStringProperty("");
    private final ObservableList<KeyField> keyFields = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper multiAttributeKey = new ReadOnlyBooleanWrapper(false);
    private final BooleanProperty descending = new SimpleBooleanProperty(false);
    private final IntegerProperty pageSize = new SimpleIntegerProperty(100);

    private final ObservableList<Item> items = FXCollections.observableArrayList();
    private final ObservableList<String> columns = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper hasMore = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper requestSummary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper operation = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper capacitySummary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper resultSummary = new ReadOnlyStringWrapper("");
    private final ObjectProperty<Item> selectedItem = new SimpleObjectProperty<>();
    /** Every selected row (the results table allows several), in selection order; the last focused one is {@link #selectedItem}. */
    private final javafx.collections.ObservableList<Item> selectedItems = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper selectedDynamoJson = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper selectedPlainJson = new ReadOnlyStringWrapper("");

    private ReadRequest lastRequest;
    private CompletableFuture<Page> inFlight;
    private ConsumedCapacity totalCapacity = ConsumedCapacity.NOT_REPORTED;
    private int requestCount;
    private long scannedCount;

    public TableBrowserViewModel(DynamoSession session, String tableName, Executor fx) {
        this.session = session;
        this.tableName = tableName;
        this.fx = fx;
        this.query = new RunQuery(session, tableName);
        index.addListener((obs, old, now) -> updateKeyFields());
        selectedItem.addListener((obs, old, item) -> {
            selectedDynamoJson.set(item == null ? "" : DynamoJsonCodec.writeItemPretty(item));
            selectedPlainJson.set(item == null ? "" : PlainJsonCodec.writeItemPretty(item));
        });
    }

    public String tableName() {
        return tableName;
    }

    /** DescribeTable (and TTL); fills the index choices. */
    public CompletableFuture<Void> loadDescription() {
        return useDescription(session.describeTable(tableName));
    }

    /** Takes a description already asked for (the views of one table share one DescribeTable). */
    public CompletableFuture<Void> useDescription(CompletableFuture<TableDescription> pending) {
        return pending.handleAsync((table, failure) -> {
            if (failure != null) {
                error.set("Could not describe " + tableName + ": " + Problems.describe(failure));
                return null;
            }
            description.set(table);
            indexChoices.setAll(IndexChoices.of(table));
            updateKeyFields();
            return null;
        }, fx);
    }

    /** Starts a new Scan or Query from the form (first page). */
    public CompletableFuture<Void> run() {
        ReadRequest request;
        try {
            request = buildRequest();
        } catch (IllegalArgumentException e) {
            error.set(e.getMessage());
            return CompletableFuture.completedFuture(null);
        }
        cancel();
        items.clear();
        columns.clear();
        totalCapacity = ConsumedCapacity.NOT_REPORTED;
        requestCount = 0;
        scannedCount = 0;
        hasMore.set(false);
        return send(request);
    }

    /** Follows LastEvaluatedKey for the next page of the current request. */
    public CompletableFuture<Void> loadMore() {
        if (lastRequest == null || !hasMore.get() || running.get()) {
            return CompletableFuture.completedFuture(null);
        }
        return send(lastRequest);
    }

    /** Aborts the request in flight, if any; what was loaded stays. */
    public void cancel() {
        var current = inFlight;
        if (current != null && !current.isDone()) {
            current.cancel(true);
        }
    }

    private CompletableFuture<Void> send(ReadRequest request) {
        error.set("");
        running.set(true);
        operation.set(request.operation().toUpperCase(Locale.ROOT));
        requestSummary.set(ReadRequests.describe(request));
        var future = query.page(request);
        inFlight = future;
        return future.handleAsync((page, failure) -> {
            if (inFlight != future) {
                return null; // superseded by a newer request
            }
            inFlight = null;
            running.set(false);
            if (failure != null) {
                error.set(Problems.isCancellation(failure) ? "Cancelled; " + items.size() + " item(s) kept."
                        : request.operation() + " failed: " + Problems.describe(failure));
                return null;
            }
            apply(request, page);
            return null;
        }, fx);
    }

    private void apply(ReadRequest request, Page page) {
        requestCount++;
        scannedCount += page.scannedCount();
        totalCapacity = totalCapacity.plus(page.consumedCapacity());
        items.addAll(page.items());
        updateColumns(page.items()); // after the items, so a view sizing columns by content sees them
        lastRequest = RunQuery.next(request, page).orElse(null);
        hasMore.set(page.hasMore());
        capacitySummary.set(describeCapacity(page.consumedCapacity()));
        resultSummary.set(items.size() + " item(s) · " + scannedCount + " scanned · " + requestCount + " request(s)"
                + (page.hasMore() ? " · more available" : " · end of results"));
    }

    private String describeCapacity(ConsumedCapacity last) {
        if (!last.reported()) {
            return "Consumed capacity: not reported by the endpoint";
        }
        return String.format(Locale.ROOT, "Last request: %s RCU · total: %s RCU", format(last.capacityUnits()),
                format(totalCapacity.capacityUnits()));
    }

    private static String format(double units) {
        return units == Math.rint(units) ? String.format(Locale.ROOT, "%.1f", units) : String.format(Locale.ROOT, "%s", units);
    }

    private void updateColumns(List<Item> page) {
        var ordered = new LinkedHashSet<String>(columns);
        var table = description.get();
        if (ordered.isEmpty() && table != null) {
            ordered.addAll(table.keySchema().attributeNames());
            table.indexes().forEach(i -> ordered.addAll(i.key().attributeNames()));
        }
        page.forEach(item -> ordered.addAll(item.attributes().keySet()));
        if (ordered.size() != columns.size()) {
            columns.setAll(ordered);
        }
    }

    /** One field per key attribute of the table or index chosen: the sort condition applies to the last sort field given. */
    private void updateKeyFields() {
        var table = description.get();
        var indexName = IndexChoices.indexName(index.get());
        if (table == null || indexName != null && table.index(indexName).isEmpty()) {
            keyFields.clear();
            multiAttributeKey.set(false);
            return;
        }
        var key = table.indexKey(indexName);
        var fields = new java.util.ArrayList<KeyField>();
        for (int i = 0; i < key.partition().size(); i++) {
            var attribute = key.partition().get(i);
            fields.add(new KeyField(attribute.name(), attribute.type(), true, i == 0 ? partitionValue : new SimpleStringProperty("")));
        }
        for (int i = 0; i < key.sort().size(); i++) {
            var attribute = key.sort().get(i);
            fields.add(new KeyField(attribute.name(), attribute.type(), false, i == 0 ? sortValue : new SimpleStringProperty("")));
        }
        keyFields.setAll(fields);
        multiAttributeKey.set(!key.isSingle());
    }

    ReadRequest buildRequest() {
        var limit = pageSize.get() > 0 ? pageSize.get() : null;
        var indexName = IndexChoices.indexName(index.get());
        RunQuery.Form form = mode.get() == Mode.SCAN ? new RunQuery.Form.Scan(indexName, limit)
                : new RunQuery.Form.Query(multiAttributeKey.get()
                        ? new QueryForm(indexName, values(true), values(false), sortOperator.get(), sortUpperValue.get(), !descending.get(), limit)
                        : new QueryForm(indexName, partitionValue.get(), sortOperator.get(), sortValue.get(), sortUpperValue.get(),
                                !descending.get(), limit));
        return query.request(form, description.get());
    }

    private List<String> values(boolean partition) {
        return keyFields.stream().filter(f -> f.partition() == partition).map(f -> f.value().get()).toList();
    }

    public ReadOnlyObjectProperty<TableDescription> descriptionProperty() { return description.getReadOnlyProperty(); }
    public ObjectProperty<Mode> modeProperty() { return mode; }
    public StringProperty indexProperty() { return index; }
    public ObservableList<String> indexChoices() { return indexChoices; }
    public StringProperty partitionValueProperty() { return partitionValue; }
    public ObservableList<KeyField> keyFields() { return keyFields; }
    public ReadOnlyBooleanProperty multiAttributeKeyProperty() { return multiAttributeKey.getReadOnlyProperty(); }
    public ObjectProperty<SortKeyCondition.Operator> sortOperatorProperty() { return sortOperator; }
    public StringProperty sortValueProperty() { return sortValue; }
    public StringProperty sortUpperValueProperty() { return sortUpperValue; }
    public BooleanProperty descendingProperty() { return descending; }
    public IntegerProperty pageSizeProperty() { return pageSize; }
    public ObservableList<Item> items() { return items; }
    public ObservableList<String> columns() { return columns; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty hasMoreProperty() { return hasMore.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyStringProperty requestSummaryProperty() { return requestSummary.getReadOnlyProperty(); }
    public ReadOnlyStringProperty operationProperty() { return operation.getReadOnlyProperty(); }
    public ReadOnlyStringProperty capacitySummaryProperty() { return capacitySummary.getReadOnlyProperty(); }
    public ReadOnlyStringProperty resultSummaryProperty() { return resultSummary.getReadOnlyProperty(); }
    public ObjectProperty<Item> selectedItemProperty() { return selectedItem; }
    public javafx.collections.ObservableList<Item> selectedItems() { return selectedItems; }
    public ReadOnlyStringProperty selectedDynamoJsonProperty() { return selectedDynamoJson.getReadOnlyProperty(); }
    public ReadOnlyStringProperty selectedPlainJsonProperty() { return selectedPlainJson.getReadOnlyProperty(); }
}

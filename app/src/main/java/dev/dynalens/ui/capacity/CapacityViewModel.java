package dev.dynalens.ui.capacity;

import dev.dynalens.domain.capacity.CapacityCalculator;
import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.capacity.ItemReport;
import dev.dynalens.domain.capacity.ItemSizeCalculator;
import dev.dynalens.domain.capacity.ReadConsistency;
import dev.dynalens.domain.capacity.SizeLimits;
import dev.dynalens.domain.capacity.SizeWarning;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.ui.collections.EntityGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The "Size & cost" calculator of a table: for the selected item, its size attribute by attribute, what
 * each operation on it costs and how far it is from the 400 KB limit; for the open item collection, each
 * entity type's average and largest item and what reading the whole collection with a Query costs.
 *
 * <p>The item follows {@link #itemProperty()} (the selection of the other views); sizes are computed on
 * the calling thread (microseconds per item), a collection's summary on {@code background}, and only
 * results are applied on {@code fx}.
 */
public final class CapacityViewModel {
    /** One attribute's bar: its share of the item, from 0 to 1. */
    public record AttributeBar(String name, String type, long bytes, double share, String label) {
    }

    /** What one operation on the selected item costs, and the rule that says so. */
    public record OperationCost(String operation, String units, String rule) {
    }

    /** One entity type of the open collection. */
    public record EntitySize(String entity, String colour, int items, long averageBytes, long largestBytes, String queryCost) {
    }

    private final Executor background;
    private final Executor fx;

    private final ObjectProperty<Item> item = new SimpleObjectProperty<>();
    private final ObjectProperty<KeySchema> keySchema = new SimpleObjectProperty<>();
    private final ReadOnlyBooleanWrapper hasItem = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper sizeSummary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper limitSummary = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper limitShare = new ReadOnlyDoubleWrapper(0);
    private final ObservableList<AttributeBar> bars = FXCollections.observableArrayList();
    private final ObservableList<OperationCost> costs = FXCollections.observableArrayList();
    private final ObservableList<String> warnings = FXCollections.observableArrayList();
    private final ObservableList<EntitySize> entities = FXCollections.observableArrayList();
    static final String NO_COLLECTION = "Open a collection in the Collections tab to see its entity types' sizes and what a Query of it costs.";
    private final ReadOnlyStringWrapper collectionSummary = new ReadOnlyStringWrapper(NO_COLLECTION);
    private long collectionGeneration;
    private boolean fromExport;

    public CapacityViewModel(Executor background, Executor fx) {
        this.background = background;
        this.fx = fx;
        item.addListener((obs, old, now) -> showItem());
        keySchema.addListener((obs, old, now) -> showItem());
    }

    /**
     * The tab reads its table from an export: a Scan there reads the export's files (no read capacity of the table), while
     * what pins a key and every write go to the live table. Call before an item is shown.
     */
    public void readingExport() {
        this.fromExport = true;
    }

    private void showItem() {
        var current = item.get();
        hasItem.set(current != null);
        if (current == null) {
            title.set("");
            sizeSummary.set("");
            limitSummary.set("");
            limitShare.set(0);
            bars.clear();
            costs.clear();
            warnings.clear();
            return;
        }
        var keys = keySchema.get();
        var report = ItemReport.of(current, keys == null ? null : keys.partitionKeyName(), keys == null ? null : keys.sortKeyName());
        var bytes = report.size().bytes();
        title.set(report.key().isEmpty() ? "Selected item" : report.key().entrySet().stream()
                .map(e -> e.getKey() + " = " + ValueText.cell(e.getValue())).collect(Collectors.joining(" · ")));
        sizeSummary.set(String.format(Locale.ROOT, "%,d bytes (%s) in %d attribute(s)", bytes, kilobytes(bytes), report.size().attributes().size()));
        limitShare.set(Math.min(1.0, (double) bytes / SizeLimits.MAX_ITEM_BYTES));
        var left = report.size().bytesToLimit();
        limitSummary.set(left >= 0
                ? String.format(Locale.ROOT, "%s of the 400 KB item limit · %,d bytes (%s) to spare", percent(bytes), left, kilobytes(left))
                : String.format(Locale.ROOT, "Over the 400 KB item limit by %,d bytes: DynamoDB refuses to write it", -left));
        bars.setAll(report.size().largestFirst().stream().map(a -> new AttributeBar(a.name(), a.type().name(), a.bytes(), report.size().share(a),
                String.format(Locale.ROOT, "%,d B · %.1f %%", a.bytes(), 100 * report.size().share(a)))).toList());
        costs.setAll(costsOf(bytes, fromExport));
        warnings.setAll(report.warnings().stream().map(SizeWarning::message).toList());
    }

    private static List<OperationCost> costsOf(long bytes, boolean fromExport) {
        var size = OptionalLong.of(bytes);
        var put = CapacityCalculator.putItem(bytes, OptionalLong.empty());
        var query = rcu(CapacityCalculator.query(List.of(bytes), ReadConsistency.EVENTUAL));
        var reads = fromExport ? List.of(
                new OperationCost("Query reading only this item (the live table)", query, "items read are summed, then rounded up to 4 KB"),
                new OperationCost("Scan in this tab", "no RCU", "reads the export's files: no read capacity of the table"))
                : List.of(new OperationCost("Query or Scan reading only this item", query, "items read are summed, then rounded up to 4 KB"));
        var costs = new ArrayList<>(List.of(
                new OperationCost("GetItem, eventually consistent", rcu(CapacityCalculator.getItem(bytes, ReadConsistency.EVENTUAL)),
                        "size rounded up to 4 KB, ½ RCU per 4 KB"),
                new OperationCost("GetItem, strongly consistent", rcu(CapacityCalculator.getItem(bytes, ReadConsistency.STRONG)),
                        "1 RCU per 4 KB"),
                new OperationCost("TransactGetItems", rcu(CapacityCalculator.getItem(bytes, ReadConsistency.TRANSACTIONAL)), "2 RCU per 4 KB")));
        costs.addAll(reads);
        costs.addAll(List.of(
                new OperationCost("PutItem (new item)", wcu(put), "size rounded up to 1 KB, 1 WCU per KB"),
                new OperationCost("UpdateItem (same size after)", wcu(CapacityCalculator.updateItem(size, bytes)),
                        "the larger of the item before and after"),
                new OperationCost("DeleteItem", wcu(CapacityCalculator.deleteItem(size)), "the deleted item's size"),
                new OperationCost("TransactWriteItems (Put)", wcu(CapacityCalculator.transactionalWrite(put)), "2 WCU per KB"),
                new OperationCost("Conditional write that fails", wcu(CapacityCalculator.failedConditionalWrite(size)),
                        "the existing item's size, at least 1")));
        return costs;
    }

    /**
     * Summarises the open collection by entity type: average and largest item, and what a Query of each
     * type's items (and of the whole collection) costs.
     *
     * @param complete false while more pages of the collection are available
     */
    public CompletableFuture<Void> showCollection(List<EntityGroup> groups, boolean complete) {
        var generation = ++collectionGeneration;
        var snapshot = List.copyOf(groups);
        try {
            return CompletableFuture.supplyAsync(() -> summarise(snapshot, complete), background).thenAcceptAsync(summary -> {
                if (generation != collectionGeneration) return;
                entities.setAll(summary.rows());
                collectionSummary.set(summary.text());
            }, fx);
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            return CompletableFuture.completedFuture(null); // the table's tab is closing
        }
    }

    private record Summary(List<EntitySize> rows, String text) {
    }

    private static Summary summarise(List<EntityGroup> groups, boolean complete) {
        var rows = new ArrayList<EntitySize>();
        var all = new ArrayList<Long>();
        for (var group : groups) {
            var sizes = group.items().stream().map(ItemSizeCalculator::sizeOf).toList();
            if (sizes.isEmpty()) continue;
            all.addAll(sizes);
            long total = sizes.stream().mapToLong(Long::longValue).sum();
            long largest = sizes.stream().mapToLong(Long::longValue).max().orElse(0);
            rows.add(new EntitySize(group.entity(), group.colour(), sizes.size(), Math.round((double) total / sizes.size()), largest,
                    rcu(CapacityCalculator.query(sizes, ReadConsistency.EVENTUAL)) + " / "
                            + rcu(CapacityCalculator.query(sizes, ReadConsistency.STRONG))));
        }
        if (all.isEmpty()) {
            return new Summary(List.of(), NO_COLLECTION);
        }
        long total = all.stream().mapToLong(Long::longValue).sum();
        var text = String.format(Locale.ROOT, "Whole collection%s: %,d item(s), %,d bytes (%s). One Query reading all of it: %s eventually "
                        + "consistent, %s strongly consistent. The same items one by one (BatchGetItem): %s / %s.",
                complete ? "" : " (pages loaded so far)", all.size(), total, kilobytes(total),
                rcu(CapacityCalculator.query(all, ReadConsistency.EVENTUAL)), rcu(CapacityCalculator.query(all, ReadConsistency.STRONG)),
                rcu(CapacityCalculator.batchGetItem(all, ReadConsistency.EVENTUAL)), rcu(CapacityCalculator.batchGetItem(all, ReadConsistency.STRONG)));
        return new Summary(rows, text);
    }

    private static String rcu(CapacityUnits units) {
        return units + " RCU";
    }

    private static String wcu(CapacityUnits units) {
        return units + " WCU";
    }

    /** Two decimals below 1 %, so that a small item does not read as 0.0 %. */
    private static String percent(long bytes) {
        var percent = 100.0 * bytes / SizeLimits.MAX_ITEM_BYTES;
        return String.format(Locale.ROOT, percent < 1 ? "%.2f %%" : "%.1f %%", percent);
    }

    static String kilobytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
    }

    public ObjectProperty<Item> itemProperty() { return item; }
    public ObjectProperty<KeySchema> keySchemaProperty() { return keySchema; }
    public ReadOnlyBooleanProperty hasItemProperty() { return hasItem.getReadOnlyProperty(); }
    public ReadOnlyStringProperty titleProperty() { return title.getReadOnlyProperty(); }
    public ReadOnlyStringProperty sizeSummaryProperty() { return sizeSummary.getReadOnlyProperty(); }
    public ReadOnlyStringProperty limitSummaryProperty() { return limitSummary.getReadOnlyProperty(); }
    public ReadOnlyDoubleProperty limitShareProperty() { return limitShare.getReadOnlyProperty(); }
    public ObservableList<AttributeBar> bars() { return bars; }
    public ObservableList<OperationCost> costs() { return costs; }
    public ObservableList<String> warnings() { return warnings; }
    public ObservableList<EntitySize> entities() { return entities; }
    public ReadOnlyStringProperty collectionSummaryProperty() { return collectionSummary.getReadOnlyProperty(); }
}

package dev.dynalens.ui.collections;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.ui.collections.CollectionsViewModel.IndexMeaningRow;
import dev.dynalens.ui.collections.CollectionsViewModel.RelationshipRow;
import dev.dynalens.usecase.AnalyzeTable;
import dev.dynalens.usecase.EntityNaming;
import dev.dynalens.usecase.FindStaleCopies;
import dev.dynalens.usecase.KeepTableRead;
import dev.dynalens.usecase.support.TableReads;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The overview of one table ({@link AnalyzeTable}): its entity types, what each index means and its adjacency lists,
 * shown as the analysis snapshots come and in full at the end, and the partition that makes the best example.
 * Properties are touched on the {@code fx} executor only.
 */
final class OverviewModel {
    /** Partition-key values sampled from the overview, with the entity types in each (bounded). */
    private static final int SAMPLE_PARTITIONS = 2_000;

    private final AnalyzeTable analyze;
    private final TableReads reads;
    private final String tableName;
    private final Executor fx;
    private final Executor analysis;
    private final EntityNames names;
    private final EntityColours colours;
    /** Told on the fx executor when an overview read the whole table (the collection is named by it now). */
    private final Runnable onWholeTable;

    final ObservableList<EntityRow> entities = FXCollections.observableArrayList();
    final ObservableList<IndexMeaningRow> indexMeanings = FXCollections.observableArrayList();
    final ObservableList<RelationshipRow> relationships = FXCollections.observableArrayList();
    final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    final ReadOnlyStringWrapper examplePartition = new ReadOnlyStringWrapper("");
    /** The last overview that read the whole table (null before one did), for the SQL tab's entity types. */
    final javafx.beans.property.ReadOnlyObjectWrapper<TableAnalysis> wholeTable = new javafx.beans.property.ReadOnlyObjectWrapper<>();

    private volatile Job<AnalyzeTable.Progress, AnalyzeTable.Analysed> job;
    private volatile long generation;

    OverviewModel(DynamoSession session, String tableName, Executor fx, Executor analysis, EntityNames names, EntityColours colours,
                  Runnable onWholeTable) {
        this(session, tableName, fx, analysis, names, colours, onWholeTable, null);
    }

    /** @param reads where a whole read is kept for the Stale copies tab of the same table; null keeps none */
    OverviewModel(DynamoSession session, String tableName, Executor fx, Executor analysis, EntityNames names, EntityColours colours,
                  Runnable onWholeTable, TableReads reads) {
        this.reads = reads;
        this.analyze = new AnalyzeTable(session, analysis).measuringItemSizes();
        this.tableName = tableName;
        this.fx = fx;
        this.analysis = analysis;
        this.names = names;
        this.colours = colours;
        this.onWholeTable = onWholeTable;
    }

    /** Reads every page of {@code table} with the lens in use now; completes when it ended, however it ended. */
    CompletableFuture<Void> run(TableDescription table) {
        cancel();
        var current = ++generation;
        running.set(true);
        status.set("Scanning " + tableName + "…");
        var lens = names.lens();
        var sample = new PartitionSample(table.keySchema().partitionKeyName());
        var kept = reads == null ? null : KeepTableRead.start(table, reads, "the Collections overview", FindStaleCopies.Settings.forKeptReads(),
                task -> Thread.ofVirtual().name("keep-read-" + tableName).start(task));
        var started = analyze.start(table, lens, (items, naming) -> {
            sample.add(items, naming);
            if (kept != null) {
                kept.accept(items);
            }
        }, progress -> fx.execute(() -> progressed(progress, current)));
        job = started;
        return started.result().whenComplete((analysed, failure) -> {
            if (kept != null) {
                kept.finish(failure == null && analysed.complete());
            }
        }).thenApplyAsync(analysed -> {
            if (current == generation) {
                names.adopt(analysed.naming(), lens, analysed.complete());
            }
            return new Ended(analysed, analysed.complete() ? sample.richest() : "");
        }, analysis).handleAsync((ended, failure) -> {
            if (current == generation) {
                ended(ended, failure);
            }
            return null;
        }, fx);
    }

    /** Aborts the read in flight; what was read stays shown. */
    void cancel() {
        var current = job;
        if (current != null) {
            current.cancel();
        }
    }

    /** Says something about the overview (a lens change, an export) in its status line. */
    void say(String message) {
        status.set(message);
    }

    boolean shownOrRunning() {
        return !entities.isEmpty() || running.get();
    }

    private record Ended(AnalyzeTable.Analysed analysed, String examplePartition) {
    }

    private void progressed(AnalyzeTable.Progress progress, long of) {
        if (of != generation) {
            return;
        }
        apply(progress.snapshot());
        status.set(String.format(Locale.ROOT, "Scanning… %,d items in %d page(s)", progress.items(), progress.pages()));
    }

    private void ended(Ended ended, Throwable failure) {
        running.set(false);
        if (failure != null) {
            status.set(Problems.isCancellation(failure) ? "Overview cancelled; showing what was read."
                    : "Overview failed: " + Problems.describe(failure));
            return;
        }
        var analysed = ended.analysed();
        apply(analysed.analysis());
        if (!analysed.complete()) {
            status.set("Overview cancelled after " + analysed.pages() + " page(s); showing what was read.");
            return;
        }
        examplePartition.set(ended.examplePartition());
        wholeTable.set(analysed.analysis());
        status.set(String.format(Locale.ROOT, "%,d items · %d entity type(s) · %d page(s)", analysed.itemCount(),
                analysed.analysis().entities().size(), analysed.pages()));
        onWholeTable.run();
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

    /**
     * The partitions seen first in one overview with the entity types in each, to pick an example collection from.
     * Touched only on the analysis executor.
     */
    private static final class PartitionSample {
        private final String partitionKey;
        private final Map<AttributeValue, Set<String>> entitiesByPartition = new LinkedHashMap<>();

        PartitionSample(String partitionKey) {
            this.partitionKey = partitionKey;
        }

        void add(List<Item> items, EntityNaming naming) {
            for (var item : items) {
                var pk = item.attributes().get(partitionKey);
                if (pk == null || entitiesByPartition.size() >= SAMPLE_PARTITIONS && !entitiesByPartition.containsKey(pk)) continue;
                entitiesByPartition.computeIfAbsent(pk, k -> new LinkedHashSet<>()).add(naming.entityOf(item));
            }
        }

        /** The sampled partition holding the most entity types (more than one), as text; "" when there is none. */
        String richest() {
            return entitiesByPartition.entrySet().stream().max(Comparator.comparingInt(e -> e.getValue().size()))
                    .filter(e -> e.getValue().size() > 1)
                    .map(e -> e.getKey() instanceof AttributeValue.Str str ? str.value()
                            : e.getKey() instanceof AttributeValue.Num num ? num.value().text() : "")
                    .orElse("");
        }
    }
}

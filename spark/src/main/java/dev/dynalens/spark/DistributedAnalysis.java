package dev.dynalens.spark;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.EntityShape;
import dev.dynalens.domain.inference.KeyTemplate;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.NamingSummary;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.inference.TableNaming;
import dev.dynalens.domain.inference.TemplateCount;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ItemSize;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * The analysis of a table read from its exports, distributed: one task per part of the snapshot (each data file of the
 * full export, and the incremental exports' changes), read where the task runs.
 * <ol>
 *   <li>Naming: each task names its items with a classifier of its own and hands back its {@link NamingSummary}; the
 *   summaries merge by {@code treeReduce} (in any grouping and order they are the whole table's) into one that the
 *   driver freezes into a {@link TableNaming} and broadcasts.</li>
 *   <li>Counting: each task names its items with that naming and counts, per entity type and key templates, items and
 *   their sizes (DynamoDB's rules, {@link ItemSize}); per entity and attribute, items and value types; per index, its
 *   partition-key templates' meanings. Keys are Strings ({@link FieldKey}), values arrays of longs, summed by
 *   {@code reduceByKey}; an entity's attributes reach the driver as its {@value #MAX_ATTRIBUTES} most frequent.</li>
 * </ol>
 * What the driver holds is bounded by the design (entity types, templates, attributes, index meanings), never by the
 * item count. Adjacency lists are not looked for yet: the result has no relationships.
 */
final class DistributedAnalysis {
    /** An entity's attributes kept, most frequent first, as the desktop keeps a group's ({@link Analyzer#MAX_ATTRIBUTES_PER_GROUP}). */
    static final int MAX_ATTRIBUTES = Analyzer.MAX_ATTRIBUTES_PER_GROUP;
    private static final char ENTITY = 'E';
    private static final char ATTRIBUTE = 'A';
    private static final char MEANING = 'I';
    private static final char ENTITY_INDEX = 'X';

    private DistributedAnalysis() {
    }

    /**
     * @param parts the snapshot's parts ({@code access.snapshot().parts().size()})
     */
    static TableAnalysis analyze(JavaSparkContext spark, ExportAccess access, TableKeys keys, int parts) {
        // The keys travel as a naming of nothing: its serialized form is the keys, the lens and an empty summary.
        var keysOnly = TableNaming.of(keys, Lens.NONE, new EntityClassifier(keys).summary());
        JavaRDD<Integer> partIds = spark.parallelize(IntStream.range(0, parts).boxed().toList(), Math.max(1, parts));

        var summary = parts == 0 ? keysOnly.summary()
                : partIds.map(part -> summaryOf(access, keysOnly.keys(), part)).treeReduce(NamingSummary::merge, 2);
        var naming = TableNaming.of(keys, Lens.NONE, summary);
        var broadcast = spark.broadcast(naming);

        JavaPairRDD<String, long[]> counted = partIds
                .flatMapToPair(part -> countsOf(access, broadcast.value(), part))
                .reduceByKey(DistributedAnalysis::add, Math.max(1, spark.defaultParallelism()));
        counted.persist(StorageLevel.MEMORY_AND_DISK());
        try {
            var small = counted.filter(entry -> FieldKey.tag(entry._1()) != ATTRIBUTE).collect();
            var attributes = counted.filter(entry -> FieldKey.tag(entry._1()) == ATTRIBUTE)
                    .mapToPair(entry -> {
                        var fields = FieldKey.fields(entry._1());
                        return new Tuple2<>(fields.get(0), new Attribute(fields.get(1), entry._2()[0], entry._2()[3]));
                    })
                    .aggregateByKey(new TopAttributes(), TopAttributes::add, TopAttributes::merge)
                    .collectAsMap();
            return result(keys, naming, summary, small, attributes);
        } finally {
            counted.unpersist(false);
            broadcast.destroy();
        }
    }

    /** Every item of one part of the snapshot, in the JVM that runs the task. */
    private static void forEachItem(ExportAccess access, int part, Consumer<Item> each) {
        try (var cursor = access.snapshot().parts().get(part).open()) {
            Item item;
            while ((item = cursor.next()) != null) {
                each.accept(item);
            }
        }
    }

    /** Pass 1: what one part shows of the table's naming, index keys read as the analyzer reads them. */
    static NamingSummary summaryOf(ExportAccess access, TableKeys keys, int part) {
        var classifier = new EntityClassifier(keys, Lens.NONE);
        forEachItem(access, part, item -> {
            classifier.accept(item);
            classifier.observeIndexKeys(item);
        });
        return classifier.summary();
    }

    /** Pass 2: one part's counts under the table's naming, summed within the part. */
    static Iterator<Tuple2<String, long[]>> countsOf(ExportAccess access, TableNaming naming, int part) {
        var counts = new HashMap<String, long[]>();
        var indexes = naming.keys().indexes();
        forEachItem(access, part, item -> {
            var entity = naming.entityOf(item);
            long size = ItemSize.of(item);
            count(counts, FieldKey.of(ENTITY, entity, rendered(naming.partitionKeyTemplateOf(item).orElse(null)),
                    rendered(naming.sortKeyTemplateOf(item).orElse(null))), size, 0);
            for (var attribute : item.attributes().entrySet()) {
                count(counts, FieldKey.of(ATTRIBUTE, entity, attribute.getKey()), 0, 1L << attribute.getValue().type().ordinal());
            }
            indexes.forEach((index, schema) -> {
                if (Analyzer.inIndex(item, schema)) {
                    var pkName = schema.partitionKeyName();
                    var template = naming.templateOf(pkName, item.attributes().get(pkName)).map(KeyTemplate::render).orElse("");
                    count(counts, FieldKey.of(MEANING, index, template, entity), 0, 0);
                    count(counts, FieldKey.of(ENTITY_INDEX, entity, index), 0, 0);
                }
            });
        });
        var entries = new ArrayList<Tuple2<String, long[]>>(counts.size());
        counts.forEach((key, value) -> entries.add(new Tuple2<>(key, value)));
        return entries.iterator();
    }

    private static String rendered(KeyTemplate template) {
        return template == null ? null : template.render();
    }

    /** One more item under a key: {count, total size, largest size, type bits}. */
    private static void count(Map<String, long[]> counts, String key, long size, long typeBits) {
        var value = counts.computeIfAbsent(key, k -> new long[4]);
        value[0]++;
        value[1] += size;
        value[2] = Math.max(value[2], size);
        value[3] |= typeBits;
    }

    /** Two counts of one key as one; neither is changed. */
    static long[] add(long[] a, long[] b) {
        return new long[] {a[0] + b[0], a[1] + b[1], Math.max(a[2], b[2]), a[3] | b[3]};
    }

    /** An attribute of an entity: on how many items, with which value types (bits by {@link AttributeType} ordinal). */
    record Attribute(String name, long count, long typeBits) implements Serializable {
        private static final long serialVersionUID = 1L;
        static final Comparator<Attribute> ORDER = Comparator.comparingLong(Attribute::count).reversed().thenComparing(Attribute::name);
    }

    /** An entity's most frequent attributes, at most {@link #MAX_ATTRIBUTES} (by count, then name), as a mergeable value. */
    static final class TopAttributes implements Serializable {
        private static final long serialVersionUID = 1L;
        private ArrayList<Attribute> kept = new ArrayList<>();

        TopAttributes add(Attribute attribute) {
            kept.add(attribute);
            if (kept.size() >= 2 * MAX_ATTRIBUTES) {
                trim();
            }
            return this;
        }

        TopAttributes merge(TopAttributes other) {
            other.kept.forEach(this::add);
            return this;
        }

        List<Attribute> top() {
            trim();
            return List.copyOf(kept);
        }

        private void trim() {
            kept.sort(Attribute.ORDER);
            if (kept.size() > MAX_ATTRIBUTES) {
                kept = new ArrayList<>(kept.subList(0, MAX_ATTRIBUTES));
            }
        }
    }

    // ---- on the driver: the counts as the analysis ----

    private static final class EntityTotals {
        long count;
        long totalBytes;
        long largestBytes;
        final Map<String, Long> pk = new HashMap<>();
        final Map<String, Long> sk = new HashMap<>();
    }

    private static TableAnalysis result(TableKeys keys, TableNaming naming, NamingSummary summary, List<Tuple2<String, long[]>> small,
                                        Map<String, TopAttributes> attributes) {
        var totals = new HashMap<String, EntityTotals>();
        var meanings = new HashMap<String, List<TableAnalysis.Meaning>>();
        var entityIndexes = new HashMap<String, Map<String, Long>>();
        for (var entry : small) {
            var fields = FieldKey.fields(entry._1());
            var value = entry._2();
            switch (FieldKey.tag(entry._1())) {
                case ENTITY -> {
                    var entity = totals.computeIfAbsent(fields.get(0), name -> new EntityTotals());
                    entity.count += value[0];
                    entity.totalBytes += value[1];
                    entity.largestBytes = Math.max(entity.largestBytes, value[2]);
                    if (fields.get(1) != null) {
                        entity.pk.merge(fields.get(1), value[0], Long::sum);
                    }
                    if (fields.get(2) != null) {
                        entity.sk.merge(fields.get(2), value[0], Long::sum);
                    }
                }
                case MEANING -> meanings.computeIfAbsent(fields.get(0), index -> new ArrayList<>())
                        .add(new TableAnalysis.Meaning(fields.get(1), fields.get(2), value[0]));
                case ENTITY_INDEX -> entityIndexes.computeIfAbsent(fields.get(0), entity -> new HashMap<>()).put(fields.get(1), value[0]);
                default -> throw new IllegalStateException("A count under an unknown tag: " + entry._1());
            }
        }
        // Whether an entity's items are edges: a reading of the merged summary, which holds every group.
        var kinds = new HashMap<String, EntityShape.Kind>();
        EntityClassifier.of(keys, Lens.NONE, summary).entities().forEach(shape -> kinds.put(shape.name(), shape.kind()));
        var entities = new ArrayList<TableAnalysis.Entity>();
        long items = 0;
        for (var entry : totals.entrySet()) {
            var name = entry.getKey();
            var entity = entry.getValue();
            items += entity.count;
            var shape = new EntityShape(name, kinds.getOrDefault(name, EntityShape.Kind.ENTITY), entity.count, sorted(entity.pk), sorted(entity.sk));
            var top = attributes.get(name);
            var attributeList = top == null ? List.<TableAnalysis.Attribute>of()
                    : top.top().stream().map(a -> new TableAnalysis.Attribute(a.name(), types(a.typeBits()), a.count())).toList();
            var populated = new LinkedHashMap<String, Long>();
            var counted = entityIndexes.getOrDefault(name, Map.of());
            for (var index : keys.indexes().keySet()) {
                if (counted.containsKey(index)) {
                    populated.put(index, counted.get(index));
                }
            }
            entities.add(new TableAnalysis.Entity(shape, attributeList, populated,
                    new TableAnalysis.Sizes(entity.count, entity.totalBytes, entity.largestBytes)));
        }
        entities.sort(Comparator.comparingLong(TableAnalysis.Entity::count).reversed().thenComparing(TableAnalysis.Entity::name));
        var indexes = new ArrayList<TableAnalysis.Index>();
        keys.indexes().forEach((name, schema) -> {
            var list = new ArrayList<>(meanings.getOrDefault(name, List.of()));
            list.sort(Comparator.comparingLong(TableAnalysis.Meaning::count).reversed()
                    .thenComparing(TableAnalysis.Meaning::pkTemplate).thenComparing(TableAnalysis.Meaning::entity));
            indexes.add(new TableAnalysis.Index(name, schema, list.stream().mapToLong(TableAnalysis.Meaning::count).sum(), list));
        });
        return new TableAnalysis(keys.tableName(), keys.keySchema(), items, naming.typeAttribute().orElse(null), 0, entities, indexes, List.of());
    }

    private static List<TemplateCount> sorted(Map<String, Long> counts) {
        return counts.entrySet().stream().map(e -> new TemplateCount(e.getKey(), e.getValue()))
                .sorted(Comparator.comparingLong(TemplateCount::count).reversed().thenComparing(TemplateCount::template))
                .toList();
    }

    private static EnumSet<AttributeType> types(long bits) {
        var types = EnumSet.noneOf(AttributeType.class);
        for (var type : AttributeType.values()) {
            if ((bits & (1L << type.ordinal())) != 0) {
                types.add(type);
            }
        }
        return types;
    }
}

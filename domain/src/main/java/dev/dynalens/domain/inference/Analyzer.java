package dev.dynalens.domain.inference;

import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * Reads a single-table design from its items, one page at a time, without a schema: entity types
 * with their key templates and attributes, which indexes each entity populates, what each index's
 * partition-key templates mean, and adjacency lists with the edges whose mirror is missing.
 *
 * <p><b>Memory.</b> Items are not kept. Per group of items with the same key reading (see
 * {@link EntityClassifier}) it keeps a counter, one counter per index, and per attribute name a
 * counter and a type mask (at most {@value #MAX_ATTRIBUTES_PER_GROUP} names per group); per index a
 * counter per (template, group). None of that grows with the item count. What does grow is the
 * edge index: for each item that may be an edge (string keys, a sort key that names something and
 * is neither constant nor derived from the partition key) about 32 bytes plus the UTF-8 length of
 * its two keys; a million such items with 40 bytes of keys take about 75 MB. Items that cannot be
 * edges (constant sort keys, timestamps, numbers) cost nothing there. Candidates whose mirror cannot
 * exist yet (no edge has come with their key shapes swapped: a shop's orders and order items) wait in
 * a sequential log rather than the index's hash table, which is what makes them cheap; see
 * {@link EdgeIndex} on buckets. The caches that make
 * {@link #accept} cheap are bounded too: per key attribute at most {@value KeyTemplateCache#CAPACITY}
 * templates ({@link KeyTemplateCache}), and a few dozen recent groups, attribute names and index meanings.
 *
 * <p>Not thread-safe: feed it from one thread (the background task that reads the pages).
 */
public final class Analyzer {
    public static final int MAX_ATTRIBUTES_PER_GROUP = 1024;
    public static final int MAX_MISSING_REVERSE_KEYS = 10_000;

    private final TableKeys keys;
    private final EntityClassifier classifier;
    private final List<IndexKeys> indexes = new ArrayList<>();
    private final List<GroupStats> stats = new ArrayList<>();
    private final EdgeIndex edges = new EdgeIndex();
    private static final int RECENT_BUCKETS = 64;
    private final KeyTemplate[] recentBucketPks = new KeyTemplate[RECENT_BUCKETS];
    private final KeyTemplate[] recentBucketSks = new KeyTemplate[RECENT_BUCKETS];
    private final int[] recentBuckets = new int[RECENT_BUCKETS];
    /** False for the plain reading (no caches), the reference the tests compare the fast path with. */
    private final boolean cached;
    private boolean measureSizes;

    public Analyzer(TableKeys keys) {
        this(keys, Lens.NONE);
    }

    public Analyzer(TableKeys keys, Lens lens) {
        this(keys, lens, true);
    }

    /** {@code cached} false: every key read afresh and every count found by hashing, as a reference for tests. */
    Analyzer(TableKeys keys, Lens lens, boolean cached) {
        this.keys = Objects.requireNonNull(keys, "keys");
        this.cached = cached;
        this.classifier = new EntityClassifier(keys, lens, cached);
        keys.indexes().forEach((name, schema) -> indexes.add(new IndexKeys(name, schema, classifier.registry(schema.partitionKeyName()))));
    }

    public EntityClassifier classifier() {
        return classifier;
    }

    public long itemCount() {
        return classifier.itemCount();
    }

    /** The entity name of an item as the table now reads (see {@link EntityClassifier#entityOf}). */
    public String entityOf(Item item) {
        return classifier.entityOf(item);
    }

    public void acceptAll(Iterable<Item> items) {
        items.forEach(this::accept);
    }

    /**
     * Also measures every item's size (DynamoDB's rules), so that {@link TableAnalysis.Entity#sizes()} holds each
     * entity's average and largest item. Off by default: it costs a walk over every value.
     */
    public Analyzer measuringItemSizes() {
        measureSizes = true;
        return this;
    }

    public void accept(Item item) {
        int group = classifier.observe(item);
        // Read now: the index registries below may share a registry with a table key and read other values.
        var rawPk = classifier.observedRawPartitionKey();
        var rawSk = classifier.observedRawSortKey();
        while (stats.size() <= group) {
            stats.add(new GroupStats(indexes.size(), classifier.mayBeEdge(stats.size()), cached));
        }
        var groupStats = stats.get(group);
        if (measureSizes) {
            long size = dev.dynalens.domain.capacity.ItemSizeCalculator.sizeOf(item);
            groupStats.sizedItems++;
            groupStats.sizeTotal += size;
            groupStats.sizeLargest = Math.max(groupStats.sizeLargest, size);
        }
        groupStats.countAll(item.attributes());
        for (int i = 0; i < indexes.size(); i++) {
            var index = indexes.get(i);
            var pkValue = item.attributes().get(index.partitionKey);
            if (!inIndex(item, index.partitionKey, index.sortKey)) {
                continue;
            }
            groupStats.indexCounts[i]++;
            index.meaningCounter(observeIndexKey(index.registry, pkValue), group, cached)[0]++;
        }
        if (groupStats.mayBeEdge && classifier.observedPartitionKey() instanceof AttributeValue.Str pk
                && classifier.observedSortKey() instanceof AttributeValue.Str sk) {
            edges.add(pk.value(), sk.value(), group, cached ? edgeBucket(rawPk, rawSk) : -1);
        }
    }

    /**
     * The edge index's bucket for an edge whose keys read as these raw templates, through a small cache by the
     * templates' identity (a cached reading hands out one instance per template).
     */
    private int edgeBucket(KeyTemplate rawPk, KeyTemplate rawSk) {
        int hash = System.identityHashCode(rawPk) * 31 + System.identityHashCode(rawSk);
        int slot = (hash ^ (hash >>> 16)) & (RECENT_BUCKETS - 1);
        if (recentBucketPks[slot] == rawPk && recentBucketSks[slot] == rawSk) {
            return recentBuckets[slot];
        }
        int bucket = edges.bucket(keyClass(rawPk), keyClass(rawSk));
        recentBucketPks[slot] = rawPk;
        recentBucketSks[slot] = rawSk;
        recentBuckets[slot] = bucket;
        return bucket;
    }

    /**
     * The class of a key for the edge index's buckets: a function of the key alone (its raw template is one), coarse
     * enough that keys whose literals are data ({@code USER#alice}) share one: delimiter, segment count and leading
     * name; every single-segment key is one class.
     */
    static String keyClass(KeyTemplate raw) {
        return raw.size() <= 1 ? "" : raw.delimiter() + '\u0000' + raw.size() + '\u0000' + raw.leadingName().orElse("");
    }

    /** Bytes held by the edge index, the one structure that grows with the item count. */
    long edgeFootprintBytes() {
        return edges.footprintBytes();
    }

    /** A snapshot of what is known now. */
    public TableAnalysis result() {
        var views = classifier.groupViews();
        var entities = new ArrayList<TableAnalysis.Entity>();
        for (var shape : classifier.entities()) {
            entities.add(entity(shape, views));
        }
        var indexSummaries = new ArrayList<TableAnalysis.Index>();
        for (int i = 0; i < indexes.size(); i++) {
            indexSummaries.add(index(i, views));
        }
        return new TableAnalysis(keys.tableName(), keys.keySchema(), classifier.itemCount(), classifier.typeAttribute().orElse(null),
                classifier.revision(), entities, indexSummaries, relationships(views));
    }

    private TableAnalysis.Entity entity(EntityShape shape, List<EntityClassifier.GroupView> views) {
        var attributes = new LinkedHashMap<String, AttributeAggregate>();
        var indexCounts = new long[indexes.size()];
        long sizedItems = 0;
        long sizeTotal = 0;
        long sizeLargest = 0;
        for (var view : views) {
            if (!view.label().equals(shape.name())) {
                continue;
            }
            var groupStats = stats.get(view.id());
            groupStats.catchUp();
            sizedItems += groupStats.sizedItems;
            sizeTotal += groupStats.sizeTotal;
            sizeLargest = Math.max(sizeLargest, groupStats.sizeLargest);
            groupStats.attributes.forEach((name, stat) -> attributes.computeIfAbsent(name, n -> new AttributeAggregate()).add(stat));
            for (int i = 0; i < indexCounts.length; i++) {
                indexCounts[i] += groupStats.indexCounts[i];
            }
        }
        var attributeList = attributes.entrySet().stream()
                .map(e -> new TableAnalysis.Attribute(e.getKey(), e.getValue().types(), e.getValue().count))
                .sorted(Comparator.comparingLong(TableAnalysis.Attribute::count).reversed().thenComparing(TableAnalysis.Attribute::name))
                .toList();
        var populated = new LinkedHashMap<String, Long>();
        for (int i = 0; i < indexCounts.length; i++) {
            if (indexCounts[i] > 0) {
                populated.put(indexes.get(i).name, indexCounts[i]);
            }
        }
        return new TableAnalysis.Entity(shape, attributeList, populated, new TableAnalysis.Sizes(sizedItems, sizeTotal, sizeLargest));
    }

    private TableAnalysis.Index index(int i, List<EntityClassifier.GroupView> views) {
        var index = indexes.get(i);
        var registry = classifier.registry(index.partitionKey);
        var counts = new LinkedHashMap<List<String>, Long>();
        long total = 0;
        for (var entry : index.meanings.entrySet()) {
            var template = registry.normalize(entry.getKey().template()).render();
            var entity = views.get(entry.getKey().group()).label();
            counts.merge(List.of(template, entity), entry.getValue()[0], Long::sum);
            total += entry.getValue()[0];
        }
        var meanings = counts.entrySet().stream()
                .map(e -> new TableAnalysis.Meaning(e.getKey().get(0), e.getKey().get(1), e.getValue()))
                .sorted(Comparator.comparingLong(TableAnalysis.Meaning::count).reversed()
                        .thenComparing(TableAnalysis.Meaning::pkTemplate).thenComparing(TableAnalysis.Meaning::entity))
                .toList();
        return new TableAnalysis.Index(index.name, index.schema, total, meanings);
    }

    /**
     * Groups whose edges find their mirrors in another group (or their own) form a relationship,
     * named by the two groups' entity names. Edges of those groups without a mirror are reported.
     */
    private List<TableAnalysis.Relationship> relationships(List<EntityClassifier.GroupView> views) {
        var entriesPerGroup = new HashMap<Integer, Long>();
        var pairCounts = new HashMap<Long, Long>();
        edges.forEach((hash, group, offset) -> {
            entriesPerGroup.merge(group, 1L, Long::sum);
            int reverseGroup = edges.groupOf(EdgeIndex.reverseOf(hash));
            if (reverseGroup >= 0) {
                pairCounts.merge(((long) group << 32) | reverseGroup, 1L, Long::sum);
            }
        });
        // Each group joins the relationship it shares most mirrored edges with.
        var relationOfGroup = new HashMap<Integer, List<String>>();
        var bestPairs = new HashMap<Integer, Long>();
        pairCounts.forEach((pair, count) -> {
            int group = (int) (pair >>> 32);
            int reverseGroup = (int) (long) pair;
            if (count > bestPairs.getOrDefault(group, 0L)) {
                bestPairs.put(group, count);
                var names = new ArrayList<>(List.of(views.get(group).label(), views.get(reverseGroup).label()));
                names.sort(null);
                relationOfGroup.put(group, List.copyOf(names));
            }
        });
        // Edges still logged in the edge index have no mirror; those of a group in a relationship count as its
        // entries and are reported missing, after the table's.
        var logged = new ArrayList<long[]>();
        if (relationOfGroup.keySet().stream().anyMatch(group -> edges.loggedCount(group) > 0)) {
            edges.forEachLogged(relationOfGroup::containsKey, (hash, group, offset) -> {
                entriesPerGroup.merge(group, 1L, Long::sum);
                logged.add(new long[] {group, offset});
            });
        }
        var builders = new LinkedHashMap<List<String>, RelationshipBuilder>();
        relationOfGroup.forEach((group, names) -> builders.computeIfAbsent(names, RelationshipBuilder::new)
                .addGroup(views.get(group).label(), entriesPerGroup.getOrDefault(group, 0L)));
        var schema = keys.keySchema();
        edges.forEach((hash, group, offset) -> {
            var names = relationOfGroup.get(group);
            if (names == null) {
                return;
            }
            var builder = builders.get(names);
            if (edges.groupOf(EdgeIndex.reverseOf(hash)) >= 0) {
                builder.mirroredEntries++;
            } else {
                builder.addMissing(edges, offset, schema);
            }
        });
        for (var entry : logged) {
            builders.get(relationOfGroup.get((int) entry[0])).addMissing(edges, (int) entry[1], schema);
        }
        return builders.values().stream().map(RelationshipBuilder::build)
                .sorted(Comparator.comparingLong(TableAnalysis.Relationship::edgeCount).reversed()
                        .thenComparing(TableAnalysis.Relationship::entity))
                .toList();
    }

    /** Whether an index holds the item: it has the index's key attributes, with values of key types. */
    public static boolean inIndex(Item item, KeySchema index) {
        return inIndex(item, index.partitionKeyName(), index.sortKeyName());
    }

    static boolean inIndex(Item item, String partitionKey, String sortKey) {
        return isKey(item.attributes().get(partitionKey)) && (sortKey == null || isKey(item.attributes().get(sortKey)));
    }

    /** Takes an index's partition-key value into its attribute's registry; returns its template as the registry now reads. */
    static KeyTemplate observeIndexKey(TemplateRegistry registry, AttributeValue pkValue) {
        var raw = pkValue instanceof AttributeValue.Str s ? registry.rawTemplate(s.value()) : KeyTemplates.infer(pkValue).orElseThrow();
        return registry.observe(raw);
    }

    private static boolean isKey(AttributeValue value) {
        return value instanceof AttributeValue.Str || value instanceof AttributeValue.Num || value instanceof AttributeValue.Bin;
    }

    private static final class IndexKeys {
        private static final int RECENT = 64;
        final String name;
        final KeySchema schema;
        final String partitionKey;
        final String sortKey;
        final TemplateRegistry registry;
        final Map<MeaningKey, long[]> meanings = new HashMap<>();
        // Recent (template, group) counters by the template's identity: a cached reading hands out the
        // same template instance while it reads the same, so most items skip hashing the template.
        private final KeyTemplate[] recentTemplates = new KeyTemplate[RECENT];
        private final int[] recentGroups = new int[RECENT];
        private final long[][] recentCounters = new long[RECENT][];

        IndexKeys(String name, KeySchema schema, TemplateRegistry registry) {
            this.name = name;
            this.schema = schema;
            this.partitionKey = schema.partitionKeyName();
            this.sortKey = schema.sortKeyName();
            this.registry = registry;
        }

        long[] meaningCounter(KeyTemplate template, int group, boolean cached) {
            if (!cached) {
                return meanings.computeIfAbsent(new MeaningKey(template, group), k -> new long[1]);
            }
            int hash = System.identityHashCode(template) * 31 + group;
            int slot = (hash ^ (hash >>> 16)) & (RECENT - 1);
            if (recentTemplates[slot] == template && recentGroups[slot] == group) {
                return recentCounters[slot];
            }
            var counter = meanings.computeIfAbsent(new MeaningKey(template, group), k -> new long[1]);
            recentTemplates[slot] = template;
            recentGroups[slot] = group;
            recentCounters[slot] = counter;
            return counter;
        }
    }

    private record MeaningKey(KeyTemplate template, int group) {
    }

    private static final class GroupStats implements BiConsumer<String, AttributeValue> {
        private static final int SIGNATURE_LENGTH = 32;
        final Map<String, AttributeStat> attributes = new HashMap<>();
        final long[] indexCounts;
        final boolean mayBeEdge;
        long sizedItems;
        long sizeTotal;
        long sizeLargest;
        // The signature of the group's last item: its attribute names and value classes, position by
        // position, with their counters. Items of a group mostly repeat it (the parser hands out the same
        // name instances, and each kind of value is its own record class with a constant type()), so a
        // repeat costs an identity comparison per attribute and one increment; the counters catch up when
        // the signature changes or a result is taken. Null when not caching.
        private final String[] signatureNames;
        private final Class<?>[] signatureClasses;
        private final AttributeStat[] signatureStats;
        private final int[] signatureTypeBits;
        private int signatureLength = -1;
        private long signatureRepeats;
        private int position;
        private boolean matching;

        GroupStats(int indexCount, boolean mayBeEdge, boolean cached) {
            this.indexCounts = new long[indexCount];
            this.mayBeEdge = mayBeEdge;
            this.signatureNames = cached ? new String[SIGNATURE_LENGTH] : null;
            this.signatureClasses = cached ? new Class<?>[SIGNATURE_LENGTH] : null;
            this.signatureStats = cached ? new AttributeStat[SIGNATURE_LENGTH] : null;
            this.signatureTypeBits = cached ? new int[SIGNATURE_LENGTH] : null;
        }

        void countAll(Map<String, AttributeValue> item) {
            if (signatureNames == null || item.size() > SIGNATURE_LENGTH) {
                catchUp();
                signatureLength = -1;
                item.forEach((name, value) -> count(statOf(name), 1 << value.type().ordinal()));
                return;
            }
            if (item.size() == signatureLength) {
                position = 0;
                matching = true;
                item.forEach(this);
                if (matching) {
                    signatureRepeats++;
                    return;
                }
            }
            catchUp();
            // A new signature: counters are found (and created) in the item's order, as one by one.
            int at = 0;
            for (var attribute : item.entrySet()) {
                var value = attribute.getValue();
                signatureNames[at] = attribute.getKey();
                signatureClasses[at] = value.getClass();
                signatureStats[at] = statOf(attribute.getKey());
                signatureTypeBits[at] = 1 << value.type().ordinal();
                at++;
            }
            signatureLength = at;
            signatureRepeats = 1;
        }

        /** Compares one attribute of the item with the signature, at {@link #position}. */
        @Override
        public void accept(String name, AttributeValue value) {
            int at = position++;
            matching &= signatureNames[at] == name && signatureClasses[at] == value.getClass();
        }

        /** Adds the repeats of the current signature to its counters. */
        void catchUp() {
            if (signatureRepeats == 0) {
                return;
            }
            for (int i = 0; i < signatureLength; i++) {
                var stat = signatureStats[i];
                if (stat != null) {
                    stat.count += signatureRepeats;
                    stat.typeMask |= signatureTypeBits[i];
                }
            }
            signatureRepeats = 0;
        }

        private static void count(AttributeStat stat, int typeBit) {
            if (stat != null) {
                stat.count++;
                stat.typeMask |= typeBit;
            }
        }

        /**
         * The counter of an attribute name; null once the group has {@link Analyzer#MAX_ATTRIBUTES_PER_GROUP} names and
         * this is not one of them (then it never will be: names are never removed).
         */
        private AttributeStat statOf(String name) {
            var stat = attributes.get(name);
            if (stat == null) {
                if (attributes.size() >= MAX_ATTRIBUTES_PER_GROUP) {
                    return null;
                }
                stat = new AttributeStat();
                attributes.put(name, stat);
            }
            return stat;
        }
    }

    private static final class AttributeStat {
        long count;
        int typeMask;
    }

    private static final class AttributeAggregate {
        long count;
        int typeMask;

        void add(AttributeStat stat) {
            count += stat.count;
            typeMask |= stat.typeMask;
        }

        EnumSet<AttributeType> types() {
            var types = EnumSet.noneOf(AttributeType.class);
            for (var type : AttributeType.values()) {
                if ((typeMask & (1 << type.ordinal())) != 0) {
                    types.add(type);
                }
            }
            return types;
        }
    }

    private static final class RelationshipBuilder {
        final List<String> names;
        final Map<String, Long> entriesByName = new HashMap<>();
        long mirroredEntries;
        long missingCount;
        final List<Map<String, AttributeValue>> missing = new ArrayList<>();

        RelationshipBuilder(List<String> names) {
            this.names = names;
        }

        void addGroup(String name, long entries) {
            entriesByName.merge(name, entries, Long::sum);
        }

        void addMissing(EdgeIndex edges, int keysOffset, KeySchema schema) {
            missingCount++;
            if (missing.size() < MAX_MISSING_REVERSE_KEYS) {
                var keyStrings = edges.keysAt(keysOffset);
                var key = new LinkedHashMap<String, AttributeValue>();
                key.put(schema.partitionKeyName(), AttributeValue.s(keyStrings[0]));
                key.put(schema.sortKeyName(), AttributeValue.s(keyStrings[1]));
                missing.add(key);
            }
        }

        TableAnalysis.Relationship build() {
            var first = names.get(0);
            var second = names.get(1);
            long firstCount = entriesByName.getOrDefault(first, 0L);
            long secondCount = first.equals(second) ? firstCount : entriesByName.getOrDefault(second, 0L);
            if (secondCount > firstCount) {
                var swap = first;
                first = second;
                second = swap;
                long count = firstCount;
                firstCount = secondCount;
                secondCount = count;
            }
            missing.sort(Comparator.comparing((Map<String, AttributeValue> key) -> keyPart(key, 0)).thenComparing(key -> keyPart(key, 1)));
            return new TableAnalysis.Relationship(TableAnalysis.Relationship.Kind.ADJACENCY, first, second, firstCount, secondCount,
                    mirroredEntries / 2, missingCount, missing);
        }

        /** One part of a key as the list of missing edges sorts it: a string as it is, anything else as its text. */
        private static String keyPart(Map<String, AttributeValue> key, int index) {
            var value = new ArrayList<>(key.values()).get(index);
            return value instanceof AttributeValue.Str s ? s.value() : value.toString();
        }
    }
}

package dev.dynalens.domain.staleness;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.DenormalizationRule.KeyPart;
import dev.dynalens.domain.staleness.RuleInference.Options;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Pass 1's state: what it counted over every item ({@link SourceSummary}), the roots (up to
 * {@link Options#maxSourceEntries}: those with the smallest key hashes, a tie the smaller key, so which are kept does not
 * depend on order), a sample of the other items per entity, and once sealed the look-up from a part's text to the items
 * that carry it ({@link SourceLookup}).
 */
final class SourceIndex implements SourceLookup {
    /** A part identifies items when at least this share of the items that carry it carry a value of their own. */
    static final double IDENTIFYING_SHARE = 0.9;
    /** Names kept per variable part; beyond, the part's variable is taken for an id of anything. */
    static final int MAX_CONTEXTS = 16;
    final KeyReading keys;
    final Options options;
    /**
     * What was counted over every item. Its incomplete sides are those some item carries but is not indexed by (a whole
     * key part equal to its partition key or without a variable, an id that is the whole partition key): detection,
     * which indexes every such item, cannot take those sides' sources from here ({@link #exactSources}).
     */
    final SourceSummary summary;
    /** The roots kept, the largest (hash, key) on top: at most {@link Options#maxSourceEntries}. */
    private final PriorityQueue<SourceEntry> roots = new PriorityQueue<>(LARGEST_FIRST);
    /** Roots offered (with a part to be found by), kept or not. */
    private long rootsOffered;
    /** Per entity, the sampled other items, the largest hash on top. */
    final Map<String, PriorityQueue<SourceEntry>> samples = new HashMap<>();
    /** Once sealed: (entity, side, text) to the root that is the source there, the smallest key among those that carry it. */
    private Map<SideKey, Map<String, SourceEntry>> rootsBySide;
    Map<String, Ref> sealed;
    private int longestText;

    SourceIndex(KeyReading keys, Options options) {
        this.keys = keys;
        this.options = options;
        this.summary = new SourceSummary(options.copiesPerEntity());
    }

    /** The item whose keys {@link #offerKeys} kept, waiting for {@link #admit}. */
    private String pendingEntity;
    private long pendingHash;
    private boolean pendingRoot;
    private List<IndexedPart> pendingParts;

    /** Stage 1: the parts the item's keys name are counted; true when the item is to be kept ({@link #admit}). */
    boolean offerKeys(Item item, String entity, boolean root) {
        return offerKeys(item, entity, root, RuleInference.hash(item, keys));
    }

    /** As {@link #offerKeys(Item, String, boolean)}, with the item's key hash already read ({@link #RuleInference.hash(Item, KeyReading)}). */
    boolean offerKeys(Item item, String entity, boolean root, long hash) {
        if (sealed != null) {
            throw new IllegalStateException("Pass 1 is over: copies are being counted against the sources");
        }
        pendingParts = null;
        var stats = entityStats(entity);
        stats.copySample.offer(hash);
        var parts = parts(item, stats, root);
        if (parts.isEmpty()) {
            return false;
        }
        for (var part : parts) {
            var side = stats.side(part.side);
            side.distinct().add(part.text);
            // Adding a name a side holds already changes nothing: only a new one goes to the set.
            if (part.context != null && !part.context.equals(side.lastContext)) {
                summary.addContext(side.key, part.context);
                side.lastContext = part.context;
            }
        }
        if (root) {
            rootsOffered++;
            if (options.maxSourceEntries() == 0 || roots.size() >= options.maxSourceEntries() && hash > roots.peek().hash) {
                return false; // cheap refusal: the roots kept all have smaller hashes
            }
        } else {
            stats.offered[0]++;
            if (options.sourcesPerEntity() == 0) {
                return false;
            }
            var sample = stats.sample();
            if (sample.size() >= options.sourcesPerEntity() && hash > sample.peek().hash) {
                return false; // cheap refusal: the sample is full of smaller hashes
            }
        }
        pendingEntity = entity;
        pendingHash = hash;
        pendingRoot = root;
        pendingParts = parts;
        return true;
    }

    /** Stage 2: the item kept by {@link #offerKeys}, whole, as a source. */
    void admit(Item whole) {
        if (pendingParts == null) {
            throw new IllegalStateException("No item's keys are waiting to be kept");
        }
        var entry = entry(whole, pendingEntity, pendingParts, pendingHash);
        pendingParts = null;
        if (pendingRoot) {
            rootsBySide = null;
            offer(roots, entry, options.maxSourceEntries());
        } else {
            offer(samples.get(entry.entity), entry, options.sourcesPerEntity());
        }
    }

    /** Keeps the {@code capacity} smallest entries by {@link #SAMPLE_ORDER}. */
    private static void offer(PriorityQueue<SourceEntry> sample, SourceEntry entry, int capacity) {
        if (sample.size() < capacity) {
            sample.add(entry);
        } else if (capacity > 0 && SAMPLE_ORDER.compare(entry, sample.peek()) < 0) {
            sample.poll();
            sample.add(entry);
        }
    }

    void putSmaller(Map<String, SourceEntry> byText, String text, SourceEntry entry) {
        byText.merge(text, entry, (known, offered) -> keys.compareKeys(known.key, offered.key) <= 0 ? known : offered);
    }

    /** The parts an item can be found by: a root's partition key and id, every item's other key parts. */
    private List<IndexedPart> parts(Item item, EntityStats stats, boolean root) {
        var parts = new ArrayList<IndexedPart>(4);
        var pk = keys.partitionText(item);
        if (root && pk != null) {
            parts.add(new IndexedPart(SourceSide.PartitionKey.INSTANCE, pk, null));
            var id = keys.partitionId(item);
            if (id != null && !id.equals(pk)) {
                parts.add(new IndexedPart(SourceSide.PartitionId.INSTANCE, id, keys.partitionIdContext(item)));
            } else if (id != null) {
                stats.side(SourceSide.PartitionId.INSTANCE).incomplete();
            }
        }
        for (var attribute : keys.keyAttributes()) {
            boolean partitionKey = attribute.equals(keys.partitionKeyName());
            if (partitionKey && !root) {
                continue;
            }
            var value = item.attributes().get(attribute);
            var text = KeyReading.scalarText(value);
            if (text == null) {
                continue;
            }
            var variables = keys.keyVariables(item, attribute);
            if (!partitionKey) {
                var whole = side(attribute, 0);
                if (!text.equals(pk) && (!variables.isEmpty() || !isConstant(item, attribute))) {
                    parts.add(new IndexedPart(whole, text, null));
                } else {
                    stats.side(whole).incomplete();
                }
            }
            // The partition key's only variable is its id (PartitionId) already.
            if (partitionKey && variables.size() == 1) {
                stats.side(side(attribute, 1)).incomplete();
            } else {
                for (int i = 0; i < variables.size(); i++) {
                    var variable = variables.get(i);
                    parts.add(new IndexedPart(side(attribute, i + 1), variable.text(), variable.context()));
                }
            }
        }
        return parts;
    }

    /** The key parts as sides, made once per (attribute, variable): every item's parts share them. */
    private final PerVariable<SourceSide.Part> keySides = new PerVariable<>(
            (attribute, variable) -> new SourceSide.Part(new KeyPart(AttributePath.of(attribute), variable)));

    private SourceSide.Part side(String attribute, int variable) {
        return keySides.get(attribute, variable);
    }

    /** Per entity, its entries in the maps of pass 1, found once per item rather than once per map and part. */
    private final Map<String, EntityStats> entityStats = new HashMap<>();

    private EntityStats entityStats(String entity) {
        var stats = entityStats.get(entity);
        if (stats == null) {
            stats = new EntityStats(entity);
            entityStats.put(entity, stats);
        }
        return stats;
    }

    /** One entity's state in pass 1's maps (the same objects the maps hold), and its sides' by side. */
    private final class EntityStats {
        final String entity;
        final HashSample copySample;
        final long[] offered;
        private PriorityQueue<SourceEntry> sample;
        /** By side instance: the sides of the parts are {@link #side}'s and the two singletons, so identity is equality. */
        private final Map<SourceSide, SideStats> sides = new java.util.IdentityHashMap<>();

        EntityStats(String entity) {
            this.entity = entity;
            this.copySample = summary.copySample(entity);
            this.offered = summary.offered.computeIfAbsent(entity, e -> new long[1]);
        }

        PriorityQueue<SourceEntry> sample() {
            if (sample == null) {
                sample = samples.computeIfAbsent(entity, e -> new PriorityQueue<>(LARGEST_FIRST));
            }
            return sample;
        }

        SideStats side(SourceSide side) {
            var stats = sides.get(side);
            if (stats == null) {
                stats = new SideStats(new SourceSummary.Side(entity, SourceSummary.sideText(side)));
                sides.put(side, stats);
            }
            return stats;
        }
    }

    /** One (entity, side) in the summary: its distinct count, whether it is incomplete, the name last added before its variable. */
    private final class SideStats {
        final SourceSummary.Side key;
        private DistinctCount distinct;
        private boolean incomplete;
        String lastContext;

        SideStats(SourceSummary.Side key) {
            this.key = key;
        }

        DistinctCount distinct() {
            if (distinct == null) {
                distinct = summary.distinct.computeIfAbsent(key, k -> new DistinctCount());
            }
            return distinct;
        }

        void incomplete() {
            if (!incomplete) {
                summary.incomplete.add(key);
                incomplete = true;
            }
        }
    }

    /** The item as a source: its key and its leaves, and the parts it can be found by; {@code hash} is its key's. */
    private SourceEntry entry(Item item, String entity, List<IndexedPart> parts, long hash) {
        var leaves = new Leaves();
        for (var attribute : item.attributes().entrySet()) {
            if (!keys.isTableKey(attribute.getKey())) {
                Leaves.collect(AttributePath.of(attribute.getKey()), attribute.getValue(), 1, options.maxDepth(), leaves);
            }
        }
        var key = keys.keyOf(item);
        return new SourceEntry(entity, key, keys.partitionText(item), hash, leaves, parts);
    }

    /**
     * Whether a part names one item of its entity: at least {@value #IDENTIFYING_SHARE} of the items that carry it
     * carry their own value. A part many items share ({@code TEAM#data} on every membership of the team, a post's
     * slug on each of its tag entries) would name one of them at random, so it names none.
     */
    boolean identifies(SideKey side) {
        return summary.identifies(side.summarized());
    }

    /** A key value whose template has no variable ({@code PROFILE}, {@code STATUS#OPEN}) names no one item. */
    private boolean isConstant(Item item, String attribute) {
        var template = keys.templateOf(item, attribute);
        return template == null || template.isConstant();
    }

    /** The names before a side's variable: empty for a whole value, null when any name goes. */
    private Set<String> contextsOf(SideKey side) {
        return summary.contextsOf(side.summarized());
    }

    /** Roots kept. */
    long rootCount() {
        return roots.size();
    }

    /** Roots not kept because {@link Options#maxSourceEntries} others had smaller hashes. */
    long droppedRoots() {
        return rootsOffered - roots.size();
    }

    long sampledCount() {
        long count = 0;
        for (var sample : samples.values()) {
            count += sample.size();
        }
        return count;
    }

    void absorb(SourceIndex other) {
        if (sealed != null || other.sealed != null) {
            throw new IllegalStateException("Sources merge before copies are counted");
        }
        // A root is offered by the one part that read it: the roots kept are the smallest of both parts' together.
        rootsBySide = null;
        for (var entry : other.roots) {
            offer(roots, entry, options.maxSourceEntries());
        }
        rootsOffered += other.rootsOffered;
        summary.absorb(other.summary);
        other.samples.forEach((entity, theirs) -> {
            var sample = samples.computeIfAbsent(entity, e -> new PriorityQueue<>(LARGEST_FIRST));
            for (var entry : theirs) {
                offer(sample, entry, options.sourcesPerEntity());
            }
        });
    }

    /** (entity, side, text) to the root that is the source there: the smallest key among those that carry it. */
    Map<SideKey, Map<String, SourceEntry>> rootsBySide() {
        if (rootsBySide == null) {
            var bySide = new HashMap<SideKey, Map<String, SourceEntry>>();
            for (var entry : roots) {
                for (var part : entry.parts) {
                    putSmaller(bySide.computeIfAbsent(new SideKey(entry.entity, part.side), k -> new HashMap<>()), part.text, entry);
                }
            }
            rootsBySide = bySide;
        }
        return rootsBySide;
    }

    /**
     * Every item of {@code entity} that {@code side} names (the smallest key where several carry the same text), when
     * pass 1 kept all of them: no root was dropped, the entity's other items all fit its sample, and every item carrying
     * the side was indexed by it. Null otherwise. Pass 1 must be over.
     */
    Map<String, SourceEntry> exactSources(String entity, SourceSide side) {
        var sideKey = new SideKey(entity, side);
        if (droppedRoots() > 0 || summary.offered(entity) > options.sourcesPerEntity()
                || summary.incomplete.contains(sideKey.summarized())) {
            return null;
        }
        var byText = new HashMap<String, SourceEntry>();
        rootsBySide().getOrDefault(sideKey, Map.of()).forEach((text, entry) -> putSmaller(byText, text, entry));
        for (var entry : samples.getOrDefault(entity, new PriorityQueue<>())) {
            for (var part : entry.parts) {
                if (part.side().equals(side)) {
                    putSmaller(byText, part.text(), entry);
                }
            }
        }
        return byText;
    }

    /** The look-up from a part's text to the sources that carry it, built once pass 1 is over. */
    Map<String, Ref> sealed() {
        if (sealed == null) {
            var index = new HashMap<String, Ref>();
            rootsBySide().forEach((side, byText) -> {
                if (identifies(side)) {
                    var names = contextsOf(side);
                    byText.forEach((text, entry) -> index.merge(text, new Ref(side.side, entry, names, null),
                            (known, added) -> new Ref(added.side, added.entry, added.contexts, known)));
                }
            });
            samples.forEach((entity, sample) -> {
                // The sample holds distinct items; a part two of them carry goes to the smaller key.
                var byPart = new HashMap<SideKey, Map<String, SourceEntry>>();
                for (var entry : sample) {
                    for (var part : entry.parts) {
                        putSmaller(byPart.computeIfAbsent(new SideKey(entity, part.side), k -> new HashMap<>()), part.text, entry);
                    }
                }
                byPart.forEach((side, byText) -> {
                    if (identifies(side)) {
                        var names = contextsOf(side);
                        byText.forEach((text, entry) -> index.merge(text, new Ref(side.side, entry, names, null),
                                (known, added) -> new Ref(added.side, added.entry, added.contexts, known)));
                    }
                });
            });
            int longest = -1;
            for (var text : index.keySet()) {
                longest = Math.max(longest, text.length());
            }
            longestText = longest;
            sealed = index;
        }
        return sealed;
    }

    /** The sources the sealed index holds for a text (pass 1 is then over). */
    @Override
    public Ref get(String text) {
        return sealed().get(text);
    }

    /** The length of the longest text the sealed index holds (-1: none): a longer one is not in it, and is not looked up. */
    @Override
    public int longestText() {
        sealed();
        return longestText;
    }


    /** The order of a sample: by the key's hash, then by the key's text (so ties do not depend on arrival). */
    static final Comparator<SourceEntry> SAMPLE_ORDER = (a, b) -> {
        int byHash = Long.compare(a.hash, b.hash);
        return byHash != 0 ? byHash : RepairPlan.keyJson(a.key).compareTo(RepairPlan.keyJson(b.key));
    };

    /** The sample's heap order: the largest first. */
    static final Comparator<SourceEntry> LARGEST_FIRST = (a, b) -> SAMPLE_ORDER.compare(b, a);

    record SideKey(String entity, SourceSide side) {
        SourceSummary.Side summarized() {
            return new SourceSummary.Side(entity, SourceSummary.sideText(side));
        }
    }

    /** @param context what a variable part is an id of (the name before it in the template), or null */
    record IndexedPart(SourceSide side, String text, String context) {
    }

    static final class SourceEntry {
        final String entity;
        final Map<String, AttributeValue> key;
        final String pk;
        final long hash;
        /** The item's string and number leaves, as two parallel arrays (an entry may stay long: no map of its own). */
        final AttributePath[] paths;
        final AttributeValue[] values;
        final List<IndexedPart> parts;

        SourceEntry(String entity, Map<String, AttributeValue> key, String pk, long hash, Leaves leaves,
                    List<IndexedPart> parts) {
            this.entity = entity;
            this.key = key;
            this.pk = pk;
            this.hash = hash;
            this.paths = Arrays.copyOf(leaves.paths, leaves.size);
            this.values = Arrays.copyOf(leaves.values, leaves.size);
            this.parts = List.copyOf(parts);
        }

        /** The value of one leaf, or null when the item has none there. */
        AttributeValue leaf(AttributePath path) {
            for (int i = 0; i < paths.length; i++) {
                if (paths[i].equals(path)) {
                    return values[i];
                }
            }
            return null;
        }
    }

    /**
     * One source a part's text names, and the next one for the same text.
     *
     * @param contexts what the part's variable is an id of, in the source entity's items (the names before it); empty
     *                 for a whole value, null when there are too many to say
     */
    record Ref(SourceSide side, SourceEntry entry, Set<String> contexts, Ref next) {
        boolean sameContext(String context) {
            if (contexts == null || context == null) {
                return true;
            }
            for (var known : contexts) {
                if (KeyReading.KeyVariable.sameContext(known, context)) {
                    return true;
                }
            }
            return contexts.isEmpty();
        }
    }
}

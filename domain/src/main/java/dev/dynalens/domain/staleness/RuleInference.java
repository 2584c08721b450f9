package dev.dynalens.domain.staleness;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.KeyTemplate;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.DenormalizationRule.Endpoint;
import dev.dynalens.domain.staleness.DenormalizationRule.IdShape;
import dev.dynalens.domain.staleness.DenormalizationRule.KeyPart;
import dev.dynalens.domain.staleness.DenormalizationRule.Reference;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Finds denormalization rules in the data, with no configuration, in two streaming passes.
 *
 * <p><b>Pass 1</b> ({@link #acceptSource}) indexes the items a copy can point at, with their string and number leaves
 * (top-level attributes and map leaves down to {@link Options#maxDepth}; the table's key attributes excluded), by every
 * key part that can name them: a <em>root</em> (the one item of its entity in its partition: no sort key, a constant
 * one such as {@code PROFILE}, or one equal to the partition key) by its partition key, the id in it, and the parts of
 * its other keys; any other item by its sort key, its index keys and their template variables ({@code ORG#acme /
 * PROJECT#P-1} by {@code PROJECT#P-1} and {@code P-1}). Parts that are constants ({@code PROFILE}) name nothing and are
 * left out. Roots are all indexed (up to {@link Options#maxSourceEntries}); of the other items of an entity, a
 * deterministic sample: the {@link Options#sourcesPerEntity} with the smallest hashes of their primary key, so the
 * sample does not depend on the order the items come in.
 *
 * <p><b>Pass 2</b> ({@link #acceptCopy}) looks at every item. Its string and number leaves, and the variables of its
 * key values, are the reference candidates: each text is looked up among the indexed parts, which gives a reference
 * per part pair: {@code authorId} holds the user's id ({@code @authorId}), {@code SK} holds a team's key
 * ({@code @SK:key}), the item's partition key is a root's of another entity in it ({@code @key}), the second variable
 * of the sort key is a post's id ({@code @SK:2}), the partition key is a project's sort key ({@code @PK=SK}). For each
 * resolved source, every other leaf of the item is a copy candidate (not the table's keys, and not a leaf that itself
 * references that source entity, so {@code authorId} is never a "copy" of {@code USER.userId}). A candidate (copy
 * entity, copy attribute, source entity, reference) counts the copies it resolved and, per source attribute, how many
 * equal it (equality implies the same type: strings never equal numbers).
 *
 * <p><b>Merging.</b> Parts of a table read apart (Scan segments, file splits) combine into the answer one pass over all
 * of it gives: {@link #absorbSources} adds another inference's pass 1 (the source sample stays the smallest hashes, a
 * tie between sources the smaller key), {@link #forCopies} hands out an inference that counts copies against these
 * sources, and {@link #absorbCounts} adds its counts. Exact while no root was dropped ({@link #droppedSources()}) and
 * no candidate refused ({@link #prunedCandidates()}): those bounds keep whichever came first.
 *
 * <p><b>Bounds.</b> Per (copy entity, source entity) at most {@link Options#maxCandidatesPerEntityPair} candidates;
 * more are refused and counted. Copies are never kept: memory is the source index (per indexed item its key and its
 * scalar leaves; at most {@link Options#maxSourceEntries} roots, further ones counted in {@link #droppedSources()}; at
 * most {@link Options#sourcesPerEntity} other items per entity) plus the candidates' counters.
 *
 * <p>The classifier must already have read the table, so that entity names do not change between the passes. Not
 * thread-safe; inferences of {@link #forCopies} only read the shared sources and may run on threads of their own.
 */
public final class RuleInference {
    /**
     * @param minConfidence              a rule holds when at least this share of its copies agree
     * @param minSupport                 and at least this many agree
     * @param maxCandidatesPerEntityPair candidates kept per (copy entity, source entity)
     * @param sampleSize                 a rule's counts are those of every copy; kept for callers that set it (no
     *                                   candidate is pruned part-way any more: that depended on the order of the items)
     * @param maxSourceEntries           roots indexed in pass 1
     * @param maxDepth                   map nesting read for leaves: 1 is top-level attributes only
     * @param sourcesPerEntity           items other than roots sampled per entity as sources (by their key's hash)
     * @param copiesPerEntity            items read per entity as copies in pass 2 (by their key's hash); an entity with
     *                                   more has its rules' figures counted on that sample (detection counts every copy)
     */
    public record Options(double minConfidence, long minSupport, int maxCandidatesPerEntityPair, int sampleSize,
                          int maxSourceEntries, int maxDepth, int sourcesPerEntity, int copiesPerEntity) {
        public static final Options DEFAULTS = new Options(0.6, 2, 256, 1_000, 2_000_000, 3, 20_000, 50_000);

        public Options {
            if (minConfidence < 0 || minConfidence > 1 || minSupport < 1 || maxCandidatesPerEntityPair < 1 || sampleSize < 1
                    || maxSourceEntries < 0 || maxDepth < 1 || sourcesPerEntity < 0 || copiesPerEntity < 1) {
                throw new IllegalArgumentException("Invalid inference options: " + this);
            }
        }

        /** With the default samples: {@value #DEFAULT_SOURCES_PER_ENTITY} sources besides roots, {@value #DEFAULT_COPIES_PER_ENTITY} copies. */
        public Options(double minConfidence, long minSupport, int maxCandidatesPerEntityPair, int sampleSize, int maxSourceEntries,
                       int maxDepth) {
            this(minConfidence, minSupport, maxCandidatesPerEntityPair, sampleSize, maxSourceEntries, maxDepth, DEFAULT_SOURCES_PER_ENTITY,
                    DEFAULT_COPIES_PER_ENTITY);
        }

        static final int DEFAULT_SOURCES_PER_ENTITY = 20_000;
        static final int DEFAULT_COPIES_PER_ENTITY = 50_000;
    }

    private final KeyReading keys;
    private final Options options;
    private final SourceIndex sources;
    /** The candidates by (copy entity, source entity, reference), then by copy attribute. */
    private final Map<GroupKey, Map<AttributePath, Candidate>> candidates = new HashMap<>();
    private final Map<List<String>, int[]> candidatesPerEntityPair = new HashMap<>();
    /** The leaf paths pass 2 reads off every item, made once: top-level attributes and their map keys. */
    private final PathNode leafPaths = new PathNode(null);
    /** The key attributes' variables as key parts, made once per (attribute, variable). */
    private final PerVariable<KeyPart> keyVariableParts = new PerVariable<>(
            (attribute, variable) -> new KeyPart(AttributePath.of(attribute), variable));
    private long refusedCandidates;

    public RuleInference(EntityClassifier classifier, Options options) {
        this(new KeyReading(Objects.requireNonNull(classifier, "classifier")), options, null);
    }

    private RuleInference(KeyReading keys, Options options, SourceIndex shared) {
        this.keys = keys;
        this.options = Objects.requireNonNull(options, "options");
        this.sources = shared != null ? shared : new SourceIndex(keys, options);
    }

    /** Both passes over a re-readable source of items. */
    public static List<InferredRule> infer(EntityClassifier classifier, Iterable<Item> items, Options options) {
        var inference = new RuleInference(classifier, options);
        items.forEach(inference::acceptSource);
        items.forEach(inference::acceptCopy);
        return inference.result();
    }

    /** Pass 1: index the item if a copy can point at it. */
    public void acceptSource(Item item) {
        acceptSource(item, keys.entityOf(item), keys.isRoot(item));
    }

    /** Pass 1 with the item's entity and root-ness already read (by a pass that had the classifier to itself). */
    void acceptSource(Item item, String entity, boolean root) {
        if (sources.offerKeys(item, entity, root)) {
            sources.admit(item);
        }
    }

    /**
     * Pass 1 in two stages, for a reader that can skip the rest of an item: its keys first (they name the parts it can be
     * found by, and the statistics of every part), and true when it is to be kept as a source: then
     * {@link #acceptSourceWhole} with the whole item, before the next item's keys.
     *
     * @param hash the item's key hash ({@link #hash(Item, KeyReading)}), read once by the naming pass
     */
    boolean acceptSourceKeys(Item keysOnly, String entity, boolean root, long hash) {
        return sources.offerKeys(keysOnly, entity, root, hash);
    }

    void acceptSourceWhole(Item whole) {
        sources.admit(whole);
    }

    /** Pass 2: count, for each reference the item resolves, which of its leaves equal the source's. */
    public void acceptCopy(Item item) {
        acceptCopy(item, keys.entityOf(item), keys.isRoot(item));
    }

    /** Pass 2 with the item's entity and root-ness already read. */
    void acceptCopy(Item item, String entity, boolean root) {
        if (hash(item, keys) <= copyThreshold(entity)) {
            acceptSampledCopy(item, entity, root);
        }
    }

    /** Pass 2 of an item its entity's sample of copies holds (its key hash is at most {@link #copyThreshold}), as its caller read. */
    void acceptSampledCopy(Item item, String entity, boolean root) {
        var index = sources.sealed();
        if (index.isEmpty()) {
            return;
        }
        var ownPk = keys.partitionText(item);
        var leaves = new Leaves();
        for (var attribute : item.attributes().entrySet()) {
            leaves(leafPaths.child(attribute.getKey()), attribute.getValue(), 1, options.maxDepth(), leaves);
        }
        var probe = new Probe(item, entity, root, ownPk, index);
        int longest = sources.longestText(); // titles and names are mostly longer than any key part: not hashed at all
        for (int i = 0; i < leaves.size; i++) {
            var text = KeyReading.scalarText(leaves.values[i]);
            var refs = text == null || text.length() > longest ? null : index.get(text);
            if (refs != null) {
                resolve(leaves.nodes[i] != null ? leaves.nodes[i].whole() : new KeyPart(leaves.paths[i], 0), i, null, refs, probe);
            }
        }
        for (var attribute : keys.keyAttributes()) {
            if (!(item.attributes().get(attribute) instanceof AttributeValue.Str)) {
                continue;
            }
            int leaf = -1; // the key attribute's own leaf (a string at the top level: always one)
            for (int i = 0; i < leaves.size && leaf < 0; i++) {
                if (leaves.paths[i].isTopLevel() && leaves.paths[i].attributeName().equals(attribute)) {
                    leaf = i;
                }
            }
            var variables = keys.keyVariables(item, attribute);
            for (int i = 0; i < variables.size(); i++) {
                var variable = variables.get(i);
                var refs = variable.text().length() > longest ? null : index.get(variable.text());
                if (refs != null) {
                    resolve(keyVariablePart(attribute, i + 1), leaf, variable.context(), refs, probe);
                }
            }
        }
        if (probe.resolutions == null) {
            return;
        }
        for (var resolution : probe.resolutions) {
            var source = resolution.source;
            var groupKey = new GroupKey(entity, source.entity, resolution.reference);
            var group = group(groupKey);
            for (int i = 0; i < leaves.size; i++) {
                var path = leaves.paths[i];
                if (keys.isTableKey(path.attributeName()) || probe.references(source.entity, i)) {
                    continue;
                }
                var candidate = candidate(groupKey, group, path);
                if (candidate != null) {
                    candidate.count(leaves.values[i], source);
                }
            }
        }
    }

    /** One copy's look-ups: what it is, and what its references resolved (made only once one does). */
    private final class Probe {
        final Item item;
        final String entity;
        final boolean root;
        final String ownPk;
        final Map<String, Ref> index;
        List<Resolution> resolutions;
        /** The (source entity, leaf number) pairs a part of this item names a source by, as two parallel arrays (few). */
        private String[] referencingEntities;
        private int[] referencingLeaves;
        private int referencing;
        private final AttributeValue ownPkValue;
        private final AttributeValue ownSkValue;

        Probe(Item item, String entity, boolean root, String ownPk, Map<String, Ref> index) {
            this.item = item;
            this.entity = entity;
            this.root = root;
            this.ownPk = ownPk;
            this.index = index;
            this.ownPkValue = item.attributes().get(keys.partitionKeyName());
            this.ownSkValue = keys.sortKeyName() == null ? null : item.attributes().get(keys.sortKeyName());
        }

        /** Whether a source is this item (its key compared attribute by attribute, without building the item's key). */
        boolean isItself(SourceEntry source) {
            // Equal partition keys have equal texts: most sources differ in that already.
            if (!Objects.equals(source.pk, ownPk) || !Objects.equals(source.key.get(keys.partitionKeyName()), ownPkValue)) {
                return false;
            }
            var sk = keys.sortKeyName();
            return sk == null || Objects.equals(source.key.get(sk), ownSkValue);
        }

        /** A part of the leaf numbered {@code leaf} (-1: of no leaf, nothing to note) names a source of {@code sourceEntity}. */
        void referenced(String sourceEntity, int leaf) {
            // A part's look-up finds many sources of one entity in a row: the pair just noted is the likeliest.
            if (leaf < 0 || referencing > 0 && referencingLeaves[referencing - 1] == leaf && referencingEntities[referencing - 1] == sourceEntity
                    || references(sourceEntity, leaf)) {
                return;
            }
            if (referencingEntities == null) {
                referencingEntities = new String[4];
                referencingLeaves = new int[4];
            } else if (referencing == referencingEntities.length) {
                referencingEntities = Arrays.copyOf(referencingEntities, referencing * 2);
                referencingLeaves = Arrays.copyOf(referencingLeaves, referencing * 2);
            }
            referencingEntities[referencing] = sourceEntity;
            referencingLeaves[referencing++] = leaf;
        }

        /** Whether a part of the leaf numbered {@code leaf} names a source of {@code sourceEntity}: then it is no copy of it. */
        boolean references(String sourceEntity, int leaf) {
            for (int i = 0; i < referencing; i++) {
                if (referencingLeaves[i] == leaf && referencingEntities[i].equals(sourceEntity)) {
                    return true;
                }
            }
            return false;
        }

        void resolved(Resolution resolution) {
            if (resolutions == null) {
                resolutions = new ArrayList<>(4);
            }
            resolutions.add(resolution);
        }
    }

    /** An item's string and number leaves as two parallel arrays (cheaper than a map on the hot path). */
    private static final class Leaves {
        AttributePath[] paths = new AttributePath[16];
        AttributeValue[] values = new AttributeValue[16];
        /** The path's node where it has one (pass 2), else null. */
        PathNode[] nodes = new PathNode[16];
        int size;

        void add(AttributePath path, AttributeValue value) {
            add(path, null, value);
        }

        void add(AttributePath path, PathNode node, AttributeValue value) {
            if (size == paths.length) {
                paths = Arrays.copyOf(paths, size * 2);
                values = Arrays.copyOf(values, size * 2);
                nodes = Arrays.copyOf(nodes, size * 2);
            }
            paths[size] = path;
            nodes[size] = node;
            values[size++] = value;
        }
    }

    private KeyPart keyVariablePart(String attribute, int variable) {
        return keyVariableParts.get(attribute, variable);
    }

    /** Values made once per (key attribute, variable number), so that every item's parts share them. */
    private static final class PerVariable<T> {
        private final Map<String, Object[]> byAttribute = new HashMap<>();
        private final java.util.function.BiFunction<String, Integer, T> make;

        PerVariable(java.util.function.BiFunction<String, Integer, T> make) {
            this.make = make;
        }

        @SuppressWarnings("unchecked")
        T get(String attribute, int variable) {
            var values = byAttribute.get(attribute);
            if (values == null || values.length <= variable) {
                values = values == null ? new Object[Math.max(variable + 1, 4)] : Arrays.copyOf(values, Math.max(variable + 1, 4));
                byAttribute.put(attribute, values);
            }
            var value = (T) values[variable];
            if (value == null) {
                value = make.apply(attribute, variable);
                values[variable] = value;
            }
            return value;
        }
    }

    /**
     * A leaf path and the paths below it, each made once: items of an entity have the same few attribute names. A map
     * with more keys than {@link #MAX_CHILDREN} (keys that are ids) has the further ones made afresh, so this stays small.
     */
    private static final class PathNode {
        static final int MAX_CHILDREN = 1024;
        final AttributePath path;
        private Map<String, PathNode> children;
        private KeyPart whole;

        PathNode(AttributePath path) {
            this.path = path;
        }

        /** The path's whole value as a key part, made once. */
        KeyPart whole() {
            if (whole == null) {
                whole = new KeyPart(path, 0);
            }
            return whole;
        }

        PathNode child(String name) {
            if (children == null) {
                children = new HashMap<>();
            }
            var child = children.get(name);
            if (child == null) {
                child = new PathNode(path == null ? AttributePath.of(name) : path.key(name));
                if (children.size() < MAX_CHILDREN) {
                    children.put(name, child);
                }
            }
            return child;
        }
    }

    private static void leaves(PathNode node, AttributeValue value, int depth, int maxDepth, Leaves out) {
        if (value instanceof AttributeValue.Str s) {
            out.add(node.path, node, s);
        } else if (value instanceof AttributeValue.Num n) {
            out.add(node.path, node, n);
        } else if (value instanceof AttributeValue.MapValue map && depth < maxDepth) {
            map.values().forEach((name, child) -> leaves(node.child(name), child, depth + 1, maxDepth, out));
        }
    }

    private static void leaves(AttributePath path, AttributeValue value, int depth, int maxDepth, Leaves out) {
        if (value instanceof AttributeValue.Str s) {
            out.add(path, s);
        } else if (value instanceof AttributeValue.Num n) {
            out.add(path, n);
        } else if (value instanceof AttributeValue.MapValue map && depth < maxDepth) {
            map.values().forEach((name, child) -> leaves(path.key(name), child, depth + 1, maxDepth, out));
        }
    }

    /**
     * The references one text of a copy resolves, each to one source item other than the copy itself. A plain
     * attribute holds a root's partition key or the id in it ({@code authorId}, as it always did); the copy's key parts
     * (its table and index keys, whole or one variable) may equal any key part of the source. A variable matches only
     * a variable of the same name ({@code POST#{date}#{slug}} and {@code POST#{slug}}), so ids of different things that
     * happen to be equal numbers are not taken for references.
     *
     * A root's partition key names the root itself: it references no item that merely carries it (an edge pointing
     * at the user is the user's copy, not its source).
     *
     * @param context what a variable of the copy is an id of (the name before it), or null
     */
    /** @param leaf the number of the copy's leaf the part is of (of its value or a variable in it), or -1 */
    private void resolve(KeyPart copyPart, int leaf, String context, Ref refs, Probe probe) {
        boolean ownPartitionKey = copyPart.isWhole() && copyPart.attribute().isTopLevel()
                && copyPart.attribute().attributeName().equals(keys.partitionKeyName());
        boolean keyPart = copyPart.attribute().isTopLevel() && keys.keyAttributes().contains(copyPart.attribute().attributeName());
        boolean rootsOwnKey = probe.root && isPartitionKey(copyPart);
        for (var ref = refs; ref != null; ref = ref.next) {
            boolean nonRootSide = ref.side instanceof SourceSide.Part part && !isPartitionKey(part.part());
            if (nonRootSide && (!keyPart || rootsOwnKey)) {
                continue;
            }
            if (!copyPart.isWhole() && !ref.sameContext(context)) {
                continue;
            }
            var source = ref.entry;
            // A part that names a source is a reference to that entity, never a copy of it, even when it names the
            // item itself or its own partition (that resolution is the own-key one).
            probe.referenced(source.entity, leaf);
            if (probe.isItself(source)) {
                continue;
            }
            Reference reference;
            if (ownPartitionKey) {
                if (ref.side instanceof SourceSide.PartitionKey) {
                    reference = source.entity.equals(probe.entity) ? null : Reference.ByOwnKey.INSTANCE;
                } else if (ref.side instanceof SourceSide.PartitionId) {
                    reference = null;
                } else if (ref.side instanceof SourceSide.Part part) {
                    reference = new Reference.ByKeyPart(copyPart, part.part());
                } else {
                    throw new IllegalStateException("unexpected " + ref.side.getClass());
                }
            } else {
                if (source.pk != null && source.pk.equals(probe.ownPk) && !(ref.side instanceof SourceSide.Part part && !isPartitionKey(part.part()))) {
                    continue; // the own partition's root: the own-key reference says so
                }
                if (ref.side instanceof SourceSide.PartitionKey) {
                    reference = new Reference.ByAttribute(copyPart.attribute(), copyPart.variable(), IdShape.KEY);
                } else if (ref.side instanceof SourceSide.PartitionId) {
                    reference = new Reference.ByAttribute(copyPart.attribute(), copyPart.variable(), IdShape.ID);
                } else if (ref.side instanceof SourceSide.Part part) {
                    reference = new Reference.ByKeyPart(copyPart, part.part());
                } else {
                    throw new IllegalStateException("unexpected " + ref.side.getClass());
                }
            }
            if (reference == null || !copyPart.isWhole() && resolvedWhole(probe.resolutions, copyPart.attribute(), source)) {
                continue; // a variable finding the same source as its whole value adds nothing
            }
            probe.resolved(new Resolution(reference, copyPart, source));
        }
    }

    private boolean isPartitionKey(KeyPart part) {
        return part.attribute().isTopLevel() && part.attribute().attributeName().equals(keys.partitionKeyName());
    }

    private static boolean resolvedWhole(List<Resolution> resolutions, AttributePath attribute, SourceEntry source) {
        if (resolutions == null) {
            return false;
        }
        for (var resolution : resolutions) {
            if (resolution.source == source && resolution.part.isWhole() && resolution.part.attribute().equals(attribute)) {
                return true;
            }
        }
        return false;
    }

    private Map<AttributePath, Candidate> group(GroupKey key) {
        // Copies of an entity resolve the same few references one after another: a look among the last few comes first
        // (a record's hash is computed afresh each time; most comparisons fail at the first field that differs).
        for (int i = 0; i < RECENT_GROUPS; i++) {
            if (key.equals(recentKeys[i])) {
                return recentGroups[i];
            }
        }
        var group = candidates.computeIfAbsent(key, k -> new HashMap<>());
        recentKeys[nextRecent] = key;
        recentGroups[nextRecent] = group;
        nextRecent = (nextRecent + 1) % RECENT_GROUPS;
        return group;
    }

    private static final int RECENT_GROUPS = 8;
    private final GroupKey[] recentKeys = new GroupKey[RECENT_GROUPS];
    @SuppressWarnings("unchecked")
    private final Map<AttributePath, Candidate>[] recentGroups = new Map[RECENT_GROUPS];
    private int nextRecent;

    private Candidate candidate(GroupKey key, Map<AttributePath, Candidate> group, AttributePath path) {
        var candidate = group.get(path);
        if (candidate != null) {
            return candidate;
        }
        var used = candidatesPerEntityPair.computeIfAbsent(List.of(key.copyEntity, key.sourceEntity), k -> new int[1]);
        if (used[0] >= options.maxCandidatesPerEntityPair()) {
            refusedCandidates++;
            return null;
        }
        used[0]++;
        candidate = new Candidate();
        group.put(path, candidate);
        return candidate;
    }

    /**
     * The largest key hash of the copies pass 2 reads of {@code entity} (its {@link Options#copiesPerEntity} items with
     * the smallest hashes, seen in pass 1); every item of an entity with fewer.
     */
    long copyThreshold(String entity) {
        var sample = sources.copySamples.get(entity);
        return sample == null ? Long.MAX_VALUE : sample.threshold();
    }

    // ---- merging ----

    /** Adds the sources another inference of the same table indexed in its pass 1 (a Scan segment, a file split). */
    public void absorbSources(RuleInference other) {
        sources.absorb(other.sources);
    }

    /** An inference that counts copies against this one's sources (pass 1 must be over), for one split of pass 2. */
    public RuleInference forCopies() {
        sources.sealed();
        return new RuleInference(keys.copy(), options, sources);
    }

    /** The key templates the naming pass read for the item given next ({@link KeyReading#know}). */
    void know(Item item, KeyTemplate partitionKey, KeyTemplate sortKey) {
        keys.know(item, partitionKey, sortKey);
    }

    /** Adds a split's counts (from {@link #forCopies}). */
    public void absorbCounts(RuleInference split) {
        if (split.sources != sources) {
            throw new IllegalArgumentException("Absorb only the split inferences this inference handed out");
        }
        split.candidates.forEach((key, theirGroup) -> {
            var group = group(key);
            theirGroup.forEach((path, theirs) -> {
                var mine = group.get(path);
                if (mine == null) {
                    var used = candidatesPerEntityPair.computeIfAbsent(List.of(key.copyEntity, key.sourceEntity), k -> new int[1]);
                    used[0]++;
                    group.put(path, theirs.copy());
                } else {
                    mine.add(theirs);
                }
            });
        });
        refusedCandidates += split.refusedCandidates;
    }

    /** Rules that hold, one per copy attribute (the best supported source), most support first. */
    public List<InferredRule> result() {
        var best = new LinkedHashMap<List<Object>, InferredRule>();
        var order = Comparator.comparingLong(InferredRule::support).thenComparingDouble(InferredRule::confidence)
                .thenComparingInt(r -> referenceRank(r.rule().reference()))
                .thenComparing(r -> -r.rule().toSpec().length());
        var keysInOrder = new ArrayList<CandidateKey>();
        candidates.forEach((group, byPath) -> byPath.keySet().forEach(path -> keysInOrder.add(
                new CandidateKey(group.copyEntity, path, group.sourceEntity, group.reference))));
        keysInOrder.sort(Comparator.comparing(CandidateKey::toString));
        for (var key : keysInOrder) {
            var candidate = candidates.get(new GroupKey(key.copyEntity, key.sourceEntity, key.reference)).get(key.copyAttribute);
            var agreements = new ArrayList<>(candidate.agreements.entrySet());
            agreements.sort(Comparator.comparing(e -> e.getKey().render()));
            for (var agreement : agreements) {
                long support = agreement.getValue()[0];
                double confidence = (double) support / candidate.resolved;
                if (support < options.minSupport() || confidence < options.minConfidence()) {
                    continue;
                }
                var rule = new InferredRule(new DenormalizationRule(new Endpoint(key.sourceEntity, agreement.getKey()),
                        new Endpoint(key.copyEntity, key.copyAttribute), key.reference), candidate.resolved, support, confidence);
                best.merge(List.of(key.copyEntity, key.copyAttribute), rule, (a, b) -> order.compare(a, b) >= 0 ? a : b);
            }
        }
        return best.values().stream()
                .sorted(Comparator.comparingLong(InferredRule::support).reversed().thenComparing(r -> r.rule().toSpec()))
                .toList();
    }

    /**
     * Higher is preferred among equally supported references: a plain attribute holding the id, or the key, the own
     * key, a key attribute holding a key, a key part equal to a key part, and last the ones through a key variable.
     */
    private int referenceRank(Reference reference) {
        if (reference instanceof Reference.ByAttribute byAttribute) {
            if (byAttribute.variable() > 0) {
                return 2;
            }
            return keys.isAnyKey(byAttribute.attribute().attributeName()) ? 4 : byAttribute.shape() == IdShape.ID ? 7 : 6;
        } else if (reference instanceof Reference.ByOwnKey) {
            return 5;
        } else if (reference instanceof Reference.ByKeyPart byKeyPart) {
            return byKeyPart.copy().isWhole() && byKeyPart.source().isWhole() ? 3 : 1;
        } else {
            throw new IllegalStateException("unexpected " + reference.getClass());
        }
    }

    /**
     * For detection by an inferred rule: every item of {@code entity} that {@code side} names (the smallest key where
     * several carry the same text), with its key and the value of {@code attribute} (null when it lacks it), when pass 1
     * kept all of them: no root was dropped, the entity's other items all fit its sample, and every item carrying the side
     * was indexed by it. Empty otherwise (detection then reads its sources itself).
     */
    Optional<Map<String, Map.Entry<Map<String, AttributeValue>, AttributeValue>>> exactSources(String entity, SourceSide side,
                                                                                                   AttributePath attribute) {
        if (sources.droppedRoots > 0 || sources.offered.getOrDefault(entity, new long[1])[0] > options.sourcesPerEntity()
                || sources.incomplete.contains(new SideKey(entity, side))) {
            return Optional.empty();
        }
        var byText = new HashMap<String, SourceEntry>();
        var sideKey = new SideKey(entity, side);
        sources.roots.getOrDefault(sideKey, Map.of()).forEach((text, entry) -> sources.putSmaller(byText, text, entry));
        for (var entry : sources.samples.getOrDefault(entity, new PriorityQueue<>())) {
            for (var part : entry.parts) {
                if (part.side.equals(side)) {
                    sources.putSmaller(byText, part.text, entry);
                }
            }
        }
        var exact = new HashMap<String, Map.Entry<Map<String, AttributeValue>, AttributeValue>>();
        byText.forEach((text, entry) -> exact.put(text, new AbstractMap.SimpleImmutableEntry<>(entry.key, entry.leaf(attribute))));
        return Optional.of(exact);
    }

    /** Roots held by the source index. */
    public long sourceEntries() {
        return sources.rootCount;
    }

    /** Items other than roots held by the source index (at most {@link Options#sourcesPerEntity} per entity). */
    public long sampledSources() {
        return sources.sampledCount();
    }

    /** Roots not indexed because {@link Options#maxSourceEntries} was reached. */
    public long droppedSources() {
        return sources.droppedRoots;
    }

    /** Candidates being counted now. */
    public int candidateCount() {
        int count = 0;
        for (var group : candidates.values()) {
            count += group.size();
        }
        return count;
    }

    /** Candidates refused because their entity pair was full. */
    public long prunedCandidates() {
        return refusedCandidates;
    }

    // ---- the source index ----

    /**
     * Pass 1's state: roots by every part, a sample of the other items per entity, and once sealed the look-up from a
     * part's text to the items that carry it.
     */
    private static final class SourceIndex {
        /** A part identifies items when at least this share of the items that carry it carry a value of their own. */
        static final double IDENTIFYING_SHARE = 0.9;
        /** Names kept per variable part; beyond, the part's variable is taken for an id of anything. */
        static final int MAX_CONTEXTS = 16;
        final KeyReading keys;
        final Options options;
        /** (entity, side, text) to the item that is the source there: the smallest key among those that carry it. */
        final Map<SideKey, Map<String, SourceEntry>> roots = new HashMap<>();
        /** Per entity, the sampled other items, the largest hash on top. */
        final Map<String, PriorityQueue<SourceEntry>> samples = new HashMap<>();
        /** Per entity, the smallest key hashes of its items: which of them pass 2 reads as copies. */
        final Map<String, HashSample> copySamples = new HashMap<>();
        /** Per entity, the items other than roots offered to its sample: all of them are in it while this is at most its size. */
        final Map<String, long[]> offered = new HashMap<>();
        /**
         * The (entity, side)s some item carries but is not indexed by (a whole key part equal to its partition key or
         * without a variable, an id that is the whole partition key): detection, which indexes every such item, cannot
         * take those sides' sources from here ({@link #exactSources}).
         */
        final Set<SideKey> incomplete = new HashSet<>();
        /** Per (entity, side), how many items carry the part and how many distinct values it has, over every item. */
        final Map<SideKey, DistinctCount> distinct = new HashMap<>();
        /** Per (entity, side) of a variable, the names before it; the side maps to null once there are too many. */
        final Map<SideKey, Set<String>> contexts = new HashMap<>();
        long rootCount;
        long droppedRoots;
        Map<String, Ref> sealed;
        private int longestText;

        SourceIndex(KeyReading keys, Options options) {
            this.keys = keys;
            this.options = options;
        }

        /** The item whose keys {@link #offerKeys} kept, waiting for {@link #admit}. */
        private String pendingEntity;
        private long pendingHash;
        private boolean pendingRoot;
        private List<IndexedPart> pendingParts;

        /** Stage 1: the parts the item's keys name are counted; true when the item is to be kept ({@link #admit}). */
        boolean offerKeys(Item item, String entity, boolean root) {
            return offerKeys(item, entity, root, hash(item, keys));
        }

        /** As {@link #offerKeys(Item, String, boolean)}, with the item's key hash already read ({@link #hash(Item, KeyReading)}). */
        boolean offerKeys(Item item, String entity, boolean root, long hash) {
            if (sealed != null) {
                throw new IllegalStateException("Pass 1 is over: copies are being counted against the sources");
            }
            pendingParts = null;
            var stats = entityStats(entity);
            stats.copySample.offer(hash);
            var parts = parts(item, entity, root);
            if (parts.isEmpty()) {
                return false;
            }
            for (var part : parts) {
                var side = stats.side(part.side);
                side.distinct.add(part.text);
                // Adding a name a side holds already changes nothing: only a new one goes to the set.
                if (part.context != null && !part.context.equals(side.lastContext)) {
                    addContext(side.key, part.context);
                    side.lastContext = part.context;
                }
            }
            if (root) {
                if (rootCount >= options.maxSourceEntries()) {
                    droppedRoots++;
                    return false;
                }
                rootCount++;
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
                for (var part : entry.parts) {
                    putSmaller(roots.computeIfAbsent(new SideKey(entry.entity, part.side), k -> new HashMap<>()), part.text, entry);
                }
            } else {
                offer(samples.get(entry.entity), entry);
            }
        }

        private void offer(PriorityQueue<SourceEntry> sample, SourceEntry entry) {
            if (sample.size() < options.sourcesPerEntity()) {
                sample.add(entry);
            } else if (SAMPLE_ORDER.compare(entry, sample.peek()) < 0) {
                sample.poll();
                sample.add(entry);
            }
        }

        private void putSmaller(Map<String, SourceEntry> byText, String text, SourceEntry entry) {
            byText.merge(text, entry, (known, offered) -> keys.compareKeys(known.key, offered.key) <= 0 ? known : offered);
        }

        private void addContext(SideKey side, String context) {
            if (contexts.containsKey(side) && contexts.get(side) == null) {
                return;
            }
            var known = contexts.computeIfAbsent(side, k -> new java.util.TreeSet<>());
            if (known.add(context) && known.size() > MAX_CONTEXTS) {
                contexts.put(side, null);
            }
        }

        /** The parts an item can be found by: a root's partition key and id, every item's other key parts. */
        private List<IndexedPart> parts(Item item, String entity, boolean root) {
            var parts = new ArrayList<IndexedPart>(4);
            var pk = keys.partitionText(item);
            if (root && pk != null) {
                parts.add(new IndexedPart(SourceSide.PartitionKey.INSTANCE, pk, null));
                var id = keys.partitionId(item);
                if (id != null && !id.equals(pk)) {
                    parts.add(new IndexedPart(SourceSide.PartitionId.INSTANCE, id, keys.partitionIdContext(item)));
                } else if (id != null) {
                    incomplete.add(new SideKey(entity, SourceSide.PartitionId.INSTANCE));
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
                        incomplete.add(new SideKey(entity, whole));
                    }
                }
                // The partition key's only variable is its id (PartitionId) already.
                if (partitionKey && variables.size() == 1) {
                    incomplete.add(new SideKey(entity, side(attribute, 1)));
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
                this.copySample = copySamples.computeIfAbsent(entity, e -> new HashSample(options.copiesPerEntity()));
                this.offered = SourceIndex.this.offered.computeIfAbsent(entity, e -> new long[1]);
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
                    var key = new SideKey(entity, side);
                    stats = new SideStats(key, distinct.computeIfAbsent(key, k -> new DistinctCount()));
                    sides.put(side, stats);
                }
                return stats;
            }
        }

        /** One (entity, side)'s distinct count, and the name last added before its variable. */
        private static final class SideStats {
            final SideKey key;
            final DistinctCount distinct;
            String lastContext;

            SideStats(SideKey key, DistinctCount distinct) {
                this.key = key;
                this.distinct = distinct;
            }
        }

        /** The item as a source: its key and its leaves, and the parts it can be found by; {@code hash} is its key's. */
        private SourceEntry entry(Item item, String entity, List<IndexedPart> parts, long hash) {
            var leaves = new Leaves();
            for (var attribute : item.attributes().entrySet()) {
                if (!keys.isTableKey(attribute.getKey())) {
                    leaves(AttributePath.of(attribute.getKey()), attribute.getValue(), 1, options.maxDepth(), leaves);
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
            var count = distinct.get(side);
            return count != null && count.distinctShare() >= IDENTIFYING_SHARE;
        }

        /** A key value whose template has no variable ({@code PROFILE}, {@code STATUS#OPEN}) names no one item. */
        private boolean isConstant(Item item, String attribute) {
            var template = keys.templateOf(item, attribute);
            return template == null || template.isConstant();
        }

        /** The names before a side's variable: empty for a whole value, null when any name goes. */
        private Set<String> contextsOf(SideKey side) {
            if (!contexts.containsKey(side)) {
                return Set.of();
            }
            var names = contexts.get(side);
            return names == null ? null : Set.copyOf(names);
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
            other.roots.forEach((side, byText) -> {
                var mine = roots.computeIfAbsent(side, k -> new HashMap<>());
                byText.forEach((text, entry) -> putSmaller(mine, text, entry));
            });
            // The same root may be counted by two inferences only if both read it; a split reads each item once.
            rootCount += other.rootCount;
            droppedRoots += other.droppedRoots;
            other.distinct.forEach((side, count) -> distinct.computeIfAbsent(side, k -> new DistinctCount()).absorb(count));
            other.contexts.forEach((side, names) -> {
                if (names == null) {
                    contexts.put(side, null);
                } else {
                    names.forEach(name -> addContext(side, name));
                }
            });
            incomplete.addAll(other.incomplete);
            other.offered.forEach((entity, count) -> offered.computeIfAbsent(entity, e -> new long[1])[0] += count[0]);
            other.copySamples.forEach((entity, sample) ->
                    copySamples.computeIfAbsent(entity, e -> new HashSample(options.copiesPerEntity())).absorb(sample));
            other.samples.forEach((entity, theirs) -> {
                var sample = samples.computeIfAbsent(entity, e -> new PriorityQueue<>(LARGEST_FIRST));
                for (var entry : theirs) {
                    offer(sample, entry);
                }
            });
        }

        /** The look-up from a part's text to the sources that carry it, built once pass 1 is over. */
        Map<String, Ref> sealed() {
            if (sealed == null) {
                var index = new HashMap<String, Ref>();
                roots.forEach((side, byText) -> {
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
                int longest = 0;
                for (var text : index.keySet()) {
                    longest = Math.max(longest, text.length());
                }
                longestText = longest;
                sealed = index;
            }
            return sealed;
        }

        /** The length of the longest text the sealed index holds: a longer one is not in it, and is not looked up. */
        int longestText() {
            sealed();
            return longestText;
        }
    }

    /** The order of a sample: by the key's hash, then by the key's text (so ties do not depend on arrival). */
    private static final Comparator<SourceEntry> SAMPLE_ORDER = (a, b) -> {
        int byHash = Long.compare(a.hash, b.hash);
        return byHash != 0 ? byHash : RepairPlan.keyJson(a.key).compareTo(RepairPlan.keyJson(b.key));
    };
    /** The sample's heap order: the largest first. */
    private static final Comparator<SourceEntry> LARGEST_FIRST = (a, b) -> SAMPLE_ORDER.compare(b, a);

    /** A 64-bit hash of a primary key that is the same in every run (String's hash is specified). */
    static long hash(Map<String, AttributeValue> key) {
        long h = 0x9E3779B97F4A7C15L;
        for (var value : key.values()) {
            h = mix(h, value);
        }
        return h;
    }

    /** The same hash, read off the item's key attributes without building its key. */
    static long hash(Item item, KeyReading keys) {
        var pk = item.attributes().get(keys.partitionKeyName());
        return hash(pk, keys.sortKeyName() == null ? null : item.attributes().get(keys.sortKeyName()));
    }

    /** The same hash of an item's partition and sort key values (either null when the item lacks it). */
    static long hash(AttributeValue pk, AttributeValue sk) {
        long h = 0x9E3779B97F4A7C15L;
        if (pk != null) {
            h = mix(h, pk);
        }
        if (sk != null) {
            h = mix(h, sk);
        }
        return h;
    }

    /** Each key value's 64-bit hash folded in ({@link DistinctCount#hash64}: keys that differ in a counter spread evenly). */
    private static long mix(long h, AttributeValue value) {
        var text = KeyReading.scalarText(value);
        h = Long.rotateLeft(h, 29) ^ (text == null ? value.hashCode() : DistinctCount.hash64(text));
        h *= 0xBF58476D1CE4E5B9L;
        return h ^ (h >>> 31);
    }

    private record SideKey(String entity, SourceSide side) {
    }

    /** @param context what a variable part is an id of (the name before it in the template), or null */
    private record IndexedPart(SourceSide side, String text, String context) {
    }

    private static final class SourceEntry {
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
    private record Ref(SourceSide side, SourceEntry entry, Set<String> contexts, Ref next) {
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

    private record Resolution(Reference reference, KeyPart part, SourceEntry source) {
    }

    private record CandidateKey(String copyEntity, AttributePath copyAttribute, String sourceEntity, Reference reference) {
    }

    /** A group's key, its hash computed once: the copies' look-ups compare many keys that differ. */
    private static final class GroupKey {
        final String copyEntity;
        final String sourceEntity;
        final Reference reference;
        private final int hash;

        GroupKey(String copyEntity, String sourceEntity, Reference reference) {
            this.copyEntity = copyEntity;
            this.sourceEntity = sourceEntity;
            this.reference = reference;
            this.hash = (31 * copyEntity.hashCode() + sourceEntity.hashCode()) * 31 + reference.hashCode();
        }

        @Override
        public boolean equals(Object other) {
            return other == this || other instanceof GroupKey key && key.hash == hash && key.copyEntity.equals(copyEntity)
                    && key.sourceEntity.equals(sourceEntity) && key.reference.equals(reference);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private static final class Candidate {
        final Map<AttributePath, long[]> agreements = new LinkedHashMap<>();
        long resolved;

        void count(AttributeValue copyValue, SourceEntry source) {
            resolved++;
            for (int i = 0; i < source.values.length; i++) {
                if (copyValue.equals(source.values[i])) {
                    agreements.computeIfAbsent(source.paths[i], k -> new long[1])[0]++;
                }
            }
        }

        void add(Candidate other) {
            resolved += other.resolved;
            other.agreements.forEach((path, count) -> agreements.computeIfAbsent(path, k -> new long[1])[0] += count[0]);
        }

        Candidate copy() {
            var copy = new Candidate();
            copy.add(this);
            return copy;
        }
    }
}

package dev.dynalens.domain.staleness;

import dev.dynalens.domain.inference.Naming;
import dev.dynalens.domain.inference.KeyTemplate;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.DenormalizationRule.Endpoint;
import dev.dynalens.domain.staleness.DenormalizationRule.IdShape;
import dev.dynalens.domain.staleness.DenormalizationRule.KeyPart;
import dev.dynalens.domain.staleness.DenormalizationRule.Reference;
import dev.dynalens.domain.staleness.SourceIndex.Ref;
import dev.dynalens.domain.staleness.SourceIndex.SourceEntry;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Finds denormalization rules in the data, with no configuration, in two streaming passes.
 *
 * <p><b>Pass 1</b> ({@link #acceptSource}) indexes the items a copy can point at, with their string and number leaves
 * (top-level attributes and map leaves down to {@link Options#maxDepth}; the table's key attributes excluded), by every
 * key part that can name them: a <em>root</em> (the one item of its entity in its partition: no sort key, a constant
 * one such as {@code PROFILE}, or one equal to the partition key) by its partition key, the id in it, and the parts of
 * its other keys; any other item by its sort key, its index keys and their template variables ({@code ORG#acme /
 * PROJECT#P-1} by {@code PROJECT#P-1} and {@code P-1}). Parts that are constants ({@code PROFILE}) name nothing and are
 * left out. Roots are all indexed (up to {@link Options#maxSourceEntries}, those with the smallest hashes of their
 * primary key); of the other items of an entity, a deterministic sample: the {@link Options#sourcesPerEntity} with the
 * smallest hashes, so neither depends on the order the items come in.
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
 * sources, and {@link #absorbCounts} adds its counts, a plain value ({@link CopyCounts}): counts made against another
 * index of the same sources (another machine's) add as well; {@link #sourceSummary()} is pass 1's counts as a value.
 * Exact, past every bound, while no candidate was refused ({@link #prunedCandidates()}): that guard keeps whichever
 * came first.
 *
 * <p><b>Bounds.</b> The rules are read off at most {@link Options#maxCandidatesPerEntityPair} candidates per (copy
 * entity, source entity): those with the most resolved copies, whatever order the items came in ({@link #result()}).
 * While counting, a pair refuses candidates beyond {@value #COUNTED_PER_PAIR} times that (a guard on memory against
 * map keys that are data), and counts them. Copies are never kept: memory is the source index (per indexed item its
 * key and its scalar leaves; at most {@link Options#maxSourceEntries} roots, further ones counted in
 * {@link #droppedSources()}; at most {@link Options#sourcesPerEntity} other items per entity) plus the candidates'
 * counters.
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
     * @param maxSourceEntries           roots indexed in pass 1: those with the smallest key hashes (a tie: the smaller key)
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

    /** While counting, a (copy entity, source entity) refuses candidates beyond this many times its bound in the result. */
    static final int COUNTED_PER_PAIR = 16;

    private final KeyReading keys;
    private final Options options;
    private final SourceIndex sources;
    /** What pass 2 looks texts up in: the sealed {@link #sources}, or a lookup given to {@link #forCopies(SourceLookup)}. */
    private final SourceLookup lookup;
    /** Counts absorbed from other inferences' pass 2. */
    private CopyCounts absorbed = CopyCounts.EMPTY;
    /** The candidates by (copy entity, source entity, reference), then by copy attribute. */
    private final Map<GroupKey, Map<AttributePath, Candidate>> candidates = new HashMap<>();
    private final Map<List<String>, int[]> candidatesPerEntityPair = new HashMap<>();
    /** The leaf paths pass 2 reads off every item, made once: top-level attributes and their map keys. */
    private final Leaves.PathNode leafPaths = new Leaves.PathNode(null);
    /** The key attributes' variables as key parts, made once per (attribute, variable). */
    private final PerVariable<KeyPart> keyVariableParts = new PerVariable<>(
            (attribute, variable) -> new KeyPart(AttributePath.of(attribute), variable));
    private long refusedCandidates;

    /** @param classifier names the items: a classifier that has read the table's keys, or a {@link Naming} made from one */
    public RuleInference(Naming classifier, Options options) {
        this(new KeyReading(Objects.requireNonNull(classifier, "classifier")), options, null, null);
    }

    private RuleInference(KeyReading keys, Options options, SourceIndex shared, SourceLookup lookup) {
        this.keys = keys;
        this.options = Objects.requireNonNull(options, "options");
        this.sources = shared != null ? shared : new SourceIndex(keys, options);
        this.lookup = lookup != null ? lookup : this.sources;
    }

    /** Both passes over a re-readable source of items. */
    public static List<InferredRule> infer(Naming classifier, Iterable<Item> items, Options options) {
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
        int longest = lookup.longestText(); // titles and names are mostly longer than any key part: not hashed at all
        if (longest < 0) {
            return;
        }
        var ownPk = keys.partitionText(item);
        var leaves = new Leaves();
        for (var attribute : item.attributes().entrySet()) {
            Leaves.collect(leafPaths.child(attribute.getKey()), attribute.getValue(), 1, options.maxDepth(), leaves);
        }
        var probe = new Probe(item, entity, root, ownPk);
        for (int i = 0; i < leaves.size; i++) {
            var text = KeyReading.scalarText(leaves.values[i]);
            var refs = text == null || text.length() > longest ? null : lookup.get(text);
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
                var refs = variable.text().length() > longest ? null : lookup.get(variable.text());
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
        List<Resolution> resolutions;
        /** The (source entity, leaf number) pairs a part of this item names a source by, as two parallel arrays (few). */
        private String[] referencingEntities;
        private int[] referencingLeaves;
        private int referencing;
        private final AttributeValue ownPkValue;
        private final AttributeValue ownSkValue;

        Probe(Item item, String entity, boolean root, String ownPk) {
            this.item = item;
            this.entity = entity;
            this.root = root;
            this.ownPk = ownPk;
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

    private KeyPart keyVariablePart(String attribute, int variable) {
        return keyVariableParts.get(attribute, variable);
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
        for (var ref = refs; ref != null; ref = ref.next()) {
            boolean nonRootSide = ref.side() instanceof SourceSide.Part part && !isPartitionKey(part.part());
            if (nonRootSide && (!keyPart || rootsOwnKey)) {
                continue;
            }
            if (!copyPart.isWhole() && !ref.sameContext(context)) {
                continue;
            }
            var source = ref.entry();
            // A part that names a source is a reference to that entity, never a copy of it, even when it names the
            // item itself or its own partition (that resolution is the own-key one).
            probe.referenced(source.entity, leaf);
            if (probe.isItself(source)) {
                continue;
            }
            Reference reference;
            if (ownPartitionKey) {
                if (ref.side() instanceof SourceSide.PartitionKey) {
                    reference = source.entity.equals(probe.entity) ? null : Reference.ByOwnKey.INSTANCE;
                } else if (ref.side() instanceof SourceSide.PartitionId) {
                    reference = null;
                } else if (ref.side() instanceof SourceSide.Part part) {
                    reference = new Reference.ByKeyPart(copyPart, part.part());
                } else {
                    throw new IllegalStateException("unexpected " + ref.side().getClass());
                }
            } else {
                if (source.pk != null && source.pk.equals(probe.ownPk) && !(ref.side() instanceof SourceSide.Part part && !isPartitionKey(part.part()))) {
                    continue; // the own partition's root: the own-key reference says so
                }
                if (ref.side() instanceof SourceSide.PartitionKey) {
                    reference = new Reference.ByAttribute(copyPart.attribute(), copyPart.variable(), IdShape.KEY);
                } else if (ref.side() instanceof SourceSide.PartitionId) {
                    reference = new Reference.ByAttribute(copyPart.attribute(), copyPart.variable(), IdShape.ID);
                } else if (ref.side() instanceof SourceSide.Part part) {
                    reference = new Reference.ByKeyPart(copyPart, part.part());
                } else {
                    throw new IllegalStateException("unexpected " + ref.side().getClass());
                }
            }
            if (reference == null || !copyPart.isWhole() && resolvedWhole(probe.resolutions, copyPart.attribute(), source)) {
                continue; // a variable finding the same source as its whole value adds nothing
            }
            if (reference instanceof Reference.ByKeyPart byPart && byPart.copy().equals(byPart.source())
                    && source.entity.equals(probe.entity)) {
                // An item's own key part names the item itself: another item of its type that carries the same part
                // (two tasks made in the same minute) is no source of it, as the own partition key is none (above).
                continue;
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
        if (used[0] >= (long) options.maxCandidatesPerEntityPair() * COUNTED_PER_PAIR) {
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
        return sources.summary.copyThreshold(entity);
    }

    // ---- merging ----

    /** Adds the sources another inference of the same table indexed in its pass 1 (a Scan segment, a file split). */
    public void absorbSources(RuleInference other) {
        sources.absorb(other.sources);
    }

    /** An inference that counts copies against this one's sources (pass 1 must be over), for one split of pass 2. */
    public RuleInference forCopies() {
        sources.sealed();
        return new RuleInference(keys.copy(), options, sources, null);
    }

    /**
     * An inference that counts copies against {@code lookup} (the sources pass 1 found, held elsewhere), reading as
     * copies the items this one's pass 1 sampled ({@link #copyThreshold}).
     */
    RuleInference forCopies(SourceLookup lookup) {
        sources.sealed();
        return new RuleInference(keys.copy(), options, sources, Objects.requireNonNull(lookup, "lookup"));
    }

    /** The key templates the naming pass read for the item given next ({@link KeyReading#know}). */
    void know(Item item, KeyTemplate partitionKey, KeyTemplate sortKey) {
        keys.know(item, partitionKey, sortKey);
    }

    /** What pass 2 looks texts up in: this inference's sources, sealed (pass 1 is then over). */
    SourceLookup lookup() {
        sources.sealed();
        return lookup;
    }

    /** Adds another inference's counts of copies ({@link #forCopies}, or one that counted against an equal index). */
    public void absorbCounts(RuleInference split) {
        absorbCounts(split.counts());
    }

    /** Adds counts of copies made against the same sources (another part of pass 2, on this machine or another). */
    public void absorbCounts(CopyCounts counts) {
        absorbed = absorbed.merge(Objects.requireNonNull(counts, "counts"));
    }

    /** What pass 2 counted here, with the counts absorbed, as a value that merges with other parts' ({@link CopyCounts}). */
    public CopyCounts counts() {
        var own = new HashMap<CopyCounts.Candidate, CopyCounts.Tally>();
        candidates.forEach((group, byPath) -> {
            var reference = RuleSpec.renderReference(group.reference);
            byPath.forEach((path, candidate) -> {
                var agreements = new HashMap<String, Long>();
                candidate.agreements.forEach((attribute, count) -> agreements.put(attribute.render(), count[0]));
                own.put(new CopyCounts.Candidate(group.copyEntity, path.render(), group.sourceEntity, reference),
                        new CopyCounts.Tally(candidate.resolved, agreements));
            });
        });
        return absorbed.merge(new CopyCounts(own, refusedCandidates));
    }

    /**
     * Rules that hold, one per copy attribute (the best supported source), most support first: read off the
     * {@link Options#maxCandidatesPerEntityPair} candidates per (copy entity, source entity) with the most resolved
     * copies ({@link CopyCounts#kept}).
     */
    public List<InferredRule> result() {
        var best = new LinkedHashMap<List<Object>, InferredRule>();
        var order = Comparator.comparingLong(InferredRule::support).thenComparingDouble(InferredRule::confidence)
                .thenComparingInt(r -> referenceRank(r.rule().reference()))
                .thenComparing(r -> -r.rule().toSpec().length());
        var keysInOrder = new ArrayList<Map.Entry<CandidateKey, CopyCounts.Tally>>();
        counts().kept(options.maxCandidatesPerEntityPair()).forEach((candidate, tally) -> keysInOrder.add(Map.entry(
                new CandidateKey(candidate.copyEntity(), AttributePath.parse(candidate.copyAttribute()), candidate.sourceEntity(),
                        RuleSpec.parseReference(candidate.reference())), tally)));
        keysInOrder.sort(Comparator.comparing(entry -> entry.getKey().toString()));
        for (var entry : keysInOrder) {
            var key = entry.getKey();
            var tally = entry.getValue();
            var agreements = new ArrayList<>(tally.agreements().entrySet());
            agreements.sort(Map.Entry.comparingByKey());
            for (var agreement : agreements) {
                long support = agreement.getValue();
                double confidence = (double) support / tally.resolved();
                if (support < options.minSupport() || confidence < options.minConfidence()) {
                    continue;
                }
                var rule = new InferredRule(new DenormalizationRule(new Endpoint(key.sourceEntity, AttributePath.parse(agreement.getKey())),
                        new Endpoint(key.copyEntity, key.copyAttribute), key.reference), tally.resolved(), support, confidence);
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
        var byText = sources.exactSources(entity, side);
        if (byText == null) {
            return Optional.empty();
        }
        var exact = new HashMap<String, Map.Entry<Map<String, AttributeValue>, AttributeValue>>();
        byText.forEach((text, entry) -> exact.put(text, new AbstractMap.SimpleImmutableEntry<>(entry.key, entry.leaf(attribute))));
        return Optional.of(exact);
    }

    /** Roots held by the source index. */
    public long sourceEntries() {
        return sources.rootCount();
    }

    /** Items other than roots held by the source index (at most {@link Options#sourcesPerEntity} per entity). */
    public long sampledSources() {
        return sources.sampledCount();
    }

    /** Roots not indexed because {@link Options#maxSourceEntries} others had smaller key hashes (a tie: smaller keys). */
    public long droppedSources() {
        return sources.droppedRoots();
    }

    /** What pass 1 counted over every item, apart from the sources it keeps, as a value that merges ({@link SourceSummary}). */
    public SourceSummary sourceSummary() {
        return sources.summary.merge(new SourceSummary(options.copiesPerEntity()));
    }

    /** Candidates being counted now (absorbed ones included). */
    public int candidateCount() {
        int count = absorbed.candidateCount();
        for (var group : candidates.values()) {
            count += group.size();
        }
        return count;
    }

    /** Candidates refused while counting because their entity pair was full ({@link CopyCounts#refused()}). */
    public long prunedCandidates() {
        return refusedCandidates + absorbed.refused();
    }

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

    }
}

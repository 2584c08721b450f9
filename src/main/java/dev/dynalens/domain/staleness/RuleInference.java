package dev.dynalens.domain.staleness;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.DenormalizationRule.Endpoint;
import dev.dynalens.domain.staleness.DenormalizationRule.IdShape;
import dev.dynalens.domain.staleness.DenormalizationRule.Reference;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Finds denormalization rules in the data, with no configuration, in two streaming passes.
 *
 * <p><b>Pass 1</b> ({@link #acceptSource}) indexes every <em>root</em> item (the one item of its
 * entity in its partition: no sort key, a constant one such as {@code PROFILE}, or one equal to the
 * partition key) by its partition key, with its string and number leaves (top-level attributes and
 * map leaves down to {@link Options#maxDepth}; the table's key attributes excluded). Roots are the
 * only items a copy can point at by key.
 *
 * <p><b>Pass 2</b> ({@link #acceptCopy}) looks at every item. Its string and number leaves are the
 * reference candidates: a value is resolved as a whole partition key ({@code USER#102}), and as an
 * id inside each source entity's partition-key template ({@code 102} in {@code USER#{}}); the item's
 * own partition key resolves to the roots in its partition. For each resolved source, every other
 * leaf of the item is a copy candidate (not the table's keys, and not a leaf that itself references
 * that source entity, so {@code authorId} is never a "copy" of {@code USER.userId}). A candidate
 * (copy entity, copy attribute, source entity, reference) counts the copies it resolved and, per
 * source attribute, how many equal it (equality implies the same type: strings never equal numbers).
 *
 * <p><b>Bounds.</b> Per (copy entity, source entity) at most {@link Options#maxCandidatesPerEntityPair}
 * candidates; a candidate that after {@link Options#sampleSize} resolved copies agrees with no source
 * attribute in at least half of {@link Options#minConfidence} of them is pruned for good. Copies are
 * never kept: memory is the source index (per root, its key text and its scalar leaves, at most
 * {@link Options#maxSourceEntries} roots; further roots are counted in {@link #droppedSources()} and
 * cannot be resolved) plus the candidates' counters.
 *
 * <p>The classifier must already have read the table, so that entity names do not change between
 * the passes. Not thread-safe.
 */
public final class RuleInference {
    /**
     * @param minConfidence              a rule holds when at least this share of its copies agree
     * @param minSupport                 and at least this many agree
     * @param maxCandidatesPerEntityPair candidates kept per (copy entity, source entity)
     * @param sampleSize                 resolved copies after which a candidate without overlap is pruned
     * @param maxSourceEntries           roots indexed in pass 1
     * @param maxDepth                   map nesting read for leaves: 1 is top-level attributes only
     */
    public record Options(double minConfidence, long minSupport, int maxCandidatesPerEntityPair, int sampleSize,
                          int maxSourceEntries, int maxDepth) {
        public static final Options DEFAULTS = new Options(0.6, 2, 256, 1_000, 2_000_000, 3);

        public Options {
            if (minConfidence < 0 || minConfidence > 1 || minSupport < 1 || maxCandidatesPerEntityPair < 1 || sampleSize < 1
                    || maxSourceEntries < 0 || maxDepth < 1) {
                throw new IllegalArgumentException("Invalid inference options: " + this);
            }
        }
    }

    private final KeyReading keys;
    private final Options options;
    private final Map<String, SourceEntry> sources = new HashMap<>();
    private final Map<String, Set<KeyReading.IdPattern>> idPatterns = new LinkedHashMap<>();
    private final Map<CandidateKey, Candidate> candidates = new HashMap<>();
    private final Set<CandidateKey> pruned = new HashSet<>();
    private final Map<List<String>, int[]> candidatesPerEntityPair = new HashMap<>();
    private long sourceCount;
    private long droppedSources;
    private long refusedCandidates;

    public RuleInference(EntityClassifier classifier, Options options) {
        this.keys = new KeyReading(Objects.requireNonNull(classifier, "classifier"));
        this.options = Objects.requireNonNull(options, "options");
    }

    /** Both passes over a re-readable source of items. */
    public static List<InferredRule> infer(EntityClassifier classifier, Iterable<Item> items, Options options) {
        var inference = new RuleInference(classifier, options);
        items.forEach(inference::acceptSource);
        items.forEach(inference::acceptCopy);
        return inference.result();
    }

    /** Pass 1: index the item if it is a root. */
    public void acceptSource(Item item) {
        if (!keys.isRoot(item)) {
            return;
        }
        var pk = keys.partitionText(item);
        if (pk == null) {
            return;
        }
        if (sourceCount >= options.maxSourceEntries()) {
            droppedSources++;
            return;
        }
        var entity = keys.entityOf(item);
        for (var entry = sources.get(pk); entry != null; entry = entry.next) {
            if (entry.entity.equals(entity)) {
                return;
            }
        }
        var leaves = new LinkedHashMap<AttributePath, AttributeValue>();
        leaves(item, true, leaves);
        sources.put(pk, new SourceEntry(entity, pk, leaves, sources.get(pk)));
        sourceCount++;
        keys.addIdPattern(item, idPatterns.computeIfAbsent(entity, e -> KeyReading.newPatternSet()));
    }

    /** Pass 2: count, for each reference the item resolves, which of its leaves equal the source's. */
    public void acceptCopy(Item item) {
        var entity = keys.entityOf(item);
        var ownPk = keys.partitionText(item);
        var leaves = new LinkedHashMap<AttributePath, AttributeValue>();
        leaves(item, false, leaves);
        var resolutions = new ArrayList<Resolution>();
        var referencing = new HashMap<String, Set<AttributePath>>();
        if (ownPk != null) {
            for (var entry = sources.get(ownPk); entry != null; entry = entry.next) {
                if (!entry.entity.equals(entity)) {
                    resolutions.add(new Resolution(Reference.ByOwnKey.INSTANCE, entry));
                }
            }
        }
        for (var leaf : leaves.entrySet()) {
            var text = KeyReading.scalarText(leaf.getValue());
            if (text == null || leaf.getKey().isTopLevel() && leaf.getKey().attributeName().equals(keys.partitionKeyName())) {
                continue;
            }
            // A leaf that names a source is a reference to that entity, never a copy of it, even
            // when it names the item's own partition (that resolution is the ByOwnKey one).
            for (var entry = sources.get(text); entry != null; entry = entry.next) {
                referencing.computeIfAbsent(entry.entity, e -> new HashSet<>()).add(leaf.getKey());
                if (!text.equals(ownPk)) {
                    resolutions.add(new Resolution(new Reference.ByAttribute(leaf.getKey(), IdShape.KEY), entry));
                }
            }
            for (var patterns : idPatterns.entrySet()) {
                for (var pattern : patterns.getValue()) {
                    var key = pattern.keyOf(text);
                    if (key.equals(text)) {
                        continue;
                    }
                    for (var entry = sources.get(key); entry != null; entry = entry.next) {
                        if (entry.entity.equals(patterns.getKey())) {
                            referencing.computeIfAbsent(entry.entity, e -> new HashSet<>()).add(leaf.getKey());
                            if (!key.equals(ownPk)) {
                                resolutions.add(new Resolution(new Reference.ByAttribute(leaf.getKey(), IdShape.ID), entry));
                            }
                        }
                    }
                }
            }
        }
        for (var resolution : resolutions) {
            var source = resolution.source;
            var excluded = referencing.getOrDefault(source.entity, Set.of());
            for (var leaf : leaves.entrySet()) {
                var path = leaf.getKey();
                if (keys.isTableKey(path.attributeName()) || excluded.contains(path)) {
                    continue;
                }
                var candidate = candidate(new CandidateKey(entity, path, source.entity, resolution.reference));
                if (candidate != null) {
                    candidate.count(leaf.getValue(), source);
                    if (candidate.resolved == options.sampleSize() && candidate.bestAgreement() < options.minConfidence() / 2 * candidate.resolved) {
                        candidates.remove(candidate.key);
                        pruned.add(candidate.key);
                    }
                }
            }
        }
    }

    private Candidate candidate(CandidateKey key) {
        var candidate = candidates.get(key);
        if (candidate != null || pruned.contains(key)) {
            return candidate;
        }
        var used = candidatesPerEntityPair.computeIfAbsent(List.of(key.copyEntity, key.sourceEntity), k -> new int[1]);
        if (used[0] >= options.maxCandidatesPerEntityPair()) {
            refusedCandidates++;
            return null;
        }
        used[0]++;
        candidate = new Candidate(key);
        candidates.put(key, candidate);
        return candidate;
    }

    /** Rules that hold, one per copy attribute (the best supported source), most support first. */
    public List<InferredRule> result() {
        var best = new LinkedHashMap<List<Object>, InferredRule>();
        var order = Comparator.comparingLong(InferredRule::support).thenComparingDouble(InferredRule::confidence)
                .thenComparingInt(r -> referenceRank(r.rule().reference()))
                .thenComparing(r -> -r.rule().toSpec().length());
        var keysInOrder = new ArrayList<>(candidates.keySet());
        keysInOrder.sort(Comparator.comparing(k -> k.toString()));
        for (var key : keysInOrder) {
            var candidate = candidates.get(key);
            for (var agreement : candidate.agreements.entrySet()) {
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

    /** Higher is preferred among equally supported references: a plain attribute, the own key, a key attribute. */
    private int referenceRank(Reference reference) {
        return switch (reference) {
            case Reference.ByAttribute byAttribute -> keys.isAnyKey(byAttribute.attribute().attributeName()) ? 0
                    : byAttribute.shape() == IdShape.ID ? 3 : 2;
            case Reference.ByOwnKey ignored -> 1;
        };
    }

    /** Roots held by the source index. */
    public long sourceEntries() {
        return sourceCount;
    }

    /** Roots not indexed because {@link Options#maxSourceEntries} was reached. */
    public long droppedSources() {
        return droppedSources;
    }

    /** Candidates being counted now. */
    public int candidateCount() {
        return candidates.size();
    }

    /** Candidates pruned for lack of overlap, and refused because their entity pair was full. */
    public long prunedCandidates() {
        return pruned.size() + refusedCandidates;
    }

    private void leaves(Item item, boolean skipTableKeys, Map<AttributePath, AttributeValue> out) {
        for (var attribute : item.attributes().entrySet()) {
            if (skipTableKeys && keys.isTableKey(attribute.getKey())) {
                continue;
            }
            leaves(AttributePath.of(attribute.getKey()), attribute.getValue(), 1, out);
        }
    }

    private void leaves(AttributePath path, AttributeValue value, int depth, Map<AttributePath, AttributeValue> out) {
        switch (value) {
            case AttributeValue.Str s -> out.put(path, s);
            case AttributeValue.Num n -> out.put(path, n);
            case AttributeValue.MapValue map when depth < options.maxDepth() ->
                    map.values().forEach((name, child) -> leaves(path.key(name), child, depth + 1, out));
            default -> {
            }
        }
    }

    private record SourceEntry(String entity, String pk, Map<AttributePath, AttributeValue> leaves, SourceEntry next) {
    }

    private record Resolution(Reference reference, SourceEntry source) {
    }

    private record CandidateKey(String copyEntity, AttributePath copyAttribute, String sourceEntity, Reference reference) {
    }

    private static final class Candidate {
        final CandidateKey key;
        final Map<AttributePath, long[]> agreements = new LinkedHashMap<>();
        long resolved;

        Candidate(CandidateKey key) {
            this.key = key;
        }

        void count(AttributeValue copyValue, SourceEntry source) {
            resolved++;
            for (var sourceLeaf : source.leaves.entrySet()) {
                if (copyValue.equals(sourceLeaf.getValue())) {
                    agreements.computeIfAbsent(sourceLeaf.getKey(), k -> new long[1])[0]++;
                }
            }
        }

        long bestAgreement() {
            long best = 0;
            for (var count : agreements.values()) {
                best = Math.max(best, count[0]);
            }
            return best;
        }
    }
}

package dev.dynalens.domain.staleness;

import java.io.Serializable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What inference's pass 1 counted over every item, apart from the sources it keeps ({@link RuleInference#sourceSummary()}):
 * per (entity, side) how many items carry the part and how many distinct values it has ({@link DistinctCount}: whether
 * the part identifies items), and the names before its variable (up to {@value SourceIndex#MAX_CONTEXTS}, then any);
 * the (entity, side)s some item carries but is not indexed by; per entity, the items other than roots offered to its
 * source sample, and the smallest key hashes of its items (which of them pass 2 reads as copies).
 *
 * <p>Summaries of any parts of a table {@link #merge} into the summary of all of it, in any grouping and order: counts
 * add, distinct counts and samples merge exactly, sets unite. Made of Strings, numbers, arrays and the JDK's
 * collections (a side as text, see {@link #sideText}), no enum in a hash key, and {@link Serializable}.
 */
public final class SourceSummary implements Serializable {
    private static final long serialVersionUID = 1L;

    /** An entity and a side of it as text: {@code @key}, {@code @id}, or a key part ({@code SK:0}, {@code GSI1PK:2}). */
    record Side(String entity, String side) implements Serializable {
        private static final long serialVersionUID = 1L;

        Side {
            Objects.requireNonNull(entity, "entity");
            Objects.requireNonNull(side, "side");
        }
    }

    private final int copiesPerEntity;
    final Map<Side, DistinctCount> distinct = new HashMap<>();
    /** Per side of a variable, the names before it; the side maps to null once there are too many. */
    final Map<Side, Set<String>> contexts = new HashMap<>();
    final Set<Side> incomplete = new HashSet<>();
    final Map<String, long[]> offered = new HashMap<>();
    final Map<String, HashSample> copySamples = new HashMap<>();

    SourceSummary(int copiesPerEntity) {
        this.copiesPerEntity = copiesPerEntity;
    }

    /** The side's text: never the same for two sides (a rendered path holds no bare {@code @}). */
    static String sideText(SourceSide side) {
        if (side instanceof SourceSide.PartitionKey) {
            return "@key";
        } else if (side instanceof SourceSide.PartitionId) {
            return "@id";
        } else if (side instanceof SourceSide.Part part) {
            return part.part().attribute().render() + ":" + part.part().variable();
        } else {
            throw new IllegalStateException("unexpected " + side.getClass());
        }
    }

    /** The summary of both parts; neither is changed. */
    public SourceSummary merge(SourceSummary other) {
        if (other.copiesPerEntity != copiesPerEntity) {
            throw new IllegalArgumentException("Only summaries made with the same copy sample merge");
        }
        var merged = new SourceSummary(copiesPerEntity);
        merged.absorb(this);
        merged.absorb(other);
        return merged;
    }

    /** How many items of the entity other than roots were offered to its source sample. */
    public long offered(String entity) {
        var count = offered.get(entity);
        return count == null ? 0 : count[0];
    }

    void absorb(SourceSummary other) {
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
        other.copySamples.forEach((entity, sample) -> copySample(entity).absorb(sample));
    }

    HashSample copySample(String entity) {
        return copySamples.computeIfAbsent(entity, e -> new HashSample(copiesPerEntity));
    }

    void addContext(Side side, String context) {
        if (contexts.containsKey(side) && contexts.get(side) == null) {
            return;
        }
        var known = contexts.computeIfAbsent(side, k -> new TreeSet<>());
        if (known.add(context) && known.size() > SourceIndex.MAX_CONTEXTS) {
            contexts.put(side, null);
        }
    }

    /** Whether a part identifies items: at least {@value SourceIndex#IDENTIFYING_SHARE} of those that carry it carry their own. */
    boolean identifies(Side side) {
        var count = distinct.get(side);
        return count != null && count.distinctShare() >= SourceIndex.IDENTIFYING_SHARE;
    }

    /** The names before a side's variable: empty for a whole value, null when any name goes. */
    Set<String> contextsOf(Side side) {
        if (!contexts.containsKey(side)) {
            return Set.of();
        }
        var names = contexts.get(side);
        return names == null ? null : Set.copyOf(names);
    }

    /** The largest key hash of the copies pass 2 reads of the entity; every item of an entity with fewer than the sample holds. */
    long copyThreshold(String entity) {
        var sample = copySamples.get(entity);
        return sample == null ? Long.MAX_VALUE : sample.threshold();
    }

    private Map<String, Long> offeredCounts() {
        var counts = new HashMap<String, Long>();
        offered.forEach((entity, count) -> counts.put(entity, count[0]));
        return counts;
    }

    @Override
    public boolean equals(Object other) {
        return other == this || other instanceof SourceSummary summary && summary.copiesPerEntity == copiesPerEntity
                && summary.distinct.equals(distinct) && summary.contexts.equals(contexts) && summary.incomplete.equals(incomplete)
                && summary.offeredCounts().equals(offeredCounts()) && summary.copySamples.equals(copySamples);
    }

    @Override
    public int hashCode() {
        return Objects.hash(distinct, incomplete, offeredCounts(), copySamples);
    }

    @Override
    public String toString() {
        return "SourceSummary[" + distinct.size() + " sides, " + copySamples.size() + " entities]";
    }
}

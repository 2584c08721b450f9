package dev.dynalens.domain.staleness;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What pass 2 of rule inference counted ({@link RuleInference#counts()}), as a plain value: per candidate (copy entity,
 * copy attribute, source entity, reference) the copies whose reference resolved to a source, and per source attribute
 * how many of them equal it.
 *
 * <p>Counts of any parts of the copies {@link #merge} into the counts of all of them, in any grouping and order (the
 * merge adds: it is associative and commutative), whichever source index each part was counted against, as long as
 * those indexes hold the same sources. No bound is applied here: {@link RuleInference#result()} keeps, per (copy
 * entity, source entity), the {@link RuleInference.Options#maxCandidatesPerEntityPair} candidates with the most resolved
 * copies ({@link #kept}), so the rules do not depend on the order of the items either.
 *
 * <p>Made of Strings and numbers only (an attribute path as {@link dev.dynalens.domain.item.AttributePath#render()}
 * writes it, a reference as {@link RuleSpec#renderReference}), no enum in a hash key (an enum's hash differs from JVM
 * to JVM), and {@link Serializable}: a distributed job can ship it between machines as it is.
 */
public final class CopyCounts implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Nothing counted. */
    public static final CopyCounts EMPTY = new CopyCounts(Map.of(), 0);

    /**
     * A candidate rule without its source attribute.
     *
     * @param copyAttribute the copy's attribute path, rendered
     * @param reference     how the copies found their source, as the part of a SPEC after '@'
     */
    record Candidate(String copyEntity, String copyAttribute, String sourceEntity, String reference)
            implements Serializable, Comparable<Candidate> {
        private static final long serialVersionUID = 1L;
        private static final Comparator<Candidate> ORDER = Comparator.comparing(Candidate::copyEntity)
                .thenComparing(Candidate::sourceEntity).thenComparing(Candidate::copyAttribute).thenComparing(Candidate::reference);

        Candidate {
            Objects.requireNonNull(copyEntity, "copyEntity");
            Objects.requireNonNull(copyAttribute, "copyAttribute");
            Objects.requireNonNull(sourceEntity, "sourceEntity");
            Objects.requireNonNull(reference, "reference");
        }

        @Override
        public int compareTo(Candidate other) {
            return ORDER.compare(this, other);
        }
    }

    /**
     * One candidate's counts.
     *
     * @param resolved   copies whose reference resolved to a source (with the copy attribute)
     * @param agreements per source attribute (rendered), the copies whose value equals the source's
     */
    record Tally(long resolved, Map<String, Long> agreements) implements Serializable {
        private static final long serialVersionUID = 1L;

        Tally {
            agreements = Map.copyOf(agreements);
        }

        Tally plus(Tally other) {
            var sum = new HashMap<>(agreements);
            other.agreements.forEach((attribute, count) -> sum.merge(attribute, count, Long::sum));
            return new Tally(resolved + other.resolved, sum);
        }
    }

    private final Map<Candidate, Tally> candidates;
    private final long refused;

    CopyCounts(Map<Candidate, Tally> candidates, long refused) {
        this.candidates = Map.copyOf(candidates);
        this.refused = refused;
    }

    /** The counts of both parts: every candidate's copies and agreements added. */
    public CopyCounts merge(CopyCounts other) {
        if (other.candidates.isEmpty() && other.refused == 0) {
            return this;
        }
        if (candidates.isEmpty() && refused == 0) {
            return other;
        }
        var merged = new HashMap<>(candidates);
        other.candidates.forEach((candidate, tally) -> merged.merge(candidate, tally, Tally::plus));
        return new CopyCounts(merged, refused + other.refused);
    }

    /** Candidates counted. */
    public int candidateCount() {
        return candidates.size();
    }

    /**
     * Candidates refused while counting because their (copy entity, source entity) already held
     * {@link RuleInference#COUNTED_PER_PAIR} times its bound of candidates in that part: a guard on memory against items
     * whose map keys are data. With any refused, which were counted depends on the order of the items.
     */
    public long refused() {
        return refused;
    }

    Map<Candidate, Tally> candidates() {
        return candidates;
    }

    /**
     * Per (copy entity, source entity), the {@code perPair} candidates with the most resolved copies, a tie going to the
     * candidate first in {@link Candidate}'s order: the same candidates however the copies were cut and merged.
     */
    Map<Candidate, Tally> kept(int perPair) {
        var byPair = new HashMap<List<String>, List<Candidate>>();
        candidates.keySet().forEach(candidate -> byPair.computeIfAbsent(List.of(candidate.copyEntity(), candidate.sourceEntity()),
                pair -> new ArrayList<>()).add(candidate));
        var kept = new LinkedHashMap<Candidate, Tally>();
        byPair.values().forEach(pair -> {
            pair.sort(Comparator.comparingLong((Candidate candidate) -> candidates.get(candidate).resolved()).reversed()
                    .thenComparing(Comparator.naturalOrder()));
            pair.subList(0, Math.min(perPair, pair.size())).forEach(candidate -> kept.put(candidate, candidates.get(candidate)));
        });
        return kept;
    }

    @Override
    public boolean equals(Object other) {
        return other == this || other instanceof CopyCounts counts && counts.refused == refused && counts.candidates.equals(candidates);
    }

    @Override
    public int hashCode() {
        return candidates.hashCode() * 31 + Long.hashCode(refused);
    }

    @Override
    public String toString() {
        return "CopyCounts[" + candidates.size() + " candidates, " + refused + " refused]";
    }
}

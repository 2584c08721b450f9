package dev.dynalens.domain.staleness;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What detection's pass 2 found ({@link StalenessDetector#counts()}), as a plain value: per rule, in the detector's
 * order, its copies, stale copies and orphans counted, what its {@link HistoryCheck} saw, and the first
 * {@code listed} stale copies and orphans in the canonical order (the copy's primary key in DynamoDB's order).
 *
 * <p>Counts of any parts of the copies {@link #merge} into the counts of all of them, in any grouping and order: counts
 * add, history checks merge, and the findings kept are the first {@code listed} of both parts' together, so the report
 * lists the same findings however the table was cut and read. Made of Strings, numbers and lists (a rule as its SPEC,
 * keys and values as DynamoDB JSON), and {@link Serializable}.
 */
public final class CheckCounts implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A stale copy: its key, its value, its source's key and value (null when the source lacks it), in DynamoDB JSON. */
    record Stale(String key, String copyValue, String sourceKey, String sourceValue) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** An orphan: its key and the value it finds its source by, in DynamoDB JSON. */
    record Orphan(String key, String reference) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /**
     * One rule's part.
     *
     * @param history       what its history check saw; null when the rule cannot record history
     * @param staleListed   its first stale copies, in key order
     * @param orphansListed its first orphans, in key order
     */
    record RuleCheck(String rule, long copies, long stale, long orphans, HistoryCheck history, List<Stale> staleListed,
                     List<Orphan> orphansListed) implements Serializable {
        private static final long serialVersionUID = 1L;

        RuleCheck {
            Objects.requireNonNull(rule, "rule");
            history = history == null ? null : history.copy();
            staleListed = List.copyOf(staleListed);
            orphansListed = List.copyOf(orphansListed);
        }
    }

    private final String partitionKey;
    private final String sortKey;
    private final int listed;
    private final List<RuleCheck> rules;

    CheckCounts(String partitionKey, String sortKey, int listed, List<RuleCheck> rules) {
        this.partitionKey = Objects.requireNonNull(partitionKey, "partitionKey");
        this.sortKey = sortKey;
        this.listed = listed;
        this.rules = List.copyOf(rules);
    }

    /** The counts of both parts: they must be of the same rules, table and cap. */
    public CheckCounts merge(CheckCounts other) {
        if (!other.partitionKey.equals(partitionKey) || !Objects.equals(other.sortKey, sortKey) || other.listed != listed
                || other.rules.size() != rules.size()) {
            throw new IllegalArgumentException("Only the counts of the same rules over the same table merge");
        }
        var merged = new ArrayList<RuleCheck>(rules.size());
        for (int i = 0; i < rules.size(); i++) {
            var mine = rules.get(i);
            var theirs = other.rules.get(i);
            if (!mine.rule().equals(theirs.rule())) {
                throw new IllegalArgumentException("Only the counts of the same rules over the same table merge");
            }
            HistoryCheck history = null;
            if (mine.history() != null && theirs.history() != null) {
                history = mine.history().copy();
                history.absorb(theirs.history());
            } else if (mine.history() != null || theirs.history() != null) {
                throw new IllegalArgumentException("Only the counts of the same rules over the same table merge");
            }
            merged.add(new RuleCheck(mine.rule(), mine.copies() + theirs.copies(), mine.stale() + theirs.stale(),
                    mine.orphans() + theirs.orphans(), history, first(mine.staleListed(), theirs.staleListed(), Stale::key),
                    first(mine.orphansListed(), theirs.orphansListed(), Orphan::key)));
        }
        return new CheckCounts(partitionKey, sortKey, listed, merged);
    }

    /** The first {@link #listed} of two lists in key order, in key order. */
    private <T> List<T> first(List<T> a, List<T> b, java.util.function.Function<T, String> key) {
        var all = new ArrayList<T>(a.size() + b.size());
        all.addAll(a);
        all.addAll(b);
        all.sort(Comparator.comparing(t -> key(key.apply(t)), this::compareKeys));
        return all.subList(0, Math.min(listed, all.size()));
    }

    int compareKeys(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
        return KeyReading.compareKeys(partitionKey, sortKey, a, b);
    }

    List<RuleCheck> rules() {
        return rules;
    }

    static String json(Map<String, AttributeValue> key) {
        return DynamoJsonCodec.writeValue(new AttributeValue.MapValue(key));
    }

    static String json(AttributeValue value) {
        return value == null ? null : DynamoJsonCodec.writeValue(value);
    }

    static AttributeValue value(String json) {
        return json == null ? null : DynamoJsonCodec.readValue(json);
    }

    static Map<String, AttributeValue> key(String json) {
        return ((AttributeValue.MapValue) DynamoJsonCodec.readValue(json)).values();
    }

    @Override
    public boolean equals(Object other) {
        return other == this || other instanceof CheckCounts counts && counts.partitionKey.equals(partitionKey)
                && Objects.equals(counts.sortKey, sortKey) && counts.listed == listed && counts.rules.equals(rules);
    }

    @Override
    public int hashCode() {
        return rules.hashCode();
    }

    @Override
    public String toString() {
        return "CheckCounts" + rules.stream()
                .map(rule -> rule.rule() + " " + rule.copies() + "/" + rule.stale() + "/" + rule.orphans()).toList();
    }
}

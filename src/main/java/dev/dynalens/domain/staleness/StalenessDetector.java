package dev.dynalens.domain.staleness;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.DenormalizationRule.IdShape;
import dev.dynalens.domain.staleness.DenormalizationRule.Reference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Finds the stale and orphaned copies of confirmed rules, streaming over items.
 *
 * <p><b>Passes.</b> Feed every item to {@link #acceptSource} (pass 1: the sources' values are
 * indexed), then every item to {@link #acceptCopy} (pass 2: each copy is checked). When the caller
 * knows that every source comes before its copies (a file written that way, or a Query of the source
 * entity first), one pass of {@link #accept} does both; a copy read before its source is then
 * reported as an orphan. The classifier must already have read the table (the browse's
 * {@code Analyzer}, or a pass of its own), so that entity names are stable while detection runs.
 *
 * <p><b>Memory.</b> Copies are never kept. Per source entity of the rules: for every root item of
 * that entity, its primary key and the values of the attributes the rules copy (one
 * {@link #sourceEntries() entry} per root), plus at most
 * {@value KeyReading#MAX_ID_PATTERNS_PER_ENTITY} key patterns. Findings are passed to the consumer as
 * they are found; the report lists at most {@code maxListed} of each kind, and counts all.
 *
 * <p>Not thread-safe: feed it from one thread.
 */
public final class StalenessDetector {
    private final KeyReading keys;
    private final List<DenormalizationRule> rules;
    private final int maxListed;
    private final Consumer<? super Finding> onFinding;
    private final Map<String, SourceTable> sourcesByEntity = new HashMap<>();
    private final Map<String, List<RuleState>> rulesByCopyEntity = new HashMap<>();
    private final List<RuleState> states = new ArrayList<>();
    private final List<Finding.StaleCopy> staleCopies = new ArrayList<>();
    private final List<Finding.OrphanCopy> orphanCopies = new ArrayList<>();
    private boolean truncated;

    public StalenessDetector(EntityClassifier classifier, List<DenormalizationRule> rules, int maxListed) {
        this(classifier, rules, maxListed, finding -> { });
    }

    /**
     * @param classifier names items; must have read the table already
     * @param maxListed  how many stale copies, and how many orphans, the report lists
     * @param onFinding  receives every finding as it is found (also those beyond {@code maxListed})
     */
    public StalenessDetector(EntityClassifier classifier, List<DenormalizationRule> rules, int maxListed, Consumer<? super Finding> onFinding) {
        this.keys = new KeyReading(Objects.requireNonNull(classifier, "classifier"));
        this.rules = List.copyOf(rules);
        if (maxListed < 0) {
            throw new IllegalArgumentException("maxListed must not be negative");
        }
        this.maxListed = maxListed;
        this.onFinding = Objects.requireNonNull(onFinding, "onFinding");
        for (var rule : this.rules) {
            var source = sourcesByEntity.computeIfAbsent(rule.source().entity(), e -> new SourceTable());
            var state = new RuleState(rule, source, source.slotOf(rule.source().attribute()));
            states.add(state);
            rulesByCopyEntity.computeIfAbsent(rule.copy().entity(), e -> new ArrayList<>()).add(state);
        }
    }

    public List<DenormalizationRule> rules() {
        return rules;
    }

    /** Both passes at once, for streams where every source comes before its copies. */
    public void accept(Item item) {
        acceptSource(item);
        acceptCopy(item);
    }

    /** Pass 1: index the item if it is a root of a rule's source entity. */
    public void acceptSource(Item item) {
        var table = sourcesByEntity.get(keys.entityOf(item));
        if (table == null || !keys.isRoot(item)) {
            return;
        }
        var pk = keys.partitionText(item);
        if (pk == null || table.entries.containsKey(pk)) {
            return;
        }
        var values = new AttributeValue[table.attributes.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = table.attributes.get(i).read(item).orElse(null);
        }
        table.entries.put(pk, new SourceEntry(keys.keyOf(item), values));
        keys.addIdPattern(item, table.idPatterns);
    }

    /** Pass 2: check the item against every rule of its entity. */
    public void acceptCopy(Item item) {
        var entityRules = rulesByCopyEntity.get(keys.entityOf(item));
        if (entityRules == null) {
            return;
        }
        for (var state : entityRules) {
            check(state, item);
        }
    }

    private void check(RuleState state, Item item) {
        var rule = state.rule;
        var copyValue = rule.copy().attribute().read(item).orElse(null);
        if (copyValue == null) {
            return;
        }
        AttributeValue referenceValue;
        SourceEntry source;
        switch (rule.reference()) {
            case Reference.ByOwnKey ignored -> {
                referenceValue = item.attributes().get(keys.partitionKeyName());
                var pk = KeyReading.scalarText(referenceValue);
                if (pk == null) {
                    return;
                }
                source = state.source.entries.get(pk);
            }
            case Reference.ByAttribute byAttribute -> {
                referenceValue = byAttribute.attribute().read(item).orElse(null);
                var text = KeyReading.scalarText(referenceValue);
                if (text == null) {
                    return;
                }
                source = state.source.find(text, byAttribute.shape());
            }
        }
        state.copies++;
        if (source == null) {
            state.orphans++;
            var orphan = new Finding.OrphanCopy(rule, keys.keyOf(item), rule.copy().attribute(), referenceValue);
            if (orphanCopies.size() < maxListed) {
                orphanCopies.add(orphan);
            } else {
                truncated = true;
            }
            onFinding.accept(orphan);
            return;
        }
        var sourceValue = source.values[state.slot];
        if (copyValue.equals(sourceValue)) {
            return;
        }
        state.stale++;
        var stale = new Finding.StaleCopy(rule, keys.keyOf(item), rule.copy().attribute(), copyValue, source.key, sourceValue);
        if (staleCopies.size() < maxListed) {
            staleCopies.add(stale);
        } else {
            truncated = true;
        }
        onFinding.accept(stale);
    }

    /** Source items indexed so far, over all source entities: the structure that grows with the table. */
    public long sourceEntries() {
        long total = 0;
        for (var table : sourcesByEntity.values()) {
            total += table.entries.size();
        }
        return total;
    }

    /** A snapshot of the counts and the findings listed so far. */
    public StalenessReport report() {
        var counts = states.stream().map(s -> new StalenessReport.RuleCounts(s.rule, s.copies, s.stale, s.orphans)).toList();
        return new StalenessReport(counts, staleCopies, orphanCopies, truncated);
    }

    /** The roots of one source entity: partition key text to key and the values the rules copy. */
    private static final class SourceTable {
        final List<AttributePath> attributes = new ArrayList<>();
        final Map<String, SourceEntry> entries = new HashMap<>();
        final Set<KeyReading.IdPattern> idPatterns = KeyReading.newPatternSet();

        int slotOf(AttributePath attribute) {
            int slot = attributes.indexOf(attribute);
            if (slot < 0) {
                attributes.add(attribute);
                slot = attributes.size() - 1;
            }
            return slot;
        }

        SourceEntry find(String reference, IdShape shape) {
            if (shape == IdShape.KEY) {
                return entries.get(reference);
            }
            for (var pattern : idPatterns) {
                var entry = entries.get(pattern.keyOf(reference));
                if (entry != null) {
                    return entry;
                }
            }
            return null;
        }
    }

    private record SourceEntry(Map<String, AttributeValue> key, AttributeValue[] values) {
    }

    private static final class RuleState {
        final DenormalizationRule rule;
        final SourceTable source;
        final int slot;
        long copies;
        long stale;
        long orphans;

        RuleState(DenormalizationRule rule, SourceTable source, int slot) {
            this.rule = rule;
            this.source = source;
            this.slot = slot;
        }
    }
}

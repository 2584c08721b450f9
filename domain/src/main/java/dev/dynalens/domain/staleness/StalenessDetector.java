package dev.dynalens.domain.staleness;

import dev.dynalens.domain.inference.Naming;
import dev.dynalens.domain.inference.KeyTemplate;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.DenormalizationRule.KeyPart;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
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
 * <p><b>Sources.</b> A rule's reference reads a part of its source ({@link DenormalizationRule.Reference}): the
 * partition key or the id in it (of roots: the one item of their entity in a partition), or any key part (the
 * project stored as {@code ORG#acme / PROJECT#P-1} is found by its sort key). A source is one item, named by its whole
 * primary key; when several items of the source entity carry the same reference value, the one with the smallest
 * primary key (DynamoDB's key order) is the source, whatever order the items come in.
 *
 * <p><b>Merging.</b> The state splits in two, so that parts of a table can be read apart (Scan segments, file splits)
 * and combined into the answer one pass gives: {@link #absorbSources} adds the sources another detector of the same
 * rules indexed (the smaller key still wins), and {@link #forCopies} hands out a detector that checks copies against
 * these (complete) sources with counts of its own, which {@link #absorb} adds; its counts are also a plain value,
 * {@link CheckCounts}, that merges with other parts' in any order (counted against any copy of the same sources).
 *
 * <p><b>Memory.</b> Copies are never kept. Per source entity and reference side of the rules: for every item that
 * can be a source, its primary key and the values of the attributes the rules copy (one {@link #sourceEntries() entry}
 * each). Findings are passed to the consumer as they are found, in the order they are read; the report counts all,
 * and lists the first {@code maxListed} of each kind by rule (in the order given) and then by the copy's primary key
 * (DynamoDB's order), so the same ones whatever order the items came in.
 *
 * <p>Not thread-safe: feed each detector from one thread. Split detectors of {@link #forCopies} only read the shared
 * sources and may run on threads of their own (with a classifier that has finished reading; see {@link KeyReading}).
 */
public final class StalenessDetector {
    private final KeyReading keys;
    private final List<DenormalizationRule> rules;
    private final int maxListed;
    private final Consumer<? super Finding> onFinding;
    private final Sources sources;
    private final Map<String, List<RuleState>> rulesByCopyEntity = new HashMap<>();
    private final List<RuleState> states = new ArrayList<>();
    /**
     * Findings absorbed or found but not yet told, in the order read: held until {@link #settle} knows which rules
     * record history (a split of {@link #forCopies} holds all of its own for the detector that absorbs it).
     */
    private final List<Finding> untold = new ArrayList<>();
    /** Whether a rule may record history: then stale copies are held until settled. */
    private final boolean holding;
    /** Whether this is a split of {@link #forCopies}: its findings wait for {@link #absorb}. */
    private final boolean split;

    public StalenessDetector(Naming classifier, List<DenormalizationRule> rules, int maxListed) {
        this(classifier, rules, maxListed, finding -> { });
    }

    /**
     * @param classifier names items; must have read the table already
     * @param maxListed  how many stale copies, and how many orphans, the report lists
     * @param onFinding  receives every finding as it is found (also those beyond {@code maxListed})
     */
    public StalenessDetector(Naming classifier, List<DenormalizationRule> rules, int maxListed, Consumer<? super Finding> onFinding) {
        this(new KeyReading(Objects.requireNonNull(classifier, "classifier")), List.copyOf(rules), maxListed, onFinding, null);
    }

    /** Findings of one kind and rule: the first {@code maxListed} by the copy's key. */
    private final class Listing<F extends Finding> {
        /** The last of those kept on top. */
        private final PriorityQueue<F> kept = new PriorityQueue<>((a, b) -> keys.compareKeys(b.key(), a.key()));

        void offer(F finding) {
            if (kept.size() < maxListed) {
                kept.add(finding);
            } else if (maxListed > 0 && keys.compareKeys(finding.key(), kept.peek().key()) < 0) {
                kept.poll();
                kept.add(finding);
            }
        }

        List<F> sorted() {
            var sorted = new ArrayList<>(kept);
            sorted.sort((a, b) -> keys.compareKeys(a.key(), b.key()));
            return sorted;
        }
    }

    private StalenessDetector(KeyReading keys, List<DenormalizationRule> rules, int maxListed, Consumer<? super Finding> onFinding,
                              Sources shared) {
        this.keys = keys;
        this.rules = rules;
        if (maxListed < 0) {
            throw new IllegalArgumentException("maxListed must not be negative");
        }
        this.maxListed = maxListed;
        this.onFinding = Objects.requireNonNull(onFinding, "onFinding");
        this.sources = shared != null ? shared : new Sources();
        this.split = shared != null;
        for (var rule : this.rules) {
            var side = SourceSide.of(rule.reference());
            var table = shared != null ? sources.table(rule.source().entity(), side) : sources.tableFor(rule.source().entity(), side);
            var state = new RuleState(rule, SourceSide.copyPart(rule.reference(), keys), table, table.slotOf(rule.source().attribute()),
                    keys.sortKeyName() != null, new Listing<>(), new Listing<>());
            states.add(state);
            rulesByCopyEntity.computeIfAbsent(rule.copy().entity(), e -> new ArrayList<>()).add(state);
        }
        this.holding = states.stream().anyMatch(state -> state.history != null);
    }

    public List<DenormalizationRule> rules() {
        return rules;
    }

    /** Both passes at once, for streams where every source comes before its copies. */
    public void accept(Item item) {
        acceptSource(item);
        acceptCopy(item);
    }

    /** Pass 1: index the item if it can be the source of a rule. */
    public void acceptSource(Item item) {
        var entity = keys.entityOf(item);
        if (sources.byEntity.containsKey(entity)) {
            acceptSource(item, entity, keys.isRoot(item));
        }
    }

    /** Pass 1 with the item's entity and root-ness already read (by a pass that had the classifier to itself). */
    void acceptSource(Item item, String entity, boolean root) {
        var tables = sources.byEntity.get(entity);
        if (tables == null) {
            return;
        }
        Map<String, AttributeValue> key = null;
        for (var table : tables) {
            var text = SourceSide.textOf(table.side, item, root, keys);
            if (text == null) {
                continue;
            }
            if (key == null) {
                key = keys.keyOf(item);
            }
            var known = table.entries.get(text);
            if (known != null && keys.compareKeys(known.key, key) <= 0) {
                continue;
            }
            var values = new AttributeValue[table.attributes.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = table.attributes.get(i).read(item).orElse(null);
            }
            table.entries.put(text, new SourceEntry(key, values));
        }
    }

    /** Whether items of this entity can be sources of a rule (so pass 1 needs them). */
    boolean isSourceEntity(String entity) {
        return sources.byEntity.containsKey(entity);
    }

    /**
     * The top-level attributes pass 2 reads of a copy besides its table keys: the rules' copy attributes and where their
     * references sit. A copy given with only these (and its keys) is checked as it would be whole.
     */
    Set<String> copyAttributes() {
        var names = new HashSet<String>();
        for (var state : states) {
            names.add(state.rule.copy().attribute().attributeName());
            names.add(state.copyPart.attribute().attributeName());
        }
        return names;
    }

    /** Whether items of this entity can be copies of a rule (so pass 2 needs them). */
    boolean isCopyEntity(String entity) {
        return rulesByCopyEntity.containsKey(entity);
    }

    /** Pass 2: check the item against every rule of its entity. */
    public void acceptCopy(Item item) {
        acceptCopy(item, keys.entityOf(item));
    }

    /** Pass 2 with the item's entity already read. */
    void acceptCopy(Item item, String entity) {
        var entityRules = rulesByCopyEntity.get(entity);
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
        var text = keys.partText(item, state.copyPart);
        if (text == null) {
            return;
        }
        var source = state.table.entries.get(text);
        state.copies++;
        if (source == null) {
            state.orphans++;
            var orphan = new Finding.OrphanCopy(rule, keys.keyOf(item), rule.copy().attribute(), referenceValue(item, state.copyPart, text));
            state.orphansListed.offer(orphan);
            found(orphan, false);
            return;
        }
        var sourceValue = source.values[state.slot];
        boolean agrees = copyValue.equals(sourceValue);
        if (state.history != null) {
            state.history.saw(text, keys.sortText(item), agrees);
        }
        if (agrees) {
            return;
        }
        state.stale++;
        var stale = new Finding.StaleCopy(rule, keys.keyOf(item), rule.copy().attribute(), copyValue, source.key, sourceValue);
        state.staleListed.offer(stale);
        // Held when the rule may record history: told once the whole table says whether it does (settle).
        found(stale, holding);
    }

    private void found(Finding finding, boolean hold) {
        if (split || hold) {
            untold.add(finding);
        } else {
            onFinding.accept(finding);
        }
    }

    /** What an orphan refers by: the reference attribute's value as stored, or the text of the key variable it reads. */
    private static AttributeValue referenceValue(Item item, KeyPart part, String text) {
        if (part.isWhole()) {
            var value = part.attribute().read(item).orElse(null);
            if (value != null) {
                return value;
            }
        }
        return AttributeValue.s(text);
    }

    /**
     * Fills the sources from an inference's pass 1 over the same items when it kept every one of them (the rules were
     * inferred from it, so their sources are string and number leaves it holds): pass 1 of detection is then not needed.
     *
     * @return false, with nothing filled, when the inference did not keep every source of some rule
     */
    boolean sourcesFrom(RuleInference inference) {
        var filled = new HashMap<SourceTable, Map<String, SourceEntry>>();
        for (var entityTables : sources.byEntity.entrySet()) {
            for (var table : entityTables.getValue()) {
                var values = new ArrayList<Map<String, Map.Entry<Map<String, AttributeValue>, AttributeValue>>>();
                for (var attribute : table.attributes) {
                    var exact = inference.exactSources(entityTables.getKey(), table.side, attribute);
                    if (exact.isEmpty()) {
                        return false;
                    }
                    values.add(exact.get());
                }
                var entries = new HashMap<String, SourceEntry>();
                values.get(0).forEach((text, first) -> {
                    var slots = new AttributeValue[values.size()];
                    for (int i = 0; i < slots.length; i++) {
                        slots[i] = values.get(i).get(text).getValue();
                    }
                    entries.put(text, new SourceEntry(first.getKey(), slots));
                });
                filled.put(table, entries);
            }
        }
        filled.forEach((table, entries) -> table.entries.putAll(entries));
        return true;
    }

    // ---- merging ----

    /**
     * Adds the sources another detector of the same rules indexed (a Scan segment, a file split): afterwards this one
     * holds the sources both passes 1 would have found together.
     */
    public void absorbSources(StalenessDetector other) {
        if (!other.rules.equals(rules)) {
            throw new IllegalArgumentException("Only detectors of the same rules merge");
        }
        other.sources.byEntity.forEach((entity, tables) -> {
            for (var table : tables) {
                var mine = sources.table(entity, table.side);
                table.entries.forEach((text, entry) -> mine.entries.merge(text, entry,
                        (known, offered) -> keys.compareKeys(known.key, offered.key) <= 0 ? known : offered));
            }
        });
    }

    /**
     * A detector that checks copies against this one's sources (which must be complete: pass 1 is over) with counts of
     * its own, for one split of pass 2. Its findings wait for {@link #absorb}, which tells them in the order absorbed.
     */
    public StalenessDetector forCopies() {
        return new StalenessDetector(keys.copy(), rules, maxListed, finding -> { }, sources);
    }

    /** The key templates the naming pass read for the item given next ({@link KeyReading#know}). */
    void know(Item item, KeyTemplate partitionKey, KeyTemplate sortKey) {
        keys.know(item, partitionKey, sortKey);
    }

    /**
     * Adds a split's counts (from {@link #forCopies}, or from a detector of the same rules that checked copies against
     * the same sources), and its findings, to be told after those absorbed before.
     */
    public void absorb(StalenessDetector split) {
        requireSameRules(split.rules.stream().map(DenormalizationRule::toSpec).toList());
        for (int i = 0; i < states.size(); i++) {
            var mine = states.get(i);
            var theirs = split.states.get(i);
            add(mine, theirs.copies, theirs.stale, theirs.orphans, theirs.history);
            theirs.staleListed.kept.forEach(mine.staleListed::offer);
            theirs.orphansListed.kept.forEach(mine.orphansListed::offer);
        }
        untold.addAll(split.untold);
    }

    /**
     * Adds the counts of another part of pass 2 (another machine's), of the same rules. Their findings count and may be
     * listed; none of them is told to this detector's consumer.
     */
    public void absorb(CheckCounts counts) {
        requireSameRules(counts.rules().stream().map(CheckCounts.RuleCheck::rule).toList());
        for (int i = 0; i < states.size(); i++) {
            var mine = states.get(i);
            var theirs = counts.rules().get(i);
            var rule = mine.rule;
            add(mine, theirs.copies(), theirs.stale(), theirs.orphans(), theirs.history());
            for (var stale : theirs.staleListed()) {
                mine.staleListed.offer(new Finding.StaleCopy(rule, CheckCounts.key(stale.key()), rule.copy().attribute(),
                        CheckCounts.value(stale.copyValue()), CheckCounts.key(stale.sourceKey()), CheckCounts.value(stale.sourceValue())));
            }
            for (var orphan : theirs.orphansListed()) {
                mine.orphansListed.offer(new Finding.OrphanCopy(rule, CheckCounts.key(orphan.key()), rule.copy().attribute(),
                        CheckCounts.value(orphan.reference())));
            }
        }
    }

    /** What pass 2 counted here, with what was absorbed, as a value that merges with other parts' ({@link CheckCounts}). */
    public CheckCounts counts() {
        var checks = new ArrayList<CheckCounts.RuleCheck>();
        for (var state : states) {
            var stale = state.staleListed.sorted().stream().map(f -> new CheckCounts.Stale(CheckCounts.json(f.key()),
                    CheckCounts.json(f.copyValue()), CheckCounts.json(f.sourceKey()), CheckCounts.json(f.sourceValue()))).toList();
            var orphans = state.orphansListed.sorted().stream()
                    .map(f -> new CheckCounts.Orphan(CheckCounts.json(f.key()), CheckCounts.json(f.reference()))).toList();
            checks.add(new CheckCounts.RuleCheck(state.rule.toSpec(), state.copies, state.stale, state.orphans, state.history, stale,
                    orphans));
        }
        return new CheckCounts(keys.partitionKeyName(), keys.sortKeyName(), maxListed, checks);
    }

    private void requireSameRules(List<String> specs) {
        if (!specs.equals(rules.stream().map(DenormalizationRule::toSpec).toList())) {
            throw new IllegalArgumentException("Only the counts of detectors of the same rules merge");
        }
    }

    private static void add(RuleState mine, long copies, long stale, long orphans, HistoryCheck history) {
        mine.copies += copies;
        mine.stale += stale;
        mine.orphans += orphans;
        if (mine.history != null) {
            mine.history.absorb(Objects.requireNonNull(history, "history"));
        }
    }

    /**
     * The rules whose copies record history rather than copy their source (see {@link HistoryCheck}): their stale copies
     * are counted as {@link StalenessReport.RuleCounts#history()}, not as stale, and neither listed nor repaired.
     */
    private Set<RuleState> historic() {
        var historic = new HashSet<RuleState>();
        for (var state : states) {
            if (state.history != null && state.stale > 0 && state.history.recordsHistory()) {
                historic.add(state);
            }
        }
        return historic;
    }

    /** Tells the findings held so far, in the order found and absorbed, but for the stale copies of historic rules. */
    private void settle(Set<RuleState> historic) {
        var historicRules = new HashSet<DenormalizationRule>();
        historic.forEach(state -> historicRules.add(state.rule));
        for (var finding : untold) {
            if (!(finding instanceof Finding.StaleCopy stale && historicRules.contains(stale.rule()))) {
                onFinding.accept(finding);
            }
        }
        untold.clear();
    }

    /** Source items indexed so far, over all source entities: the structure that grows with the table. */
    public long sourceEntries() {
        long total = 0;
        for (var tables : sources.byEntity.values()) {
            for (var table : tables) {
                total += table.entries.size();
            }
        }
        return total;
    }

    /**
     * A snapshot of the counts and the findings listed so far: the first {@code maxListed} stale copies and orphans, by
     * rule and then by the copy's key. Tells the findings held until now.
     */
    public StalenessReport report() {
        var historic = historic();
        settle(historic);
        var counts = new ArrayList<StalenessReport.RuleCounts>();
        var staleCopies = new ArrayList<Finding.StaleCopy>();
        var orphanCopies = new ArrayList<Finding.OrphanCopy>();
        long stale = 0;
        long orphans = 0;
        for (var state : states) {
            boolean history = historic.contains(state);
            counts.add(new StalenessReport.RuleCounts(state.rule, state.copies, history ? 0 : state.stale, state.orphans,
                    history ? state.stale : 0));
            if (!history) {
                stale += state.stale;
                staleCopies.addAll(state.staleListed.sorted());
            }
            orphans += state.orphans;
            orphanCopies.addAll(state.orphansListed.sorted());
        }
        var listedStale = staleCopies.subList(0, (int) Math.min(maxListed, staleCopies.size()));
        var listedOrphans = orphanCopies.subList(0, (int) Math.min(maxListed, orphanCopies.size()));
        return new StalenessReport(counts, listedStale, listedOrphans, stale > listedStale.size() || orphans > listedOrphans.size());
    }

    /** The source tables of the rules, per source entity. */
    private static final class Sources {
        final Map<String, List<SourceTable>> byEntity = new HashMap<>();

        SourceTable tableFor(String entity, SourceSide side) {
            var tables = byEntity.computeIfAbsent(entity, e -> new ArrayList<>());
            for (var table : tables) {
                if (table.side.equals(side)) {
                    return table;
                }
            }
            var table = new SourceTable(side);
            tables.add(table);
            return table;
        }

        SourceTable table(String entity, SourceSide side) {
            for (var table : byEntity.getOrDefault(entity, List.of())) {
                if (table.side.equals(side)) {
                    return table;
                }
            }
            throw new IllegalStateException("No source table for " + entity + " " + side);
        }
    }

    /** The items of one source entity by the text one reference side reads, with the values the rules copy. */
    private static final class SourceTable {
        final SourceSide side;
        final List<AttributePath> attributes = new ArrayList<>();
        final Map<String, SourceEntry> entries = new HashMap<>();

        SourceTable(SourceSide side) {
            this.side = side;
        }

        int slotOf(AttributePath attribute) {
            int slot = attributes.indexOf(attribute);
            if (slot < 0) {
                attributes.add(attribute);
                slot = attributes.size() - 1;
            }
            return slot;
        }
    }

    private record SourceEntry(Map<String, AttributeValue> key, AttributeValue[] values) {
    }

    private static final class RuleState {
        final DenormalizationRule rule;
        final KeyPart copyPart;
        final SourceTable table;
        final int slot;
        /** Whether the copies record their source's value over time; null where they cannot (see {@link HistoryCheck#applies}). */
        final HistoryCheck history;
        final StalenessDetector.Listing<Finding.StaleCopy> staleListed;
        final StalenessDetector.Listing<Finding.OrphanCopy> orphansListed;
        long copies;
        long stale;
        long orphans;

        RuleState(DenormalizationRule rule, KeyPart copyPart, SourceTable table, int slot, boolean sortKey,
                  StalenessDetector.Listing<Finding.StaleCopy> staleListed, StalenessDetector.Listing<Finding.OrphanCopy> orphansListed) {
            this.rule = rule;
            this.copyPart = copyPart;
            this.table = table;
            this.slot = slot;
            this.history = HistoryCheck.applies(rule, sortKey) ? new HistoryCheck() : null;
            this.staleListed = staleListed;
            this.orphansListed = orphansListed;
        }
    }
}

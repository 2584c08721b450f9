package dev.dynalens.domain.design;

import dev.dynalens.domain.capacity.CapacityCalculator;
import dev.dynalens.domain.capacity.ReadConsistency;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Which request of an existing table serves each pattern, from how its key attributes are built
 * ({@link KeyDerivation}s learned from its items): the table or index whose partition key the pattern's equality
 * attributes make, whose sort key takes the rest of them and then the order attribute, where no other entity's items
 * can come back too. A derivation is relied on only where it holds for every item of the entity; where it holds for
 * some items only, the pattern needs a Scan and the reason names the items that break it. A pattern may name a key
 * attribute itself ({@code PK}).
 *
 * <p><b>Ids in the key only.</b> A pattern's input that no item of the entity has as an attribute ({@code userId} of
 * users keyed {@code USER#u1} / {@code PROFILE}) is read as an unknown part of a key ({@link KeyOnlyInput}) where the key
 * says which part it is. An equality input is the one unknown part of a partition or sort key when the literal before the
 * part names it ({@code USER#} names {@code userId}, not {@code taskId}), or when it is the one such input and that part
 * is the one unknown part of all the entity's keys: a task keyed {@code PROJECT#{?}} with {@code GSI1PK = SPRINT#{?}} is
 * not read by its sprint on the table. The order attribute is the unknown part right after the sort key's prefix
 * ({@code COMMENT#{createdAt}#{?}}); parts after it may stay unknown, as a begins_with, a range and the order do not read
 * them.
 */
public final class ExistingTablePlanner {
    /** Items a reason names of those a derivation breaks on. */
    static final int BREAKING_NAMED = 3;

    private final TableDescription table;
    private final PatternsFile file;
    private final Map<String, Map<String, KeyDerivation>> derivations;
    private final Map<String, Set<String>> attributes;
    private final long tableBytes;
    private final long tableItems;

    /**
     * @param derivations verified derivations, by entity, then key attribute (an entity without a key attribute's entry
     *                    has no item in that index)
     * @param attributes  what each entity's items have, by entity: every top-level attribute and every path to a scalar
     *                    ({@link DerivationLearner#pathsOf}); an input none of them has is in the keys only
     * @param tableBytes  the size of every item, summed, for a Scan's cost
     */
    public ExistingTablePlanner(TableDescription table, PatternsFile file, Map<String, Map<String, KeyDerivation>> derivations,
                                Map<String, Set<String>> attributes, long tableItems, long tableBytes) {
        this.table = Objects.requireNonNull(table, "table");
        this.file = Objects.requireNonNull(file, "file");
        this.derivations = Objects.requireNonNull(derivations, "derivations");
        this.attributes = Objects.requireNonNull(attributes, "attributes");
        this.tableItems = tableItems;
        this.tableBytes = tableBytes;
    }

    /** The table (name null) and its indexes, global first, as a Query can name them. */
    record Target(String name, KeySchema keys) {
        String label() {
            return name == null ? "the table" : name;
        }
    }

    private List<Target> targets() {
        var targets = new ArrayList<Target>();
        targets.add(new Target(null, table.keySchema()));
        table.indexes().forEach(index -> targets.add(new Target(index.name(), index.singleKey("checking a design against an existing table"))));
        return targets;
    }

    /**
     * What serves a pattern, and where its inputs that are in the keys only are read.
     *
     * @param keyOnly the inputs read from a key part, for each entity whose items have them in their keys only
     */
    public record Plan(PatternDesign design, List<KeyOnlyInput> keyOnly) {
        public Plan {
            Objects.requireNonNull(design, "design");
            keyOnly = List.copyOf(keyOnly);
        }

        /** Where the entity's items have the input, if in a key only. */
        public Optional<KeyOnlyInput> keyOnly(String entity, String input) {
            return keyOnly.stream().filter(k -> k.entity().equals(entity) && k.input().equals(input)).findFirst();
        }
    }

    /**
     * The request that serves the pattern, or a Scan with the reason. The costs are left at zero: they come from
     * running the request on the real items.
     */
    public Plan plan(AccessPattern pattern) {
        var misses = new ArrayList<String>();
        for (var target : targets()) {
            var attempt = attempt(pattern, target);
            if (attempt.condition != null) {
                boolean getItem = target.name() == null && !pattern.isCollection() && attempt.condition.operator() == SortKeyCondition.Operator.EQ
                        && attempt.condition.sortKey() != null;
                boolean forward = pattern.orderAttribute().isEmpty() || !pattern.descending();
                var reason = (getItem ? "GetItem" : "Query on " + target.label()) + ": " + attempt.reason + keyOnlyReason(attempt.keyOnly);
                return new Plan(PatternDesign.served(pattern.name(), pattern.entities(), getItem ? ReadOperation.GET_ITEM : ReadOperation.QUERY,
                        target.name(), attempt.condition, forward, pattern.limit()).withReason(reason), attempt.keyOnly);
            }
            if (attempt.miss != null) {
                misses.add(attempt.miss);
            }
        }
        var rcu = CapacityCalculator.scan(List.of(tableBytes), ReadConsistency.EVENTUAL);
        var why = misses.isEmpty() ? "no key of the table or its indexes is built from " + given(pattern) : String.join("; ", misses);
        return new Plan(PatternDesign.scan(pattern.name(), pattern.entities(), pattern.limit()).withCost(tableItems, rcu, null).withReason(why
                + ". A Scan reads every item instead: " + tableItems + " items, " + tableBytes + " B: " + rcu + " RCU per call"), List.of());
    }

    /** {@code ; userId is in the key only: PK = USER#{userId}}, for each input read from a key part. */
    private static String keyOnlyReason(List<KeyOnlyInput> keyOnly) {
        var text = new StringBuilder();
        for (var input : keyOnly) {
            text.append("; ").append(input.input()).append(" is in the key only: ").append(input.describe())
                    .append(keyOnly.stream().map(KeyOnlyInput::entity).distinct().count() > 1 ? " of " + input.entity() : "");
        }
        return text.toString();
    }

    private static String given(AccessPattern pattern) {
        var given = new ArrayList<>(pattern.equals());
        pattern.orderAttribute().ifPresent(o -> given.add(o + " (the order)"));
        return given.isEmpty() ? "nothing the pattern gives" : String.join(", ", given);
    }

    /** What one target makes of the pattern: a condition and why, or why not (null when it is simply not built for it). */
    private static final class Attempt {
        KeyConditionTemplate condition;
        String reason;
        String miss;
        final List<KeyOnlyInput> keyOnly = new ArrayList<>();

        static Attempt miss(String why) {
            var attempt = new Attempt();
            attempt.miss = why;
            return attempt;
        }
    }

    private Attempt attempt(AccessPattern pattern, Target target) {
        var pk = target.keys().partitionKeyName();
        var sk = target.keys().sortKeyName();
        var equals = new LinkedHashSet<>(pattern.equals());
        var used = new HashSet<String>();
        var keyOnly = new ArrayList<KeyOnlyInput>();
        ValueTemplate partition = null;
        for (var entity : pattern.entities()) {
            var own = partition(entity, pk, equals, used, target, keyOnly);
            if (own.miss != null || own.template == null) {
                return own.miss == null ? new Attempt() : Attempt.miss(own.miss);
            }
            if (partition != null && !partition.equals(own.template)) {
                return new Attempt(); // the entities of a collection are in different partitions here
            }
            partition = own.template;
        }
        var entity = pattern.entity();
        var order = pattern.orderAttribute().orElse(null);
        KeyConditionTemplate condition;
        String sortReason;
        String leadingLiteral = null;
        if (pattern.isCollection()) {
            condition = KeyConditionTemplate.partitionOnly(pk, partition);
            sortReason = "the partition " + partition + " holds " + String.join(" and ", pattern.entities());
        } else if (sk == null) {
            if (order != null) {
                return new Attempt();
            }
            condition = KeyConditionTemplate.partitionOnly(pk, partition);
            sortReason = "the partition " + partition;
        } else if (equals.contains(sk)) {
            if (order != null) {
                return new Attempt();
            }
            used.add(sk);
            condition = new KeyConditionTemplate(pk, partition, sk, SortKeyCondition.Operator.EQ, ValueTemplate.of(new ValueTemplate.Value(sk)), null);
            sortReason = "the key " + partition + ", {" + sk + "}";
        } else if (sk.equals(order)) {
            // the pattern orders by the sort key attribute itself
            condition = pattern.between() == null ? KeyConditionTemplate.partitionOnly(pk, partition)
                    : new KeyConditionTemplate(pk, partition, sk, SortKeyCondition.Operator.BETWEEN,
                    ValueTemplate.of(new ValueTemplate.Value(order, ValueTemplate.Bound.FROM)),
                    ValueTemplate.of(new ValueTemplate.Value(order, ValueTemplate.Bound.TO)));
            sortReason = "the partition " + partition + (pattern.between() == null ? "" : ", " + sk + " in the range");
            if (numeric(entity, order) && target.keys().sortKey().type() != KeySchema.ScalarType.N) {
                return Attempt.miss(target.label() + "'s " + sk + " holds " + order + " as text, where 10 sorts before 9");
            }
        } else {
            var derivation = derivation(entity, sk);
            if (derivation == null) {
                return new Attempt();
            }
            var sort = sortCondition(pattern, target, derivation, equals, used, order, keyOnly);
            if (sort.miss != null || sort.condition == null) {
                return sort.miss == null ? new Attempt() : Attempt.miss(sort.miss);
            }
            condition = new KeyConditionTemplate(pk, partition, sk, sort.condition.operator(), sort.condition.sort(), sort.condition.sortUpper());
            if (sort.condition.operator() == null) {
                condition = KeyConditionTemplate.partitionOnly(pk, partition);
            }
            sortReason = "the partition " + partition + sort.reason;
            leadingLiteral = sort.leadingLiteral;
        }
        if (!used.containsAll(equals)) {
            var left = equals.stream().filter(a -> !used.contains(a)).toList();
            return Attempt.miss(target.label() + " has " + partition + " but no key takes " + String.join(", ", left)
                    + " (a FilterExpression would, after reading more)");
        }
        var clash = clash(pattern, target, leadingLiteral);
        if (clash != null) {
            return Attempt.miss(clash);
        }
        var attempt = new Attempt();
        attempt.keyOnly.addAll(keyOnly);
        attempt.condition = condition;
        attempt.reason = sortReason + (order == null ? "" : ", in " + order + " order" + (pattern.descending() ? ", largest first" : ""));
        return attempt;
    }

    private record Partition(ValueTemplate template, String miss) {
    }

    /** The entity's partition key on the target, if the pattern's equality values make it. */
    private Partition partition(String entity, String pk, Set<String> equals, Set<String> used, Target target, List<KeyOnlyInput> keyOnly) {
        if (equals.contains(pk)) {
            used.add(pk);
            return new Partition(ValueTemplate.of(new ValueTemplate.Value(pk)), null);
        }
        var derivation = derivation(entity, pk);
        if (derivation == null) {
            return new Partition(null, null);
        }
        var attributes = derivation.attributes();
        var unknowns = unknowns(derivation);
        if (!equals.containsAll(attributes) || unknowns.size() > 1) {
            return new Partition(null, null);
        }
        KeyOnlyInput input = null;
        if (unknowns.size() == 1) {
            var candidates = keyOnlyInputs(entity, equals, Set.copyOf(attributes));
            input = choose(derivation, unknowns.get(0), candidates).orElse(null);
            if (input == null) {
                return new Partition(null, candidates.isEmpty() ? null : undecided(target, derivation, entity, candidates));
            }
        } else if (attributes.isEmpty()) {
            return new Partition(null, null);
        }
        if (!derivation.holdsForEveryItem()) {
            return new Partition(null, breaks(target, derivation));
        }
        used.addAll(attributes);
        if (input == null) {
            return new Partition(derivation.template(), null);
        }
        used.add(input.input());
        keyOnly.add(input);
        return new Partition(ValueTemplate.joined(KeyDerivation.parts(input.segments()), derivation.delimiter()), null);
    }

    /** The positions of the derivation's unknown parts. */
    private static List<Integer> unknowns(KeyDerivation derivation) {
        var unknowns = new ArrayList<Integer>();
        for (int i = 0; i < derivation.segments().size(); i++) {
            if (derivation.segments().get(i) instanceof KeyDerivation.Unknown) {
                unknowns.add(i);
            }
        }
        return unknowns;
    }

    /** The pattern's equality inputs, other than {@code taken}, that no item of the entity has: they can only be in its keys. */
    private List<String> keyOnlyInputs(String entity, Set<String> equals, Set<String> taken) {
        return equals.stream().filter(input -> !taken.contains(input) && isKeyOnly(entity, input)).toList();
    }

    /** An input the entity's items have in no attribute (an entity whose attributes are not known has none). */
    private boolean isKeyOnly(String entity, String input) {
        var carried = attributes.get(entity);
        return carried != null && !carried.contains(input);
    }

    /**
     * The input read as the unknown part at {@code segment}: the candidate the literal before the part names, or the one
     * candidate where that part is the only unknown part of all the entity's keys.
     */
    private Optional<KeyOnlyInput> choose(KeyDerivation derivation, int segment, List<String> candidates) {
        var literal = segment > 0 && derivation.segments().get(segment - 1) instanceof KeyDerivation.Literal l ? word(l.text()) : "";
        var named = literal.isEmpty() ? List.<String>of() : candidates.stream().filter(c -> word(c).startsWith(literal)).toList();
        if (named.size() == 1) {
            return Optional.of(new KeyOnlyInput(named.get(0), derivation, segment));
        }
        long unknownParts = derivations.getOrDefault(derivation.entity(), Map.of()).values().stream()
                .mapToLong(d -> unknowns(d).size()).sum();
        if (candidates.size() == 1 && named.isEmpty() && unknownParts == 1) {
            return Optional.of(new KeyOnlyInput(candidates.get(0), derivation, segment));
        }
        return Optional.empty();
    }

    /** Letters and digits in lower case: {@code USER} and {@code userId} compare as {@code user} and {@code userid}. */
    private static String word(String text) {
        return text.toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]", "");
    }

    private static String undecided(Target target, KeyDerivation derivation, String entity, List<String> candidates) {
        var start = target.label() + "'s " + derivation.keyAttribute() + " (" + derivation.template() + ") has one part in the key only and ";
        return candidates.size() == 1
                ? start + candidates.get(0) + " is on no " + entity + " item: that the part is " + candidates.get(0) + ", the key does not say"
                : start + String.join(", ", candidates) + " are on no " + entity + " item: which of them it is, the key does not say";
    }

    private record Sort(KeyConditionTemplate condition, String reason, String leadingLiteral, String miss) {
    }

    private Sort sortCondition(AccessPattern pattern, Target target, KeyDerivation derivation, Set<String> equals, Set<String> used,
                               String order, List<KeyOnlyInput> keyOnly) {
        var pk = target.keys().partitionKeyName();
        var sk = target.keys().sortKeyName();
        var entity = pattern.entity();
        var placeholder = ValueTemplate.of(new ValueTemplate.Text("-"));
        // the segments with the unknown parts the pattern's inputs are read as filled in
        var segments = new ArrayList<>(derivation.segments());
        var bound = new ArrayList<KeyOnlyInput>();
        var unknowns = unknowns(derivation);
        if (unknowns.size() == 1) {
            var taken = new HashSet<>(used);
            taken.addAll(derivation.attributes());
            choose(derivation, unknowns.get(0), keyOnlyInputs(entity, equals, taken)).ifPresent(input -> {
                segments.set(input.segment(), new KeyDerivation.Attribute(input.input()));
                bound.add(input);
            });
        }
        var prefix = new ArrayList<KeyDerivation.Segment>();
        var prefixUsed = new ArrayList<String>();
        int next = 0;
        while (next < segments.size() && (segments.get(next) instanceof KeyDerivation.Literal
                || segments.get(next) instanceof KeyDerivation.Attribute a && equals.contains(a.path()))) {
            prefix.add(segments.get(next));
            if (segments.get(next) instanceof KeyDerivation.Attribute a) {
                prefixUsed.add(a.path());
            }
            next++;
        }
        bound.removeIf(input -> !prefixUsed.contains(input.input()));
        var leading = prefix.isEmpty() || !(prefix.get(0) instanceof KeyDerivation.Literal l) ? null : l.text();
        // a sort key prefix of literals alone tells entities apart, needed only where another entity shares the partitions
        boolean needed = order != null || !prefixUsed.isEmpty() || !prefix.isEmpty() && shared(pattern, target);
        if (!needed) {
            return new Sort(KeyConditionTemplate.partitionOnly(pk, placeholder), "", null, null);
        }
        if (order != null && next < segments.size() && segments.get(next) instanceof KeyDerivation.Unknown && isKeyOnly(entity, order)) {
            // the order attribute is in the key only: the part right after the prefix is read as it
            bound.add(new KeyOnlyInput(order, derivation, next));
            segments.set(next, new KeyDerivation.Attribute(order));
        }
        if (order != null && (next == segments.size() || !(segments.get(next) instanceof KeyDerivation.Attribute a && a.path().equals(order)))) {
            return new Sort(null, null, null, null);
        }
        boolean literalsOnly = order == null && prefixUsed.isEmpty();
        // parts after the ones the condition reads may stay unknown: the key's shape holding is enough
        if (literalsOnly ? !derivation.prefixHolds() : !derivation.holdsForEveryItem()) {
            return new Sort(null, null, null, breaks(target, derivation));
        }
        if (order != null && numeric(entity, order) && target.keys().sortKey().type() != KeySchema.ScalarType.N) {
            return new Sort(null, null, null, target.label() + "'s " + sk + " holds " + order + " as text, where 10 sorts before 9");
        }
        used.addAll(prefixUsed);
        keyOnly.addAll(bound);
        var delimiter = derivation.delimiter();
        var prefixParts = KeyDerivation.parts(prefix);
        var template = ValueTemplate.joined(KeyDerivation.parts(segments), delimiter);
        if (next == segments.size()) {
            return new Sort(new KeyConditionTemplate(pk, placeholder, sk, SortKeyCondition.Operator.EQ,
                    ValueTemplate.joined(prefixParts, delimiter), null), ", the item whose " + sk + " is " + template, leading, null);
        }
        if (pattern.between() != null) {
            var from = new ArrayList<>(prefixParts);
            from.add(new ValueTemplate.Value(order, ValueTemplate.Bound.FROM));
            var to = new ArrayList<>(prefixParts);
            to.add(new ValueTemplate.Value(order, ValueTemplate.Bound.TO));
            var upper = ValueTemplate.joined(to, delimiter);
            if (next + 1 < segments.size()) {
                upper = upper.plus(delimiter + ValueTemplate.UPPER_SUFFIX);
            }
            return new Sort(new KeyConditionTemplate(pk, placeholder, sk, SortKeyCondition.Operator.BETWEEN,
                    ValueTemplate.joined(from, delimiter), upper), ", " + sk + " (" + template + ") in the range", leading, null);
        }
        if (prefix.isEmpty()) {
            return new Sort(KeyConditionTemplate.partitionOnly(pk, placeholder), ", in " + sk + " order (" + template + ")", null, null);
        }
        return new Sort(new KeyConditionTemplate(pk, placeholder, sk, SortKeyCondition.Operator.BEGINS_WITH,
                ValueTemplate.joined(prefixParts, delimiter).plus(delimiter), null), ", the items whose " + sk + " starts with "
                + ValueTemplate.joined(prefixParts, delimiter) + delimiter + " (" + template + ")", leading, null);
    }

    private boolean numeric(String entity, String attribute) {
        return file.entity(entity).map(e -> e.attributes().get(attribute) == AttributeType.N).orElse(false);
    }

    /**
     * Why another entity's items would come back too: it has keys on the target whose partition keys look like the
     * pattern's entity's, and its sort key does not start with a different literal that the condition names.
     */
    private String clash(AccessPattern pattern, Target target, String leadingLiteral) {
        var pk = target.keys().partitionKeyName();
        var sk = target.keys().sortKeyName();
        var mine = new HashSet<>(pattern.entities());
        var masked = derivation(pattern.entity(), pk) == null ? "*" : derivation(pattern.entity(), pk).masked();
        for (var entry : derivations.entrySet()) {
            var other = entry.getKey();
            var theirs = entry.getValue().get(pk);
            if (mine.contains(other) || theirs == null || !alike(masked, theirs.masked())) {
                continue;
            }
            var theirSort = sk == null ? null : entry.getValue().get(sk);
            boolean apart = !pattern.isCollection() && leadingLiteral != null && theirSort != null
                    && theirSort.segments().get(0) instanceof KeyDerivation.Literal literal && !literal.text().equals(leadingLiteral);
            if (!apart) {
                return target.label() + " would also return " + other + " items: their " + pk + " (" + theirs.template()
                        + ") looks like " + pattern.entity() + "'s and " + (sk == null ? "there is no sort key" : "the sort key does not tell them apart");
            }
        }
        return null;
    }

    /** Whether another entity's items are in the target with partition keys like the pattern's entity's. */
    private boolean shared(AccessPattern pattern, Target target) {
        var pk = target.keys().partitionKeyName();
        var mine = derivation(pattern.entity(), pk);
        var masked = mine == null ? "*" : mine.masked();
        return derivations.entrySet().stream().anyMatch(e -> !pattern.entities().contains(e.getKey()) && e.getValue().get(pk) != null
                && alike(masked, e.getValue().get(pk).masked()));
    }

    /** Whether keys of these shapes can be equal: either is a whole variable, or part by part the literals agree. */
    static boolean alike(String a, String b) {
        if (a.equals("*") || b.equals("*") || a.equals(b)) {
            return true;
        }
        var left = a.split("#", -1);
        var right = b.split("#", -1);
        if (left.length != right.length) {
            return false;
        }
        for (int i = 0; i < left.length; i++) {
            if (!left[i].equals(right[i]) && !left[i].equals("*") && !right[i].equals("*")) {
                return false;
            }
        }
        return true;
    }

    /** Why the target does not serve the pattern: the derivation breaks on items, the first {@value #BREAKING_NAMED} named. */
    private String breaks(Target target, KeyDerivation derivation) {
        var named = derivation.breaking().stream().limit(BREAKING_NAMED).map(KeyText::named).toList();
        var more = derivation.breakingItems() - named.size();
        var broken = String.join("; ", named) + (more > 0 && !named.isEmpty() ? "; and " + more + " more" : "");
        return target.label() + " would serve it, but " + derivation.describe() + " only, so a Query there misses "
                + derivation.breakingItems() + " of them" + (named.isEmpty() ? "" : " (" + broken + ")");
    }

    private KeyDerivation derivation(String entity, String keyAttribute) {
        var byKey = derivations.get(entity);
        return byKey == null ? null : byKey.get(keyAttribute);
    }
}

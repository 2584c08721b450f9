package dev.dynalens.domain.design;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.table.KeyOrder;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What the proof of a design asks of each pattern: parameters taken from the sample items, and the items the pattern
 * must return for them, worked out from the samples alone (their attributes, not their keys). A pattern passes when
 * what its request returned is exactly those items, in the order it asks for; items that tie on the order attribute
 * may come in any order among themselves, and of the items that tie at a limit any may be cut.
 */
public final class ProofPlan {
    /** Parameter sets tried per pattern. */
    public static final int PROBES_PER_PATTERN = 3;

    private ProofPlan() {
    }

    /**
     * One run of a pattern.
     *
     * @param parameters attribute to value, and {@code attr:from} / {@code attr:to} for a range
     * @param matching   every sample the pattern selects, in its order, before the limit
     * @param expected   what the request must return: {@code matching} up to the limit
     */
    public record Probe(String pattern, Map<String, AttributeValue> parameters, List<Item> matching, List<Item> expected,
                        String orderAttribute) {
        public Probe {
            parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
            matching = List.copyOf(matching);
            expected = List.copyOf(expected);
        }

        public Optional<String> order() {
            return Optional.ofNullable(orderAttribute);
        }

        /** The parameters as a person reads them: {@code customerId = "c1", createdAt between … and …}. */
        public String describe() {
            return parameters.entrySet().stream().map(e -> e.getKey() + " = " + dev.dynalens.domain.item.ValueText.literal(e.getValue()))
                    .collect(Collectors.joining(", "));
        }
    }

    /**
     * Up to {@value #PROBES_PER_PATTERN} probes of a pattern: the distinct equality values of its (first) entity's
     * samples that select the most items first; a range from the first to the third quarter of the selected values.
     *
     * @param samples entity name to its sample items, with their keys
     */
    public static List<Probe> probes(AccessPattern pattern, Map<String, List<Item>> samples) {
        var source = samples.getOrDefault(pattern.entity(), List.of());
        var combinations = new LinkedHashSet<Map<String, AttributeValue>>();
        for (var item : source) {
            var values = new LinkedHashMap<String, AttributeValue>();
            for (var attribute : pattern.equals()) {
                item.get(attribute).ifPresent(v -> values.put(attribute, v));
            }
            if (values.size() == pattern.equals().size()) {
                combinations.add(values);
            }
        }
        var ranked = new ArrayList<>(combinations);
        ranked.sort(Comparator.comparingInt((Map<String, AttributeValue> c) -> -select(pattern, samples, c).size()));
        var probes = new ArrayList<Probe>();
        for (var equality : ranked.subList(0, Math.min(PROBES_PER_PATTERN, ranked.size()))) {
            var parameters = new LinkedHashMap<>(equality);
            var selected = select(pattern, samples, equality);
            if (pattern.between() != null) {
                var values = selected.stream().map(i -> sortValue(i.attributes().get(pattern.between()))).filter(Objects::nonNull)
                        .sorted(KeyOrder.COMPARATOR).toList();
                if (values.isEmpty()) {
                    continue;
                }
                parameters.put(pattern.between() + ":from", values.get(values.size() / 4));
                parameters.put(pattern.between() + ":to", values.get(values.size() * 3 / 4));
                selected = selected.stream().filter(i -> inRange(i, pattern.between(), parameters)).toList();
            }
            var ordered = order(pattern, selected);
            var expected = pattern.limit() > 0 && ordered.size() > pattern.limit() ? ordered.subList(0, pattern.limit()) : ordered;
            probes.add(new Probe(pattern.name(), parameters, ordered, expected, pattern.orderAttribute().orElse(null)));
        }
        return probes;
    }

    /** The samples of the pattern's entities whose attributes equal the given values. */
    private static List<Item> select(AccessPattern pattern, Map<String, List<Item>> samples, Map<String, AttributeValue> equality) {
        var selected = new ArrayList<Item>();
        for (var entity : pattern.entities()) {
            for (var item : samples.getOrDefault(entity, List.of())) {
                if (equality.entrySet().stream().allMatch(e -> e.getValue().equals(item.attributes().get(e.getKey())))) {
                    selected.add(item);
                }
            }
        }
        return selected;
    }

    private static boolean inRange(Item item, String attribute, Map<String, AttributeValue> parameters) {
        var value = sortValue(item.attributes().get(attribute));
        return value != null && KeyOrder.compare(value, parameters.get(attribute + ":from")) >= 0
                && KeyOrder.compare(value, parameters.get(attribute + ":to")) <= 0;
    }

    private static List<Item> order(AccessPattern pattern, List<Item> items) {
        var attribute = pattern.orderAttribute();
        if (attribute.isEmpty()) {
            return items;
        }
        Comparator<Item> byValue = Comparator.comparing(i -> sortValue(i.attributes().get(attribute.get())), KeyOrder.COMPARATOR);
        var sorted = new ArrayList<>(items);
        sorted.sort(pattern.descending() ? byValue.reversed() : byValue);
        return sorted;
    }

    /** A value as a key orders it: a boolean is its text in a string key. */
    static AttributeValue sortValue(AttributeValue value) {
        return value instanceof AttributeValue.Bool b ? new AttributeValue.Str(Boolean.toString(b.value())) : value;
    }

    /**
     * What is wrong with what a request returned for a probe, or empty when it is what the pattern asks for.
     *
     * @param keys the table's key schema: items are told apart by their table keys
     */
    public static Optional<String> mismatch(Probe probe, List<Item> returned, KeySchema keys) {
        var got = returned.stream().map(i -> key(i, keys)).toList();
        var expected = probe.expected().stream().map(i -> key(i, keys)).toList();
        var allowed = new HashSet<>(probe.matching().stream().map(i -> key(i, keys)).toList());
        if (new HashSet<>(got).size() != got.size()) {
            return Optional.of("returned an item twice: " + list(got));
        }
        var stray = got.stream().filter(k -> !allowed.contains(k)).toList();
        if (!stray.isEmpty() || got.size() != expected.size()) {
            return Optional.of("expected " + count(expected.size()) + " " + list(expected) + ", got " + count(got.size()) + " " + list(got)
                    + (stray.isEmpty() ? "" : "; not asked for: " + list(stray)));
        }
        if (probe.orderAttribute() != null) {
            var attribute = probe.orderAttribute();
            var gotOrder = returned.stream().map(i -> sortValue(i.attributes().get(attribute))).toList();
            var wantedOrder = probe.expected().stream().map(i -> sortValue(i.attributes().get(attribute))).toList();
            if (!gotOrder.equals(wantedOrder)) {
                return Optional.of("the items came in the wrong order of " + attribute + ": expected " + values(wantedOrder)
                        + ", got " + values(gotOrder));
            }
        }
        return Optional.empty();
    }

    private static Map<String, AttributeValue> key(Item item, KeySchema keys) {
        return item.key(keys.partitionKeyName(), keys.sortKeyName());
    }

    private static String count(int n) {
        return n == 1 ? "1 item" : n + " items";
    }

    private static String list(List<Map<String, AttributeValue>> keys) {
        var shown = keys.stream().limit(5).map(KeyText::values).collect(Collectors.joining("; "));
        return "[" + shown + (keys.size() > 5 ? "; … " + (keys.size() - 5) + " more" : "") + "]";
    }

    private static String values(List<AttributeValue> values) {
        return values.stream().map(v -> v == null ? "(none)" : dev.dynalens.domain.item.ValueText.literal(v)).collect(Collectors.joining(", "));
    }
}

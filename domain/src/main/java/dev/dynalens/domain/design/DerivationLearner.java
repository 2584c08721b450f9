package dev.dynalens.domain.design;

import dev.dynalens.domain.inference.KeyTemplate;
import dev.dynalens.domain.inference.KeyTemplates;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Learns from an existing table's items how each entity's key attributes are built from its other attributes: a key
 * that equals an attribute ({@code customer_id}), or a key whose parts, cut at its delimiter, are literals or
 * attributes ({@code EMAIL#} and {@code email}). Fed one item at a time with its entity; what it proposes is then
 * checked item by item ({@link DerivationVerifier}) for how many items it holds.
 *
 * <p>Memory: per entity and key attribute, a counter per attribute path that matched a part; none of it grows with the
 * item count. Candidates are scalar values (strings, numbers, booleans) of top-level attributes and of maps nested up
 * to {@value #MAX_DEPTH} deep, other than the key attribute itself (and, for the table's keys, other than the table's
 * keys).
 */
public final class DerivationLearner {
    static final int MAX_DEPTH = 3;

    private final List<String> keyAttributes;
    private final Set<String> keys;
    private final Set<String> tableKeys;
    private final Map<String, Long> itemsOf = new LinkedHashMap<>();
    private final Map<String, Map<String, State>> states = new LinkedHashMap<>();
    private final Map<String, Set<String>> paths = new LinkedHashMap<>();

    /**
     * @param keyAttributes the key attributes of the table and of its indexes, each once
     * @param tableKeys     the table's own key attributes: a table key is not learned from the other (an index key may
     *                      copy one, as an inverted index's does)
     */
    public DerivationLearner(List<String> keyAttributes, Set<String> tableKeys) {
        this.keyAttributes = List.copyOf(keyAttributes);
        this.keys = new HashSet<>(keyAttributes);
        this.tableKeys = Set.copyOf(tableKeys);
    }

    public void accept(String entity, Item item) {
        itemsOf.merge(entity, 1L, Long::sum);
        var leaves = leaves(item, Set.of());
        var seen = paths.computeIfAbsent(entity, e -> new java.util.TreeSet<>());
        seen.addAll(leaves.keySet());
        seen.addAll(item.attributes().keySet());
        var mine = states.computeIfAbsent(entity, e -> new LinkedHashMap<>());
        for (var key : keyAttributes) {
            var value = item.attributes().get(key);
            if (value != null) {
                var candidates = new LinkedHashMap<>(leaves);
                candidates.remove(key);
                if (tableKeys.contains(key)) {
                    tableKeys.forEach(candidates::remove);
                }
                mine.computeIfAbsent(key, k -> new State()).observe(value, candidates);
            }
        }
    }

    /**
     * What the entity's items have, sorted: every top-level attribute (key attributes included) and every path to a
     * scalar in their maps. A pattern's input that is not among them is in the keys only.
     */
    public Set<String> pathsOf(String entity) {
        return java.util.Collections.unmodifiableSet(paths.getOrDefault(entity, Set.of()));
    }

    /** Items seen per entity. */
    public Map<String, Long> itemCounts() {
        return java.util.Collections.unmodifiableMap(itemsOf);
    }

    /**
     * The derivation proposed for each entity and key attribute its items have ({@code holding} not counted yet: see
     * {@link DerivationVerifier}), by entity, then key attribute.
     */
    public Map<String, Map<String, KeyDerivation>> proposals() {
        var proposals = new LinkedHashMap<String, Map<String, KeyDerivation>>();
        states.forEach((entity, byKey) -> {
            var derived = new LinkedHashMap<String, KeyDerivation>();
            byKey.forEach((key, state) -> derived.put(key, state.propose(entity, key, itemsOf.get(entity), this::rank)));
            proposals.put(entity, derived);
        });
        return proposals;
    }

    /**
     * How much an attribute is data: 0 for one that is no key, 1 for an index's key attribute (which may well be data,
     * {@code customer_id}), 2 for a table key. A key is read as built from the least key-like attributes that build it:
     * {@code PK = USER#{userId}} rather than {@code PK = {GSI1SK}} when GSI1SK copies it.
     */
    private int rank(String path) {
        return tableKeys.contains(path) ? 2 : keys.contains(path) ? 1 : 0;
    }

    /** Path text to the value's text, for every scalar the item holds outside its keys. */
    static Map<String, String> leaves(Item item, Set<String> excluded) {
        var leaves = new LinkedHashMap<String, String>();
        item.attributes().forEach((name, value) -> {
            if (!excluded.contains(name)) {
                collect(AttributePath.of(name), value, 1, leaves);
            }
        });
        return leaves;
    }

    private static void collect(AttributePath path, AttributeValue value, int depth, Map<String, String> leaves) {
        text(value).ifPresent(text -> leaves.put(path.toString(), text));
        if (value instanceof AttributeValue.MapValue map && depth < MAX_DEPTH) {
            map.values().forEach((name, nested) -> collect(path.key(name), nested, depth + 1, leaves));
        }
    }

    /** A scalar's text as it would be written into a key. */
    static Optional<String> text(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return Optional.of(s.value());
        }
        if (value instanceof AttributeValue.Num n) {
            return Optional.of(n.value().canonical());
        }
        if (value instanceof AttributeValue.Bool b) {
            return Optional.of(Boolean.toString(b.value()));
        }
        return Optional.empty();
    }

    /** What is known of one entity's one key attribute. */
    private static final class State {
        private long present;
        private final Map<String, Long> whole = new HashMap<>();
        private String delimiter;
        private int parts = -1;
        private long sameShape;
        private final List<Part> segments = new ArrayList<>();

        void observe(AttributeValue value, Map<String, String> leaves) {
            present++;
            var text = text(value);
            if (text.isEmpty()) {
                return; // a binary key: no attribute builds it here
            }
            leaves.forEach((path, leaf) -> {
                if (leaf.equals(text.get())) {
                    whole.merge(path, 1L, Long::sum);
                }
            });
            if (!(value instanceof AttributeValue.Str s)) {
                return;
            }
            var split = KeyTemplates.split(s.value());
            if (parts < 0) {
                delimiter = split.delimiter();
                parts = split.parts().size();
                for (var part : split.parts()) {
                    segments.add(new Part(part));
                }
            }
            if (!split.delimiter().equals(delimiter) || split.parts().size() != parts) {
                return;
            }
            sameShape++;
            var looks = KeyTemplates.infer(s.value());
            for (int i = 0; i < parts; i++) {
                var part = split.parts().get(i);
                var segment = segments.get(i);
                if (!part.equals(segment.first)) {
                    segment.constant = false;
                }
                if (looks.size() != parts || !(looks.segment(i) instanceof KeyTemplate.Literal)) {
                    segment.looksLiteral = false;
                }
                leaves.forEach((path, leaf) -> {
                    if (leaf.equals(part)) {
                        segment.matches.merge(path, 1L, Long::sum);
                    }
                });
            }
        }

        KeyDerivation propose(String entity, String key, long items, java.util.function.ToIntFunction<String> rank) {
            var bestWhole = best(whole, rank);
            var proposed = new ArrayList<KeyDerivation.Segment>();
            int splitRank = 0;
            for (var segment : segments) {
                // one item says little: a part that does not look like a name is a value until two items agree on it
                if (segment.constant && (segment.looksLiteral || sameShape >= 2)) {
                    proposed.add(new KeyDerivation.Literal(segment.first));
                    continue;
                }
                var path = best(segment.matches, rank);
                if (path.isPresent()) {
                    proposed.add(new KeyDerivation.Attribute(path.get()));
                    splitRank = Math.max(splitRank, rank.applyAsInt(path.get()));
                } else {
                    proposed.add(new KeyDerivation.Unknown());
                    splitRank = Integer.MAX_VALUE;
                }
            }
            if (proposed.isEmpty()) {
                proposed.add(new KeyDerivation.Unknown()); // a number key (no string was cut) that no attribute equals
                splitRank = Integer.MAX_VALUE;
            }
            boolean wholeCovers = bestWhole.isPresent() && (whole.get(bestWhole.get()) == present || parts <= 1);
            if (wholeCovers && (rank.applyAsInt(bestWhole.get()) <= splitRank
                    || proposed.stream().noneMatch(KeyDerivation.Attribute.class::isInstance))) {
                return new KeyDerivation(entity, key, "", List.of(new KeyDerivation.Attribute(bestWhole.get())), items, 0, 0, List.of());
            }
            return new KeyDerivation(entity, key, delimiter == null ? "" : delimiter, proposed, items, 0, 0, List.of());
        }

        /** The path matched most often; among equals the least key-like, a top-level one, then the shorter, then the first by name. */
        private static Optional<String> best(Map<String, Long> counts, java.util.function.ToIntFunction<String> rank) {
            return counts.entrySet().stream().max(Comparator.<Map.Entry<String, Long>>comparingLong(Map.Entry::getValue)
                    .thenComparing(e -> -rank.applyAsInt(e.getKey()))
                    .thenComparing(e -> e.getKey().contains(".") ? 0 : 1)
                    .thenComparing(e -> -e.getKey().length())
                    .thenComparing(Map.Entry::getKey, Comparator.reverseOrder())).map(Map.Entry::getKey);
        }
    }

    private static final class Part {
        final String first;
        boolean constant = true;
        boolean looksLiteral = true;
        final Map<String, Long> matches = new HashMap<>();

        Part(String first) {
            this.first = first;
        }
    }
}

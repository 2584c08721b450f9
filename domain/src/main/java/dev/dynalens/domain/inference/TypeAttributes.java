package dev.dynalens.domain.inference;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.io.Serializable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which attribute of a table names its items' entity types, as a function of what the items held, not of their order.
 * A <em>candidate</em> is an attribute whose name is one of {@link #CANDIDATES} (any case). The items read so far keep a
 * candidate while every one of them holds it with a value that looks like a type name and it has at most
 * {@value #MAX_VALUES} values; one item without it, or a 65th value, drops it for good. The type attribute is the kept
 * candidate that comes first in {@link #CANDIDATES}; between case variants ({@code Type}, {@code type}) the name that
 * sorts first. So the first item only says which candidates there are, never which one wins.
 *
 * <p>Memory: per kept candidate its values, at most {@value #MAX_VALUES}; nothing grows with the item count. What the items
 * showed is a {@link Summary}, and summaries of any parts of a table merge into the whole's.
 */
final class TypeAttributes {
    static final int MAX_VALUES = 64;
    static final int MAX_NAME_LENGTH = 64;
    /** The candidates, the more specific first: the libraries' own attributes before the generic names. */
    static final List<String> CANDIDATES = List.of("__edb_e__", "_et", "__typename", "_type", "entityType", "entity_type", "type");

    private long items;
    /** The candidates every item so far held, by their name in the items, with the values seen. */
    private final Map<String, Set<String>> kept = new HashMap<>();
    private String chosen;

    /** Whether an attribute of this name can be the type attribute. */
    static boolean isCandidate(String name) {
        return priority(name) >= 0;
    }

    private static int priority(String name) {
        for (int i = 0; i < CANDIDATES.size(); i++) {
            if (CANDIDATES.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether a value looks like the name of a type: a short string that is one name ({@code User}, not {@code 2024-05-01}). */
    static boolean isTypeName(AttributeValue value) {
        return value instanceof AttributeValue.Str s && !s.value().isEmpty() && s.value().length() <= MAX_NAME_LENGTH
                && KeyTemplates.classify(s.value()) == SegmentKind.LITERAL && KeyTemplates.nameOf(s.value()).isPresent();
    }

    /** The type attribute in use, or null. */
    String chosen() {
        return chosen;
    }

    /**
     * Takes one item into account; returns whether the type attribute changed from one that named items already seen
     * (the first item's choice names none before it).
     */
    boolean observe(Item item) {
        var attributes = item.attributes();
        if (items++ == 0) {
            attributes.forEach((name, value) -> {
                if (isCandidate(name) && isTypeName(value)) {
                    var values = new HashSet<String>();
                    values.add(((AttributeValue.Str) value).value());
                    kept.put(name, values);
                }
            });
            chosen = choose();
            return false;
        }
        if (kept.isEmpty()) {
            return false;
        }
        boolean dropped = false;
        for (var it = kept.entrySet().iterator(); it.hasNext(); ) {
            var entry = it.next();
            var value = attributes.get(entry.getKey());
            if (!isTypeName(value) || entry.getValue().add(((AttributeValue.Str) value).value()) && entry.getValue().size() > MAX_VALUES) {
                it.remove();
                dropped = true;
            }
        }
        if (!dropped) {
            return false;
        }
        var before = chosen;
        chosen = choose();
        return before != null && !before.equals(chosen);
    }

    private String choose() {
        String best = null;
        int bestPriority = Integer.MAX_VALUE;
        for (var name : kept.keySet()) {
            int priority = priority(name);
            if (priority < bestPriority || priority == bestPriority && name.compareTo(best) < 0) {
                best = name;
                bestPriority = priority;
            }
        }
        return best;
    }

    /**
     * The item's values of the kept candidates, by name (those it has): what its group keeps, so that the group reads
     * alike whichever of them ends up the type attribute.
     */
    Map<String, String> valuesOf(Item item) {
        if (kept.isEmpty()) {
            return Map.of();
        }
        if (kept.size() == 1) {
            var name = kept.keySet().iterator().next();
            var value = item.attributes().get(name);
            return isTypeName(value) ? Map.of(name, ((AttributeValue.Str) value).value()) : Map.of();
        }
        var values = new TreeMap<String, String>();
        for (var name : kept.keySet()) {
            var value = item.attributes().get(name);
            if (isTypeName(value)) {
                values.put(name, ((AttributeValue.Str) value).value());
            }
        }
        return Map.copyOf(values);
    }

    /** Of a group's candidate values, those of candidates still kept: equal for groups that read alike now. */
    Map<String, String> keptOf(Map<String, String> values) {
        if (values.isEmpty() || kept.keySet().containsAll(values.keySet())) {
            return values;
        }
        var still = new TreeMap<String, String>();
        values.forEach((name, value) -> {
            if (kept.containsKey(name)) {
                still.put(name, value);
            }
        });
        return Map.copyOf(still);
    }

    /**
     * What the items showed, as a plain value: how many there were, and each candidate every one of them held, with its
     * values. Summaries {@link Summary#merge merge} into the summary of all the items, in any grouping and order.
     */
    record Summary(long items, Map<String, Set<String>> kept) implements Serializable {
        private static final long serialVersionUID = 1L;

        Summary {
            var copy = new HashMap<String, Set<String>>();
            kept.forEach((name, values) -> copy.put(name, Set.copyOf(values)));
            kept = Map.copyOf(copy);
        }

        /** Both populations' summary: the candidates both kept (an empty population keeps every one), their values joined. */
        Summary merge(Summary other) {
            if (items == 0) {
                return other;
            }
            if (other.items == 0) {
                return this;
            }
            var merged = new HashMap<String, Set<String>>();
            kept.forEach((name, values) -> {
                var theirs = other.kept.get(name);
                if (theirs != null) {
                    var joined = new HashSet<>(values);
                    joined.addAll(theirs);
                    if (joined.size() <= MAX_VALUES) {
                        merged.put(name, joined);
                    }
                }
            });
            return new Summary(items + other.items, merged);
        }
    }

    Summary summary() {
        return new Summary(items, kept);
    }

    /** Takes in what other items showed, as if these had seen them too; returns whether the type attribute changed. */
    boolean absorb(Summary other) {
        var merged = summary().merge(other);
        items = merged.items();
        kept.clear();
        merged.kept().forEach((name, values) -> kept.put(name, new HashSet<>(values)));
        var before = chosen;
        chosen = choose();
        return before != null && !before.equals(chosen);
    }
}

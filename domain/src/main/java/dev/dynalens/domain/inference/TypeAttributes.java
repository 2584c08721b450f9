package dev.dynalens.domain.inference;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
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
 * <p>Memory: per kept candidate its values, at most {@value #MAX_VALUES}; nothing grows with the item count.
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
}

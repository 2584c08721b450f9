package dev.dynalens.domain.change;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The conditional writes of a change and of its revert: a condition that the item still holds what was read (or what the
 * change wrote), and the UpdateItem that turns one image of an item into another.
 */
final class ConditionalWrites {
    /** A condition on more attributes than this would approach DynamoDB's 300 operators in one expression. */
    static final int MAX_CHECKED = 100;

    private ConditionalWrites() {
    }

    /** A condition expression with its placeholders. */
    record Condition(String text, Map<String, String> names, Map<String, AttributeValue> values) {
    }

    /**
     * {@code attribute_exists(#k0) AND #c0 = :c0 AND attribute_not_exists(#c1) …}: the item exists and holds {@code image}'s
     * value of each attribute named (or still lacks it).
     */
    static Condition holding(String partitionKey, Collection<String> attributes, Item image) {
        var text = new StringBuilder("attribute_exists(#k0)");
        var names = new LinkedHashMap<String, String>();
        var values = new LinkedHashMap<String, AttributeValue>();
        names.put("#k0", partitionKey);
        int i = 0;
        for (var name : attributes) {
            var placeholder = "#c" + i;
            names.put(placeholder, name);
            var value = image.attributes().get(name);
            if (value == null) {
                text.append(" AND attribute_not_exists(").append(placeholder).append(')');
            } else {
                values.put(":c" + i, value);
                text.append(" AND ").append(placeholder).append(" = :c").append(i);
            }
            i++;
        }
        return new Condition(text.toString(), names, values);
    }

    /** Every attribute of the item but its key, when there are at most {@link #MAX_CHECKED}; else those given. */
    static Set<String> wholeItemOr(Item item, Collection<String> otherwise, Collection<String> keyNames) {
        var checked = new LinkedHashSet<String>();
        if (item.attributes().size() <= MAX_CHECKED) {
            checked.addAll(item.attributes().keySet());
        } else {
            otherwise.stream().limit(MAX_CHECKED).forEach(checked::add);
        }
        checked.removeAll(keyNames);
        return checked;
    }

    /** The attributes whose value (or presence) differs between two images of an item. */
    static Set<String> differing(Item one, Item other) {
        var names = new LinkedHashSet<String>();
        one.attributes().forEach((name, value) -> {
            if (!value.equals(other.attributes().get(name))) {
                names.add(name);
            }
        });
        other.attributes().keySet().forEach(name -> {
            if (!one.has(name)) {
                names.add(name);
            }
        });
        return names;
    }

    /** {@code SET #u0 = :u0 … REMOVE #u3 …}: the UpdateItem that turns {@code before} into {@code after}, under the condition. */
    static dev.dynalens.domain.write.ItemWrite.Update update(String table, Map<String, AttributeValue> key, Item before, Item after,
                                                          Condition condition) {
        var names = new LinkedHashMap<>(condition.names());
        var values = new LinkedHashMap<>(condition.values());
        var sets = new ArrayList<String>();
        var removes = new ArrayList<String>();
        int i = 0;
        for (var entry : after.attributes().entrySet()) {
            if (!entry.getValue().equals(before.attributes().get(entry.getKey()))) {
                names.put("#u" + i, entry.getKey());
                values.put(":u" + i, entry.getValue());
                sets.add("#u" + i + " = :u" + i);
                i++;
            }
        }
        for (var name : before.attributes().keySet()) {
            if (!after.has(name)) {
                names.put("#u" + i, name);
                removes.add("#u" + i);
                i++;
            }
        }
        var expression = new StringBuilder();
        if (!sets.isEmpty()) {
            expression.append("SET ").append(String.join(", ", sets));
        }
        if (!removes.isEmpty()) {
            expression.append(expression.isEmpty() ? "" : " ").append("REMOVE ").append(String.join(", ", removes));
        }
        return new dev.dynalens.domain.write.ItemWrite.Update(table, key, expression.toString(), condition.text(), names, values);
    }
}

package dev.dynalens.domain.codegen;

import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One UpdateItem to generate and run: the item as it is before, the request, and the item as it must be after —
 * computed here from the assignments, independently of any expression evaluator.
 */
record SnippetCase(String label, Item initial, CodeRequest request, Item expected, boolean conditionFails) {

    Map<String, AttributeValue> key() {
        return request.key();
    }

    static Builder on(String label, Item initial, Map<String, AttributeValue> key) {
        return new Builder(label, initial, key);
    }

    /** Builds {@code SET #a0 = :v0, … REMOVE #aN} with placeholders for every name and value, or without placeholders. */
    static final class Builder {
        private final String label;
        private final Item initial;
        private final Map<String, AttributeValue> key;
        private final Map<String, String> names = new LinkedHashMap<>();
        private final Map<String, AttributeValue> values = new LinkedHashMap<>();
        private final List<String> setClauses = new ArrayList<>();
        private final List<String> removeClauses = new ArrayList<>();
        private final Map<String, AttributeValue> assigned = new LinkedHashMap<>();
        private final List<String> removed = new ArrayList<>();
        private String condition;
        private boolean conditionFails;
        private boolean checkOnly;

        private Builder(String label, Item initial, Map<String, AttributeValue> key) {
            this.label = label;
            this.initial = initial;
            this.key = key;
        }

        Builder set(String attribute, AttributeValue value) {
            var name = name(attribute);
            var placeholder = ":v" + values.size();
            values.put(placeholder, value);
            setClauses.add(name + " = " + placeholder);
            assigned.put(attribute, value);
            return this;
        }

        /** {@code SET attribute = :vN}, the attribute written as it is (it must be a plain name). */
        Builder setPlain(String attribute, AttributeValue value) {
            var placeholder = ":v" + values.size();
            values.put(placeholder, value);
            setClauses.add(attribute + " = " + placeholder);
            assigned.put(attribute, value);
            return this;
        }

        Builder remove(String attribute) {
            removeClauses.add(name(attribute));
            removed.add(attribute);
            return this;
        }

        Builder removePlain(String attribute) {
            removeClauses.add(attribute);
            removed.add(attribute);
            return this;
        }

        /** {@code #cN = :cN}: the condition holds when the item's attribute equals {@code value}. */
        Builder conditionEquals(String attribute, AttributeValue value) {
            var placeholder = ":c" + values.size();
            values.put(placeholder, value);
            var clause = name(attribute) + " = " + placeholder;
            condition = condition == null ? clause : condition + " AND " + clause;
            if (!initial.get(attribute).map(value::equals).orElse(false)) {
                conditionFails = true;
            }
            return this;
        }

        Builder conditionExists(String attribute) {
            var clause = "attribute_exists(" + name(attribute) + ")";
            condition = condition == null ? clause : condition + " AND " + clause;
            if (!initial.has(attribute)) {
                conditionFails = true;
            }
            return this;
        }

        /** No update expression: the UpdateItem only checks the condition. */
        Builder checkOnly() {
            checkOnly = true;
            return this;
        }

        private String name(String attribute) {
            for (var entry : names.entrySet()) {
                if (entry.getValue().equals(attribute)) {
                    return entry.getKey();
                }
            }
            var placeholder = "#a" + names.size();
            names.put(placeholder, attribute);
            return placeholder;
        }

        SnippetCase build() {
            String update = null;
            if (!checkOnly) {
                var parts = new ArrayList<String>();
                if (!setClauses.isEmpty()) {
                    parts.add("SET " + String.join(", ", setClauses));
                }
                if (!removeClauses.isEmpty()) {
                    parts.add("REMOVE " + String.join(", ", removeClauses));
                }
                // Nothing to set or remove (an item of only its key): an UpdateItem without an update expression.
                update = parts.isEmpty() ? null : String.join(" ", parts);
            }
            var request = new CodeRequest(label.replaceAll("[^A-Za-z0-9]", ""), key,
                    RenderedExpressions.update(update, condition, names, values));
            var after = new LinkedHashMap<>(initial.attributes());
            if (!conditionFails) {
                after.putAll(assigned);
                removed.forEach(after::remove);
            }
            return new SnippetCase(label, initial, request, new Item(after), conditionFails);
        }
    }

    /** The request for {@code table}: the cases are built before the test knows its table's name. */
    CodeRequest requestFor(String table) {
        return new CodeRequest(table, request.key(), request.expressions());
    }
}

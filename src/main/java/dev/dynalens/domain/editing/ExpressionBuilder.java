package dev.dynalens.domain.editing;

import dev.dynalens.domain.item.AttributeValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the condition (and update) expressions of one write, sharing one set of {@code #n} and {@code :v}
 * placeholders. Placeholders are always used, so attribute names that are reserved words or contain dots are safe.
 */
final class ExpressionBuilder {
    /** https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Constraints.html ("Expression parameters"). */
    static final int MAX_EXPRESSION_BYTES = 4096;
    static final int MAX_OPERATORS = 300;

    private final Map<String, String> nameToPlaceholder = new LinkedHashMap<>();
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, AttributeValue> values = new LinkedHashMap<>();
    private final List<String> conditions = new ArrayList<>();
    private int operators;

    String name(String attribute) {
        return nameToPlaceholder.computeIfAbsent(attribute, a -> {
            var placeholder = "#n" + names.size();
            names.put(placeholder, a);
            return placeholder;
        });
    }

    /**
     * A fresh placeholder per value, never shared: numbers equal by value may differ in text ({@code 1.5}, {@code 1.50}),
     * and an endpoint that compares number text (dynalite) must get back exactly the text it gave.
     */
    String value(AttributeValue value) {
        var placeholder = ":v" + values.size();
        values.put(placeholder, value);
        return placeholder;
    }

    void attributeExists(String attribute) {
        conditions.add("attribute_exists(" + name(attribute) + ")");
        operators++;
    }

    void attributeNotExists(String attribute) {
        conditions.add("attribute_not_exists(" + name(attribute) + ")");
        operators++;
    }

    /**
     * The value at {@code path} is exactly {@code expected}. Scalars and sets compare with {@code =} (DynamoDB compares
     * sets as sets, whatever their order). A map or list is compared structurally: its type, its size and each element
     * in turn, because not every DynamoDB-compatible endpoint compares documents with {@code =} (dynalite compares them
     * by object identity, so {@code =} on a map or list never holds there). Functions and comparators used:
     * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.OperatorsAndFunctions.html
     */
    void equalsValue(String path, AttributeValue expected) {
        switch (expected) {
            case AttributeValue.MapValue map -> {
                sameShape(path, "M", map.values().size());
                map.values().forEach((key, value) -> equalsValue(path + "." + name(key), value));
            }
            case AttributeValue.ListValue list -> {
                sameShape(path, "L", list.values().size());
                for (int i = 0; i < list.values().size(); i++) {
                    equalsValue(path + "[" + i + "]", list.values().get(i));
                }
            }
            default -> {
                conditions.add(path + " = " + value(expected));
                operators++;
            }
        }
    }

    private void sameShape(String path, String type, int size) {
        conditions.add("attribute_type(" + path + ", " + value(AttributeValue.s(type)) + ")");
        conditions.add("size(" + path + ") = " + value(AttributeValue.n(size)));
        operators += 3;
    }

    /** The conditions joined with AND; checked against DynamoDB's expression limits. */
    Guard guard(String what) {
        var expression = String.join(" AND ", conditions);
        var total = operators + Math.max(0, conditions.size() - 1);
        if (expression.getBytes(StandardCharsets.UTF_8).length > MAX_EXPRESSION_BYTES || total > MAX_OPERATORS) {
            throw new GuardTooLargeException("The guard for " + what + " needs " + total + " operators and "
                    + expression.length() + " characters of condition; DynamoDB allows " + MAX_OPERATORS + " and 4 KB. "
                    + "The change is not written unguarded.");
        }
        return new Guard(expression, names, values, total);
    }

    Map<String, String> names() {
        return names;
    }

    Map<String, AttributeValue> values() {
        return values;
    }
}

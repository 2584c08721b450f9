package dev.dynalens.domain.editing;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.expression.ExpressionLimits;
import dev.dynalens.domain.table.Placeholders;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds the condition (and update) expressions of one write, sharing one set of {@code #n} and {@code :v}
 * placeholders. Placeholders are always used, so attribute names that are reserved words or contain dots are safe.
 */
final class ExpressionBuilder {
    private final Placeholders placeholders = Placeholders.numbered("#n", ":v");
    private final List<String> conditions = new ArrayList<>();
    private int operators;

    String name(String attribute) {
        return placeholders.name(attribute);
    }

    /** A fresh placeholder per value, never shared ({@link Placeholders}). */
    String value(AttributeValue value) {
        return placeholders.value(value);
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
        if (expected instanceof AttributeValue.MapValue map) {
            sameShape(path, "M", map.values().size());
            map.values().forEach((key, value) -> equalsValue(path + "." + name(key), value));
        } else if (expected instanceof AttributeValue.ListValue list) {
            sameShape(path, "L", list.values().size());
            for (int i = 0; i < list.values().size(); i++) {
                equalsValue(path + "[" + i + "]", list.values().get(i));
            }
        } else {
            conditions.add(path + " = " + value(expected));
            operators++;
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
        if (!ExpressionLimits.fitsInExpression(expression) || total > ExpressionLimits.MAX_OPERATORS) {
            throw new GuardTooLargeException("The guard for " + what + " needs " + total + " operators and "
                    + ExpressionLimits.bytes(expression) + " bytes of condition; DynamoDB allows " + ExpressionLimits.MAX_OPERATORS + " and 4 KB. "
                    + "The change is not written unguarded.");
        }
        return new Guard(expression, placeholders.names(), placeholders.values(), total);
    }

    Map<String, String> names() {
        return placeholders.names();
    }

    Map<String, AttributeValue> values() {
        return placeholders.values();
    }
}

package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Map;

/**
 * A Query's key condition as it is sent: the expression text with {@code #name} and {@code :value} placeholders, so
 * any attribute name works, reserved words included (Developer Guide, "Expression attribute names"). Made by
 * {@link ReadRequests#keyConditionExpression}.
 */
public record KeyConditionExpression(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
    public KeyConditionExpression {
        names = Map.copyOf(names);
        values = Map.copyOf(values);
    }
}

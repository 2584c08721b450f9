package dev.dynalens.service.aws;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Map;

/**
 * A Query's key condition: the expression text with {@code #name} and {@code :value} placeholders, so any
 * attribute name works, reserved words included (Developer Guide, "Expression attribute names").
 */
record KeyConditionExpression(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
    KeyConditionExpression {
        names = Map.copyOf(names);
        values = Map.copyOf(values);
    }
}

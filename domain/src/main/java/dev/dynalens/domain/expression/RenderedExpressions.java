package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributeValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Expressions exactly as they go into a request: the texts with the {@code ExpressionAttributeNames} and
 * {@code ExpressionAttributeValues} they share. Absent expressions are {@code null}. Map order is kept (it is the
 * order placeholders were introduced), so what a person copies reads in the order they wrote it.
 */
public record RenderedExpressions(String keyConditionExpression, String updateExpression, String conditionExpression,
                                  String filterExpression, String projectionExpression,
                                  Map<String, String> names, Map<String, AttributeValue> values) {
    public RenderedExpressions {
        names = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(names, "names")));
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(values, "values")));
    }

    public static RenderedExpressions update(String updateExpression, String conditionExpression,
                                             Map<String, String> names, Map<String, AttributeValue> values) {
        return new RenderedExpressions(null, updateExpression, conditionExpression, null, null, names, values);
    }
}

package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The FilterExpression and ProjectionExpression of a Scan or Query, as they are sent: the texts with the
 * {@code #name} and {@code :value} placeholders they use (rendered by {@code domain.expression.ExpressionRenderer}).
 * The key condition of a Query keeps its own placeholders ({@code #pk}, {@code :pk}…); the two sets are merged on the
 * wire, so these must not reuse them (the renderer's {@code #nN} / {@code :vN} never do).
 *
 * <p>DynamoDB applies a filter after it read the items (Developer Guide, "Filter expressions for Query"): a filter
 * saves transfer, never read capacity, and {@code Limit} counts the items read before filtering.
 *
 * @param filterExpression     null for none
 * @param projectionExpression null for every attribute
 */
public record ReadExpressions(String filterExpression, String projectionExpression, Map<String, String> names,
                              Map<String, AttributeValue> values) {
    public static final ReadExpressions NONE = new ReadExpressions(null, null, Map.of(), Map.of());

    public ReadExpressions {
        names = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(names, "names")));
        values = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(values, "values")));
        if (filterExpression != null && filterExpression.isBlank()) {
            filterExpression = null;
        }
        if (projectionExpression != null && projectionExpression.isBlank()) {
            projectionExpression = null;
        }
    }

    public boolean isEmpty() {
        return filterExpression == null && projectionExpression == null;
    }
}

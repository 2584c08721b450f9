package dev.dynalens.domain.codegen;

import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.item.AttributeValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a generated UpdateItem call needs: the table, the item's full primary key (in the order given) and the
 * rendered update and condition expressions with their shared {@code #name} and {@code :value} maps. Expressions an
 * UpdateItem does not take (key condition, filter, projection) are refused.
 */
public record CodeRequest(String tableName, Map<String, AttributeValue> key, RenderedExpressions expressions) {
    public CodeRequest {
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(expressions, "expressions");
        if (tableName.isBlank()) {
            throw new IllegalArgumentException("The table name must not be blank");
        }
        refuseForUpdateItem(expressions.keyConditionExpression(), "key condition");
        refuseForUpdateItem(expressions.filterExpression(), "filter");
        refuseForUpdateItem(expressions.projectionExpression(), "projection");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("UpdateItem needs the item's primary key: the key is empty");
        }
        var copy = new LinkedHashMap<String, AttributeValue>(key.size() * 2);
        key.forEach((name, value) -> copy.put(Objects.requireNonNull(name, "key attribute name"),
                Objects.requireNonNull(value, "value of key attribute " + name)));
        key = Collections.unmodifiableMap(copy);
    }

    /**
     * UpdateItem has no key condition, filter or projection expression; leaving one out silently would also leave its
     * names and values unused, which DynamoDB refuses.
     */
    private static void refuseForUpdateItem(String expression, String kind) {
        if (expression != null) {
            throw new IllegalArgumentException("Code is generated for UpdateItem only, which takes no " + kind
                    + " expression: " + expression);
        }
    }
}

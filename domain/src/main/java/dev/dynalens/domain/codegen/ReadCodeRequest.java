package dev.dynalens.domain.codegen;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a generated read needs: a GetItem of one primary key, or a Query of a table or index with its key condition
 * (the expression and its {@code #name} and {@code :value} maps as they are sent), the order and the page size.
 *
 * @param indexName null for the table (a GetItem has none)
 * @param key       the GetItem's primary key; empty for a Query
 * @param limit     a Query's Limit, or null
 */
public record ReadCodeRequest(Operation operation, String tableName, String indexName, Map<String, AttributeValue> key,
                              String keyConditionExpression, Map<String, String> names, Map<String, AttributeValue> values,
                              boolean scanIndexForward, Integer limit) {
    /** The reads code is written for. */
    public enum Operation { GET_ITEM, QUERY }

    public ReadCodeRequest {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(tableName, "tableName");
        key = Collections.unmodifiableMap(new LinkedHashMap<>(key));
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        if (operation == Operation.GET_ITEM && (key.isEmpty() || indexName != null)) {
            throw new IllegalArgumentException("A GetItem reads one primary key of the table");
        }
        if (operation == Operation.QUERY && (keyConditionExpression == null || keyConditionExpression.isBlank())) {
            throw new IllegalArgumentException("A Query needs its key condition");
        }
    }

    public static ReadCodeRequest getItem(String tableName, Map<String, AttributeValue> key) {
        return new ReadCodeRequest(Operation.GET_ITEM, tableName, null, key, null, Map.of(), Map.of(), true, null);
    }

    public static ReadCodeRequest query(String tableName, String indexName, String keyConditionExpression, Map<String, String> names,
                                        Map<String, AttributeValue> values, boolean scanIndexForward, Integer limit) {
        return new ReadCodeRequest(Operation.QUERY, tableName, indexName, Map.of(), keyConditionExpression, names, values, scanIndexForward, limit);
    }
}

package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One BatchGetItem on one table: up to {@value #MAX_KEYS} primary keys, no two equal (API reference, BatchGetItem:
 * "A single operation can retrieve up to 16 MB of data, which can contain as many as 100 items"; duplicate keys are
 * a ValidationException).
 *
 * @param projectionExpression null for every attribute; its {@code #name} placeholders are in {@code names}
 */
public record BatchGetRequest(String tableName, List<Map<String, AttributeValue>> keys, String projectionExpression,
                              Map<String, String> names, boolean consistentRead) {
    public static final int MAX_KEYS = 100;

    public BatchGetRequest {
        Objects.requireNonNull(tableName, "tableName");
        keys = keys.stream().map(Map::copyOf).toList();
        if (keys.isEmpty() || keys.size() > MAX_KEYS) {
            throw new IllegalArgumentException("BatchGetItem takes 1 to " + MAX_KEYS + " keys, not " + keys.size());
        }
        if (keys.stream().distinct().count() != keys.size()) {
            throw new IllegalArgumentException("BatchGetItem refuses duplicate keys");
        }
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names == null ? Map.of() : names));
        if (projectionExpression != null && projectionExpression.isBlank()) {
            projectionExpression = null;
        }
    }

    public static BatchGetRequest of(String tableName, List<Map<String, AttributeValue>> keys) {
        return new BatchGetRequest(tableName, keys, null, Map.of(), false);
    }

    public BatchGetRequest withKeys(List<Map<String, AttributeValue>> otherKeys) {
        return new BatchGetRequest(tableName, otherKeys, projectionExpression, names, consistentRead);
    }
}

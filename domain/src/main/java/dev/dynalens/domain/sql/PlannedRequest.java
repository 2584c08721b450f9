package dev.dynalens.domain.sql;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.ReadOperation;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One request a plan sends, as DynamoDB gets it: the operation, the table and index, the expression texts with their
 * placeholder maps (what the SDK sends), and the read capacity it is expected to cost. A plan lists one of these per
 * request before anything is read.
 *
 * @param keys         the primary keys of a GetItem or BatchGetItem (empty otherwise)
 * @param estimatedRcu read capacity units, from DescribeTable's size and count and the item sizes the analysis measured
 * @param note         why this operation was chosen when it is a Scan, and what would avoid it; empty otherwise
 */
public record PlannedRequest(ReadOperation operation, String tableName, String indexName, String keyCondition, String filter,
                             String projection, Map<String, String> names, Map<String, AttributeValue> values,
                             List<Map<String, AttributeValue>> keys, boolean scanIndexForward, Integer limit,
                             double estimatedRcu, String note) {
    public PlannedRequest {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(tableName, "tableName");
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        keys = keys.stream().map(Map::copyOf).toList();
        note = note == null ? "" : note;
    }

    public boolean isScan() {
        return operation == ReadOperation.SCAN;
    }

    /** One line for a person: {@code Query Tracker · #pk = :pk · filter #status = :v1 · 0.5 RCU}. */
    public String summary() {
        var text = new StringBuilder(operation.label()).append(' ').append(tableName);
        if (indexName != null) {
            text.append(" · index ").append(indexName);
        }
        if (keyCondition != null) {
            text.append(" · ").append(keyCondition);
        }
        if (!keys.isEmpty()) {
            text.append(" · ").append(keys.size()).append(keys.size() == 1 ? " key" : " keys");
        }
        if (filter != null) {
            text.append(" · filter ").append(filter);
        }
        if (projection != null) {
            text.append(" · projection ").append(projection);
        }
        if (!scanIndexForward) {
            text.append(" · descending");
        }
        if (limit != null) {
            text.append(" · limit ").append(limit);
        }
        text.append(" · ").append(Rcu.text(estimatedRcu)).append(" RCU");
        return text.toString();
    }
}

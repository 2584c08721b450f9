package dev.dynalens.domain.sql;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.KeyConditionExpression;
import dev.dynalens.domain.table.ReadExpressions;
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
 * @param sizeUnknown  the table's size is not known (DescribeTable says 0 bytes and the entity types come from a sample
 *                     that did not read to the end): {@code estimatedRcu} is only what the sample saw, a floor
 */
public record PlannedRequest(ReadOperation operation, String tableName, String indexName, String keyCondition, String filter,
                             String projection, Map<String, String> names, Map<String, AttributeValue> values,
                             List<Map<String, AttributeValue>> keys, boolean scanIndexForward, Integer limit,
                             CapacityUnits estimatedRcu, String note, boolean sizeUnknown) {
    public PlannedRequest {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(estimatedRcu, "estimatedRcu");
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        keys = keys.stream().map(Map::copyOf).toList();
        note = note == null ? "" : note;
    }

    /** One GetItem of {@code key}. */
    public static PlannedRequest getItem(String tableName, Map<String, AttributeValue> key, CapacityUnits estimatedRcu) {
        return new PlannedRequest(ReadOperation.GET_ITEM, tableName, null, null, null, null, Map.of(), Map.of(), List.of(key), true, null,
                estimatedRcu, "", false);
    }

    /** One BatchGetItem of {@code keys}, with the ProjectionExpression of {@code projection} (its filter is never sent). */
    public static PlannedRequest batchGetItem(String tableName, List<Map<String, AttributeValue>> keys, ReadExpressions projection,
                                              CapacityUnits estimatedRcu) {
        return new PlannedRequest(ReadOperation.BATCH_GET_ITEM, tableName, null, null, null, projection.projectionExpression(),
                projection.names(), Map.of(), keys, true, null, estimatedRcu, "", false);
    }

    /** One Query, ascending with no limit until {@link #withScanIndexForward} and {@link #withLimit} say otherwise. */
    public static PlannedRequest query(String tableName, String indexName, KeyConditionExpression keyCondition,
                                       ReadExpressions expressions, CapacityUnits estimatedRcu) {
        // the key condition's maps have no order of their own: pk, then sk, then the filter's, as they are written
        var names = inOrder(keyCondition.names(), List.of("#pk", "#sk"));
        names.putAll(expressions.names());
        var values = inOrder(keyCondition.values(), List.of(":pk", ":sk", ":sk2"));
        values.putAll(expressions.values());
        return new PlannedRequest(ReadOperation.QUERY, tableName, indexName, keyCondition.expression(), expressions.filterExpression(),
                expressions.projectionExpression(), names, values, List.of(), true, null, estimatedRcu, "", false);
    }

    private static <V> Map<String, V> inOrder(Map<String, V> map, List<String> order) {
        var ordered = new LinkedHashMap<String, V>();
        order.forEach(key -> {
            if (map.containsKey(key)) {
                ordered.put(key, map.get(key));
            }
        });
        map.forEach(ordered::putIfAbsent);
        return ordered;
    }

    /** One Scan of the table, with why it is one ({@code note}). */
    public static PlannedRequest scan(String tableName, ReadExpressions expressions, CapacityUnits estimatedRcu, String note) {
        return new PlannedRequest(ReadOperation.SCAN, tableName, null, null, expressions.filterExpression(),
                expressions.projectionExpression(), expressions.names(), expressions.values(), List.of(), true, null, estimatedRcu, note, false);
    }

    public PlannedRequest withScanIndexForward(boolean forward) {
        return new PlannedRequest(operation, tableName, indexName, keyCondition, filter, projection, names, values, keys, forward, limit,
                estimatedRcu, note, false);
    }

    /** The same request with a Limit (null for none). */
    public PlannedRequest withLimit(Integer pageLimit) {
        return new PlannedRequest(operation, tableName, indexName, keyCondition, filter, projection, names, values, keys, scanIndexForward,
                pageLimit, estimatedRcu, note, false);
    }

    public PlannedRequest withEstimatedRcu(CapacityUnits rcu) {
        return new PlannedRequest(operation, tableName, indexName, keyCondition, filter, projection, names, values, keys, scanIndexForward,
                limit, rcu, note, sizeUnknown);
    }

    public PlannedRequest withNote(String why) {
        return new PlannedRequest(operation, tableName, indexName, keyCondition, filter, projection, names, values, keys, scanIndexForward,
                limit, estimatedRcu, why, sizeUnknown);
    }

    /** The same request over a table whose size is not known: its estimate is a floor. */
    public PlannedRequest withSizeUnknown() {
        return new PlannedRequest(operation, tableName, indexName, keyCondition, filter, projection, names, values, keys, scanIndexForward,
                limit, estimatedRcu, note, true);
    }

    /** Whether any of the requests reads a table of unknown size. */
    public static boolean anySizeUnknown(List<PlannedRequest> requests) {
        return requests.stream().anyMatch(PlannedRequest::sizeUnknown);
    }

    /** What the requests are estimated to consume together. */
    public static CapacityUnits totalRcu(List<PlannedRequest> requests) {
        var total = CapacityUnits.ZERO;
        for (var request : requests) {
            total = total.plus(request.estimatedRcu());
        }
        return total;
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
        text.append(" · ").append(sizeUnknown ? "at least " : "").append(estimatedRcu).append(" RCU")
                .append(sizeUnknown ? " (the table's size is unknown)" : "");
        return text.toString();
    }
}

package dev.dynalens.domain.design;

import dev.dynalens.domain.codegen.ReadCodeRequest;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.ReadRequests;
import java.util.LinkedHashMap;
import java.util.Map;

/** A pattern's request with its parameters filled in: the Query, or the GetItem's key. */
public final class PatternRequests {
    private PatternRequests() {
    }

    /**
     * @param parameters attribute to value, and {@code attr:from} / {@code attr:to} for a range
     * @throws IllegalArgumentException for a Scan or a GetItem, or when a parameter is missing
     */
    public static ReadRequest.Query query(String tableName, PatternDesign pattern, Map<String, AttributeValue> parameters) {
        if (pattern.operation() != ReadOperation.QUERY) {
            throw new IllegalArgumentException(pattern.name() + " is served by " + pattern.operation().label() + ", not a Query");
        }
        var condition = pattern.condition();
        return ReadRequest.Query.of(tableName, condition.partitionKey(), condition.partitionValue(parameters::get)).onIndex(pattern.index())
                .withSortKey(condition.sortKey(), condition.sortCondition(parameters::get)).withScanIndexForward(pattern.scanIndexForward())
                        .withLimit(pattern.limit() > 0 ? pattern.limit() : null);
    }

    /** The primary key a GetItem pattern reads for these parameters. */
    public static Map<String, AttributeValue> getItemKey(PatternDesign pattern, Map<String, AttributeValue> parameters) {
        if (pattern.operation() != ReadOperation.GET_ITEM) {
            throw new IllegalArgumentException(pattern.name() + " is served by " + pattern.operation().label() + ", not a GetItem");
        }
        var condition = pattern.condition();
        var key = new LinkedHashMap<String, AttributeValue>();
        key.put(condition.partitionKey(), condition.partitionValue(parameters::get));
        key.put(condition.sortKey(), condition.sort().fill(parameters::get));
        return key;
    }

    /**
     * The pattern's request as the code generators take it, with these parameters: a GetItem's key, or a Query's key
     * condition with its placeholders as they are sent ({@link ReadRequests#keyConditionExpression}).
     *
     * @throws IllegalArgumentException for a Scan, or when a parameter is missing
     */
    public static ReadCodeRequest code(String tableName, PatternDesign pattern, Map<String, AttributeValue> parameters) {
        return switch (pattern.operation()) {
            case GET_ITEM -> ReadCodeRequest.getItem(tableName, getItemKey(pattern, parameters));
            case QUERY -> {
                var query = query(tableName, pattern, parameters);
                var condition = ReadRequests.keyConditionExpression(query);
                yield ReadCodeRequest.query(tableName, query.indexName(), condition.expression(), condition.names(), condition.values(),
                        query.scanIndexForward(), query.limit());
            }
            case SCAN -> throw new IllegalArgumentException(pattern.name() + " needs a Scan: " + pattern.reason());
            case BATCH_GET_ITEM -> throw new IllegalStateException("A pattern is never served by a BatchGetItem");
        };
    }
}

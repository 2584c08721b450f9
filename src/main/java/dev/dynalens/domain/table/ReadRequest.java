package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Map;
import java.util.Objects;

/** One page of a Scan or a Query. Which one it is is always part of what the person sees. */
public sealed interface ReadRequest {
    String tableName();

    /** Index name or null for the base table. */
    String indexName();

    /** Page size limit, or null for DynamoDB's default (1 MB of data). */
    Integer limit();

    /** Where to continue; null for the first page. */
    Map<String, AttributeValue> exclusiveStartKey();

    /** "Scan" or "Query". */
    String operation();

    ReadRequest withExclusiveStartKey(Map<String, AttributeValue> startKey);

    /** The FilterExpression and ProjectionExpression; {@link ReadExpressions#NONE} for neither. */
    ReadExpressions expressions();

    record Scan(String tableName, String indexName, Integer limit, Map<String, AttributeValue> exclusiveStartKey,
                ReadExpressions expressions) implements ReadRequest {
        public Scan {
            Objects.requireNonNull(tableName, "tableName");
            exclusiveStartKey = exclusiveStartKey == null ? null : Map.copyOf(exclusiveStartKey);
            expressions = expressions == null ? ReadExpressions.NONE : expressions;
        }

        public Scan(String tableName, String indexName, Integer limit, Map<String, AttributeValue> exclusiveStartKey) {
            this(tableName, indexName, limit, exclusiveStartKey, ReadExpressions.NONE);
        }

        @Override
        public String operation() {
            return "Scan";
        }

        @Override
        public Scan withExclusiveStartKey(Map<String, AttributeValue> startKey) {
            return new Scan(tableName, indexName, limit, startKey, expressions);
        }
    }

    record Query(String tableName, String indexName, String partitionKeyName, AttributeValue partitionKeyValue,
                 String sortKeyName, SortKeyCondition sortKeyCondition, boolean scanIndexForward, Integer limit,
                 Map<String, AttributeValue> exclusiveStartKey, ReadExpressions expressions) implements ReadRequest {
        public Query {
            Objects.requireNonNull(tableName, "tableName");
            Objects.requireNonNull(partitionKeyName, "partitionKeyName");
            Objects.requireNonNull(partitionKeyValue, "a Query needs the partition key value");
            if (sortKeyCondition != null) {
                Objects.requireNonNull(sortKeyName, "a sort-key condition needs the sort key name");
            }
            exclusiveStartKey = exclusiveStartKey == null ? null : Map.copyOf(exclusiveStartKey);
            expressions = expressions == null ? ReadExpressions.NONE : expressions;
        }

        public Query(String tableName, String indexName, String partitionKeyName, AttributeValue partitionKeyValue,
                     String sortKeyName, SortKeyCondition sortKeyCondition, boolean scanIndexForward, Integer limit,
                     Map<String, AttributeValue> exclusiveStartKey) {
            this(tableName, indexName, partitionKeyName, partitionKeyValue, sortKeyName, sortKeyCondition, scanIndexForward,
                    limit, exclusiveStartKey, ReadExpressions.NONE);
        }

        @Override
        public String operation() {
            return "Query";
        }

        @Override
        public Query withExclusiveStartKey(Map<String, AttributeValue> startKey) {
            return new Query(tableName, indexName, partitionKeyName, partitionKeyValue, sortKeyName, sortKeyCondition,
                    scanIndexForward, limit, startKey, expressions);
        }
    }
}

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

    /**
     * @param segment one segment of a parallel Scan, or null for the whole table
     */
    record Scan(String tableName, String indexName, Integer limit, Map<String, AttributeValue> exclusiveStartKey,
                ReadExpressions expressions, Segment segment) implements ReadRequest {
        public Scan {
            Objects.requireNonNull(tableName, "tableName");
            exclusiveStartKey = exclusiveStartKey == null ? null : Map.copyOf(exclusiveStartKey);
            expressions = expressions == null ? ReadExpressions.NONE : expressions;
        }

        /** A Scan of the whole table (or index), not one segment of it, with no filter or projection. */
        public Scan(String tableName, String indexName, Integer limit, Map<String, AttributeValue> exclusiveStartKey) {
            this(tableName, indexName, limit, exclusiveStartKey, ReadExpressions.NONE, null);
        }

        /** A Scan of the whole table (or index) with a filter or projection. */
        public Scan(String tableName, String indexName, Integer limit, Map<String, AttributeValue> exclusiveStartKey,
                    ReadExpressions expressions) {
            this(tableName, indexName, limit, exclusiveStartKey, expressions, null);
        }

        /** One segment of a parallel Scan, with no filter or projection. */
        public Scan(String tableName, String indexName, Integer limit, Map<String, AttributeValue> exclusiveStartKey, Segment segment) {
            this(tableName, indexName, limit, exclusiveStartKey, ReadExpressions.NONE, segment);
        }

        @Override
        public String operation() {
            return "Scan";
        }

        @Override
        public Scan withExclusiveStartKey(Map<String, AttributeValue> startKey) {
            return new Scan(tableName, indexName, limit, startKey, expressions, segment);
        }

        /** The same Scan, of one segment of a parallel Scan. */
        public Scan inSegment(Segment segment) {
            return new Scan(tableName, indexName, limit, exclusiveStartKey, expressions, Objects.requireNonNull(segment, "segment"));
        }
    }

    /**
     * One of {@code total} segments of a parallel Scan (API reference, Scan: Segment and TotalSegments): each segment
     * reads its own disjoint part of the table, page by page, and together they read every item once.
     */
    record Segment(int index, int total) {
        /** DynamoDB allows at most 1,000,000 segments. */
        public static final int MAX_TOTAL = 1_000_000;

        public Segment {
            if (total < 1 || total > MAX_TOTAL || index < 0 || index >= total) {
                throw new IllegalArgumentException("A segment is 0 to TotalSegments - 1 of 1 to " + MAX_TOTAL + " segments: "
                        + index + " of " + total);
            }
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

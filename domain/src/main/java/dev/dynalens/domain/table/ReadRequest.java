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

    /** The same request with another page size limit (null: DynamoDB's 1 MB). */
    ReadRequest withLimit(Integer pageLimit);

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

        @Override
        public Scan withLimit(Integer pageLimit) {
            return new Scan(tableName, indexName, pageLimit, exclusiveStartKey, expressions, segment);
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

        /** The first page of every item of one partition of the table, in ascending order; the {@code with…} methods narrow it. */
        public static Query of(String tableName, String partitionKeyName, AttributeValue partitionKeyValue) {
            return new Query(tableName, null, partitionKeyName, partitionKeyValue, null, null, true, null, null, ReadExpressions.NONE);
        }

        /** The same Query of an index (null: of the table). */
        public Query onIndex(String index) {
            return new Query(tableName, index, partitionKeyName, partitionKeyValue, sortKeyName, sortKeyCondition, scanIndexForward, limit,
                    exclusiveStartKey, expressions);
        }

        /** The same Query, naming the sort key it reads in order, with no condition on it. */
        public Query withSortKey(String name) {
            return withSortKey(name, null);
        }

        /** The same Query with a condition on the sort key (null for none). */
        public Query withSortKey(String name, SortKeyCondition condition) {
            return new Query(tableName, indexName, partitionKeyName, partitionKeyValue, name, condition, scanIndexForward, limit,
                    exclusiveStartKey, expressions);
        }

        /** The same Query in ascending ({@code true}) or descending sort-key order. */
        public Query withScanIndexForward(boolean forward) {
            return new Query(tableName, indexName, partitionKeyName, partitionKeyValue, sortKeyName, sortKeyCondition, forward, limit,
                    exclusiveStartKey, expressions);
        }

        /** The same Query with a page size limit (null: DynamoDB's 1 MB). */
        @Override
        public Query withLimit(Integer pageLimit) {
            return new Query(tableName, indexName, partitionKeyName, partitionKeyValue, sortKeyName, sortKeyCondition, scanIndexForward,
                    pageLimit, exclusiveStartKey, expressions);
        }

        /** The same Query with a FilterExpression and ProjectionExpression. */
        public Query withExpressions(ReadExpressions filterAndProjection) {
            return new Query(tableName, indexName, partitionKeyName, partitionKeyValue, sortKeyName, sortKeyCondition, scanIndexForward,
                    limit, exclusiveStartKey, filterAndProjection);
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

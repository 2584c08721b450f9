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

    /**
     * @param segment one segment of a parallel Scan, or null for the whole table
     */
    record Scan(String tableName, String indexName, Integer limit, Map<String, AttributeValue> exclusiveStartKey, Segment segment)
            implements ReadRequest {
        public Scan {
            Objects.requireNonNull(tableName, "tableName");
            exclusiveStartKey = exclusiveStartKey == null ? null : Map.copyOf(exclusiveStartKey);
        }

        /** A Scan of the whole table (or index), not one segment of it. */
        public Scan(String tableName, String indexName, Integer limit, Map<String, AttributeValue> exclusiveStartKey) {
            this(tableName, indexName, limit, exclusiveStartKey, null);
        }

        @Override
        public String operation() {
            return "Scan";
        }

        @Override
        public Scan withExclusiveStartKey(Map<String, AttributeValue> startKey) {
            return new Scan(tableName, indexName, limit, startKey, segment);
        }

        /** The same Scan, of one segment of a parallel Scan. */
        public Scan inSegment(Segment segment) {
            return new Scan(tableName, indexName, limit, exclusiveStartKey, Objects.requireNonNull(segment, "segment"));
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
                 Map<String, AttributeValue> exclusiveStartKey) implements ReadRequest {
        public Query {
            Objects.requireNonNull(tableName, "tableName");
            Objects.requireNonNull(partitionKeyName, "partitionKeyName");
            Objects.requireNonNull(partitionKeyValue, "a Query needs the partition key value");
            if (sortKeyCondition != null) {
                Objects.requireNonNull(sortKeyName, "a sort-key condition needs the sort key name");
            }
            exclusiveStartKey = exclusiveStartKey == null ? null : Map.copyOf(exclusiveStartKey);
        }

        @Override
        public String operation() {
            return "Query";
        }

        @Override
        public Query withExclusiveStartKey(Map<String, AttributeValue> startKey) {
            return new Query(tableName, indexName, partitionKeyName, partitionKeyValue, sortKeyName, sortKeyCondition,
                    scanIndexForward, limit, startKey);
        }
    }
}

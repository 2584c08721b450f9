package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;
import java.util.List;
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

    /**
     * A Query's key condition is an equality on every partition attribute of what it reads, in the key's order, then
     * sort attributes from the left, each with an equality except the last one given, which may take a range
     * (docs/expressions.md, Multi-attribute GSI keys, rules 11 to 13). A table or an index of one partition and one sort
     * attribute has one of each at most; {@link #of} and {@link #withSortKey} build those.
     *
     * @param partition one equality per partition attribute, in the key's order
     * @param sort      sort attributes from the left; all but the last with {@code =}; the last may name the sort key
     *                  with no condition (the order the Query reads in)
     */
    record Query(String tableName, String indexName, List<KeyEquality> partition, List<SortPart> sort, boolean scanIndexForward,
                 Integer limit, Map<String, AttributeValue> exclusiveStartKey, ReadExpressions expressions) implements ReadRequest {
        public Query {
            Objects.requireNonNull(tableName, "tableName");
            partition = List.copyOf(Objects.requireNonNull(partition, "partition"));
            sort = sort == null ? List.of() : List.copyOf(sort);
            if (partition.isEmpty()) {
                throw new IllegalArgumentException("A Query needs the partition key value");
            }
            var names = new java.util.HashSet<String>();
            partition.forEach(p -> requireOnce(names, p.name()));
            for (int i = 0; i < sort.size(); i++) {
                var part = sort.get(i);
                requireOnce(names, part.name());
                boolean last = i == sort.size() - 1;
                if (!last && (part.condition() == null || part.condition().operator() != SortKeyCondition.Operator.EQ)) {
                    throw new IllegalArgumentException("Only the last sort key attribute given may have a range condition or none; "
                            + part.name() + " comes before " + sort.get(sort.size() - 1).name());
                }
            }
            exclusiveStartKey = exclusiveStartKey == null ? null : Map.copyOf(exclusiveStartKey);
            expressions = expressions == null ? ReadExpressions.NONE : expressions;
        }

        /** A Query of one partition attribute and at most one sort attribute, as every table's key has. */
        public Query(String tableName, String indexName, String partitionKeyName, AttributeValue partitionKeyValue, String sortKeyName,
                     SortKeyCondition sortKeyCondition, boolean scanIndexForward, Integer limit, Map<String, AttributeValue> exclusiveStartKey,
                     ReadExpressions expressions) {
            this(tableName, indexName, List.of(new KeyEquality(partitionKeyName, partitionKeyValue)),
                    sortOf(sortKeyName, sortKeyCondition), scanIndexForward, limit, exclusiveStartKey, expressions);
        }

        private static void requireOnce(java.util.Set<String> names, String name) {
            if (!names.add(name)) {
                throw new IllegalArgumentException("A Query's key condition names each key attribute once; " + name + " is named twice");
            }
        }

        private static List<SortPart> sortOf(String name, SortKeyCondition condition) {
            if (name == null) {
                if (condition != null) {
                    throw new NullPointerException("a sort-key condition needs the sort key name");
                }
                return List.of();
            }
            return List.of(new SortPart(name, condition));
        }

        /** The first page of every item of one partition of the table, in ascending order; the {@code with…} methods narrow it. */
        public static Query of(String tableName, String partitionKeyName, AttributeValue partitionKeyValue) {
            return of(tableName, List.of(new KeyEquality(partitionKeyName, partitionKeyValue)));
        }

        /** The first page of every item of one partition, given by an equality on each partition attribute, in ascending order. */
        public static Query of(String tableName, List<KeyEquality> partition) {
            return new Query(tableName, null, partition, List.of(), true, null, null, ReadExpressions.NONE);
        }

        /** The same Query of an index (null: of the table). */
        public Query onIndex(String index) {
            return new Query(tableName, index, partition, sort, scanIndexForward, limit, exclusiveStartKey, expressions);
        }

        /** The same Query, naming the sort key it reads in order, with no condition on it. */
        public Query withSortKey(String name) {
            return withSortKey(name, null);
        }

        /** The same Query with a condition on the sort key (null for none). */
        public Query withSortKey(String name, SortKeyCondition condition) {
            return new Query(tableName, indexName, partition, sortOf(name, condition), scanIndexForward, limit, exclusiveStartKey,
                    expressions);
        }

        /** The same Query with these sort attributes from the left (empty for none). */
        public Query withSort(List<SortPart> parts) {
            return new Query(tableName, indexName, partition, parts, scanIndexForward, limit, exclusiveStartKey, expressions);
        }

        /** The same Query in ascending ({@code true}) or descending sort-key order. */
        public Query withScanIndexForward(boolean forward) {
            return new Query(tableName, indexName, partition, sort, forward, limit, exclusiveStartKey, expressions);
        }

        /** The same Query with a page size limit (null: DynamoDB's 1 MB). */
        @Override
        public Query withLimit(Integer pageLimit) {
            return new Query(tableName, indexName, partition, sort, scanIndexForward, pageLimit, exclusiveStartKey, expressions);
        }

        /** The same Query with a FilterExpression and ProjectionExpression. */
        public Query withExpressions(ReadExpressions filterAndProjection) {
            return new Query(tableName, indexName, partition, sort, scanIndexForward, limit, exclusiveStartKey, filterAndProjection);
        }

        @Override
        public String operation() {
            return "Query";
        }

        @Override
        public Query withExclusiveStartKey(Map<String, AttributeValue> startKey) {
            return new Query(tableName, indexName, partition, sort, scanIndexForward, limit, startKey, expressions);
        }

        /** Whether the condition has one partition attribute and at most one sort attribute, as a table's key. */
        public boolean isSingle() {
            return partition.size() == 1 && sort.size() <= 1;
        }

        /** The partition attribute of a Query of one; see {@link #partition()} for a multi-attribute key. */
        public String partitionKeyName() {
            return single().partition.get(0).name();
        }

        /** The partition key value of a Query of one partition attribute. */
        public AttributeValue partitionKeyValue() {
            return single().partition.get(0).value();
        }

        /** The sort attribute of a Query of one partition attribute and at most one sort attribute, or null for none. */
        public String sortKeyName() {
            return single().sort.isEmpty() ? null : sort.get(0).name();
        }

        /** The sort-key condition of a Query of one partition attribute and at most one sort attribute, or null for none. */
        public SortKeyCondition sortKeyCondition() {
            return single().sort.isEmpty() ? null : sort.get(0).condition();
        }

        private Query single() {
            if (!isSingle()) {
                throw new IllegalArgumentException("This Query's key condition has " + partition.size() + " partition and " + sort.size()
                        + " sort key attributes; read it through partition() and sort()");
            }
            return this;
        }
    }

    /** An equality on one partition attribute. */
    record KeyEquality(String name, AttributeValue value) {
        public KeyEquality {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "a Query needs the partition key value");
        }
    }

    /** One sort attribute and its condition: null names the sort key with no condition, as the order read in. */
    record SortPart(String name, SortKeyCondition condition) {
        public SortPart {
            Objects.requireNonNull(name, "a sort-key condition needs the sort key name");
        }
    }
}

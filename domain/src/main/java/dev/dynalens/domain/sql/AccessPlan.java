package dev.dynalens.domain.sql;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.domain.table.ReadRequest;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How one table of a query is read: the requests (Query and Scan pages from their first, GetItem keys, BatchGetItem
 * batches of at most 100 keys), what is still checked on the desktop (conditions DynamoDB cannot apply to this request,
 * such as a condition on a key attribute of a Query, and the entity type's membership), and how many rows to stop after.
 *
 * @param operation        every request's operation
 * @param reads            the first page of each Query or Scan (an IN on the partition key queries each value)
 * @param gets             the keys of one GetItem each
 * @param batches          the BatchGetItem requests
 * @param desktopCondition checked on the desktop on every item the requests return; null for none
 * @param stopAfter        the most rows to produce (LIMIT pushed down), or null
 * @param requests         every request as the plan shows it, with its estimate
 * @param shared           the Query reads a whole item collection that another read of the query shares
 */
public record AccessPlan(ReadOperation operation, String indexName, List<ReadRequest> reads, List<Map<String, AttributeValue>> gets,
                         List<BatchGetRequest> batches, Condition desktopCondition, boolean ordered, Integer stopAfter,
                         List<PlannedRequest> requests, long estimatedRows, boolean shared) {
    public AccessPlan {
        Objects.requireNonNull(operation, "operation");
        reads = List.copyOf(reads);
        gets = gets.stream().map(Map::copyOf).toList();
        batches = List.copyOf(batches);
        requests = List.copyOf(requests);
    }

    /** One GetItem: its one row comes in order, nothing checked on the desktop until {@link #withDesktopCondition} says so. */
    public static AccessPlan getItem(Map<String, AttributeValue> key, PlannedRequest request) {
        return new AccessPlan(ReadOperation.GET_ITEM, null, List.of(), List.of(key), List.of(), null, true, null, List.of(request), 1,
                false);
    }

    /** BatchGetItem requests, whose items come in no order. */
    public static AccessPlan batchGetItem(List<BatchGetRequest> batches, List<PlannedRequest> requests) {
        var keys = batches.stream().mapToLong(batch -> batch.keys().size()).sum();
        return new AccessPlan(ReadOperation.BATCH_GET_ITEM, null, List.of(), List.of(), batches, null, false, null, requests, keys, false);
    }

    /** Queries of the table ({@code indexName} null) or an index, one per partition; in no order until {@link #withOrdered}. */
    public static AccessPlan query(String indexName, List<ReadRequest> reads, List<PlannedRequest> requests, long estimatedRows) {
        return new AccessPlan(ReadOperation.QUERY, indexName, reads, List.of(), List.of(), null, false, null, requests, estimatedRows,
                false);
    }

    /** One Scan of the table, its filter sent with it. */
    public static AccessPlan scan(ReadRequest read, PlannedRequest request, long estimatedRows) {
        return new AccessPlan(ReadOperation.SCAN, null, List.of(read), List.of(), List.of(), null, false, null, List.of(request),
                estimatedRows, false);
    }

    /** The same plan, checking {@code condition} on the desktop (null for nothing). */
    public AccessPlan withDesktopCondition(Condition condition) {
        return new AccessPlan(operation, indexName, reads, gets, batches, condition, ordered, stopAfter, requests, estimatedRows, shared);
    }

    /** The same plan, stopping after {@code rows} (null for no limit). */
    public AccessPlan withStopAfter(Integer rows) {
        return new AccessPlan(operation, indexName, reads, gets, batches, desktopCondition, ordered, rows, requests, estimatedRows, shared);
    }

    /** The same plan, its rows in the sort key's order ({@code true}) or in none. */
    public AccessPlan withOrdered(boolean inOrder) {
        return new AccessPlan(operation, indexName, reads, gets, batches, desktopCondition, inOrder, stopAfter, requests, estimatedRows,
                shared);
    }

    /** The same plan, reading an item collection another read of the query shares ({@code true}) or not. */
    public AccessPlan withShared(boolean sharedCollection) {
        return new AccessPlan(operation, indexName, reads, gets, batches, desktopCondition, ordered, stopAfter, requests, estimatedRows,
                sharedCollection);
    }

    public CapacityUnits estimatedRcu() {
        return PlannedRequest.totalRcu(requests);
    }

    public boolean scans() {
        return operation == ReadOperation.SCAN;
    }
}

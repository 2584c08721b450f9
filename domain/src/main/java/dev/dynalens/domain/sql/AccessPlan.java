package dev.dynalens.domain.sql;

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

    public AccessPlan(ReadOperation operation, String indexName, List<ReadRequest> reads, List<Map<String, AttributeValue>> gets,
                      List<BatchGetRequest> batches, Condition desktopCondition, boolean ordered, Integer stopAfter,
                      List<PlannedRequest> requests, long estimatedRows) {
        this(operation, indexName, reads, gets, batches, desktopCondition, ordered, stopAfter, requests, estimatedRows, false);
    }

    public double estimatedRcu() {
        return requests.stream().mapToDouble(PlannedRequest::estimatedRcu).sum();
    }

    public boolean scans() {
        return operation == ReadOperation.SCAN;
    }
}

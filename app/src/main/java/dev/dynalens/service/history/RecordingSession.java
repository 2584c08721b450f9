package dev.dynalens.service.history;

import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportRequest;
import dev.dynalens.domain.exports.ExportStatus;
import dev.dynalens.domain.exports.ExportSummary;
import dev.dynalens.domain.exports.PointInTimeRecovery;
import dev.dynalens.domain.history.RequestHistory;
import dev.dynalens.domain.history.RequestRecord;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.partiql.PartiqlBatchResult;
import dev.dynalens.domain.partiql.PartiqlPage;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.partiql.PartiqlTransactionResult;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.BatchGetResult;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.CreateIndexSpec;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.ReadRequests;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A session that tells the request history about every request it passes on: operation, table, index, the key
 * condition or key as sent, consumed capacity, item count, duration and outcome. It changes nothing about the
 * requests or their answers; the returned futures are the wrapped session's own, so cancelling one still aborts it.
 */
public final class RecordingSession implements DynamoSession {
    private final DynamoSession delegate;
    private final RequestHistory history;
    private final Clock clock;

    public RecordingSession(DynamoSession delegate, RequestHistory history, Clock clock) {
        this.delegate = delegate;
        this.history = history;
        this.clock = clock;
    }

    public DynamoSession delegate() {
        return delegate;
    }

    @Override
    public ConnectionProfile profile() {
        return delegate.profile();
    }

    @Override
    public ConnectionProfile writeProfile() {
        return delegate.writeProfile();
    }

    @Override
    public java.util.Optional<String> scansAnsweredFrom() {
        return delegate.scansAnsweredFrom();
    }

    @Override
    public CompletableFuture<Void> testConnection() {
        return record(new What("ListTables", "", null, "test connection"), delegate.testConnection(), r -> Outcome.NONE);
    }

    @Override
    public CompletableFuture<List<String>> listTables() {
        return record(new What("ListTables", "", null, ""), delegate.listTables(), names -> new Outcome(null, names.size()));
    }

    @Override
    public CompletableFuture<TableDescription> describeTable(String tableName) {
        return record(new What("DescribeTable", tableName, null, ""), delegate.describeTable(tableName), r -> Outcome.NONE);
    }

    @Override
    public CompletableFuture<Page> read(ReadRequest request) {
        return read(request, head -> { });
    }

    @Override
    public CompletableFuture<Page> read(ReadRequest request, java.util.function.Consumer<? super Page.Head> answered) {
        var condition = switch (request) {
            case ReadRequest.Scan scan -> scan.segment() == null ? "" : ReadRequests.segmentText(scan.segment());
            case ReadRequest.Query query -> ReadRequests.keyCondition(query) + (query.scanIndexForward() ? "" : " · descending");
        };
        if (request.expressions().filterExpression() != null) {
            condition = (condition.isEmpty() ? "" : condition + " · ") + "filter " + request.expressions().filterExpression();
        }
        if (request.exclusiveStartKey() != null) {
            condition = (condition.isEmpty() ? "" : condition + " · ") + "next page";
        }
        return record(new What(request.operation(), request.tableName(), request.indexName(), condition), delegate.read(request, answered),
                page -> new Outcome(page.consumedCapacity(), page.items().size()));
    }

    @Override
    public CompletableFuture<Void> createTable(CreateTableSpec spec) {
        return record(new What("CreateTable", spec.tableName(), null, ""), delegate.createTable(spec), r -> Outcome.NONE);
    }

    @Override
    public CompletableFuture<IndexDescription> createGlobalSecondaryIndex(CreateIndexSpec spec) {
        return record(new What("UpdateTable", spec.tableName(), spec.index().name(), "create index " + spec.index().name()),
                delegate.createGlobalSecondaryIndex(spec), r -> Outcome.NONE);
    }

    @Override
    public CompletableFuture<Void> deleteTable(String tableName) {
        return record(new What("DeleteTable", tableName, null, ""), delegate.deleteTable(tableName), r -> Outcome.NONE);
    }

    @Override
    public CompletableFuture<Void> putItem(String tableName, Item item) {
        return record(new What("PutItem", tableName, null, ""), delegate.putItem(tableName, item), r -> new Outcome(null, 1));
    }

    @Override
    public CompletableFuture<Void> deleteItem(String tableName, Map<String, AttributeValue> key) {
        return record(new What("DeleteItem", tableName, null, KeyText.condition(key)), delegate.deleteItem(tableName, key),
                r -> Outcome.NONE);
    }

    @Override
    public CompletableFuture<List<Item>> batchPut(String tableName, List<Item> items) {
        return record(new What("BatchWriteItem", tableName, null, items.size() + " put(s)"), delegate.batchPut(tableName, items),
                unprocessed -> new Outcome(null, items.size() - unprocessed.size()));
    }

    @Override
    public CompletableFuture<GetResult> getItem(String tableName, Map<String, AttributeValue> key, boolean consistent) {
        return record(new What("GetItem", tableName, null, KeyText.condition(key) + (consistent ? " · consistent" : "")),
                delegate.getItem(tableName, key, consistent), r -> new Outcome(r.capacity(), r.item().isPresent() ? 1 : 0));
    }

    @Override
    public CompletableFuture<BatchGetResult> batchGet(BatchGetRequest request) {
        return record(new What("BatchGetItem", request.tableName(), null, request.keys().size() + " key(s)"), delegate.batchGet(request),
                r -> new Outcome(r.capacity(), r.items().size(),
                        r.unprocessedKeys().isEmpty() ? "" : r.unprocessedKeys().size() + " key(s) unprocessed"));
    }

    @Override
    public CompletableFuture<PartiqlPage> executeStatement(PartiqlStatement statement, boolean consistentRead, Integer limit,
                                                           String nextToken) {
        var text = statement.text() + (nextToken == null ? "" : " · next page");
        return record(new What("ExecuteStatement", statement.tableName(), statement.indexName(), text),
                delegate.executeStatement(statement, consistentRead, limit, nextToken),
                page -> new Outcome(page.capacity(), page.items().size()));
    }

    @Override
    public CompletableFuture<PartiqlBatchResult> batchExecuteStatement(List<PartiqlStatement> statements) {
        var tables = statements.stream().map(PartiqlStatement::tableName).distinct().toList();
        return record(new What("BatchExecuteStatement", String.join(", ", tables), null, statements.size() + " statement(s)"),
                delegate.batchExecuteStatement(statements), r -> {
                    var failed = r.responses().stream().filter(PartiqlBatchResult.Response::failed).count();
                    return new Outcome(r.capacity(), (int) (r.responses().size() - failed), failed == 0 ? "" : failed + " failed");
                });
    }

    @Override
    public CompletableFuture<PartiqlTransactionResult> executeTransaction(List<PartiqlStatement> statements, String clientRequestToken) {
        var tables = statements.stream().map(PartiqlStatement::tableName).distinct().toList();
        return record(new What("ExecuteTransaction", String.join(", ", tables), null, statements.size() + " statement(s)"),
                delegate.executeTransaction(statements, clientRequestToken), r -> switch (r.outcome().status()) {
                    case COMMITTED -> new Outcome(r.outcome().capacity(), statements.size());
                    case CANCELLED -> new Outcome(null, 0, "cancelled: " + r.outcome().reasons().stream()
                            .map(TransactionResult.Reason::code).collect(Collectors.joining(", ")));
                    case UNSUPPORTED -> new Outcome(null, 0, "not supported by the endpoint");
                });
    }

    @Override
    public CompletableFuture<WriteResult> write(ItemWrite write) {
        var operation = write.operation();
        var text = switch (write) {
            case ItemWrite.Put put -> "";
            case ItemWrite.Update update -> KeyText.condition(update.key()) + " · " + update.updateExpression();
            case ItemWrite.Delete delete -> KeyText.condition(delete.key());
        };
        if (write.conditionExpression() != null) {
            text = (text.isEmpty() ? "" : text + " · ") + "if " + write.conditionExpression();
        }
        return record(new What(operation, write.tableName(), null, text), delegate.write(write),
                r -> new Outcome(r.capacity(), r.applied() ? 1 : 0, r.applied() ? "" : "condition not met"));
    }

    @Override
    public CompletableFuture<TransactionResult> transactWrite(List<ItemWrite> writes, String clientRequestToken) {
        var tables = writes.stream().map(ItemWrite::tableName).distinct().toList();
        var operations = writes.stream().collect(Collectors.groupingBy(ItemWrite::operation, java.util.TreeMap::new, Collectors.counting()));
        var text = operations.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "));
        return record(new What("TransactWriteItems", String.join(", ", tables), null, text), delegate.transactWrite(writes, clientRequestToken),
                r -> switch (r.status()) {
                    case COMMITTED -> new Outcome(r.capacity(), writes.size());
                    case CANCELLED -> new Outcome(null, 0, "cancelled: " + r.reasons().stream().map(TransactionResult.Reason::code)
                            .collect(Collectors.joining(", ")));
                    case UNSUPPORTED -> new Outcome(null, 0, "not supported by the endpoint");
                });
    }

    @Override
    public CompletableFuture<PointInTimeRecovery> describeContinuousBackups(String tableName) {
        return record(new What("DescribeContinuousBackups", tableName, null, ""), delegate.describeContinuousBackups(tableName),
                r -> Outcome.NONE);
    }

    @Override
    public CompletableFuture<PointInTimeRecovery> updateContinuousBackups(String tableName, boolean enabled) {
        return record(new What("UpdateContinuousBackups", tableName, null, "point-in-time recovery " + (enabled ? "on" : "off")),
                delegate.updateContinuousBackups(tableName, enabled), r -> Outcome.NONE);
    }

    @Override
    public CompletableFuture<ExportDescription> exportTableToPointInTime(ExportRequest request) {
        var text = request.type().wireName() + " to " + request.destination() + " · " + request.format();
        return record(new What("ExportTableToPointInTime", request.tableName(), null, text), delegate.exportTableToPointInTime(request),
                r -> Outcome.NONE);
    }

    @Override
    public CompletableFuture<ExportDescription> describeExport(String exportArn) {
        return record(new What("DescribeExport", "", null, exportArn), delegate.describeExport(exportArn),
                r -> r.status() == ExportStatus.FAILED ? new Outcome(null, null, "export failed: " + r.failureText()) : Outcome.NONE);
    }

    @Override
    public CompletableFuture<List<ExportSummary>> listExports(String tableName) {
        return record(new What("ListExports", tableName, null, ""), delegate.listExports(tableName), r -> new Outcome(null, r.size()));
    }

    @Override
    public void close() {
        delegate.close();
    }

    private record What(String operation, String table, String index, String condition) {
    }

    private record Outcome(ConsumedCapacity capacity, Integer items, String note) {
        static final Outcome NONE = new Outcome(null, null, "");

        Outcome(ConsumedCapacity capacity, Integer items) {
            this(capacity, items, "");
        }
    }

    private <T> CompletableFuture<T> record(What what, CompletableFuture<T> call, Function<T, Outcome> outcome) {
        var started = clock.instant();
        call.whenComplete((result, failure) -> {
            var took = Duration.between(started, clock.instant()).toMillis();
            Outcome done;
            String error;
            if (failure != null) {
                done = Outcome.NONE;
                error = Problems.isCancellation(failure) ? "cancelled" : Problems.describe(failure);
            } else {
                done = outcome.apply(result);
                error = done.note();
            }
            var capacity = done.capacity() != null && done.capacity().reported() ? done.capacity().capacityUnits() : null;
            var profile = delegate.profile();
            history.append(new RequestRecord(started, profile.id(), profile.name(), what.operation(), what.table(),
                    what.index(), what.condition(), capacity, done.items(), took, error));
        });
        return call;
    }
}

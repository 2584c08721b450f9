package dev.dynalens.service.aws;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportRequest;
import dev.dynalens.domain.exports.ExportSummary;
import dev.dynalens.domain.exports.ExportsUnsupportedException;
import dev.dynalens.domain.exports.PointInTimeRecovery;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.partiql.PartiqlBatchResult;
import dev.dynalens.domain.partiql.PartiqlPage;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.partiql.PartiqlTransactionResult;
import dev.dynalens.domain.partiql.PartiqlUnsupportedException;
import dev.dynalens.domain.table.CreateIndexSpec;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.table.TableDescription.TimeToLive;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.SdkPlugin;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A {@link DynamoSession} over one {@link DynamoDbAsyncClient}. Request building and response mapping live
 * in the mappers; here are only the calls, their order and their cancellation.
 */
final class AwsDynamoSession implements DynamoSession {
    private final ConnectionProfile profile;
    private final DynamoDbAsyncClient client;
    private final HttpCancellation cancellation;
    private final List<AutoCloseable> closeAfterClient;
    private final Settings settings;
    private volatile boolean closed;

    /**
     * @param listTablesPageSize ListTables page size (DynamoDB's maximum is 100; tests use a small one to page)
     * @param tableActivePollInterval pause between DescribeTable calls while a new table becomes ACTIVE
     * @param tableActiveTimeout how long to wait for a new table (and its indexes) to become ACTIVE
     */
    record Settings(int listTablesPageSize, Duration tableActivePollInterval, Duration tableActiveTimeout) {
        static final Settings DEFAULT = new Settings(100, Duration.ofSeconds(1), Duration.ofMinutes(10));

        Settings {
            if (listTablesPageSize < 1 || listTablesPageSize > 100) {
                throw new IllegalArgumentException("ListTables pages hold 1 to 100 names, not " + listTablesPageSize);
            }
            Objects.requireNonNull(tableActivePollInterval, "tableActivePollInterval");
            Objects.requireNonNull(tableActiveTimeout, "tableActiveTimeout");
        }
    }

    /**
     * @param cancellation the interceptor and HTTP client wrapper the client was built with
     * @param closeAfterClient what the client does not close itself: its HTTP client, the credentials provider
     */
    AwsDynamoSession(ConnectionProfile profile, DynamoDbAsyncClient client, HttpCancellation cancellation,
                     List<AutoCloseable> closeAfterClient, Settings settings) {
        this.profile = Objects.requireNonNull(profile, "profile");
        this.client = Objects.requireNonNull(client, "client");
        this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
        this.closeAfterClient = List.copyOf(closeAfterClient);
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    @Override
    public ConnectionProfile profile() {
        return profile;
    }

    @Override
    public CompletableFuture<Void> testConnection() {
        return call(call -> call.track(client.listTables(cancellation.tag(RequestMapper.listTables(null, 1), call))).thenApply(response -> null));
    }

    @Override
    public CompletableFuture<List<String>> listTables() {
        return call(call -> listTablesFrom(call, null, new ArrayList<>()));
    }

    private CompletionStage<List<String>> listTablesFrom(CancellableCall<?> call, String startName, List<String> names) {
        return call.track(client.listTables(cancellation.tag(RequestMapper.listTables(startName, settings.listTablesPageSize()), call)))
                .thenCompose(response -> {
                    names.addAll(response.tableNames());
                    var next = response.lastEvaluatedTableName();
                    // An endpoint that repeats its cursor would otherwise loop forever.
                    if (next == null || next.equals(startName)) {
                        return CompletableFuture.completedFuture(List.copyOf(names));
                    }
                    return listTablesFrom(call, next, names);
                });
    }

    @Override
    public CompletableFuture<TableDescription> describeTable(String tableName) {
        return call(tableName, call -> {
            var table = call.track(client.describeTable(cancellation.tag(RequestMapper.describeTable(tableName), call)));
            var timeToLive = call.track(client.describeTimeToLive(cancellation.tag(RequestMapper.describeTimeToLive(tableName), call)))
                    .handle((response, error) -> error == null ? DescriptionMapper.toTimeToLive(response)
                            : timeToLiveUnknown(error));
            return table.thenCombine(timeToLive,
                    (response, ttl) -> DescriptionMapper.toTableDescription(response.table(), ttl));
        });
    }

    /** The table is still worth showing when only its TTL cannot be read (an emulator, or no DescribeTimeToLive right). */
    private static TimeToLive timeToLiveUnknown(Throwable error) {
        return ErrorMapper.isUnsupportedOperation(error) ? TimeToLive.unsupported()
                : new TimeToLive(TimeToLive.Status.UNKNOWN, null);
    }

    @Override
    public CompletableFuture<Page> read(ReadRequest request) {
        return read(request, head -> { });
    }

    /** The head is told from the answer itself, before its items are mapped. */
    @Override
    public CompletableFuture<Page> read(ReadRequest request, Consumer<? super Page.Head> answered) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(answered, "answered");
        return call(request.tableName(), call -> switch (request) {
            case ReadRequest.Scan scan -> call.track(client.scan(cancellation.tag(RequestMapper.scan(scan), call))).thenApply(response -> {
                answered.accept(PageMapper.head(response.items(), response.lastEvaluatedKey(), response.consumedCapacity()));
                return PageMapper.fromScan(response);
            });
            case ReadRequest.Query query -> call.track(client.query(cancellation.tag(RequestMapper.query(query), call))).thenApply(response -> {
                answered.accept(PageMapper.head(response.items(), response.lastEvaluatedKey(), response.consumedCapacity()));
                return PageMapper.fromQuery(response);
            });
        });
    }

    @Override
    public CompletableFuture<Void> createTable(CreateTableSpec spec) {
        if (profile.readOnly()) {
            return refused("CreateTable " + spec.tableName());
        }
        return call(call -> {
            var deadline = Instant.now().plus(settings.tableActiveTimeout());
            return call.track(client.createTable(cancellation.tag(RequestMapper.createTable(spec), call)))
                    .handle((created, error) -> {
                        if (error != null) {
                            throw ErrorMapper.toException(error, profile, spec.globalSecondaryIndexes());
                        }
                        return created;
                    })
                    .thenCompose(created -> waitUntilActive(call, spec.tableName(), deadline));
        });
    }

    /** CreateTable returns while the table is CREATING; reads and writes work only once it and its indexes are ACTIVE. */
    private CompletionStage<Void> waitUntilActive(CancellableCall<?> call, String tableName, Instant deadline) {
        return call.track(client.describeTable(cancellation.tag(RequestMapper.describeTable(tableName), call))).thenCompose(response -> {
            var table = response.table();
            var ready = table.tableStatus() == TableStatus.ACTIVE
                    && table.globalSecondaryIndexes().stream().allMatch(i -> i.indexStatus() == IndexStatus.ACTIVE);
            if (ready) {
                return CompletableFuture.completedFuture(null);
            }
            if (Instant.now().isAfter(deadline)) {
                throw new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.OTHER, "Table " + tableName
                        + " was created but is still " + table.tableStatusAsString() + " after "
                        + settings.tableActiveTimeout().toMinutes() + " minutes", null), null);
            }
            var pause = CompletableFuture.delayedExecutor(settings.tableActivePollInterval().toMillis(), TimeUnit.MILLISECONDS);
            return CompletableFuture.runAsync(() -> { }, pause).thenCompose(ignored -> waitUntilActive(call, tableName, deadline));
        });
    }

    @Override
    public CompletableFuture<IndexDescription> createGlobalSecondaryIndex(CreateIndexSpec spec) {
        if (profile.readOnly()) {
            return refused("UpdateTable " + spec.tableName());
        }
        return call(spec.tableName(), call -> call.track(client.updateTable(cancellation.tag(IndexUpdateMapper.createGlobalIndex(spec), call)))
                .thenApply(response -> IndexUpdateMapper.createdIndex(response, spec.index().name()).orElseThrow(() -> notCreated(spec))));
    }

    /** An endpoint that answers UpdateTable without the new index has not made it, and nothing would ever make it ACTIVE. */
    private DynamoAccessException notCreated(CreateIndexSpec spec) {
        return new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.OTHER, "The endpoint " + ErrorMapper.endpointText(profile)
                + " took UpdateTable but its answer does not list index " + spec.index().name() + " of " + spec.tableName()
                + ": it did not create the index (dynalite, for one, accepts a Create and ignores it)", null), null);
    }

    @Override
    public CompletableFuture<Void> deleteTable(String tableName) {
        if (profile.readOnly()) {
            return refused("DeleteTable " + tableName);
        }
        return call(call -> call.track(client.deleteTable(cancellation.tag(RequestMapper.deleteTable(tableName), call))).thenApply(response -> null));
    }

    @Override
    public CompletableFuture<Void> putItem(String tableName, Item item) {
        if (profile.readOnly()) {
            return refused("PutItem on " + tableName);
        }
        return call(call -> call.track(client.putItem(cancellation.tag(RequestMapper.putItem(tableName, item), call))).thenApply(response -> null));
    }

    @Override
    public CompletableFuture<Void> deleteItem(String tableName, Map<String, AttributeValue> key) {
        if (profile.readOnly()) {
            return refused("DeleteItem on " + tableName);
        }
        return call(call -> call.track(client.deleteItem(cancellation.tag(RequestMapper.deleteItem(tableName, key), call))).thenApply(response -> null));
    }

    @Override
    public CompletableFuture<List<Item>> batchPut(String tableName, List<Item> items) {
        if (profile.readOnly()) {
            return refused("BatchWriteItem on " + tableName);
        }
        return call(tableName, call -> call.track(client.batchWriteItem(withoutSdkRetries(cancellation.tag(RequestMapper.batchPut(tableName,
                items), call)))).thenApply(response -> RequestMapper.unprocessedPuts(response, tableName)));
    }

    /**
     * BatchWriteItem's caller paces itself (the loader retries throttled requests and unprocessed items, and halves its
     * requests in flight on throttling), so the SDK does not retry it as well: its own backoff would hide every throttle
     * from the loader for up to a few seconds, and the loader could not adapt its rate.
     */
    private static final SdkPlugin NO_SDK_RETRIES = config -> config.overrideConfiguration(
            config.overrideConfiguration().toBuilder().retryStrategy(AwsRetryStrategy.doNotRetry()).build());

    private static BatchWriteItemRequest withoutSdkRetries(BatchWriteItemRequest request) {
        var override = request.overrideConfiguration().map(AwsRequestOverrideConfiguration::toBuilder)
                .orElseGet(AwsRequestOverrideConfiguration::builder);
        return request.toBuilder().overrideConfiguration(override.addPlugin(NO_SDK_RETRIES).build()).build();
    }

    @Override
    public CompletableFuture<GetResult> getItem(String tableName, Map<String, AttributeValue> key, boolean consistent) {
        return call(tableName, call -> call.track(client.getItem(cancellation.tag(WriteMapper.getItem(tableName, key, consistent), call)))
                .thenApply(WriteMapper::fromGet));
    }

    @Override
    public CompletableFuture<dev.dynalens.domain.table.BatchGetResult> batchGet(dev.dynalens.domain.table.BatchGetRequest request) {
        return call(request.tableName(), call -> call.track(client.batchGetItem(cancellation.tag(RequestMapper.batchGet(request), call)))
                .thenApply(response -> RequestMapper.fromBatchGet(response, request.tableName())));
    }

    @Override
    public CompletableFuture<PartiqlPage> executeStatement(PartiqlStatement statement, boolean consistentRead, Integer limit,
                                                           String nextToken) {
        if (statement.writes() && profile.readOnly()) {
            return refused(statement.kind() + " on " + statement.tableName());
        }
        return call(statement.tableName(), call -> call.track(client.executeStatement(cancellation.tag(
                        PartiqlMapper.executeStatement(statement, consistentRead, limit, nextToken), call)))
                .thenApply(PartiqlMapper::fromExecuteStatement)
                .exceptionallyCompose(error -> CompletableFuture.failedFuture(ErrorMapper.isUnsupportedOperation(error)
                        ? new PartiqlUnsupportedException(partiqlUnsupported("ExecuteStatement"), error) : error)));
    }

    @Override
    public CompletableFuture<PartiqlBatchResult> batchExecuteStatement(List<PartiqlStatement> statements) {
        var copy = List.copyOf(statements);
        if (profile.readOnly() && copy.stream().anyMatch(PartiqlStatement::writes)) {
            return refused("BatchExecuteStatement of " + copy.size() + " statement(s)");
        }
        var table = copy.isEmpty() ? null : copy.get(0).tableName();
        return call(table, call -> call.track(client.batchExecuteStatement(cancellation.tag(PartiqlMapper.batchExecuteStatement(copy), call)))
                .thenApply(PartiqlMapper::fromBatchExecuteStatement)
                .exceptionallyCompose(error -> CompletableFuture.failedFuture(ErrorMapper.isUnsupportedOperation(error)
                        ? new PartiqlUnsupportedException(partiqlUnsupported("BatchExecuteStatement"), error) : error)));
    }

    @Override
    public CompletableFuture<PartiqlTransactionResult> executeTransaction(List<PartiqlStatement> statements, String clientRequestToken) {
        var copy = List.copyOf(statements);
        if (profile.readOnly() && copy.stream().anyMatch(PartiqlStatement::writes)) {
            return refused("ExecuteTransaction of " + copy.size() + " statement(s)");
        }
        var table = copy.isEmpty() ? null : copy.get(0).tableName();
        return call(table, call -> call.track(client.executeTransaction(cancellation.tag(PartiqlMapper.executeTransaction(copy, clientRequestToken), call)))
                .thenApply(PartiqlMapper::fromExecuteTransaction)
                // A cancelled transaction and a missing operation are answers the caller acts on, not failures.
                .exceptionallyCompose(error -> {
                    if (ErrorMapper.unwrap(error) instanceof TransactionCanceledException cancelled) {
                        return CompletableFuture.completedFuture(new PartiqlTransactionResult(
                                WriteMapper.cancelled(cancelled, copy.size()), List.of()));
                    }
                    if (ErrorMapper.isUnsupportedOperation(error)) {
                        return CompletableFuture.completedFuture(new PartiqlTransactionResult(
                                TransactionResult.unsupported(partiqlUnsupported("ExecuteTransaction")), List.of()));
                    }
                    return CompletableFuture.failedFuture(error);
                }));
    }

    private String partiqlUnsupported(String operation) {
        return "The endpoint " + ErrorMapper.endpointText(profile) + " does not support PartiQL (" + operation + ").";
    }

    @Override
    public CompletableFuture<WriteResult> write(ItemWrite write) {
        Objects.requireNonNull(write, "write");
        if (profile.readOnly()) {
            return refused(write.operation() + " on " + write.tableName());
        }
        return call(write.tableName(), call -> {
            CompletionStage<WriteResult> sent = switch (write) {
                case ItemWrite.Put put -> call.track(client.putItem(cancellation.tag(WriteMapper.put(put), call))).thenApply(WriteMapper::fromPut);
                case ItemWrite.Update update -> call.track(client.updateItem(cancellation.tag(WriteMapper.update(update), call))).thenApply(WriteMapper::fromUpdate);
                case ItemWrite.Delete delete -> call.track(client.deleteItem(cancellation.tag(WriteMapper.delete(delete), call))).thenApply(WriteMapper::fromDelete);
            };
            // A condition that does not hold is the answer a guarded write asks for, not a failure.
            return sent.exceptionallyCompose(error -> ErrorMapper.unwrap(error) instanceof ConditionalCheckFailedException
                    ? CompletableFuture.completedFuture(WriteMapper.conditionFailed()) : CompletableFuture.failedFuture(error));
        });
    }

    @Override
    public CompletableFuture<TransactionResult> transactWrite(List<ItemWrite> writes, String clientRequestToken) {
        var copy = List.copyOf(writes);
        if (profile.readOnly()) {
            return refused("TransactWriteItems of " + copy.size() + " write(s)");
        }
        var table = copy.isEmpty() ? null : copy.get(0).tableName();
        return call(table, call -> call.track(client.transactWriteItems(cancellation.tag(WriteMapper.transactWrite(copy, clientRequestToken), call)))
                .thenApply(WriteMapper::fromTransactWrite)
                // A cancelled transaction and a missing operation are answers the caller acts on, not failures.
                .exceptionallyCompose(error -> {
                    if (ErrorMapper.unwrap(error) instanceof TransactionCanceledException cancelled) {
                        return CompletableFuture.completedFuture(WriteMapper.cancelled(cancelled, copy.size()));
                    }
                    if (ErrorMapper.isUnsupportedOperation(error)) {
                        return CompletableFuture.completedFuture(TransactionResult.unsupported("The endpoint "
                                + ErrorMapper.endpointText(profile) + " does not support transactions (TransactWriteItems)."));
                    }
                    return CompletableFuture.failedFuture(error);
                }));
    }

    @Override
    public CompletableFuture<PointInTimeRecovery> describeContinuousBackups(String tableName) {
        return call(tableName, call -> orUnsupported("DescribeContinuousBackups", call.track(client.describeContinuousBackups(
                cancellation.tag(ExportMapper.describeContinuousBackups(tableName), call))))
                .thenApply(response -> ExportMapper.toPointInTimeRecovery(response.continuousBackupsDescription())));
    }

    @Override
    public CompletableFuture<PointInTimeRecovery> updateContinuousBackups(String tableName, boolean enabled) {
        if (profile.readOnly()) {
            return refused("UpdateContinuousBackups on " + tableName);
        }
        return call(tableName, call -> orUnsupported("UpdateContinuousBackups", call.track(client.updateContinuousBackups(
                cancellation.tag(ExportMapper.updateContinuousBackups(tableName, enabled), call))))
                .thenApply(response -> ExportMapper.toPointInTimeRecovery(response.continuousBackupsDescription())));
    }

    /** The request's table is named by its ARN, which DescribeTable gives. */
    @Override
    public CompletableFuture<ExportDescription> exportTableToPointInTime(ExportRequest request) {
        Objects.requireNonNull(request, "request");
        return call(request.tableName(), call -> tableArn(call, request.tableName())
                .thenCompose(arn -> orUnsupported("ExportTableToPointInTime", call.track(client.exportTableToPointInTime(
                        cancellation.tag(ExportMapper.exportTableToPointInTime(request, arn), call)))))
                .thenApply(response -> ExportMapper.toDescription(response.exportDescription())));
    }

    @Override
    public CompletableFuture<ExportDescription> describeExport(String exportArn) {
        return call(call -> orUnsupported("DescribeExport", call.track(client.describeExport(
                cancellation.tag(ExportMapper.describeExport(exportArn), call))))
                .thenApply(response -> ExportMapper.toDescription(response.exportDescription())));
    }

    @Override
    public CompletableFuture<List<ExportSummary>> listExports(String tableName) {
        return call(tableName, call -> tableArn(call, tableName).thenCompose(arn -> listExportsFrom(call, arn, null, new ArrayList<>())));
    }

    private CompletionStage<List<ExportSummary>> listExportsFrom(CancellableCall<?> call, String tableArn, String nextToken,
                                                                 List<ExportSummary> exports) {
        return orUnsupported("ListExports", call.track(client.listExports(cancellation.tag(ExportMapper.listExports(tableArn, nextToken), call))))
                .thenCompose(response -> {
                    response.exportSummaries().stream().map(ExportMapper::toSummary).forEach(exports::add);
                    var next = response.nextToken();
                    // An endpoint that repeats its token would otherwise loop forever.
                    if (next == null || next.isEmpty() || next.equals(nextToken)) {
                        return CompletableFuture.completedFuture(List.copyOf(exports));
                    }
                    return listExportsFrom(call, tableArn, next, exports);
                });
    }

    /** The table's ARN, which the export operations name it by: given as it is, or asked of DescribeTable. */
    private CompletionStage<String> tableArn(CancellableCall<?> call, String tableName) {
        if (tableName.startsWith("arn:")) {
            return CompletableFuture.completedFuture(tableName);
        }
        return call.track(client.describeTable(cancellation.tag(RequestMapper.describeTable(tableName), call)))
                .thenApply(response -> response.table().tableArn());
    }

    /** An endpoint without the operation (dynalite) says it has no exports, in those words. */
    private <T> CompletionStage<T> orUnsupported(String operation, CompletionStage<T> sent) {
        return sent.exceptionallyCompose(error -> CompletableFuture.failedFuture(ErrorMapper.isUnsupportedOperation(error)
                ? new ExportsUnsupportedException("The endpoint " + ErrorMapper.endpointText(profile), operation, error) : error));
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        client.close();
        closeAfterClient.forEach(AwsDynamoSessionFactory::closeQuietly);
    }

    private <T> CompletableFuture<T> refused(String operation) {
        return CompletableFuture.failedFuture(new ReadOnlyConnectionException(profile.name(), operation));
    }

    /**
     * Runs one operation: its request building happens here too, so a mapping failure becomes a failed future
     * rather than an exception thrown at the caller. Every failure leaves as a {@link DynamoAccessException}.
     */
    private <T> CompletableFuture<T> call(Function<CancellableCall<T>, CompletionStage<T>> operation) {
        return call(null, operation);
    }

    private <T> CompletableFuture<T> call(String tableName, Function<CancellableCall<T>, CompletionStage<T>> operation) {
        var call = new CancellableCall<T>();
        if (closed) {
            call.completeExceptionally(new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.OTHER,
                    "Connection '" + profile.name() + "' is closed", null), null));
            return call;
        }
        CompletionStage<T> stage;
        try {
            stage = operation.apply(call);
        } catch (RuntimeException e) {
            call.completeExceptionally(ErrorMapper.toException(e, profile, tableName));
            return call;
        }
        stage.whenComplete((value, error) -> {
            if (error != null) {
                call.completeExceptionally(ErrorMapper.toException(error, profile, tableName));
            } else {
                call.complete(value);
            }
        });
        return call;
    }
}

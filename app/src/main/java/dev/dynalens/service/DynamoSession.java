package dev.dynalens.service;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.DynamoAccessException;
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
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.BatchGetResult;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.CreateIndexSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.domain.write.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * One open connection. Every method is asynchronous; a failed future carries a
 * {@link dev.dynalens.domain.connection.DynamoAccessException} whose problem says what went wrong.
 * Cancelling a returned future aborts the request. Writes on a read-only connection fail with
 * {@link dev.dynalens.domain.connection.ReadOnlyConnectionException} before anything is sent.
 */
public interface DynamoSession extends AutoCloseable {

    ConnectionProfile profile();

    /**
     * The connection writes go to, which the write guard asks about (read-only, production): this one's own, except for
     * a session that reads from elsewhere and writes to a live table (a table read from its export).
     */
    default ConnectionProfile writeProfile() {
        return profile();
    }

    /**
     * What answers this session's whole-table reads (its Scans) when it is not the table itself, for a person: a table
     * read from its export says "export 0176…-abcd as of 2026-11-30T10:00:00Z", and those reads cost no read capacity.
     * Empty for a live table or a workspace file.
     */
    default java.util.Optional<String> scansAnsweredFrom() {
        return java.util.Optional.empty();
    }

    /** A cheap authenticated call (ListTables, one name) that proves the endpoint and credentials work. */
    CompletableFuture<Void> testConnection();

    /** Every table name, following all pages of ListTables. */
    CompletableFuture<List<String>> listTables();

    CompletableFuture<TableDescription> describeTable(String tableName);

    /** One page of a Scan or Query. */
    CompletableFuture<Page> read(ReadRequest request);

    /**
     * One page of a Scan or Query, and its {@linkplain Page.Head head} told to {@code answered} as soon as the endpoint
     * answered, before the page's items are mapped (on the thread that took the answer; not told when the read fails),
     * so that a read of every page asks for the next one meanwhile. {@code answered} must be quick and not throw.
     * By default told just before the page completes. Cancelling the returned future aborts the request, as ever.
     */
    default CompletableFuture<Page> read(ReadRequest request, Consumer<? super Page.Head> answered) {
        var page = read(request);
        var told = page.thenApply(read -> {
            answered.accept(read.head());
            return read;
        });
        told.whenComplete((read, failure) -> {
            if (told.isCancelled()) {
                page.cancel(true);
            }
        });
        return told;
    }

    CompletableFuture<Void> createTable(CreateTableSpec spec);

    CompletableFuture<Void> deleteTable(String tableName);

    /**
     * Adds a global secondary index to an existing table (UpdateTable with one GlobalSecondaryIndexUpdates Create) and
     * answers the index as DynamoDB's answer describes it: CREATING, and backfilling once DynamoDB reads the table's items
     * into it. It does not wait: {@link #describeTable} says the index's status until it is ACTIVE. A change to the table,
     * so a write: refused before anything is sent on a read-only connection, and guarded like every other. A session that
     * has no tables of its own to change (a workspace file, an export) refuses it with a sentence, as this default does.
     */
    default CompletableFuture<IndexDescription> createGlobalSecondaryIndex(CreateIndexSpec spec) {
        return CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.READ_ONLY,
                        "Connection '" + profile().name() + "' cannot add an index to " + spec.tableName() + ": it has no live table to change",
                        null), null));
    }

    CompletableFuture<Void> putItem(String tableName, Item item);

    CompletableFuture<Void> deleteItem(String tableName, Map<String, AttributeValue> key);

    /**
     * Puts up to 25 items with one BatchWriteItem. The future holds the items DynamoDB left unprocessed
     * (throttling, size), which the caller retries with backoff; an empty list means all were written.
     */
    CompletableFuture<List<Item>> batchPut(String tableName, List<Item> items);

    /** GetItem by primary key; {@code consistent} asks for a strongly consistent read. */
    CompletableFuture<GetResult> getItem(String tableName, Map<String, AttributeValue> key, boolean consistent);

    /**
     * One BatchGetItem of up to 100 keys. The future holds the items found and the keys DynamoDB left unprocessed,
     * which the caller asks again after a backoff. This default asks GetItem for each key (and applies no
     * projection): right for a session without batching; the AWS and workspace sessions answer it themselves.
     */
    default CompletableFuture<BatchGetResult> batchGet(BatchGetRequest request) {
        var gets = request.keys().stream().map(key -> getItem(request.tableName(), key, request.consistentRead())).toList();
        return CompletableFuture.allOf(gets.toArray(CompletableFuture[]::new)).thenApply(done -> {
            var items = new ArrayList<Item>();
            var capacity = ConsumedCapacity.NOT_REPORTED;
            for (var get : gets) {
                var result = get.join();
                result.item().ifPresent(items::add);
                capacity = capacity.plus(result.capacity());
            }
            return new BatchGetResult(items, List.of(), capacity);
        });
    }

    /**
     * One ExecuteStatement: a PartiQL SELECT answers one page (ask again with its NextToken for the next), a write
     * answers no items. A statement that writes is a write: refused on a read-only connection and guarded like every
     * other write. An endpoint without PartiQL fails the future with a
     * {@link dev.dynalens.domain.partiql.PartiqlUnsupportedException}.
     *
     * @param limit     the most items to evaluate for this page, or null for DynamoDB's default (1 MB)
     * @param nextToken where to continue, null for the first page
     */
    CompletableFuture<PartiqlPage> executeStatement(PartiqlStatement statement, boolean consistentRead, Integer limit,
                                                    String nextToken);

    /** Up to 25 statements, all reads or all writes, each succeeding or failing on its own (BatchExecuteStatement). */
    CompletableFuture<PartiqlBatchResult> batchExecuteStatement(List<PartiqlStatement> statements);

    /**
     * Up to 100 statements as one ExecuteTransaction: all applied or none. A cancelled transaction completes normally
     * with one reason per statement; an endpoint without it completes with
     * {@link dev.dynalens.domain.write.TransactionResult.Status#UNSUPPORTED}.
     */
    CompletableFuture<PartiqlTransactionResult> executeTransaction(List<PartiqlStatement> statements, String clientRequestToken);

    /**
     * One PutItem, UpdateItem or DeleteItem with its condition. A condition that does not hold completes the future
     * normally with {@link WriteResult.Status#CONDITION_FAILED}; any other failure fails it. Refused before anything is
     * sent on a read-only connection.
     */
    CompletableFuture<WriteResult> write(ItemWrite write);

    /**
     * All of {@code writes} as one TransactWriteItems: every write is applied or none is. Each write keeps its
     * condition; a condition that does not hold cancels the whole transaction, which completes the future normally with
     * {@link TransactionResult.Status#CANCELLED} and one reason per write (a failed condition with the item as it was).
     * An endpoint without transactions completes it with {@link TransactionResult.Status#UNSUPPORTED}. DynamoDB takes
     * at most {@value dev.dynalens.domain.write.Transactions#MAX_WRITES} writes, no two on the same item.
     * {@code clientRequestToken} makes a retry of the same transaction idempotent (DynamoDB remembers it for ten
     * minutes). Refused before anything is sent on a read-only connection.
     */
    CompletableFuture<TransactionResult> transactWrite(List<ItemWrite> writes, String clientRequestToken);

    // ---- point-in-time recovery and exports to S3: by default (a workspace file) there are none, and each says so ----

    /** The table's point-in-time recovery, which an export is made from (DescribeContinuousBackups). */
    default CompletableFuture<PointInTimeRecovery> describeContinuousBackups(String tableName) {
        return exportsUnsupported("DescribeContinuousBackups");
    }

    /**
     * Turns the table's point-in-time recovery on or off (UpdateContinuousBackups) and answers what it is then. A change to
     * the table, so a write: refused before anything is sent on a read-only connection, and guarded like every other.
     */
    default CompletableFuture<PointInTimeRecovery> updateContinuousBackups(String tableName, boolean enabled) {
        return exportsUnsupported("UpdateContinuousBackups");
    }

    /**
     * Starts an export of the table to S3 (ExportTableToPointInTime) with the request's
     * {@linkplain ExportRequest#clientToken ClientToken}, and answers as soon as DynamoDB took it (IN_PROGRESS); the same
     * request again within eight hours answers the export already started. It reads nothing from the table (it works
     * from point-in-time recovery) and changes nothing in it.
     */
    default CompletableFuture<ExportDescription> exportTableToPointInTime(ExportRequest request) {
        return exportsUnsupported("ExportTableToPointInTime");
    }

    /** One export as it is now (DescribeExport). */
    default CompletableFuture<ExportDescription> describeExport(String exportArn) {
        return exportsUnsupported("DescribeExport");
    }

    /** Every export of the table that DynamoDB lists (ListExports, all pages, by the table's ARN): those of the past 90 days. */
    default CompletableFuture<List<ExportSummary>> listExports(String tableName) {
        return exportsUnsupported("ListExports");
    }

    private <T> CompletableFuture<T> exportsUnsupported(String operation) {
        return CompletableFuture.failedFuture(new ExportsUnsupportedException("Connection '" + profile().name() + "'", operation, null));
    }

    /** Closes the connection's client; further calls fail. */
    @Override
    void close();
}

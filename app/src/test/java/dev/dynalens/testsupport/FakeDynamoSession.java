package dev.dynalens.testsupport;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** A session whose answers the test controls: every call returns a future the test completes. */
public class FakeDynamoSession implements DynamoSession {
    private final ConnectionProfile profile;
    public final List<ReadRequest> reads = new ArrayList<>();
    public final List<CompletableFuture<Page>> pendingReads = new ArrayList<>();
    public CompletableFuture<Void> testResult = CompletableFuture.completedFuture(null);
    public CompletableFuture<List<String>> tables = CompletableFuture.completedFuture(List.of());
    public CompletableFuture<TableDescription> description = new CompletableFuture<>();
    public boolean closed;
    /** When set, reads answer at once with what it returns; otherwise they stay pending for the test. */
    public java.util.function.Function<ReadRequest, Page> responder;

    public FakeDynamoSession(ConnectionProfile profile) {
        this.profile = profile;
    }

    @Override public ConnectionProfile profile() { return profile; }
    @Override public CompletableFuture<Void> testConnection() { return testResult; }
    @Override public CompletableFuture<List<String>> listTables() { return tables; }
    @Override public CompletableFuture<TableDescription> describeTable(String tableName) { return description; }

    @Override
    public CompletableFuture<Page> read(ReadRequest request) {
        reads.add(request);
        if (responder != null) {
            try {
                return CompletableFuture.completedFuture(responder.apply(request));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        var future = new CompletableFuture<Page>();
        pendingReads.add(future);
        return future;
    }

    public CompletableFuture<Page> lastRead() {
        return pendingReads.get(pendingReads.size() - 1);
    }

    /** Answers CreateTable when a test sets it; unset, unsupported. Every spec asked for is kept. */
    public java.util.function.Function<CreateTableSpec, CompletableFuture<Void>> creator;
    public final List<CreateTableSpec> created = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override public CompletableFuture<Void> createTable(CreateTableSpec spec) {
        if (creator == null) throw new UnsupportedOperationException();
        created.add(spec);
        return creator.apply(spec);
    }
    @Override public CompletableFuture<Void> deleteTable(String tableName) { throw new UnsupportedOperationException(); }
    @Override public CompletableFuture<Void> putItem(String tableName, Item item) { throw new UnsupportedOperationException(); }
    @Override public CompletableFuture<Void> deleteItem(String tableName, Map<String, AttributeValue> key) { throw new UnsupportedOperationException(); }
    /** Answers GetItem and single-item writes when a test sets them; unset, they are unsupported. */
    public java.util.function.Function<Map<String, AttributeValue>, CompletableFuture<dev.dynalens.domain.write.GetResult>> getter;
    public java.util.function.Function<dev.dynalens.domain.write.ItemWrite, CompletableFuture<dev.dynalens.domain.write.WriteResult>> writer;
    public final List<dev.dynalens.domain.write.ItemWrite> writes = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override public CompletableFuture<dev.dynalens.domain.write.GetResult> getItem(String tableName, Map<String, AttributeValue> key, boolean consistent) {
        if (getter == null) throw new UnsupportedOperationException();
        return getter.apply(key);
    }

    @Override public CompletableFuture<dev.dynalens.domain.write.WriteResult> write(dev.dynalens.domain.write.ItemWrite write) {
        if (writer == null) throw new UnsupportedOperationException();
        writes.add(write);
        return writer.apply(write);
    }
    /**
     * Answers TransactWriteItems when a test sets it; unset, the fake behaves like dynalite and answers
     * {@link dev.dynalens.domain.write.TransactionResult.Status#UNSUPPORTED}. Every call's writes are kept.
     */
    public java.util.function.Function<List<dev.dynalens.domain.write.ItemWrite>, CompletableFuture<dev.dynalens.domain.write.TransactionResult>> transactor;
    public final List<List<dev.dynalens.domain.write.ItemWrite>> transactions = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override public CompletableFuture<dev.dynalens.domain.write.TransactionResult> transactWrite(
            List<dev.dynalens.domain.write.ItemWrite> writes, String clientRequestToken) {
        transactions.add(List.copyOf(writes));
        if (transactor == null) {
            return CompletableFuture.completedFuture(dev.dynalens.domain.write.TransactionResult.unsupported(
                    "The fake endpoint does not support transactions (TransactWriteItems)."));
        }
        return transactor.apply(writes);
    }
    /** Answers BatchWriteItem (with the items left unprocessed) when a test sets it; unset, unsupported. Every batch is kept. */
    public java.util.function.Function<List<Item>, CompletableFuture<List<Item>>> batchWriter;
    public final List<List<Item>> batches = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override public CompletableFuture<List<Item>> batchPut(String tableName, List<Item> items) {
        if (batchWriter == null) throw new UnsupportedOperationException();
        batches.add(List.copyOf(items));
        return batchWriter.apply(items);
    }
    /** Answers ExecuteStatement when a test sets it; unset, the endpoint has no PartiQL. Every statement is kept. */
    public java.util.function.Function<dev.dynalens.domain.partiql.PartiqlStatement, CompletableFuture<dev.dynalens.domain.partiql.PartiqlPage>> statementRunner;
    public final List<dev.dynalens.domain.partiql.PartiqlStatement> statements = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override public CompletableFuture<dev.dynalens.domain.partiql.PartiqlPage> executeStatement(
            dev.dynalens.domain.partiql.PartiqlStatement statement, boolean consistentRead, Integer limit, String nextToken) {
        statements.add(statement);
        if (statementRunner == null) {
            return CompletableFuture.failedFuture(new dev.dynalens.domain.partiql.PartiqlUnsupportedException(
                    "The fake endpoint does not support PartiQL (ExecuteStatement).", null));
        }
        return statementRunner.apply(statement);
    }
    @Override public CompletableFuture<dev.dynalens.domain.partiql.PartiqlBatchResult> batchExecuteStatement(
            List<dev.dynalens.domain.partiql.PartiqlStatement> batch) {
        return CompletableFuture.failedFuture(new dev.dynalens.domain.partiql.PartiqlUnsupportedException(
                "The fake endpoint does not support PartiQL (BatchExecuteStatement).", null));
    }
    @Override public CompletableFuture<dev.dynalens.domain.partiql.PartiqlTransactionResult> executeTransaction(
            List<dev.dynalens.domain.partiql.PartiqlStatement> batch, String clientRequestToken) {
        return CompletableFuture.completedFuture(new dev.dynalens.domain.partiql.PartiqlTransactionResult(
                dev.dynalens.domain.write.TransactionResult.unsupported("The fake endpoint does not support PartiQL (ExecuteTransaction)."),
                List.of()));
    }
    /**
     * Point-in-time recovery and exports, answered as a test sets them; unset, the fake has none (the port's default).
     * Every call is kept in {@link #exportCalls}, as "UpdateContinuousBackups Shop true".
     */
    public java.util.function.Function<String, CompletableFuture<dev.dynalens.domain.exports.PointInTimeRecovery>> recovery;
    public java.util.function.BiFunction<String, Boolean, CompletableFuture<dev.dynalens.domain.exports.PointInTimeRecovery>> recoveryUpdater;
    public java.util.function.Function<dev.dynalens.domain.exports.ExportRequest, CompletableFuture<dev.dynalens.domain.exports.ExportDescription>> exporter;
    public java.util.function.Function<String, CompletableFuture<dev.dynalens.domain.exports.ExportDescription>> exportDescriber;
    public java.util.function.Function<String, CompletableFuture<List<dev.dynalens.domain.exports.ExportSummary>>> exportLister;
    public final List<String> exportCalls = new java.util.concurrent.CopyOnWriteArrayList<>();
    public final List<dev.dynalens.domain.exports.ExportRequest> exportRequests = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override public CompletableFuture<dev.dynalens.domain.exports.PointInTimeRecovery> describeContinuousBackups(String tableName) {
        exportCalls.add("DescribeContinuousBackups " + tableName);
        return recovery == null ? DynamoSession.super.describeContinuousBackups(tableName) : recovery.apply(tableName);
    }
    @Override public CompletableFuture<dev.dynalens.domain.exports.PointInTimeRecovery> updateContinuousBackups(String tableName, boolean enabled) {
        exportCalls.add("UpdateContinuousBackups " + tableName + " " + enabled);
        return recoveryUpdater == null ? DynamoSession.super.updateContinuousBackups(tableName, enabled) : recoveryUpdater.apply(tableName, enabled);
    }
    @Override public CompletableFuture<dev.dynalens.domain.exports.ExportDescription> exportTableToPointInTime(
            dev.dynalens.domain.exports.ExportRequest request) {
        exportCalls.add("ExportTableToPointInTime " + request.tableName());
        exportRequests.add(request);
        return exporter == null ? DynamoSession.super.exportTableToPointInTime(request) : exporter.apply(request);
    }
    @Override public CompletableFuture<dev.dynalens.domain.exports.ExportDescription> describeExport(String exportArn) {
        exportCalls.add("DescribeExport " + exportArn);
        return exportDescriber == null ? DynamoSession.super.describeExport(exportArn) : exportDescriber.apply(exportArn);
    }
    @Override public CompletableFuture<List<dev.dynalens.domain.exports.ExportSummary>> listExports(String tableName) {
        exportCalls.add("ListExports " + tableName);
        return exportLister == null ? DynamoSession.super.listExports(tableName) : exportLister.apply(tableName);
    }
    @Override public void close() { closed = true; }
}

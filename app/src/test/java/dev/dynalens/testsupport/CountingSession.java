package dev.dynalens.testsupport;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.partiql.PartiqlBatchResult;
import dev.dynalens.domain.partiql.PartiqlPage;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.partiql.PartiqlTransactionResult;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.BatchGetResult;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** A session that passes every call to a real one and keeps what was read: each Scan or Query request, as sent. */
public final class CountingSession implements DynamoSession {
    private final DynamoSession delegate;
    public final List<ReadRequest> reads = new CopyOnWriteArrayList<>();
    public final AtomicInteger describes = new AtomicInteger();

    public CountingSession(DynamoSession delegate) {
        this.delegate = delegate;
    }

    @Override public ConnectionProfile profile() { return delegate.profile(); }
    @Override public CompletableFuture<Void> testConnection() { return delegate.testConnection(); }
    @Override public CompletableFuture<List<String>> listTables() { return delegate.listTables(); }

    @Override
    public CompletableFuture<TableDescription> describeTable(String tableName) {
        describes.incrementAndGet();
        return delegate.describeTable(tableName);
    }

    @Override
    public CompletableFuture<Page> read(ReadRequest request) {
        reads.add(request);
        return delegate.read(request);
    }

    @Override
    public CompletableFuture<Page> read(ReadRequest request, java.util.function.Consumer<? super Page.Head> answered) {
        reads.add(request);
        return delegate.read(request, answered);
    }

    @Override public CompletableFuture<Void> createTable(CreateTableSpec spec) { return delegate.createTable(spec); }
    @Override public CompletableFuture<Void> deleteTable(String tableName) { return delegate.deleteTable(tableName); }
    @Override public CompletableFuture<Void> putItem(String tableName, Item item) { return delegate.putItem(tableName, item); }
    @Override public CompletableFuture<Void> deleteItem(String tableName, Map<String, AttributeValue> key) { return delegate.deleteItem(tableName, key); }
    @Override public CompletableFuture<List<Item>> batchPut(String tableName, List<Item> items) { return delegate.batchPut(tableName, items); }
    @Override public CompletableFuture<GetResult> getItem(String tableName, Map<String, AttributeValue> key, boolean consistent) {
        return delegate.getItem(tableName, key, consistent);
    }
    @Override public CompletableFuture<WriteResult> write(ItemWrite write) { return delegate.write(write); }
    @Override public CompletableFuture<TransactionResult> transactWrite(List<ItemWrite> writes, String clientRequestToken) {
        return delegate.transactWrite(writes, clientRequestToken);
    }

    /** The session is the test's: closing the counter leaves it open. */
    @Override public CompletableFuture<BatchGetResult> batchGet(BatchGetRequest request) {
        return delegate.batchGet(request);
    }
    @Override public CompletableFuture<PartiqlPage> executeStatement(PartiqlStatement statement,
            boolean consistentRead, Integer limit, String nextToken) {
        return delegate.executeStatement(statement, consistentRead, limit, nextToken);
    }
    @Override public CompletableFuture<PartiqlBatchResult> batchExecuteStatement(List<PartiqlStatement> statements) {
        return delegate.batchExecuteStatement(statements);
    }
    @Override public CompletableFuture<PartiqlTransactionResult> executeTransaction(
            List<PartiqlStatement> statements, String clientRequestToken) {
        return delegate.executeTransaction(statements, clientRequestToken);
    }
    @Override public void close() { }
}

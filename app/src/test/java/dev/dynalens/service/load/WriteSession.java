package dev.dynalens.service.load;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A session for the loader's tests: a table in memory keyed by PK and SK, every write recorded, and
 * each BatchWriteItem and PutItem answered by a function the test may replace (the default writes all).
 */
final class WriteSession implements DynamoSession {
    final ConnectionProfile profile;
    final Map<String, Item> table = new LinkedHashMap<>();
    final List<List<Item>> batches = new ArrayList<>();
    final List<Item> puts = new ArrayList<>();
    final List<CreateTableSpec> created = new ArrayList<>();
    final List<String> described = new ArrayList<>();
    boolean tableExists;
    Function<List<Item>, CompletableFuture<List<Item>>> onBatch = this::writeAll;
    Function<Item, CompletableFuture<Void>> onPut = this::write;
    int inFlight;
    int maxInFlight;

    WriteSession() {
        this(false);
    }

    WriteSession(boolean readOnly) {
        profile = ConnectionProfile.create(readOnly ? "mirror" : "local", new CredentialsSource.LocalPlaceholder(),
                "us-east-1", URI.create("http://127.0.0.1:9"), readOnly, ConnectionTag.NONE);
    }

    static DynamoAccessException problem(Kind kind, String message) {
        return new DynamoAccessException(new ConnectionProblem(kind, message, null), null);
    }

    static String key(Item item) {
        return text(item, "PK") + "|" + text(item, "SK");
    }

    private static String text(Item item, String name) {
        return item.get(name).map(v -> ((AttributeValue.Str) v).value()).orElse("?");
    }

    CompletableFuture<List<Item>> writeAll(List<Item> items) {
        items.forEach(item -> table.put(key(item), item));
        return CompletableFuture.completedFuture(List.of());
    }

    CompletableFuture<Void> write(Item item) {
        table.put(key(item), item);
        return CompletableFuture.completedFuture(null);
    }

    private <T> CompletableFuture<T> tracked(CompletableFuture<T> answer) {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        return answer.whenComplete((value, error) -> inFlight--);
    }

    @Override
    public CompletableFuture<dev.dynalens.domain.write.GetResult> getItem(String tableName, Map<String, AttributeValue> key, boolean consistent) {
        throw new UnsupportedOperationException("the loader does not read single items");
    }

    @Override
    public CompletableFuture<dev.dynalens.domain.write.WriteResult> write(dev.dynalens.domain.write.ItemWrite write) {
        throw new UnsupportedOperationException("the loader writes with BatchWriteItem and PutItem only");
    }

    @Override
    public CompletableFuture<dev.dynalens.domain.partiql.PartiqlPage> executeStatement(dev.dynalens.domain.partiql.PartiqlStatement statement,
            boolean consistentRead, Integer limit, String nextToken) {
        throw new UnsupportedOperationException("the loader writes with BatchWriteItem and PutItem only");
    }

    @Override
    public CompletableFuture<dev.dynalens.domain.partiql.PartiqlBatchResult> batchExecuteStatement(
            List<dev.dynalens.domain.partiql.PartiqlStatement> statements) {
        throw new UnsupportedOperationException("the loader writes with BatchWriteItem and PutItem only");
    }

    @Override
    public CompletableFuture<dev.dynalens.domain.partiql.PartiqlTransactionResult> executeTransaction(
            List<dev.dynalens.domain.partiql.PartiqlStatement> statements, String clientRequestToken) {
        throw new UnsupportedOperationException("the loader writes with BatchWriteItem and PutItem only");
    }

    @Override
    public CompletableFuture<dev.dynalens.domain.write.TransactionResult> transactWrite(
            List<dev.dynalens.domain.write.ItemWrite> writes, String clientRequestToken) {
        throw new UnsupportedOperationException("the loader writes with BatchWriteItem and PutItem only");
    }

    @Override
    public CompletableFuture<List<Item>> batchPut(String tableName, List<Item> items) {
        batches.add(List.copyOf(items));
        return tracked(onBatch.apply(items));
    }

    @Override
    public CompletableFuture<Void> putItem(String tableName, Item item) {
        puts.add(item);
        return tracked(onPut.apply(item));
    }

    @Override
    public CompletableFuture<TableDescription> describeTable(String tableName) {
        described.add(tableName);
        return tableExists ? CompletableFuture.completedFuture(null)
                : CompletableFuture.failedFuture(problem(Kind.TABLE_NOT_FOUND, "Table '" + tableName + "' was not found"));
    }

    @Override
    public CompletableFuture<Void> createTable(CreateTableSpec spec) {
        created.add(spec);
        tableExists = true;
        return CompletableFuture.completedFuture(null);
    }

    @Override public ConnectionProfile profile() { return profile; }
    @Override public CompletableFuture<Void> testConnection() { throw new UnsupportedOperationException(); }
    @Override public CompletableFuture<List<String>> listTables() { throw new UnsupportedOperationException(); }
    @Override public CompletableFuture<Page> read(ReadRequest request) { throw new UnsupportedOperationException(); }
    @Override public CompletableFuture<Void> deleteTable(String tableName) { throw new UnsupportedOperationException(); }
    @Override public CompletableFuture<Void> deleteItem(String tableName, Map<String, AttributeValue> key) { throw new UnsupportedOperationException(); }
    @Override public void close() { }
}

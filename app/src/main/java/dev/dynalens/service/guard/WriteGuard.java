package dev.dynalens.service.guard;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportRequest;
import dev.dynalens.domain.exports.ExportSummary;
import dev.dynalens.domain.exports.PointInTimeRecovery;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.partiql.PartiqlBatchResult;
import dev.dynalens.domain.partiql.PartiqlPage;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.partiql.PartiqlTransactionResult;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.BatchGetResult;
import dev.dynalens.domain.table.CreateIndexSpec;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.DynamoSessionFactory;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The one write guard: a session decorator (as {@link dev.dynalens.service.history.RecordingSession} records) that
 * applies the connection's write rules to every write the port has, before anything is sent.
 *
 * <ul>
 *   <li>A read-only connection refuses every write with a {@link ReadOnlyConnectionException}.</li>
 *   <li>A production-tagged connection writes into a table only once the person confirmed it for that table: this
 *       guard asks its {@link WriteConfirmer} the first time a table is written (or when {@link #confirmWrites} asks
 *       up front), once per table for the guard's lifetime; a refusal fails the write with a
 *       {@link dev.dynalens.domain.connection.WriteNotConfirmedException}.</li>
 * </ul>
 *
 * <p>PartiQL statements that write (INSERT, UPDATE, DELETE) are writes like any other: a batch or transaction holding
 * one is guarded for every table its writing statements name; SELECTs pass through.
 *
 * <p>The sessions the app and the command line hand around are {@link #protect protected}: their confirmer confirms
 * nothing, so a production write is refused unless it comes from an action the person started and confirmed. Such an
 * action takes a guard of its own with {@link #forAction}, asks with {@link #confirmWrites} before it reads anything, and
 * is not asked again while it runs. Reads pass through untouched. The guard is the outermost decorator (around the
 * recording one), so a refused write is neither sent nor recorded.
 */
public final class WriteGuard implements DynamoSession {
    private final DynamoSession delegate;
    private final WriteConfirmer confirmer;
    /** Whether closing this guard closes the connection: the protected session does, a guard for one action does not. */
    private final boolean ownsConnection;
    private final Map<String, CompletableFuture<Void>> confirmations = new ConcurrentHashMap<>();

    private WriteGuard(DynamoSession delegate, WriteConfirmer confirmer, boolean ownsConnection) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.confirmer = Objects.requireNonNull(confirmer, "confirmer");
        this.ownsConnection = ownsConnection;
    }

    /** The session to hand around: every write checked, and production writes refused outside a confirmed action. */
    public static DynamoSession protect(DynamoSession session) {
        return session instanceof WriteGuard ? session : new WriteGuard(session, WriteConfirmer.NONE, true);
    }

    /** A factory whose sessions are {@link #protect protected}. */
    public static DynamoSessionFactory protect(DynamoSessionFactory factory) {
        return profile -> protect(factory.open(profile));
    }

    /**
     * The same connection for one action the person started: production writes are confirmed by {@code confirmer},
     * asked at most once per table.
     */
    public static WriteGuard forAction(DynamoSession session, WriteConfirmer confirmer) {
        var unguarded = session instanceof WriteGuard guard ? guard.delegate : session;
        return new WriteGuard(unguarded, confirmer, false);
    }

    /**
     * The connection under a guard: for a session that sends its writes on to it and is itself {@link #protect protected}
     * (a table read from its export writes to the live table), so a write passes the one guard around that session, not
     * a second one that would refuse a production write its action confirmed.
     */
    public static DynamoSession unguarded(DynamoSession session) {
        return session instanceof WriteGuard guard ? guard.delegate : session;
    }

    /**
     * Checks now, before the action reads or sends anything, that it may write into {@code tableName}: fails at once on
     * a read-only connection, asks the confirmer on a production-tagged one, completes at once otherwise.
     *
     * @param action what writes, for the question and the refusal ("import", "commit")
     */
    public CompletableFuture<Void> confirmWrites(String tableName, String action) {
        return permit(tableName, action);
    }

    private CompletableFuture<Void> permit(String tableName, String action) {
        var profile = delegate.writeProfile();
        if (profile.readOnly()) {
            return CompletableFuture.failedFuture(new ReadOnlyConnectionException(profile.name(), action + " on " + tableName));
        }
        if (!profile.tag().isProduction()) {
            return CompletableFuture.completedFuture(null);
        }
        return confirmations.computeIfAbsent(tableName, table -> ask(profile, table, action));
    }

    private CompletableFuture<Void> ask(ConnectionProfile profile, String tableName, String action) {
        try {
            return confirmer.confirm(new WriteIntent(profile, tableName, action));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Sends the write once every table it touches is permitted; cancelling the result before then sends nothing. */
    private <T> CompletableFuture<T> guarded(List<String> tables, String operation, Supplier<CompletableFuture<T>> write) {
        var permits = tables.stream().distinct().map(table -> permit(table, operation)).toArray(CompletableFuture[]::new);
        var result = new CompletableFuture<T>();
        CompletableFuture.allOf(permits).whenComplete((ok, refused) -> {
            if (refused != null) {
                result.completeExceptionally(refused instanceof java.util.concurrent.CompletionException c && c.getCause() != null
                        ? c.getCause() : refused);
                return;
            }
            if (result.isDone()) {
                return;
            }
            CompletableFuture<T> sent;
            try {
                sent = write.get();
            } catch (RuntimeException e) {
                sent = CompletableFuture.failedFuture(e);
            }
            var inFlight = sent;
            result.whenComplete((value, failure) -> {
                if (result.isCancelled()) {
                    inFlight.cancel(true);
                }
            });
            inFlight.whenComplete((value, failure) -> {
                if (failure != null) {
                    result.completeExceptionally(failure);
                } else {
                    result.complete(value);
                }
            });
        });
        return result;
    }

    private <T> CompletableFuture<T> guarded(String table, String operation, Supplier<CompletableFuture<T>> write) {
        return guarded(List.of(table), operation, write);
    }

    // ---- writes: each one guarded ----

    @Override
    public CompletableFuture<Void> createTable(CreateTableSpec spec) {
        return guarded(spec.tableName(), "CreateTable", () -> delegate.createTable(spec));
    }

    /** Adding an index changes the table, as creating one does. */
    @Override
    public CompletableFuture<IndexDescription> createGlobalSecondaryIndex(CreateIndexSpec spec) {
        return guarded(spec.tableName(), "UpdateTable", () -> delegate.createGlobalSecondaryIndex(spec));
    }

    @Override
    public CompletableFuture<Void> deleteTable(String tableName) {
        return guarded(tableName, "DeleteTable", () -> delegate.deleteTable(tableName));
    }

    @Override
    public CompletableFuture<Void> putItem(String tableName, Item item) {
        return guarded(tableName, "PutItem", () -> delegate.putItem(tableName, item));
    }

    @Override
    public CompletableFuture<Void> deleteItem(String tableName, Map<String, AttributeValue> key) {
        return guarded(tableName, "DeleteItem", () -> delegate.deleteItem(tableName, key));
    }

    @Override
    public CompletableFuture<List<Item>> batchPut(String tableName, List<Item> items) {
        return guarded(tableName, "BatchWriteItem", () -> delegate.batchPut(tableName, items));
    }

    @Override
    public CompletableFuture<WriteResult> write(ItemWrite write) {
        return guarded(write.tableName(), write.operation(), () -> delegate.write(write));
    }

    @Override
    public CompletableFuture<TransactionResult> transactWrite(List<ItemWrite> writes, String clientRequestToken) {
        return guarded(writes.stream().map(ItemWrite::tableName).toList(), "TransactWriteItems",
                () -> delegate.transactWrite(writes, clientRequestToken));
    }

    /** Turning point-in-time recovery on or off changes the table. */
    @Override
    public CompletableFuture<PointInTimeRecovery> updateContinuousBackups(String tableName, boolean enabled) {
        return guarded(tableName, "UpdateContinuousBackups", () -> delegate.updateContinuousBackups(tableName, enabled));
    }

    // ---- PartiQL: a statement that writes is a write; a SELECT is a read ----

    @Override
    public CompletableFuture<PartiqlPage> executeStatement(PartiqlStatement statement, boolean consistentRead, Integer limit,
                                                           String nextToken) {
        if (!statement.writes()) {
            return delegate.executeStatement(statement, consistentRead, limit, nextToken);
        }
        return guarded(statement.tableName(), "PartiQL " + statement.kind(),
                () -> delegate.executeStatement(statement, consistentRead, limit, nextToken));
    }

    @Override
    public CompletableFuture<PartiqlBatchResult> batchExecuteStatement(List<PartiqlStatement> statements) {
        var written = writtenTables(statements);
        if (written.isEmpty()) {
            return delegate.batchExecuteStatement(statements);
        }
        return guarded(written, "BatchExecuteStatement", () -> delegate.batchExecuteStatement(statements));
    }

    @Override
    public CompletableFuture<PartiqlTransactionResult> executeTransaction(List<PartiqlStatement> statements, String clientRequestToken) {
        var written = writtenTables(statements);
        if (written.isEmpty()) {
            return delegate.executeTransaction(statements, clientRequestToken);
        }
        return guarded(written, "ExecuteTransaction", () -> delegate.executeTransaction(statements, clientRequestToken));
    }

    private static List<String> writtenTables(List<PartiqlStatement> statements) {
        return statements.stream().filter(PartiqlStatement::writes).map(PartiqlStatement::tableName).distinct().toList();
    }

    // ---- reads and the rest: passed through ----

    @Override
    public CompletableFuture<BatchGetResult> batchGet(BatchGetRequest request) {
        return delegate.batchGet(request);
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
        return delegate.testConnection();
    }

    @Override
    public CompletableFuture<List<String>> listTables() {
        return delegate.listTables();
    }

    @Override
    public CompletableFuture<TableDescription> describeTable(String tableName) {
        return delegate.describeTable(tableName);
    }

    @Override
    public CompletableFuture<Page> read(ReadRequest request) {
        return delegate.read(request);
    }

    @Override
    public CompletableFuture<Page> read(ReadRequest request, java.util.function.Consumer<? super Page.Head> answered) {
        return delegate.read(request, answered);
    }

    @Override
    public CompletableFuture<GetResult> getItem(String tableName, Map<String, AttributeValue> key, boolean consistent) {
        return delegate.getItem(tableName, key, consistent);
    }

    @Override
    public CompletableFuture<PointInTimeRecovery> describeContinuousBackups(String tableName) {
        return delegate.describeContinuousBackups(tableName);
    }

    /** An export writes into S3, not into the table: it reads nothing from the table and changes nothing in it. */
    @Override
    public CompletableFuture<ExportDescription> exportTableToPointInTime(ExportRequest request) {
        return delegate.exportTableToPointInTime(request);
    }

    @Override
    public CompletableFuture<ExportDescription> describeExport(String exportArn) {
        return delegate.describeExport(exportArn);
    }

    @Override
    public CompletableFuture<List<ExportSummary>> listExports(String tableName) {
        return delegate.listExports(tableName);
    }

    /** Closes the connection: a guard made {@link #forAction for an action} shares it, so only the protected one closes it. */
    @Override
    public void close() {
        if (ownsConnection) {
            delegate.close();
        }
    }
}

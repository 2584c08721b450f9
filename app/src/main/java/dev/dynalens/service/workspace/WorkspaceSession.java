package dev.dynalens.service.workspace;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.expression.ProjectionEvaluator;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.partiql.PartiqlBatchResult;
import dev.dynalens.domain.partiql.PartiqlPage;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.partiql.PartiqlTransactionResult;
import dev.dynalens.domain.partiql.PartiqlUnsupportedException;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.BatchGetResult;
import dev.dynalens.domain.table.CreateIndexSpec;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.workspace.Workspace;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.domain.workspace.WorkspaceReader;
import dev.dynalens.service.DynamoSession;
import java.io.IOException;
import java.nio.file.Path;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.domain.write.WriteResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * A workspace file as a {@link DynamoSession}, so the viewer works on it offline as on a live table:
 * ListTables lists the file's tables, DescribeTable describes them (on-demand, counts from the file,
 * no TTL), and Scan and Query pages follow DynamoDB's rules ({@link InMemoryTable}). Consumed capacity
 * is not reported. A workspace is read-only in this version: every write fails with a
 * {@link ConnectionProblem.Kind#READ_ONLY} problem.
 *
 * <p>Work runs on the given executor, so a first Query on a large GSI (which builds its index) never
 * runs on the caller's thread; tests pass a same-thread executor.
 */
public final class WorkspaceSession implements DynamoSession {
    private final Workspace workspace;
    private final ConnectionProfile profile;
    private final Executor executor;
    private final ExecutorService ownExecutor;
    private final Map<String, InMemoryTable> tables = new LinkedHashMap<>();
    private volatile boolean closed;

    /** A session on an open workspace; the caller owns the executor. */
    public WorkspaceSession(Workspace workspace, Executor executor) {
        this(workspace, executor, null);
    }

    private WorkspaceSession(Workspace workspace, Executor executor, ExecutorService ownExecutor) {
        this.workspace = Objects.requireNonNull(workspace, "workspace");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.ownExecutor = ownExecutor;
        this.profile = ConnectionProfile.create(fileName(workspace.file()), new CredentialsSource.LocalPlaceholder(), "local", null,
                true, ConnectionTag.NONE);
        workspace.tables().forEach(table -> tables.put(table.name(), new InMemoryTable(table)));
    }

    /**
     * Reads a file (on the calling thread) and opens a session on it with a thread of its own, stopped
     * by {@link #close()}. Read {@link #workspace()}{@code .report()} for what could not be loaded.
     *
     * @throws IOException              when the file cannot be read
     * @throws IllegalArgumentException when it is not a workspace file
     */
    public static WorkspaceSession open(Path file, WorkspaceOptions options) throws IOException {
        var workspace = WorkspaceFiles.read(file, options);
        var threads = Executors.newCachedThreadPool(runnable -> {
            var thread = new Thread(runnable, "workspace " + fileName(workspace.file()));
            thread.setDaemon(true);
            return thread;
        });
        return new WorkspaceSession(workspace, threads, threads);
    }

    private static String fileName(String file) {
        var name = Path.of(file).getFileName();
        return name == null ? file : name.toString();
    }

    public Workspace workspace() {
        return workspace;
    }

    /** A read-only, local profile named after the file. */
    @Override
    public ConnectionProfile profile() {
        return profile;
    }

    @Override
    public CompletableFuture<Void> testConnection() {
        return run(() -> null);
    }

    @Override
    public CompletableFuture<List<String>> listTables() {
        return run(workspace::tableNames);
    }

    @Override
    public CompletableFuture<TableDescription> describeTable(String tableName) {
        return run(() -> table(tableName).table().description());
    }

    @Override
    public CompletableFuture<Page> read(ReadRequest request) {
        Objects.requireNonNull(request, "request");
        return run(() -> table(request.tableName()).read(request));
    }

    @Override
    public CompletableFuture<Void> createTable(CreateTableSpec spec) {
        return refused("CreateTable " + spec.tableName());
    }

    /** A workspace file's tables are never changed here: an index is added to a live table. */
    @Override
    public CompletableFuture<IndexDescription> createGlobalSecondaryIndex(CreateIndexSpec spec) {
        return refused("UpdateTable (create index " + spec.index().name() + ") on " + spec.tableName());
    }

    @Override
    public CompletableFuture<Void> deleteTable(String tableName) {
        return refused("DeleteTable " + tableName);
    }

    @Override
    public CompletableFuture<Void> putItem(String tableName, Item item) {
        return refused("PutItem on " + tableName);
    }

    @Override
    public CompletableFuture<Void> deleteItem(String tableName, Map<String, AttributeValue> key) {
        return refused("DeleteItem on " + tableName);
    }

    @Override
    public CompletableFuture<List<Item>> batchPut(String tableName, List<Item> items) {
        return refused("BatchWriteItem on " + tableName);
    }

    @Override
    public CompletableFuture<GetResult> getItem(String tableName, Map<String, AttributeValue> key, boolean consistent) {
        return run(() -> new GetResult(table(tableName).get(key), ConsumedCapacity.NOT_REPORTED));
    }

    @Override
    public CompletableFuture<BatchGetResult> batchGet(BatchGetRequest request) {
        return run(() -> {
            var table = table(request.tableName());
            var projection = request.projectionExpression() == null ? null
                    : Expressions.parseProjection(request.projectionExpression(), request.names());
            var items = new ArrayList<Item>();
            for (var key : request.keys()) {
                table.get(key).map(item -> projection == null ? item : ProjectionEvaluator.project(item, projection)).ifPresent(items::add);
            }
            return new BatchGetResult(items, List.of(), ConsumedCapacity.NOT_REPORTED);
        });
    }

    /** A workspace has no DynamoDB behind it: a PartiQL SELECT runs through the SQL engine instead, a write is refused. */
    @Override
    public CompletableFuture<PartiqlPage> executeStatement(PartiqlStatement statement, boolean consistentRead, Integer limit,
                                                           String nextToken) {
        if (statement.writes()) {
            return refused("PartiQL " + statement.kind() + " on " + statement.tableName());
        }
        return CompletableFuture.failedFuture(new PartiqlUnsupportedException("Workspace file " + profile.name()
                + " has no PartiQL endpoint (ExecuteStatement)", null));
    }

    @Override
    public CompletableFuture<PartiqlBatchResult> batchExecuteStatement(List<PartiqlStatement> statements) {
        if (statements.stream().anyMatch(PartiqlStatement::writes)) {
            return refused("BatchExecuteStatement of " + statements.size() + " statement(s)");
        }
        return CompletableFuture.failedFuture(new PartiqlUnsupportedException("Workspace file " + profile.name()
                + " has no PartiQL endpoint (BatchExecuteStatement)", null));
    }

    @Override
    public CompletableFuture<PartiqlTransactionResult> executeTransaction(List<PartiqlStatement> statements, String clientRequestToken) {
        if (statements.stream().anyMatch(PartiqlStatement::writes)) {
            return refused("ExecuteTransaction of " + statements.size() + " statement(s)");
        }
        return CompletableFuture.completedFuture(new PartiqlTransactionResult(TransactionResult.unsupported("Workspace file "
                + profile.name() + " has no PartiQL endpoint (ExecuteTransaction)"), List.of()));
    }

    @Override
    public CompletableFuture<WriteResult> write(ItemWrite write) {
        return refused(write.operation() + " on " + write.tableName());
    }

    @Override
    public CompletableFuture<TransactionResult> transactWrite(List<ItemWrite> writes, String clientRequestToken) {
        return refused("TransactWriteItems of " + writes.size() + " write(s)");
    }

    @Override
    public void close() {
        closed = true;
        if (ownExecutor != null) {
            ownExecutor.shutdownNow();
        }
    }

    private InMemoryTable table(String tableName) {
        var table = tables.get(tableName);
        if (table == null) {
            throw new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.TABLE_NOT_FOUND, "Table '" + tableName
                    + "' is not in workspace " + profile.name() + (tables.isEmpty() ? " (it has no tables)"
                    : " (its tables: " + String.join(", ", tables.keySet()) + ")"), null), null);
        }
        return table;
    }

    private <T> CompletableFuture<T> refused(String operation) {
        return CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.READ_ONLY,
                "Workspace file " + profile.name() + " is read-only in this version: " + operation + " was refused", null), null));
    }

    /** Runs on the executor; every failure leaves as a DynamoAccessException, as from a live connection. */
    private <T> CompletableFuture<T> run(Supplier<T> work) {
        if (closed) {
            return CompletableFuture.failedFuture(closedProblem());
        }
        var result = new CompletableFuture<T>();
        try {
            executor.execute(() -> {
                if (result.isDone()) {
                    return; // cancelled before it started
                }
                try {
                    result.complete(work.get());
                } catch (RuntimeException e) {
                    result.completeExceptionally(toAccessException(e));
                }
            });
        } catch (RuntimeException e) {
            // A stopped executor: the session was closed meanwhile.
            result.completeExceptionally(closed ? closedProblem() : toAccessException(e));
        }
        return result;
    }

    private DynamoAccessException closedProblem() {
        return new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.OTHER,
                "Workspace " + profile.name() + " is closed", null), null);
    }

    private static DynamoAccessException toAccessException(RuntimeException e) {
        return switch (e) {
            case DynamoAccessException access -> access;
            case InMemoryTable.InvalidRequestException invalid ->
                    new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.VALIDATION, invalid.getMessage(), null), invalid);
            default -> new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.OTHER,
                    e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), null), e);
        };
    }
}

package dev.dynalens.service.export;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.partiql.PartiqlBatchResult;
import dev.dynalens.domain.partiql.PartiqlPage;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.partiql.PartiqlTransactionResult;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.BatchGetResult;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.export.ExportReadException;
import dev.dynalens.export.ExportSnapshot;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.workspace.OfflinePage;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.domain.workspace.Workspace;
import dev.dynalens.domain.workspace.WorkspaceFormat;
import dev.dynalens.domain.workspace.WorkspaceReport;
import dev.dynalens.domain.workspace.WorkspaceTable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * A table read from its export, as a {@link DynamoSession}: every whole-table feature reads it through the same Scan
 * pages as a live table, and reads nothing of the table. A Scan's segment reads its share of the export's data files
 * (file {@code f} belongs to segment {@code f mod TotalSegments}), each from its first byte, so segments read files in
 * parallel; a page holds up to its Limit or 1 MB of items, and names the last item's key as its LastEvaluatedKey, as
 * DynamoDB does. Where the next page continues the previous one, the open file goes on; any other start key is found
 * by reading the segment again up to it.
 *
 * <p>What pins a key (Query, GetItem, BatchGetItem) reads the live table when a connection reaches it; without one it is
 * answered from the export, read once into memory at the first such read. PartiQL is refused. Only conditional writes
 * (UpdateItem, TransactWriteItems) go on to the live table, for a repair of what the export showed; every other write is
 * refused: the export is a snapshot. DescribeTable says the export's table with the key schema found for it
 * ({@link ExportTables}), its item count and size as of the export.
 */
public final class ExportSession implements DynamoSession {
    private final ExportSnapshot snapshot;
    private final TableDescription table;
    private final DynamoSession live;
    private final ConnectionProfile profile;
    private final ExecutorService executor;
    private final List<ExportSnapshot.Part> parts;
    private final Map<String, Position> open = new ConcurrentHashMap<>();
    private final AtomicLong scanPages = new AtomicLong();
    private final AtomicLong liveReads = new AtomicLong();
    private final boolean ownsLive;
    private final List<Runnable> closings = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Without a connection, key-pinned reads answered from the export held in memory, loaded at the first one. */
    private WorkspaceSession inMemory;
    private volatile boolean closed;

    /**
     * @param live     the connection that reaches the table, for key-pinned reads; null for none
     * @param ownsLive whether closing this session closes {@code live}
     */
    public ExportSession(ExportSnapshot snapshot, TableDescription table, DynamoSession live, boolean ownsLive) {
        this.ownsLive = ownsLive;
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        this.table = Objects.requireNonNull(table, "table");
        this.live = live;
        this.parts = snapshot.parts();
        this.profile = ConnectionProfile.create("export " + snapshot.full().exportId(), new CredentialsSource.LocalPlaceholder(), "local",
                null, true, ConnectionTag.NONE);
        this.executor = Executors.newCachedThreadPool(runnable -> {
            var thread = new Thread(runnable, "export " + snapshot.full().exportId());
            thread.setDaemon(true);
            return thread;
        });
    }

    public ExportSnapshot snapshot() {
        return snapshot;
    }

    /** The moment the table is as of. */
    public Instant snapshotTime() {
        return snapshot.snapshotTime();
    }

    /** "export 01764…-abcd (2 incremental) as of 2026-11-30T12:00:00Z": which source answered, for a person. */
    public String sourceText() {
        int incrementals = snapshot.summaries().size() - 1;
        return "export " + snapshot.full().exportId() + (incrementals == 0 ? "" : " + " + incrementals + " incremental export"
                + (incrementals == 1 ? "" : "s")) + " as of " + snapshot.snapshotTime();
    }

    /**
     * What was read of the export so far, for a progress line: "3 of 9 files · 412,003 items · 7.2 MB read".
     */
    public String progressText() {
        var counters = snapshot.counters();
        return String.format(java.util.Locale.ROOT, "%,d of %,d files · %,d items · %.1f MB read", counters.files(), parts.size(),
                counters.items(), counters.bytes() / 1048576.0);
    }

    /** Runs {@code closing} when this session closes (a progress line stops). */
    public void whenClosed(Runnable closing) {
        closings.add(closing);
    }

    /** This export, as of its snapshot time: its Scans read no capacity of the table. */
    @Override
    public java.util.Optional<String> scansAnsweredFrom() {
        return java.util.Optional.of(sourceText());
    }

    /** Scan pages the export answered. */
    public long exportPages() {
        return scanPages.get();
    }

    /** Reads sent to the live table (key-pinned ones). */
    public long liveReads() {
        return liveReads.get();
    }

    /** A read-only local profile named after the export: reading it asks for no capacity and no production yes. */
    @Override
    public ConnectionProfile profile() {
        return profile;
    }

    /** The live table's connection, which a repair of what the export showed writes to; the export's own without one. */
    @Override
    public ConnectionProfile writeProfile() {
        return live == null ? profile : live.writeProfile();
    }

    @Override
    public CompletableFuture<Void> testConnection() {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<List<String>> listTables() {
        return CompletableFuture.completedFuture(List.of(table.name()));
    }

    @Override
    public CompletableFuture<TableDescription> describeTable(String tableName) {
        if (table.name().equals(tableName)) {
            return CompletableFuture.completedFuture(table);
        }
        return live != null ? live.describeTable(tableName) : CompletableFuture.failedFuture(notFound(tableName));
    }

    @Override
    public CompletableFuture<Page> read(ReadRequest request) {
        Objects.requireNonNull(request, "request");
        if (request instanceof ReadRequest.Scan scan && table.name().equals(scan.tableName())) {
            return run(() -> scan(scan));
        }
        if (live != null) {
            liveReads.incrementAndGet();
            return live.read(request);
        }
        return inMemory(request.tableName()).thenCompose(memory -> memory.read(request));
    }

    /**
     * Without a connection, what pins a key is answered from the export itself: its items are read once, at the first such
     * read, into memory (a workspace of the table), and every later one is answered from there.
     */
    private CompletableFuture<WorkspaceSession> inMemory(String tableName) {
        if (!table.name().equals(tableName)) {
            return CompletableFuture.failedFuture(notFound(tableName));
        }
        return run(() -> {
            synchronized (this) {
                if (inMemory == null) {
                    var items = java.util.Collections.synchronizedList(new ArrayList<Item>());
                    snapshot.forEachItem(Runtime.getRuntime().availableProcessors(), items::add, () -> closed);
                    var workspaceTable = WorkspaceTable.of(table.name(), table.keySchema(), table.globalSecondaryIndexes(), items);
                    var report = new WorkspaceReport(sourceText(), WorkspaceFormat.DYNAMODB_JSON_LINES, items.size(), List.of(), List.of(), 0, 0);
                    inMemory = new WorkspaceSession(new Workspace(sourceText(), WorkspaceFormat.DYNAMODB_JSON_LINES, table.name(),
                            List.of(workspaceTable), report), executor);
                }
                return inMemory;
            }
        });
    }

    // ---- Scan ----

    /** Where a segment's read stands: the part (its position among the segment's) and the open cursor on it. */
    private static final class Position {
        int part;
        ExportSnapshot.Cursor cursor;
    }

    private Page scan(ReadRequest.Scan scan) {
        var gsi = scan.indexName() == null ? null : table.index(scan.indexName()).orElseThrow(() -> invalid(
                "The table does not have the specified index: " + scan.indexName()));
        var keyNames = new LinkedHashSet<>(table.keySchema().attributeNames());
        if (gsi != null) {
            keyNames.addAll(gsi.key().attributeNames());
        }
        var segment = scan.segment() == null ? new ReadRequest.Segment(0, 1) : scan.segment();
        var mine = new ArrayList<ExportSnapshot.Part>();
        for (int p = segment.index(); p < parts.size(); p += segment.total()) {
            mine.add(parts.get(p));
        }
        var position = position(segment, scan.exclusiveStartKey(), mine, keyNames);
        var page = new OfflinePage(gsi, List.copyOf(keyNames), scan.limit(), scan.expressions());
        boolean more = true;
        while (more && position.part < mine.size()) {
            if (position.cursor == null) {
                position.cursor = mine.get(position.part).open();
            }
            var item = position.cursor.next();
            if (item == null) {
                position.cursor.close();
                position.cursor = null;
                position.part++;
                continue;
            }
            if (gsi == null || holdsKeys(item, gsi)) {
                more = page.add(item);
            }
        }
        scanPages.incrementAndGet();
        var lastKey = page.lastEvaluatedKey();
        if (lastKey != null && position.part < mine.size()) {
            open.put(stateKey(segment, lastKey), position);
        } else if (position.cursor != null) {
            position.cursor.close();
        }
        return page.build();
    }

    /** The open position a start key continues, or the segment read again from its start up to that key. */
    private Position position(ReadRequest.Segment segment, Map<String, AttributeValue> startKey, List<ExportSnapshot.Part> mine,
                              java.util.Set<String> keyNames) {
        var position = new Position();
        if (startKey == null) {
            return position;
        }
        var kept = open.remove(stateKey(segment, startKey));
        if (kept != null) {
            return kept;
        }
        while (position.part < mine.size()) {
            try (var cursor = mine.get(position.part).open()) {
                long skipped = 0;
                Item item;
                while ((item = cursor.next()) != null) {
                    skipped++;
                    if (keyOf(item, keyNames).equals(new TreeMap<>(startKey))) {
                        position.cursor = reopenAfter(mine.get(position.part), skipped);
                        return position;
                    }
                }
            }
            position.part++;
        }
        throw invalid("The provided starting key is invalid: no item of this export has that key in this segment");
    }

    private static ExportSnapshot.Cursor reopenAfter(ExportSnapshot.Part part, long items) {
        var cursor = part.open();
        for (long i = 0; i < items; i++) {
            cursor.next();
        }
        return cursor;
    }

    private static Map<String, AttributeValue> keyOf(Item item, java.util.Set<String> names) {
        var key = new TreeMap<String, AttributeValue>();
        for (var name : names) {
            var value = item.attributes().get(name);
            if (value != null) {
                key.put(name, value);
            }
        }
        return key;
    }

    private static boolean holdsKeys(Item item, IndexDescription gsi) {
        for (var name : gsi.key().attributeNames()) {
            if (!item.has(name)) {
                return false;
            }
        }
        return true;
    }

    private static String stateKey(ReadRequest.Segment segment, Map<String, AttributeValue> key) {
        return segment.total() + "/" + segment.index() + "/" + DynamoJsonCodec.writeItem(new Item(new TreeMap<>(key)));
    }

    // ---- what the live table answers ----

    @Override
    public CompletableFuture<GetResult> getItem(String tableName, Map<String, AttributeValue> key, boolean consistent) {
        if (live == null) {
            return inMemory(tableName).thenCompose(memory -> memory.getItem(tableName, key, consistent));
        }
        liveReads.incrementAndGet();
        return live.getItem(tableName, key, consistent);
    }

    @Override
    public CompletableFuture<BatchGetResult> batchGet(BatchGetRequest request) {
        if (live == null) {
            return inMemory(request.tableName()).thenCompose(memory -> memory.batchGet(request));
        }
        liveReads.incrementAndGet();
        return live.batchGet(request);
    }

    @Override
    public CompletableFuture<PartiqlPage> executeStatement(PartiqlStatement statement, boolean consistentRead, Integer limit,
                                                           String nextToken) {
        return refused("PartiQL");
    }

    @Override
    public CompletableFuture<PartiqlBatchResult> batchExecuteStatement(List<PartiqlStatement> statements) {
        return refused("PartiQL");
    }

    @Override
    public CompletableFuture<PartiqlTransactionResult> executeTransaction(List<PartiqlStatement> statements, String clientRequestToken) {
        return refused("PartiQL");
    }

    // ---- writes: an export is a snapshot ----

    @Override
    public CompletableFuture<Void> createTable(CreateTableSpec spec) {
        return refused("CreateTable " + spec.tableName());
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

    /**
     * A conditional write to the live table (a repair of what the export showed: each update conditional on the value the
     * export saw, so a copy changed since is skipped). Only through the guard around this session: the session the
     * commands hand around is {@link dev.dynalens.service.guard.WriteGuard#protect protected}.
     */
    @Override
    public CompletableFuture<WriteResult> write(ItemWrite write) {
        return live == null ? refused("A write") : WriteGuard.unguarded(live).write(write);
    }

    @Override
    public CompletableFuture<TransactionResult> transactWrite(List<ItemWrite> writes, String clientRequestToken) {
        return live == null ? refused("TransactWriteItems") : WriteGuard.unguarded(live).transactWrite(writes, clientRequestToken);
    }

    private <T> CompletableFuture<T> refused(String operation) {
        return CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.READ_ONLY,
                operation + " is refused: " + sourceText() + " is a snapshot, read only", null), null));
    }

    private static DynamoAccessException notFound(String tableName) {
        return new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.TABLE_NOT_FOUND, "Table '" + tableName
                + "' is not the export's table", null), null);
    }

    private static DynamoAccessException invalid(String message) {
        return new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.VALIDATION, message, null), null);
    }

    private <T> CompletableFuture<T> run(Supplier<T> work) {
        if (closed) {
            return CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.OTHER,
                    sourceText() + " is closed", null), null));
        }
        var result = new CompletableFuture<T>();
        executor.execute(() -> {
            if (result.isDone()) {
                return;
            }
            try {
                result.complete(work.get());
            } catch (DynamoAccessException e) {
                result.completeExceptionally(e);
            } catch (ExportReadException e) {
                result.completeExceptionally(new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.OTHER, e.getMessage(),
                        null), e));
            } catch (RuntimeException e) {
                result.completeExceptionally(new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.OTHER,
                        "Reading " + sourceText() + " failed: " + e, null), e));
            }
        });
        return result;
    }

    @Override
    public void close() {
        closed = true;
        closings.forEach(Runnable::run);
        executor.shutdownNow();
        open.values().forEach(position -> {
            if (position.cursor != null) {
                position.cursor.close();
            }
        });
        open.clear();
        synchronized (this) {
            if (inMemory != null) {
                inMemory.close();
            }
        }
        snapshot.close();
        if (ownsLive && live != null) {
            live.close();
        }
    }
}

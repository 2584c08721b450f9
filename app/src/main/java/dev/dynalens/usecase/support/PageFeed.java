package dev.dynalens.usecase.support;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.Pager;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The bounded hand-over from a Scan, read through the {@link Pager}, to a load: the pager's handler puts each page
 * here, and the loader takes the items out through this iterator, on its lane, as it fills its batches.
 *
 * <p>Back-pressure: a page is requested only while fewer than {@value #PAGES_AHEAD} pages are requested and not yet
 * taken by the loader; the pager's next request waits here until the loader takes a page. So whatever the table's size
 * and however slow the target, the pages held are those, plus the one the loader is batching from. The pager's handler
 * never blocks; the loader's lane blocks only while the page it needs is on its way (the loader runs its source on
 * threads that may block: virtual threads by default).
 *
 * <p>Threads: the pager's side ({@link #read}, the handler, the end) runs wherever the source's answers complete; the
 * loader's side ({@link #hasNext}, {@link #next}) on the loader's lane, one call at a time; {@link #close} anywhere. They
 * meet in a blocking queue and in the two counters guarded by this object's monitor, never held while calling out.
 */
public final class PageFeed implements Iterator<Item> {
    /** Pages requested and not yet taken by the loader, at most: one arriving while one waits. */
    public static final int PAGES_AHEAD = 2;

    private final String tableName;
    private final DynamoSession source;
    /** Pages the loader has not taken yet, then an {@link End}. */
    private final BlockingQueue<Arrival> arrived = new LinkedBlockingQueue<>();
    private final CompletableFuture<Void> firstPage = new CompletableFuture<>();
    private volatile boolean closed;
    private volatile Job<Pager.Summary, Pager.Summary> pages;

    /** Guarded by this. */
    private int outstanding;
    /** Guarded by this: the pager's next request, waiting for the loader to take a page. */
    private Parked parked;

    /** The loader's side: touched by its lane only. */
    private Iterator<Item> current = Collections.emptyIterator();
    private End end;

    private sealed interface Arrival permits PageArrived, End {
    }

    private record PageArrived(List<Item> items) implements Arrival {
    }

    /** The read ended: every page was read (failure null), it was cancelled, or it failed. */
    private record End(Throwable failure) implements Arrival {
    }

    private record Parked(ReadRequest request, CompletableFuture<Page> answer) {
    }

    private PageFeed(DynamoSession source, String tableName) {
        this.source = source;
        this.tableName = tableName;
    }

    /** Starts reading every page of {@code tableName} (a Scan); returns at once. */
    public static PageFeed scan(DynamoSession source, String tableName) {
        var feed = new PageFeed(source, tableName);
        var read = Pager.start(feed.new ReadsOnDemand(), new ReadRequest.Scan(tableName, null, null, null), Runnable::run,
                feed::arrive, summary -> { });
        feed.pages = read;
        read.result().whenComplete((summary, failure) -> feed.ended(failure));
        return feed;
    }

    /**
     * Completes when the first page has arrived, or the read ended before one did (cancelled); fails when the read
     * failed before the first page.
     */
    public CompletableFuture<Void> firstPage() {
        return firstPage;
    }

    /** No item is given out any more, no page requested; the read in flight is aborted. Later calls do nothing. */
    public void close() {
        if (closed) {
            return;
        }
        synchronized (this) {
            closed = true;
            parked = null;
        }
        arrived.add(new End(null)); // wakes the loader if it waits
        var read = pages;
        if (read != null) {
            read.cancel();
        }
    }

    // ---- the pager's side ----

    private void arrive(Page page) {
        arrived.add(new PageArrived(page.items()));
        firstPage.complete(null);
    }

    private void ended(Throwable failure) {
        arrived.add(new End(failure));
        if (failure != null) {
            firstPage.completeExceptionally(failure);
        } else {
            firstPage.complete(null);
        }
    }

    private CompletableFuture<Page> request(ReadRequest request) {
        var answer = new CompletableFuture<Page>();
        boolean sendNow;
        synchronized (this) {
            if (closed) {
                answer.cancel(false);
                return answer;
            }
            sendNow = outstanding < PAGES_AHEAD;
            if (sendNow) {
                outstanding++;
            } else {
                parked = new Parked(request, answer);
            }
        }
        if (sendNow) {
            send(request, answer);
        }
        return answer;
    }

    private void send(ReadRequest request, CompletableFuture<Page> answer) {
        var sent = Jobs.call(() -> source.read(request));
        // The pager aborts a read by cancelling the future it was given: abort the request under it too.
        answer.whenComplete((page, failure) -> {
            if (answer.isCancelled()) {
                sent.cancel(true);
            }
        });
        sent.whenComplete((page, failure) -> {
            if (failure != null) {
                answer.completeExceptionally(failure);
            } else {
                answer.complete(page);
            }
        });
    }

    /** The loader took a page: a parked request may go now. */
    private void taken() {
        Parked next = null;
        synchronized (this) {
            outstanding--;
            if (parked != null && !closed) {
                next = parked;
                parked = null;
                outstanding++;
            }
        }
        if (next != null && !next.answer().isDone()) {
            send(next.request(), next.answer());
        }
    }

    // ---- the loader's side ----

    /**
     * Whether another item comes; waits for the next page while it is on its way.
     *
     * @throws DynamoAccessException when the read failed: the load stops with it
     */
    @Override
    public boolean hasNext() {
        while (!closed && !current.hasNext()) {
            if (end != null) {
                if (end.failure() != null) {
                    var problem = Problems.asAccessException(end.failure()).problem();
                    throw new DynamoAccessException(new ConnectionProblem(problem.kind(), "reading " + tableName + " failed: "
                            + problem.message(), problem.detail()), end.failure());
                }
                return false;
            }
            Arrival next;
            try {
                next = arrived.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.CANCELLED,
                        "interrupted while reading " + tableName, null), e);
            }
            switch (next) {
                case End ended -> end = ended;
                case PageArrived page -> {
                    current = page.items().iterator();
                    taken();
                }
            }
        }
        return !closed && current.hasNext();
    }

    @Override
    public Item next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return current.next();
    }

    /**
     * The source as the pager sees it: reads go through {@link #request}, which holds a request back while enough pages
     * wait for the loader. The pager only reads; the rest passes through.
     */
    private final class ReadsOnDemand implements DynamoSession {
        @Override public CompletableFuture<Page> read(ReadRequest request) { return request(request); }

        @Override public ConnectionProfile profile() { return source.profile(); }
        @Override public ConnectionProfile writeProfile() { return source.writeProfile(); }
        @Override public java.util.Optional<String> scansAnsweredFrom() { return source.scansAnsweredFrom(); }
        @Override public CompletableFuture<Void> testConnection() { return source.testConnection(); }
        @Override public CompletableFuture<List<String>> listTables() { return source.listTables(); }
        @Override public CompletableFuture<TableDescription> describeTable(String name) { return source.describeTable(name); }
        @Override public CompletableFuture<Void> createTable(CreateTableSpec spec) { return source.createTable(spec); }
        @Override public CompletableFuture<Void> deleteTable(String name) { return source.deleteTable(name); }
        @Override public CompletableFuture<Void> putItem(String name, Item item) { return source.putItem(name, item); }
        @Override public CompletableFuture<Void> deleteItem(String name, Map<String, AttributeValue> key) { return source.deleteItem(name, key); }
        @Override public CompletableFuture<List<Item>> batchPut(String name, List<Item> items) { return source.batchPut(name, items); }
        @Override public CompletableFuture<GetResult> getItem(String name, Map<String, AttributeValue> key, boolean consistent) {
            return source.getItem(name, key, consistent);
        }
        @Override public CompletableFuture<WriteResult> write(ItemWrite write) { return source.write(write); }
        @Override public CompletableFuture<TransactionResult> transactWrite(List<ItemWrite> writes, String clientRequestToken) {
            return source.transactWrite(writes, clientRequestToken);
        }
        @Override public CompletableFuture<dev.dynalens.domain.partiql.PartiqlPage> executeStatement(
                dev.dynalens.domain.partiql.PartiqlStatement statement, boolean consistentRead, Integer limit, String nextToken) {
            return source.executeStatement(statement, consistentRead, limit, nextToken);
        }
        @Override public CompletableFuture<dev.dynalens.domain.partiql.PartiqlBatchResult> batchExecuteStatement(
                List<dev.dynalens.domain.partiql.PartiqlStatement> statements) {
            return source.batchExecuteStatement(statements);
        }
        @Override public CompletableFuture<dev.dynalens.domain.partiql.PartiqlTransactionResult> executeTransaction(
                List<dev.dynalens.domain.partiql.PartiqlStatement> statements, String clientRequestToken) {
            return source.executeTransaction(statements, clientRequestToken);
        }
        /** The source is the caller's: not closed here. */
        @Override public void close() { }
    }
}

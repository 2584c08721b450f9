package dev.dynalens.service.job;

import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Every page of a Scan or Query, in order, with one page of read-ahead: as soon as a page arrives the next one is
 * requested, and the request after that waits until the handler is done with the page before. So at most two pages
 * are held (the one handled, the one arriving), however much faster the table answers than the handler works, and the
 * network and the handler overlap.
 *
 * <pre>{@code
 * var job = Pager.start(session, new ReadRequest.Scan("Shop", null, null, null), analysis, page -> analyzer.acceptAll(page.items()),
 *         progress -> ...);
 * job.result().thenAccept(summary -> ...);   // job.cancel() aborts the request in flight
 * }</pre>
 *
 * <p>The handler runs on {@code handlerExecutor}, one page at a time, in page order; a handler that throws ends the
 * job with its exception. Cancelling aborts the read in flight; the result then completes with a summary whose
 * {@code complete} is false (what was handled stays handled). A failed read fails the result.
 */
public final class Pager {
    private final DynamoSession session;
    /** Where the handler runs: a lane over the caller's executor, so one page's handling never nests in another's. */
    private final Executor lane;
    private final Consumer<Page> handler;
    private final Job<Summary, Summary> job;
    /** No page is requested after the one that brings the items read to this many. */
    private final long itemLimit;
    private volatile boolean cancelled;
    private volatile CompletableFuture<Page> inFlight;
    /** Written only by handler tasks, which run one at a time. */
    private long pages;
    private long items;
    private double capacityUnits;
    private boolean capacityReported;

    /**
     * Pages read and items handled so far, and the read capacity DynamoDB reported for them.
     *
     * @param capacityUnits the consumed capacity units summed over the pages that reported any
     * @param complete      every page was read and handled, or every page up to the item limit (false after a cancel)
     */
    public record Summary(long pages, long items, double capacityUnits, boolean capacityReported, boolean complete) {
    }

    private Pager(DynamoSession session, long itemLimit, Executor handlerExecutor, Consumer<Page> handler,
                  Consumer<? super Summary> listener) {
        if (itemLimit < 1) {
            throw new IllegalArgumentException("item limit must be at least 1, was " + itemLimit);
        }
        this.session = Objects.requireNonNull(session, "session");
        this.itemLimit = itemLimit;
        this.lane = new SerialExecutor(Objects.requireNonNull(handlerExecutor, "handlerExecutor"));
        this.handler = Objects.requireNonNull(handler, "handler");
        this.job = new Job<>(listener);
    }

    /**
     * Starts reading {@code first} and every page after it.
     *
     * @param handlerExecutor runs the handler, one page at a time (tests pass {@code Runnable::run})
     * @param handler         takes each page in order; may block (it is what holds the read-ahead back)
     * @param listener        told after each handled page, on the handler's executor
     */
    public static Job<Summary, Summary> start(DynamoSession session, ReadRequest first, Executor handlerExecutor, Consumer<Page> handler,
                                              Consumer<? super Summary> listener) {
        return start(session, first, Long.MAX_VALUE, handlerExecutor, handler, listener);
    }

    /**
     * Starts reading {@code first} and the pages after it until one brings the items read to {@code itemLimit}: no page
     * after that one is requested, not even ahead (a Scan asked for five items on pages of two reads three pages, not
     * four). The handler still gets whole pages; trimming the last one is the caller's.
     */
    public static Job<Summary, Summary> start(DynamoSession session, ReadRequest first, long itemLimit, Executor handlerExecutor,
                                              Consumer<Page> handler, Consumer<? super Summary> listener) {
        return start(session, first, itemLimit, handlerExecutor, handler, listener, CompletableFuture.completedFuture(null));
    }

    /**
     * As {@link #start(DynamoSession, ReadRequest, Executor, Consumer, Consumer)}, but the first page is handled only
     * once {@code handleAfter} completes: the read starts at once while the caller prepares (an exporter opening its
     * file once DescribeTable answered), and a failed {@code handleAfter} fails the job.
     */
    public static Job<Summary, Summary> start(DynamoSession session, ReadRequest first, Executor handlerExecutor, Consumer<Page> handler,
                                              Consumer<? super Summary> listener, CompletableFuture<?> handleAfter) {
        return start(session, first, Long.MAX_VALUE, handlerExecutor, handler, listener, handleAfter);
    }

    private static Job<Summary, Summary> start(DynamoSession session, ReadRequest first, long itemLimit, Executor handlerExecutor,
                                               Consumer<Page> handler, Consumer<? super Summary> listener, CompletableFuture<?> handleAfter) {
        var pager = new Pager(session, itemLimit, handlerExecutor, handler, listener);
        pager.job.onCancel(pager::cancel);
        pager.fetch(Objects.requireNonNull(first, "first"), handleAfter.thenApply(ready -> (Void) null));
        return pager.job;
    }

    /** Every page, handled on the calling thread's chain, with no progress: for callers that wait for the whole read. */
    public static Job<Summary, Summary> start(DynamoSession session, ReadRequest first, Consumer<Page> handler) {
        return start(session, first, Runnable::run, handler, summary -> { });
    }

    private void fetch(ReadRequest request, CompletableFuture<Void> previousHandled) {
        CompletableFuture<Page> page;
        try {
            page = session.read(request);
        } catch (RuntimeException e) {
            page = CompletableFuture.failedFuture(e);
        }
        inFlight = page;
        if (cancelled) {
            page.cancel(true);
        }
        page.thenCombine(previousHandled, (arrived, ignored) -> arrived)
                .whenCompleteAsync((arrived, failure) -> handle(request, arrived, failure), lane);
    }

    /** On the handler executor, after the page before was handled. */
    private void handle(ReadRequest request, Page page, Throwable failure) {
        if (job.result().isDone()) {
            return;
        }
        if (failure != null) {
            var cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
            if (cancelled || cause instanceof CancellationException) {
                finish(false);
            } else {
                job.result().completeExceptionally(cause);
            }
            return;
        }
        if (cancelled) {
            finish(false);
            return;
        }
        var handled = new CompletableFuture<Void>();
        var reachesLimit = items + page.items().size() >= itemLimit;
        var next = reachesLimit ? Optional.<ReadRequest>empty() : page.next().map(request::withExclusiveStartKey);
        next.ifPresent(nextRequest -> fetch(nextRequest, handled));
        try {
            handler.accept(page);
        } catch (RuntimeException e) {
            cancelled = true;
            var current = inFlight;
            if (current != null) {
                current.cancel(true);
            }
            job.result().completeExceptionally(e);
            handled.complete(null);
            return;
        }
        pages++;
        items += page.items().size();
        if (page.consumedCapacity().reported()) {
            capacityReported = true;
            capacityUnits += page.consumedCapacity().capacityUnits();
        }
        job.report(summary(false));
        if (next.isEmpty()) {
            finish(true);
        }
        // Last: the next page's handling is queued on the lane behind this task, never nested in it.
        handled.complete(null);
    }

    private void finish(boolean complete) {
        job.result().complete(summary(complete));
    }

    private Summary summary(boolean complete) {
        return new Summary(pages, items, capacityUnits, capacityReported, complete);
    }

    private void cancel() {
        cancelled = true;
        var current = inFlight;
        if (current != null && !current.isDone()) {
            current.cancel(true);
        }
        // A page that already arrived is not handled; the next handler task sees the cancel and finishes.
    }
}

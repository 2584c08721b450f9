package dev.dynalens.service.job;

import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Every page of a Scan or Query, in order, with one page of read-ahead: as soon as the endpoint answered a page (its
 * {@linkplain Page.Head head}, before the session maps its items) the next one is requested, unless the handler has
 * not yet taken the page before it; then as soon as it has. So at most two pages are held (the one handled or waiting
 * for the handler, the one arriving), however much faster the table answers than the handler works, and the endpoint's
 * work on the next page overlaps both the mapping of this one and the handler.
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
    /** Told of every page's head as it comes back, in order, whether or not the page is handled. */
    private final Consumer<? super Page.Head> answered;
    /** Asked before each next page: false ends the read after the page whose head came. */
    private final BooleanSupplier goOn;
    /** No page is requested after the one that brings the items read to this many. */
    private final long itemLimit;
    private volatile boolean cancelled;
    /** The reads sent and not answered yet: at most two (a page being mapped, the next one asked for). */
    private final java.util.Set<CompletableFuture<Page>> inFlight = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /**
     * Where the next requests are sent from, one after the other: a session that answers at once (a workspace, a test)
     * tells the next head while the request before is still being sent, and this keeps that from nesting.
     */
    private final Executor requests = new SerialExecutor(Runnable::run);
    /** Items of the pages answered so far, for the item limit; written by one request's answer after the other. */
    private volatile long itemsAnswered;
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
                  Consumer<? super Summary> listener, Consumer<? super Page.Head> answered, BooleanSupplier goOn) {
        if (itemLimit < 1) {
            throw new IllegalArgumentException("item limit must be at least 1, was " + itemLimit);
        }
        this.session = Objects.requireNonNull(session, "session");
        this.itemLimit = itemLimit;
        this.lane = new SerialExecutor(Objects.requireNonNull(handlerExecutor, "handlerExecutor"));
        this.handler = Objects.requireNonNull(handler, "handler");
        this.job = new Job<>(listener);
        this.answered = Objects.requireNonNull(answered, "answered");
        this.goOn = Objects.requireNonNull(goOn, "goOn");
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
     * four). A request without a filter asks for no more items than remain ({@link #bounded}), so the items read stop
     * at the limit however many fit in a page. The handler still gets whole pages; trimming the last one (of a filtered
     * read) is the caller's.
     */
    public static Job<Summary, Summary> start(DynamoSession session, ReadRequest first, long itemLimit, Executor handlerExecutor,
                                              Consumer<Page> handler, Consumer<? super Summary> listener) {
        return start(session, first, itemLimit, handlerExecutor, handler, listener, CompletableFuture.completedFuture(null), head -> { },
                () -> true);
    }

    /**
     * As {@link #start(DynamoSession, ReadRequest, Executor, Consumer, Consumer)}, but the first page is handled only
     * once {@code handleAfter} completes: the read starts at once while the caller prepares (an exporter opening its
     * file once DescribeTable answered), and a failed {@code handleAfter} fails the job.
     */
    public static Job<Summary, Summary> start(DynamoSession session, ReadRequest first, Executor handlerExecutor, Consumer<Page> handler,
                                              Consumer<? super Summary> listener, CompletableFuture<?> handleAfter) {
        return start(session, first, Long.MAX_VALUE, handlerExecutor, handler, listener, handleAfter, head -> { }, () -> true);
    }

    private static Job<Summary, Summary> start(DynamoSession session, ReadRequest first, long itemLimit, Executor handlerExecutor,
                                               Consumer<Page> handler, Consumer<? super Summary> listener, CompletableFuture<?> handleAfter,
                                               Consumer<? super Page.Head> answered, BooleanSupplier goOn) {
        var pager = new Pager(session, itemLimit, handlerExecutor, handler, listener, answered, goOn);
        pager.job.onCancel(pager::cancel);
        pager.fetch(bounded(Objects.requireNonNull(first, "first"), itemLimit), handleAfter.thenApply(ready -> (Void) null));
        return pager.job;
    }

    /**
     * As {@link #start(DynamoSession, ReadRequest, Executor, Consumer, Consumer)}, for a caller that counts what the wire
     * carried and may stop the read: {@code answered} is told of every page's head as it comes back (whether or not the
     * page is ever handled: one read ahead when the read is cancelled), and no page is asked for after one whose head
     * came when {@code goOn} said false. The read then ends once that page is handled, incomplete.
     */
    public static Job<Summary, Summary> start(DynamoSession session, ReadRequest first, Executor handlerExecutor, Consumer<Page> handler,
                                              Consumer<? super Summary> listener, Consumer<? super Page.Head> answered,
                                              BooleanSupplier goOn) {
        return start(session, first, Long.MAX_VALUE, handlerExecutor, handler, listener, CompletableFuture.completedFuture(null), answered,
                goOn);
    }

    /** Every page, handled on the calling thread's chain, with no progress: for callers that wait for the whole read. */
    public static Job<Summary, Summary> start(DynamoSession session, ReadRequest first, Consumer<Page> handler) {
        return start(session, first, Runnable::run, handler, summary -> { });
    }

    /**
     * Sends {@code request}; its page is handled once the page before it was ({@code previousHandled}), and the page
     * after it is asked for once its head came and the page before it was handled.
     */
    private void fetch(ReadRequest request, CompletableFuture<Void> previousHandled) {
        var handled = new CompletableFuture<Void>();
        CompletableFuture<Page> page;
        try {
            page = session.read(request, head -> {
                answered.accept(head);
                previousHandled.thenRun(() -> requests.execute(() -> readNext(request, head, handled)));
            });
        } catch (RuntimeException e) {
            page = CompletableFuture.failedFuture(e);
        }
        var sent = page;
        inFlight.add(sent);
        sent.whenComplete((arrived, failure) -> inFlight.remove(sent));
        if (cancelled) {
            sent.cancel(true);
        }
        sent.thenCombine(previousHandled, (arrived, ignored) -> arrived)
                .whenCompleteAsync((arrived, failure) -> handle(arrived, failure, handled), lane);
    }

    /** The page after {@code request}'s, asked for unless the read is over, ended, or reached its item limit. */
    private void readNext(ReadRequest request, Page.Head head, CompletableFuture<Void> handled) {
        try {
            long answered = itemsAnswered + head.items();
            itemsAnswered = answered;
            if (cancelled || job.result().isDone() || answered >= itemLimit) {
                return;
            }
            if (head.next().isPresent() && !goOn.getAsBoolean()) {
                // told to stop: this page is the last; the read ends, incomplete, once it is handled
                handled.thenRun(() -> lane.execute(() -> {
                    if (!job.result().isDone()) {
                        finish(false);
                    }
                }));
                return;
            }
            long remaining = itemLimit - answered;
            head.next().ifPresent(key -> fetch(bounded(request.withExclusiveStartKey(key), remaining), handled));
        } catch (RuntimeException e) {
            // Never left in the requests' lane (it would stop it) nor in the future that ran this: the job fails with it.
            cancelled = true;
            cancelInFlight();
            job.result().completeExceptionally(e);
        }
    }

    /**
     * {@code request} asking for at most {@code remaining} items (DynamoDB's {@code Limit}), where that bounds what is
     * read: a page holds up to 1 MB (API reference, Scan: Limit), thousands of small items, so a sample of 5,000 items
     * read page by page read 14,370. A request with a FilterExpression is sent as it is: its {@code Limit} counts the
     * items evaluated before the filter, not those returned, and would only cut its pages short.
     */
    private static ReadRequest bounded(ReadRequest request, long remaining) {
        if (remaining > Integer.MAX_VALUE || request.expressions().filterExpression() != null
                || request.limit() != null && request.limit() <= remaining) {
            return request;
        }
        return request.withLimit((int) remaining);
    }

    /** On the handler executor, after the page before was handled; {@code handled} completes when this one is. */
    private void handle(Page page, Throwable failure, CompletableFuture<Void> handled) {
        if (job.result().isDone()) {
            return;
        }
        if (failure != null) {
            var cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
            if (cancelled || cause instanceof CancellationException) {
                finish(false);
            } else {
                cancelled = true;
                cancelInFlight();
                job.result().completeExceptionally(cause);
            }
            return;
        }
        if (cancelled) {
            finish(false);
            return;
        }
        boolean last = page.next().isEmpty() || items + page.items().size() >= itemLimit;
        try {
            handler.accept(page);
        } catch (RuntimeException e) {
            cancelled = true;
            cancelInFlight();
            job.result().completeExceptionally(e);
            return;
        }
        pages++;
        items += page.items().size();
        if (page.consumedCapacity().reported()) {
            capacityReported = true;
            capacityUnits += page.consumedCapacity().capacityUnits();
        }
        job.report(summary(false));
        if (last) {
            finish(true);
        }
        // Last: the next page's handling is queued on the lane behind this task, never nested in it.
        handled.complete(null);
    }

    private void cancelInFlight() {
        for (var read : inFlight) {
            read.cancel(true);
        }
    }

    private void finish(boolean complete) {
        job.result().complete(summary(complete));
    }

    private Summary summary(boolean complete) {
        return new Summary(pages, items, capacityUnits, capacityReported, complete);
    }

    private void cancel() {
        cancelled = true;
        cancelInFlight();
        // A page that already arrived is not handled; the next handler task sees the cancel and finishes.
    }
}

package dev.dynalens.service.sql;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.BatchGetResult;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.load.Backoff;
import dev.dynalens.service.spill.SpillFile;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.calcite.linq4j.Enumerator;

/**
 * One run of a query: the connection its reads go to, the executor the pager hands pages on, what it has consumed so
 * far, and its cancellation. Cancelling cancels every request in flight (the session aborts the HTTP request) and makes
 * every read stop.
 */
final class SqlRun {
    static final String KEY = "dynalens.sqlRun";

    /**
     * The wait before asking again for keys a BatchGetItem left unprocessed, after attempt n (from 1): up to
     * {@code min(5 s, 50 ms × 2ⁿ)}, with full jitter, as the loader waits.
     */
    static Backoff backoff() {
        return new Backoff(Duration.ofMillis(50), Duration.ofSeconds(5), () -> ThreadLocalRandom.current().nextDouble());
    }

    /** How often unprocessed keys are asked again before the query fails. */
    static final int MAX_BATCH_ATTEMPTS = 10;

    private final DynamoSession session;
    private final Executor pages;
    private final Backoff backoff;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
    private final Set<Runnable> onCancel = ConcurrentHashMap.newKeySet();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong itemsRead = new AtomicLong();
    private volatile ConsumedCapacity consumed = ConsumedCapacity.NOT_REPORTED;
    /** Item collections read whole, for the other side of a join that reads the same one. */
    private final Map<ReadRequest, List<Item>> collections =
            new ConcurrentHashMap<>();
    private final RunLimits limits;
    private final AtomicBoolean stoppedAtBudget = new AtomicBoolean();
    /** The reads kept for the run, by the plan's read (identity: each is one operator of the plan). */
    private final Map<LeafRead, ReadOnce> kept = new IdentityHashMap<>();
    /** How often each read that is not kept was enumerated, by entity type; more than once is a re-read. */
    private final Map<LeafRead, Integer> enumerations = new IdentityHashMap<>();
    private final Map<String, Integer> rereads = new LinkedHashMap<>();
    private final KeptItems.Budget keepBudget;
    private final SpillFile.Lazy spill;

    SqlRun(DynamoSession session, Executor pages, Backoff backoff, RunLimits limits) {
        this.session = Objects.requireNonNull(session, "session");
        this.pages = Objects.requireNonNull(pages, "pages");
        this.backoff = Objects.requireNonNull(backoff, "backoff");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.keepBudget = new KeptItems.Budget(limits.keepBytes());
        this.spill = new SpillFile.Lazy(limits.spillDirectory(), "sql");
    }

    DynamoSession session() {
        return session;
    }

    Executor pages() {
        return pages;
    }

    AtomicBoolean cancelFlag() {
        return cancelled;
    }

    boolean cancelled() {
        return cancelled.get();
    }

    void cancel() {
        if (cancelled.compareAndSet(false, true)) {
            inFlight.forEach(future -> future.cancel(true));
            onCancel.forEach(Runnable::run);
        }
    }

    /** Runs {@code action} when the run is cancelled (at once when it already was); the returned handle forgets it. */
    Runnable whenCancelled(Runnable action) {
        onCancel.add(action);
        if (cancelled.get()) {
            action.run();
        }
        return () -> onCancel.remove(action);
    }

    void checkCancelled() {
        if (cancelled.get()) {
            throw new CancellationException("The query was cancelled");
        }
    }

    /** Waits for one request, cancelling it when the run is cancelled. */
    <T> T await(CompletableFuture<T> request) {
        requests.incrementAndGet();
        inFlight.add(request);
        try {
            checkCancelled();
            return request.get();
        } catch (InterruptedException e) {
            request.cancel(true);
            Thread.currentThread().interrupt();
            throw new CancellationException("The query was interrupted");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
        } finally {
            inFlight.remove(request);
        }
    }

    /** One BatchGetItem with every unprocessed key asked again after a backoff, until none is left. */
    BatchGetResult batchGet(BatchGetRequest request) {
        var items = new ArrayList<Item>();
        var capacity = ConsumedCapacity.NOT_REPORTED;
        var pending = request;
        for (int attempt = 1; ; attempt++) {
            if (attempt > 1) {
                beforeRequest();
            }
            var result = await(session.batchGet(pending));
            items.addAll(result.items());
            capacity = capacity.plus(result.capacity());
            if (result.unprocessedKeys().isEmpty()) {
                return new BatchGetResult(items, List.of(), capacity);
            }
            if (attempt >= MAX_BATCH_ATTEMPTS) {
                throw new IllegalStateException("BatchGetItem on " + request.tableName() + " left " + result.unprocessedKeys().size()
                        + " key(s) unprocessed after " + attempt + " attempts (throttled): try again later");
            }
            try {
                Thread.sleep(backoff.delay(attempt));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("The query was interrupted");
            }
            checkCancelled();
            pending = pending.withKeys(result.unprocessedKeys());
        }
    }

    Optional<List<Item>> collection(ReadRequest request) {
        return Optional.ofNullable(collections.get(request));
    }

    void keepCollection(ReadRequest request, List<Item> items) {
        collections.putIfAbsent(request, List.copyOf(items));
    }

    /** Adds what a response consumed; past the budget the run stops before its next request ({@link #beforeRequest}). */
    void consumed(ConsumedCapacity capacity) {
        synchronized (this) {
            consumed = consumed.plus(capacity);
        }
    }

    /** Whether what DynamoDB reported so far is more than the run's budget. */
    boolean overBudget() {
        var cap = limits.maxRcu();
        var now = consumed;
        return cap != null && now.reported() && BigDecimal.valueOf(now.capacityUnits()).compareTo(cap) > 0;
    }

    /** Called before each request: past the budget the run stops here, with what it has (incomplete). */
    void beforeRequest() {
        checkCancelled();
        if (overBudget()) {
            stopAtBudget();
            checkCancelled();
        }
    }

    /** Stops the run because it consumed its budget: every request in flight is cancelled, nothing more is sent. */
    void stopAtBudget() {
        stoppedAtBudget.set(true);
        cancel();
    }

    /** Whether the run stopped because it consumed its budget. */
    boolean stoppedAtBudget() {
        return stoppedAtBudget.get();
    }

    /** The run's one {@link ReadOnce} of {@code read}, made with the items of {@code source} on first use. */
    ReadOnce readOnce(LeafRead read, Supplier<Enumerator<Item>> source) {
        synchronized (kept) {
            return kept.computeIfAbsent(read, r -> new ReadOnce(source.get(), new KeptItems(keepBudget, spill::open)));
        }
    }

    /** Counts an enumeration of a read that is not kept; a second one is a re-read, said after the run. */
    void enumerated(LeafRead read, String entity) {
        synchronized (enumerations) {
            int times = enumerations.merge(read, 1, Integer::sum);
            if (times > 1) {
                rereads.merge(entity, 1, Integer::sum);
            }
        }
    }

    /** The reads sent more than once, by entity type, with how many times more; empty when each was read once. */
    Map<String, Integer> rereads() {
        synchronized (enumerations) {
            return Map.copyOf(rereads);
        }
    }

    /** Bytes of kept reads that did not fit in memory and spilled. */
    long spilledBytes() {
        return spill.size();
    }

    /** Ends the run: the kept reads' requests are closed and their spill file deleted. */
    void close() {
        synchronized (kept) {
            kept.values().forEach(ReadOnce::close);
            kept.clear();
        }
        spill.close();
    }

    void itemsRead(long count) {
        itemsRead.addAndGet(count);
    }

    void requestSent() {
        requests.incrementAndGet();
    }

    long requests() {
        return requests.get();
    }

    long itemsRead() {
        return itemsRead.get();
    }

    ConsumedCapacity consumed() {
        return consumed;
    }
}

package dev.dynalens.service.load;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.expression.ExpressionLimits;
import dev.dynalens.domain.item.Item;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.SerialExecutor;
import dev.dynalens.service.load.LoadReport.Outcome;
import dev.dynalens.service.load.LoadReport.RejectedItem;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One load in progress. Every field is touched only by tasks of {@link #lane}, one at a time; session
 * and delay futures complete on other threads and hop back onto the lane before touching anything.
 */
final class LoadRun {
    private final DynamoSession session;
    private final LoadSettings settings;
    private final SerialExecutor lane;
    private final Delayer delayer;
    private final Backoff backoff;
    private final Clock clock;
    private final LoadRequest request;
    private final Job<LoadProgress, LoadReport> job;
    private final CompletableFuture<LoadReport> result;

    private Instant startedAt;
    private boolean sourceExhausted;
    private int inFlight;
    private long read;
    private long written;
    private long retries;
    private final List<RejectedItem> rejected = new ArrayList<>();
    private final Set<CompletableFuture<Void>> pendingDelays = new HashSet<>();
    private boolean cancelled;
    private DynamoAccessException failure;
    /** Failures in a row that say the endpoint is gone; any answer from it starts the count again. */
    private int endpointFailuresInARow;
    /** Items left unwritten after a request that got no answer: they may have landed. */
    private long uncertain;
    // Adaptive pacing (see LoadSettings.Pacing.ADAPTIVE).
    private final ArrayDeque<Retry> toRetry = new ArrayDeque<>();
    private int limit;
    private int congestedAtTheFloor;
    private CompletableFuture<Void> waitAtTheFloor;

    /** An item to send again, with the attempts it has had and why the last one did not write it. */
    private record Retry(Item item, int attempts, String why, boolean unanswered) {
    }

    LoadRun(DynamoSession session, LoadSettings settings, SerialExecutor lane, Delayer delayer, Backoff backoff,
            Clock clock, LoadRequest request, Job<LoadProgress, LoadReport> job) {
        this.session = session;
        this.settings = settings;
        this.lane = lane;
        this.delayer = delayer;
        this.backoff = backoff;
        this.clock = clock;
        this.request = request;
        this.job = job;
        this.result = job.result();
        this.limit = settings.maxInFlight();
    }

    private boolean adaptive() {
        return settings.pacing() == LoadSettings.Pacing.ADAPTIVE;
    }

    void start() {
        onLane(() -> {
            startedAt = clock.instant();
            if (session.writeProfile().readOnly()) {
                // The session would refuse every write anyway; refusing here names the whole load and sends nothing.
                fail(new ReadOnlyConnectionException(session.writeProfile().name(), "loading"));
                return;
            }
            report();
            request.tableToCreate().ifPresentOrElse(spec -> createThenSend(), this::sendMore);
        });
    }

    void cancel() {
        onLane(() -> {
            if (cancelled || result.isDone() && !result.isCancelled()) {
                return;
            }
            cancelled = true;
            // A batch waiting to retry gives up now rather than after its delay.
            List.copyOf(pendingDelays).forEach(delay -> delay.complete(null));
            finishIfIdle();
        });
    }

    // --- table creation ---

    private void createThenSend() {
        var spec = request.createTable();
        inFlight++;
        onLaneAfter(() -> session.describeTable(spec.tableName()), (description, error) -> {
            if (error == null) {
                throw new DynamoAccessException(new ConnectionProblem(Kind.VALIDATION, "Table " + spec.tableName()
                        + " already exists; load into it without creating it, or choose another name", null), null);
            }
            if (problemKind(error) != Kind.TABLE_NOT_FOUND) {
                throw Problems.asAccessException(error);
            }
            return stopping() ? done() : session.createTable(spec);
        }).whenCompleteAsync((created, error) -> guarded(() -> {
            inFlight--;
            if (error != null) {
                fail(Problems.asAccessException(error));
                return;
            }
            sendMore();
        }), lane);
    }

    // --- batches ---

    /** Sends batches from the source while a slot is free. */
    private void sendMore() {
        if (adaptive()) {
            sendMoreAdaptively();
            return;
        }
        while (!stopping() && !sourceExhausted && inFlight < settings.maxInFlight()) {
            var batch = nextBatch();
            if (batch.isEmpty() && request.items().hasNext()) {
                continue; // every item of this batch was refused before sending
            }
            if (batch.isEmpty()) {
                sourceExhausted = true;
                break;
            }
            if (stopping()) {
                // Cancelled while the source was read (a source that blocks): these items are read, not sent.
                break;
            }
            inFlight++;
            // Runs on the lane after this task, never inside it, even when the session answers at once.
            writeBatch(batch, 0).whenCompleteAsync((ignored, error) -> guarded(() -> {
                inFlight--;
                if (error != null) {
                    fail(Problems.asAccessException(error));
                }
                report();
                sendMore();
            }), lane);
        }
        finishIfIdle();
    }

    private List<Item> nextBatch() {
        var batch = new ArrayList<Item>(settings.batchSize());
        var items = request.items();
        while (batch.size() < settings.batchSize() && items.hasNext()) {
            var item = items.next();
            read++;
            if (fitsDepth(item)) {
                batch.add(item);
            }
        }
        return batch;
    }

    /**
     * Writes one batch, retrying what DynamoDB left unprocessed. Completes when every item is written,
     * rejected or abandoned (cancel); fails only with a failure that stops the load.
     */
    private CompletableFuture<Void> writeBatch(List<Item> batch, int attempt) {
        if (attempt > 0) {
            retries++;
        }
        return onLaneAfter(() -> session.batchPut(request.tableName(), batch), (unprocessed, error) -> {
            answered(error);
            if (error == null) {
                written += batch.size() - unprocessed.size();
                if (unprocessed.isEmpty()) {
                    return done();
                }
                report();
                return retryLater(unprocessed, attempt, "DynamoDB left it unprocessed", false, this::writeBatch);
            }
            return switch (problemKind(error)) {
                case THROTTLED, SERVER_ERROR, ENDPOINT_UNREACHABLE -> retryLater(batch, attempt, Problems.describe(error),
                        unanswered(error), this::writeBatch);
                // One invalid item fails the whole BatchWriteItem; alone, each tells whether it is the one.
                case VALIDATION -> putOneByOne(batch, 0);
                case null, default -> CompletableFuture.failedFuture(Problems.asAccessException(error));
            };
        });
    }

    private CompletableFuture<Void> putOneByOne(List<Item> items, int index) {
        if (index == items.size() || stopping()) {
            return done();
        }
        return putItem(items.get(index), 0).thenCompose(ignored -> onLane(() -> putOneByOne(items, index + 1)));
    }

    private CompletableFuture<Void> putItem(Item item, int attempt) {
        if (attempt > 0) {
            retries++;
        }
        return onLaneAfter(() -> session.putItem(request.tableName(), item), (ignored, error) -> {
            answered(error);
            if (error == null) {
                written++;
                report();
                return done();
            }
            return switch (problemKind(error)) {
                case THROTTLED, SERVER_ERROR, ENDPOINT_UNREACHABLE -> retryLater(List.of(item), attempt, Problems.describe(error),
                        unanswered(error), (items, next) -> putItem(items.getFirst(), next));
                case VALIDATION -> {
                    reject(List.of(item), Problems.describe(error));
                    yield done();
                }
                case null, default -> CompletableFuture.failedFuture(Problems.asAccessException(error));
            };
        });
    }

    private interface Attempt {
        CompletableFuture<Void> send(List<Item> items, int attempt);
    }

    /**
     * Waits the backoff of this attempt and sends again; after the last attempt the items are rejected.
     *
     * @param unanswered the last attempt got no answer (a 5xx, a broken connection): the items may have been written
     */
    private CompletableFuture<Void> retryLater(List<Item> items, int attempt, String why, boolean unanswered, Attempt again) {
        if (stopping()) {
            if (unanswered) {
                uncertain += items.size();
            }
            return done();
        }
        if (attempt + 1 >= settings.maxAttempts()) {
            reject(items, "Not written after " + settings.maxAttempts() + " attempts: " + why);
            return done();
        }
        var delay = delayer.delay(backoff.delay(attempt));
        pendingDelays.add(delay);
        return delay.handleAsync((ignored, error) -> {
            pendingDelays.remove(delay);
            if (stopping()) {
                if (unanswered) {
                    uncertain += items.size();
                }
                return done();
            }
            return again.send(items, attempt + 1);
        }, lane).thenCompose(Function.identity());
    }

    /** An error after which nobody knows whether the request was applied: DynamoDB answered 5xx, or never answered. */
    private static boolean unanswered(Throwable error) {
        var kind = problemKind(error);
        return kind == Kind.SERVER_ERROR || kind == Kind.ENDPOINT_UNREACHABLE;
    }

    private void reject(List<Item> items, String reason) {
        items.forEach(item -> rejected.add(new RejectedItem(item, reason)));
        if (rejected.size() > settings.maxRejected() && failure == null) {
            failure = new DynamoAccessException(new ConnectionProblem(Kind.VALIDATION, "More than " + settings.maxRejected()
                    + " items were rejected; the first: " + rejected.getFirst().reason(), null), null);
        }
    }

    // --- adaptive pacing ---

    /** Sends full batches, items to retry first, while the adaptive limit allows and no backoff wait holds the load. */
    private void sendMoreAdaptively() {
        while (!stopping() && waitAtTheFloor == null && inFlight < limit) {
            var batch = nextAdaptiveBatch();
            if (batch.isEmpty()) {
                if (toRetry.isEmpty()) {
                    sourceExhausted = true;
                }
                break;
            }
            if (stopping()) {
                toRetry.addAll(batch); // read while cancelled (a blocking source): kept unsent, counted unwritten
                break;
            }
            inFlight++;
            if (batch.stream().anyMatch(r -> r.attempts() > 0)) {
                retries++;
            }
            writeAdaptively(batch).whenCompleteAsync((ignored, error) -> guarded(() -> {
                inFlight--;
                if (error != null) {
                    fail(Problems.asAccessException(error));
                }
                report();
                sendMoreAdaptively();
            }), lane);
        }
        finishIfIdle();
    }

    private List<Retry> nextAdaptiveBatch() {
        var batch = new ArrayList<Retry>(settings.batchSize());
        while (batch.size() < settings.batchSize() && !toRetry.isEmpty()) {
            batch.add(toRetry.poll());
        }
        var items = request.items();
        while (batch.size() < settings.batchSize() && !sourceExhausted && items.hasNext()) {
            var item = items.next();
            read++;
            if (fitsDepth(item)) {
                batch.add(new Retry(item, 0, null, false));
            }
        }
        return batch;
    }

    /** One BatchWriteItem; what it leaves unwritten goes back to be sent in a later batch. Completes when its slot is free. */
    private CompletableFuture<Void> writeAdaptively(List<Retry> batch) {
        var items = batch.stream().map(Retry::item).toList();
        return onLaneAfter(() -> session.batchPut(request.tableName(), items), (unprocessed, error) -> {
            answered(error);
            if (error == null) {
                written += items.size() - unprocessed.size();
                sendAgain(batch, unprocessed, "DynamoDB left it unprocessed", false);
                if (unprocessed.size() * 2 > items.size()) {
                    congested(false);
                } else {
                    wrote();
                }
                return done();
            }
            return switch (problemKind(error)) {
                case THROTTLED -> {
                    sendAgain(batch, items, Problems.describe(error), false);
                    congested(true);
                    yield done();
                }
                case SERVER_ERROR, ENDPOINT_UNREACHABLE -> {
                    sendAgain(batch, items, Problems.describe(error), true);
                    yield done();
                }
                case VALIDATION -> putOneByOne(items, 0);
                case null, default -> CompletableFuture.failedFuture(Problems.asAccessException(error));
            };
        });
    }

    /** The batch's {@code unwritten} items, back in line with one attempt more; those out of attempts are rejected. */
    private void sendAgain(List<Retry> batch, List<Item> unwritten, String why, boolean unanswered) {
        var left = new ArrayList<>(unwritten);
        for (var entry : batch) {
            if (left.remove(entry.item())) {
                int attempts = entry.attempts() + 1;
                if (attempts >= settings.maxAttempts()) {
                    reject(List.of(entry.item()), "Not written after " + settings.maxAttempts() + " attempts: " + why);
                } else {
                    toRetry.add(new Retry(entry.item(), attempts, why, unanswered));
                }
            }
        }
    }

    /**
     * Most of a request was written: one more request may be in flight. Growing by one a request (rather than by one a
     * window of them, as the fan-out of single updates does) climbs back from a throttle within a few requests: a load
     * has at most a handful in flight, and a request that wrote most of its batch says there is room.
     */
    private void wrote() {
        congestedAtTheFloor = 0;
        if (limit < settings.maxInFlight()) {
            limit++;
        }
    }

    /**
     * DynamoDB could not take the rate: half as many requests in flight. At one, a request throttled as a whole waits a
     * backoff before the next, growing with every one in a row; one that wrote some of its items does not (the table
     * took part of it, and the items left go again first).
     */
    private void congested(boolean throttled) {
        if (limit > 1) {
            limit = Math.max(1, limit / 2);
            return;
        }
        if (!throttled || waitAtTheFloor != null) {
            return;
        }
        var delay = delayer.delay(backoff.delay(congestedAtTheFloor++));
        waitAtTheFloor = delay;
        pendingDelays.add(delay);
        delay.whenCompleteAsync((ignored, error) -> guarded(() -> {
            pendingDelays.remove(delay);
            waitAtTheFloor = null;
            sendMoreAdaptively();
        }), lane);
    }

    // --- the endpoint and the items' depth ---

    /**
     * Counts failures that say the endpoint is gone (connection refused, timed out, a 5xx); any answer from the endpoint
     * starts the count again. After {@link LoadSettings#maxEndpointFailures()} in a row the load stops, instead of
     * retrying every batch into a dead endpoint for hours.
     */
    private void answered(Throwable error) {
        var kind = error == null ? null : problemKind(error);
        if (kind != Kind.SERVER_ERROR && kind != Kind.ENDPOINT_UNREACHABLE) {
            endpointFailuresInARow = 0;
            return;
        }
        if (++endpointFailuresInARow >= settings.maxEndpointFailures() && failure == null) {
            var cause = Problems.asAccessException(error);
            failure = new DynamoAccessException(new ConnectionProblem(Kind.ENDPOINT_UNREACHABLE, "the last "
                    + endpointFailuresInARow + " requests failed, so the endpoint seems to be gone (" + cause.problem().message()
                    + "). What DynamoDB confirmed stays written; run it again to finish, which writes those items again"
                    + " with the same values", cause.problem().detail()), cause);
            // Batches waiting to retry give up now; those in flight finish.
            List.copyOf(pendingDelays).forEach(delay -> delay.complete(null));
        }
    }

    /** DynamoDB refuses an item nested deeper than 32 levels; refused here, the rest of its batch still goes. */
    private boolean fitsDepth(Item item) {
        int depth = ExpressionLimits.documentDepth(item);
        if (depth <= ExpressionLimits.MAX_DOCUMENT_DEPTH) {
            return true;
        }
        reject(List.of(item), "The item nests " + depth + " levels deep; DynamoDB allows " + ExpressionLimits.MAX_DOCUMENT_DEPTH
                + " (Nesting Levels have exceeded supported limits), so it was not sent");
        return false;
    }

    // --- ending ---

    /**
     * Also true as soon as cancel was asked, before the cancel task reaches the lane: a source that blocks holds the lane,
     * and what it yields after the cancel must not be sent.
     */
    private boolean stopping() {
        return cancelled || job.cancelRequested() || failure != null;
    }

    private void fail(DynamoAccessException error) {
        if (failure == null) {
            failure = error;
        }
        finishIfIdle();
    }

    private void finishIfIdle() {
        if (inFlight > 0 || result.isDone() || startedAt == null) {
            return;
        }
        if (!stopping() && (waitAtTheFloor != null || !toRetry.isEmpty())) {
            return; // items wait to be sent again
        }
        if (failure != null) {
            var report = snapshot(Outcome.FAILED);
            var what = written == 0 ? "Nothing was loaded into " + request.tableName()
                    : "Loading into " + request.tableName() + " stopped after " + written + " items";
            var problem = failure.problem();
            var maybe = report.uncertain() == 0 ? "" : "; up to " + report.uncertain() + " more may have landed: their requests got no answer";
            result.completeExceptionally(new LoadFailedException(new ConnectionProblem(problem.kind(),
                    what + ": " + problem.message() + maybe, problem.detail()), failure, report));
        } else if (cancelled || job.cancelRequested()) {
            result.complete(snapshot(Outcome.CANCELLED));
        } else if (sourceExhausted) {
            report();
            result.complete(snapshot(Outcome.COMPLETED));
        }
    }

    private LoadReport snapshot(Outcome outcome) {
        long waitingUnanswered = toRetry.stream().filter(Retry::unanswered).count();
        return new LoadReport(outcome, read, written, request.totalItems(), rejected, retries,
                Duration.between(startedAt, clock.instant()), uncertain + waitingUnanswered);
    }

    private void report() {
        job.report(new LoadProgress(written, request.totalItems(), rejected.size(), retries, inFlight));
    }

    // --- plumbing ---

    private static CompletableFuture<Void> done() {
        return CompletableFuture.completedFuture(null);
    }

    private interface Step<T> {
        CompletionStage<Void> apply(T value, Throwable error);
    }

    /** Makes a session call and continues on the lane with its outcome, also when the call throws instead of failing its future. */
    private <T> CompletableFuture<Void> onLaneAfter(Supplier<CompletableFuture<T>> call, Step<T> step) {
        CompletableFuture<T> answer;
        try {
            answer = call.get();
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        return answer.handleAsync((value, error) -> step.apply(value, error), lane).thenCompose(Function.identity());
    }

    private CompletableFuture<Void> onLane(Supplier<CompletableFuture<Void>> step) {
        return CompletableFuture.supplyAsync(step, lane).thenCompose(Function.identity());
    }

    private void onLane(Runnable task) {
        lane.execute(() -> guarded(task));
    }

    /** A bug in bookkeeping or in the listener ends the load as failed rather than leaving it hanging. */
    private void guarded(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            failure = failure != null ? failure : Problems.asAccessException(e);
            finishIfIdle();
        }
    }

    private static Kind problemKind(Throwable error) {
        return Problems.unwrap(error) instanceof DynamoAccessException access ? access.problem().kind() : null;
    }
}

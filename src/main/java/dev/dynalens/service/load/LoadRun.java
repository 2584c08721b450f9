package dev.dynalens.service.load;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.item.Item;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.SerialExecutor;
import dev.dynalens.service.load.LoadReport.Outcome;
import dev.dynalens.service.load.LoadReport.RejectedItem;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
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
    }

    void start() {
        onLane(() -> {
            startedAt = clock.instant();
            if (session.profile().readOnly()) {
                // The session would refuse every write anyway; refusing here names the whole load and sends nothing.
                fail(new ReadOnlyConnectionException(session.profile().name(), "loading"));
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
        while (!stopping() && !sourceExhausted && inFlight < settings.maxInFlight()) {
            var batch = nextBatch();
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
            batch.add(items.next());
            read++;
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
            if (error == null) {
                written += batch.size() - unprocessed.size();
                if (unprocessed.isEmpty()) {
                    return done();
                }
                report();
                return retryLater(unprocessed, attempt, "DynamoDB left it unprocessed", this::writeBatch);
            }
            return switch (problemKind(error)) {
                case THROTTLED, SERVER_ERROR -> retryLater(batch, attempt, Problems.describe(error), this::writeBatch);
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
            if (error == null) {
                written++;
                report();
                return done();
            }
            return switch (problemKind(error)) {
                case THROTTLED, SERVER_ERROR -> retryLater(List.of(item), attempt, Problems.describe(error),
                        (items, next) -> putItem(items.getFirst(), next));
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

    /** Waits the backoff of this attempt and sends again; after the last attempt the items are rejected. */
    private CompletableFuture<Void> retryLater(List<Item> items, int attempt, String why, Attempt again) {
        if (stopping()) {
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
            return stopping() ? done() : again.send(items, attempt + 1);
        }, lane).thenCompose(Function.identity());
    }

    private void reject(List<Item> items, String reason) {
        items.forEach(item -> rejected.add(new RejectedItem(item, reason)));
        if (rejected.size() > settings.maxRejected() && failure == null) {
            failure = new DynamoAccessException(new ConnectionProblem(Kind.VALIDATION, "More than " + settings.maxRejected()
                    + " items were rejected; the first: " + rejected.getFirst().reason(), null), null);
        }
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
        if (failure != null) {
            var report = snapshot(Outcome.FAILED);
            var what = written == 0 ? "Nothing was loaded into " + request.tableName()
                    : "Loading into " + request.tableName() + " stopped after " + written + " items";
            var problem = failure.problem();
            result.completeExceptionally(new LoadFailedException(new ConnectionProblem(problem.kind(),
                    what + ": " + problem.message(), problem.detail()), failure, report));
        } else if (cancelled || job.cancelRequested()) {
            result.complete(snapshot(Outcome.CANCELLED));
        } else if (sourceExhausted) {
            report();
            result.complete(snapshot(Outcome.COMPLETED));
        }
    }

    private LoadReport snapshot(Outcome outcome) {
        return new LoadReport(outcome, read, written, request.totalItems(), rejected, retries,
                Duration.between(startedAt, clock.instant()));
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

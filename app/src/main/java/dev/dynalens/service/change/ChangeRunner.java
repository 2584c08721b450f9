package dev.dynalens.service.change;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.change.ChangeOutcome;
import dev.dynalens.domain.change.ItemChange;
import dev.dynalens.domain.change.UndoEntry;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.SerialExecutor;
import dev.dynalens.service.fanout.WritePacing;
import dev.dynalens.service.load.Delayer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * Applies the items of a bulk change (or of its revert): each item's conditional writes, at most
 * {@code pacing.maxConcurrency()} items in flight, within the write budget, every outcome journaled and every item written
 * recorded in the undo file first.
 *
 * <p><b>One item.</b> An update, a delete or a put back is one conditional write. A move is a put of the new item (where no
 * item has its key) and a delete of the old one (where it still holds what was read): one TransactWriteItems where the
 * endpoint has them; where it does not (dynalite), the put and then the delete, and when the delete's condition fails the
 * put is taken back (the new item deleted where it still holds what was put), so no item is left twice. A write whose
 * condition failed is followed by a strongly consistent read: an item that already shows the change was written by an
 * earlier, interrupted run (or by this run, when an error hid the answer: ALREADY_APPLIED, APPLIED); any other item was
 * changed by someone since the plan and is left as it is (SKIPPED_CHANGED).
 *
 * <p><b>Pacing.</b> As the fan-out's: throttling and 5xx answers are retried after exponential backoff with full jitter; a
 * throttle halves the items in flight, which then grow by one for every window of successes; failures in a row that say
 * the endpoint is gone stop the run with its journal intact. With a budget, each item waits for its turn so that the
 * write units sent never run ahead of it ({@link WriteBudget}).
 */
public final class ChangeRunner {
    private final DynamoSession session;
    private final ChangeSettings settings;
    private final Executor executor;
    private final Delayer delayer;
    private final DoubleSupplier random;
    private final LongSupplier nanoTime;

    public ChangeRunner(DynamoSession session, ChangeSettings settings) {
        this(session, settings, Runnable::run, Delayer.system(), () -> ThreadLocalRandom.current().nextDouble(), System::nanoTime);
    }

    /** @param executor runs the bookkeeping, one task at a time on a lane over it (tests may pass {@code Runnable::run}) */
    ChangeRunner(DynamoSession session, ChangeSettings settings, Executor executor, Delayer delayer, DoubleSupplier random,
                 LongSupplier nanoTime) {
        this.session = Objects.requireNonNull(session, "session");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.delayer = Objects.requireNonNull(delayer, "delayer");
        this.random = Objects.requireNonNull(random, "random");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    /**
     * Starts the items of {@code changes} that {@code settledBefore} (a journal's outcomes) does not settle. The result
     * completes with the report, also when cancelled (items in flight finish and are recorded, the rest stay pending); it
     * fails with a {@link ReadOnlyConnectionException} on a read-only connection, before anything is sent.
     *
     * @param run      names the run: a transaction's idempotency token is made from it and the item's index
     * @param journal  receives every outcome as it happens; null runs without one
     * @param undo     receives every item written, before its outcome is journaled; null runs without one (a revert)
     * @param listener receives the counts after every item, one call at a time
     */
    public Job<ChangeProgress, ChangeReport> start(String tableName, List<ItemChange> changes, Map<Integer, ChangeOutcome> settledBefore,
                                                   String run, ChangeJournal journal, UndoFile undo, Consumer<ChangeProgress> listener) {
        if (session.writeProfile().readOnly()) {
            return Job.failed(new ReadOnlyConnectionException(session.writeProfile().name(), "the change of " + tableName));
        }
        var job = new Job<ChangeProgress, ChangeReport>(listener);
        var state = new Run(tableName, changes, settledBefore, run, journal, undo, job);
        job.onCancel(state::cancel);
        state.onLane(state::begin);
        return job;
    }

    /** What one attempt at an item came to; {@code unsupported}: the endpoint has no transactions, so go item by item. */
    private record Result(ChangeOutcome outcome, String detail, boolean unsupported, Item removed) {
        Result(ChangeOutcome outcome, String detail, boolean unsupported) {
            this(outcome, detail, unsupported, null);
        }

        static CompletableFuture<Result> of(ChangeOutcome outcome, String detail) {
            return CompletableFuture.completedFuture(new Result(outcome, detail, false));
        }
    }

    /** Every field is touched only by tasks of {@link #lane}, one at a time: answers hop back onto the lane first. */
    private final class Run {
        final String tableName;
        final List<ItemChange> changes;
        final String runName;
        final ChangeJournal journal;
        final UndoFile undo;
        final Job<ChangeProgress, ChangeReport> job;
        final SerialExecutor lane = new SerialExecutor(executor);
        final WritePacing pacing = new WritePacing(settings.pacing(), random);
        final WriteBudget budget = new WriteBudget(settings.maxUnitsPerSecond(), nanoTime);
        final Deque<Integer> queue = new ArrayDeque<>();
        final List<ChangeReport.ItemReport> notable = new ArrayList<>();
        final long startedAt = nanoTime.getAsLong();
        /** Read by item tasks off the lane; only ever turned off. */
        volatile boolean transactions = true;
        int applied;
        int alreadyApplied;
        int skippedChanged;
        int failed;
        long retries;
        int inFlight;
        CapacityUnits units = CapacityUnits.ZERO;
        /** Items that write: counted once, as progress is reported after every item. */
        final int total;
        boolean cancelled;
        DynamoAccessException fatal;

        Run(String tableName, List<ItemChange> changes, Map<Integer, ChangeOutcome> settledBefore, String runName, ChangeJournal journal,
            UndoFile undo, Job<ChangeProgress, ChangeReport> job) {
            this.tableName = tableName;
            this.changes = changes;
            this.runName = runName;
            this.journal = journal;
            this.undo = undo;
            this.job = job;
            this.total = (int) changes.stream().filter(change -> !change.writes().isEmpty()).count();
            for (int i = 0; i < changes.size(); i++) {
                var before = settledBefore.get(i);
                if (before != null && before.settled()) {
                    count(before);
                } else if (!changes.get(i).writes().isEmpty()) {
                    queue.add(i);
                }
            }
        }

        void cancel() {
            onLane(() -> {
                cancelled = true;
                finishIfIdle();
            });
        }

        void begin() {
            job.report(progress());
            launch();
            finishIfIdle();
        }

        private void launch() {
            while (!cancelled && fatal == null && inFlight < pacing.limit() && !queue.isEmpty()) {
                int index = queue.poll();
                inFlight++;
                var wait = budget.reserve(changes.get(index).writeUnits());
                if (wait.isZero()) {
                    send(index, 0, false);
                } else {
                    delayer.delay(wait).whenCompleteAsync((ignored, error) -> guarded(() -> {
                        if (cancelled || fatal != null) {
                            inFlight--;
                            queue.addFirst(index);
                            finishIfIdle();
                        } else {
                            send(index, 0, false);
                        }
                    }), lane);
                }
            }
        }

        private void send(int index, int attempt, boolean ambiguous) {
            CompletableFuture<Result> sent;
            try {
                sent = attempt(index, changes.get(index), ambiguous);
            } catch (RuntimeException e) {
                sent = CompletableFuture.failedFuture(e);
            }
            sent.whenCompleteAsync((result, error) -> guarded(() -> {
                answered(error);
                if (error != null) {
                    failedAttempt(index, attempt, ambiguous, error);
                } else if (result.unsupported()) {
                    transactions = false;
                    send(index, attempt, ambiguous);
                } else {
                    settle(index, result.outcome(), result.detail(), result.removed());
                }
            }), lane);
        }

        // ---- one item ----

        private CompletableFuture<Result> attempt(int index, ItemChange change, boolean ambiguous) {
            if (change instanceof ItemChange.Move move) {
                return transactions ? transact(index, move, ambiguous) : putThenDelete(move, ambiguous);
            }
            var write = change.writes().getFirst();
            // a delete answers with the item it removed: that image, not the plan's, goes to the undo file
            return session.write(write).thenCompose(written -> written.applied()
                    ? CompletableFuture.completedFuture(new Result(ChangeOutcome.APPLIED, null, false, written.returned().orElse(null)))
                    : read(change.key()).thenApply(now -> ItemChange.shows(change, now, null)
                    ? new Result(ambiguous ? ChangeOutcome.APPLIED : ChangeOutcome.ALREADY_APPLIED, null, false)
                    : new Result(ChangeOutcome.SKIPPED_CHANGED, now == null ? "the item no longer exists" : "changed since the plan", false)));
        }

        private CompletableFuture<Result> transact(int index, ItemChange.Move move, boolean ambiguous) {
            return session.transactWrite(List.of(move.put(), move.delete()), token(index)).thenCompose(result -> switch (result.status()) {
                case COMMITTED -> Result.of(ChangeOutcome.APPLIED, null);
                case UNSUPPORTED -> CompletableFuture.completedFuture(new Result(null, null, true));
                case CANCELLED -> {
                    var retryable = result.reasons().stream().map(TransactionResult.Reason::code)
                            .filter(code -> code.equals("ThrottlingError") || code.equals("ProvisionedThroughputExceeded")
                                    || code.equals("TransactionConflict")).findFirst();
                    if (retryable.isPresent()) {
                        yield CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(Kind.THROTTLED,
                                "the move's transaction was cancelled (" + retryable.get() + ")", result.message()), null));
                    }
                    yield verifyMove(move, ambiguous);
                }
            });
        }

        private CompletableFuture<Result> verifyMove(ItemChange.Move move, boolean ambiguous) {
            return read(move.key()).thenCompose(old -> read(move.newKey()).thenApply(now -> {
                if (ItemChange.shows(move, old, now)) {
                    return new Result(ambiguous ? ChangeOutcome.APPLIED : ChangeOutcome.ALREADY_APPLIED, null, false);
                }
                return new Result(ChangeOutcome.SKIPPED_CHANGED, old == null ? "the item no longer exists"
                        : now != null ? "an item with the new key " + keyText(move.newKey()) + " exists already" : "changed since the plan", false);
            }));
        }

        /** Without transactions: the put, then the delete; a delete refused takes the put back. */
        private CompletableFuture<Result> putThenDelete(ItemChange.Move move, boolean ambiguous) {
            return session.write(move.put()).thenCompose(put -> {
                if (put.applied()) {
                    return deleteOld(move, ChangeOutcome.APPLIED);
                }
                return read(move.newKey()).thenCompose(now -> {
                    if (now != null && now.attributes().equals(move.after().attributes())) {
                        // an earlier attempt put it (a run killed between the two writes, or an answer lost)
                        return deleteOld(move, ambiguous ? ChangeOutcome.APPLIED : ChangeOutcome.ALREADY_APPLIED);
                    }
                    return Result.of(ChangeOutcome.SKIPPED_CHANGED, "an item with the new key " + keyText(move.newKey()) + " exists already");
                });
            });
        }

        private CompletableFuture<Result> deleteOld(ItemChange.Move move, ChangeOutcome done) {
            return session.write(move.delete()).thenCompose(deleted -> {
                if (deleted.applied()) {
                    return Result.of(ChangeOutcome.APPLIED, null);
                }
                return read(move.key()).thenCompose(old -> {
                    if (old == null) {
                        return Result.of(done, null);
                    }
                    return session.write(move.takeBack()).thenApply(back -> new Result(ChangeOutcome.SKIPPED_CHANGED, "changed since the plan"
                            + (back.applied() ? "; the item put under the new key was deleted again"
                            : "; the item put under the new key " + keyText(move.newKey()) + " has changed too and stays"), false));
                });
            });
        }

        private CompletableFuture<Item> read(Map<String, AttributeValue> key) {
            return session.getItem(tableName, key, true).thenApply(got -> got.item().orElse(null));
        }

        private String token(int index) {
            return UUID.nameUUIDFromBytes((runName + "/" + index).getBytes(StandardCharsets.UTF_8)).toString();
        }

        // ---- pacing ----

        private void failedAttempt(int index, int attempt, boolean ambiguous, Throwable error) {
            var kind = WritePacing.kindOf(error);
            switch (kind) {
                case THROTTLED, SERVER_ERROR, ENDPOINT_UNREACHABLE -> {
                    if (kind == Kind.THROTTLED) {
                        pacing.throttled();
                        job.report(progress());
                    }
                    // a 5xx or a lost connection may hide an applied write; the conditions keep the resend harmless
                    retryLater(index, attempt, ambiguous || kind != Kind.THROTTLED, Problems.describe(error));
                }
                case VALIDATION -> settle(index, ChangeOutcome.FAILED, Problems.describe(error));
                case CANCELLED -> settle(index, ChangeOutcome.FAILED, "cancelled while in flight");
                default -> {
                    if (fatal == null) {
                        fatal = Problems.asAccessException(error);
                    }
                    settle(index, ChangeOutcome.FAILED, Problems.describe(error));
                }
            }
        }

        private void retryLater(int index, int attempt, boolean ambiguous, String why) {
            if (fatal != null) {
                settle(index, ChangeOutcome.FAILED, "stopped before retrying: " + why);
                return;
            }
            if (pacing.lastAttempt(attempt)) {
                settle(index, ChangeOutcome.FAILED, "gave up after " + pacing.maxAttempts() + " attempts: " + why);
                return;
            }
            retries++;
            delayer.delay(pacing.backoff(attempt)).whenCompleteAsync((ignored, error) -> guarded(() -> {
                if (fatal != null) {
                    settle(index, ChangeOutcome.FAILED, "stopped before retrying: " + why);
                } else {
                    send(index, attempt + 1, ambiguous);
                }
            }), lane);
        }

        /** After failures in a row that say the endpoint is gone, the run stops with its journal intact. */
        private void answered(Throwable error) {
            var gone = pacing.answered(error, journal == null ? "Run it again: items already written are recognised and not written twice"
                    : "The journal " + journal.file() + " keeps every item done: apply the change again with it to resume "
                    + "(nothing done is written twice)");
            if (gone != null && fatal == null) {
                fatal = gone;
            }
        }

        private void settle(int index, ChangeOutcome outcome, String detail) {
            settle(index, outcome, detail, null);
        }

        /** @param removed for a delete, the item as DynamoDB removed it (an attribute added since the plan is in it) */
        private void settle(int index, ChangeOutcome outcome, String detail, Item removed) {
            var change = changes.get(index);
            try {
                if (undo != null && (outcome == ChangeOutcome.APPLIED || outcome == ChangeOutcome.ALREADY_APPLIED)) {
                    var entry = change instanceof ItemChange.Delete && removed != null
                            ? java.util.Optional.of(new UndoEntry(change.key(), removed, null)) : UndoEntry.of(change);
                    if (entry.isPresent()) {
                        undo.record(entry.get());
                    }
                }
                if (journal != null) {
                    journal.record(index, outcome, detail);
                }
            } catch (IOException e) {
                if (fatal == null) {
                    fatal = new DynamoAccessException(new ConnectionProblem(Kind.OTHER, "The journal or the undo file cannot be written ("
                            + e.getMessage() + "); stopped so that a resumed run stays exact", null), e);
                }
            }
            inFlight--;
            count(outcome);
            if (outcome == ChangeOutcome.APPLIED) {
                units = units.plus(change.writeUnits());
            }
            if (outcome != ChangeOutcome.APPLIED && outcome != ChangeOutcome.ALREADY_APPLIED) {
                notable.add(new ChangeReport.ItemReport(index, change, outcome, detail));
            }
            if (outcome == ChangeOutcome.APPLIED) {
                pacing.succeeded();
            }
            job.report(progress());
            launch();
            finishIfIdle();
        }

        private void count(ChangeOutcome outcome) {
            switch (outcome) {
                case APPLIED -> applied++;
                case ALREADY_APPLIED -> alreadyApplied++;
                case SKIPPED_CHANGED -> skippedChanged++;
                case FAILED -> failed++;
            }
        }

        private ChangeProgress progress() {
            return new ChangeProgress(total, applied, alreadyApplied, skippedChanged, failed, retries, inFlight, pacing.limit(), units);
        }

        private void finishIfIdle() {
            if (job.result().isDone() || inFlight > 0 || !(queue.isEmpty() || cancelled || fatal != null)) {
                return;
            }
            var sorted = new ArrayList<>(notable);
            sorted.sort(Comparator.comparingInt(ChangeReport.ItemReport::index));
            var report = new ChangeReport(progress(), sorted, Duration.ofNanos(nanoTime.getAsLong() - startedAt), !transactions,
                    cancelled && !queue.isEmpty(), fatal);
            try {
                if (undo != null) {
                    undo.close();
                }
                if (journal != null) {
                    journal.close();
                }
            } catch (IOException e) {
                // every line was written; only the final force failed, and the report still stands
            }
            job.result().complete(report);
        }

        void onLane(Runnable task) {
            lane.execute(() -> guarded(task));
        }

        private void guarded(Runnable task) {
            try {
                task.run();
            } catch (RuntimeException e) {
                if (fatal == null) {
                    fatal = Problems.asAccessException(e);
                }
                finishIfIdle();
            }
        }
    }

    private static String keyText(Map<String, AttributeValue> key) {
        return dev.dynalens.domain.item.KeyText.named(key);
    }
}

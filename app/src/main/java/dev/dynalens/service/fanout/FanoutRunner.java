package dev.dynalens.service.fanout;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.RepairOutcome;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.domain.staleness.RepairStep;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.SerialExecutor;
import dev.dynalens.service.load.Delayer;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * Applies a {@link RepairPlan}: each step a guarded UpdateItem ({@code SET copy = :new} only where
 * {@code copy = :old}), at most {@link FanoutSettings#maxConcurrency()} in flight.
 *
 * <p><b>Pacing.</b> Throttling ({@code ProvisionedThroughputExceededException}, {@code ThrottlingException}) and
 * 5xx answers are retried after exponential backoff with full jitter (DynamoDB Developer Guide, "Error retries and
 * exponential backoff"); a throttle also halves the number of updates in flight, which then grows by one for every
 * window of successes (additive increase, multiplicative decrease), so a fan-out settles at what the table can take
 * instead of hammering it.
 *
 * <p><b>Exactly once.</b> A step is settled when its update was applied (UPDATED), or its condition failed. A failed
 * condition is re-read (strongly consistent): a copy that already holds the new value was repaired by an earlier
 * interrupted run, or by this run's attempt whose answer was lost to a 5xx (ALREADY_REPAIRED); any other value means
 * someone changed the copy since detection, and it is left alone (SKIPPED_CHANGED). The guard makes every resend
 * harmless, so a step is never applied twice.
 */
public final class FanoutRunner {
    private final DynamoSession session;
    private final FanoutSettings settings;
    private final Executor executor;
    private final Delayer delayer;
    private final DoubleSupplier random;
    private final LongSupplier nanoTime;

    public FanoutRunner(DynamoSession session, FanoutSettings settings) {
        this(session, settings, Delayer.system(), () -> ThreadLocalRandom.current().nextDouble(), System::nanoTime);
    }

    FanoutRunner(DynamoSession session, FanoutSettings settings, Delayer delayer, DoubleSupplier random, LongSupplier nanoTime) {
        // The lane runs on whichever thread hands it work (the caller's, then the SDK's completion threads), one task at a
        // time: the first updates are sent before start returns, and an answer is handled where it arrives.
        this(session, settings, Runnable::run, delayer, random, nanoTime);
    }

    /** @param executor runs the fan-out's bookkeeping, one task at a time on a lane over it (tests may pass {@code Runnable::run}) */
    FanoutRunner(DynamoSession session, FanoutSettings settings, Executor executor, Delayer delayer, DoubleSupplier random,
                 LongSupplier nanoTime) {
        this.session = Objects.requireNonNull(session, "session");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.delayer = Objects.requireNonNull(delayer, "delayer");
        this.random = Objects.requireNonNull(random, "random");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    /**
     * Starts the steps of {@code plan} that {@code settledBefore} (a journal's outcomes) does not settle. The job's
     * result completes with the report (also when cancelled: steps in flight finish and are recorded, the rest stay
     * pending); it fails with a {@link ReadOnlyConnectionException} on a read-only connection, before anything is sent.
     *
     * @param journal  receives every outcome as it happens; null runs without one (tests, benchmarks)
     * @param listener receives the counts after every step, one call at a time, on the fan-out's lane
     */
    public Job<FanoutProgress, FanoutReport> start(RepairPlan plan, Map<Integer, JournalEntry> settledBefore, FanoutJournal journal,
                                                   Consumer<FanoutProgress> listener) {
        if (session.writeProfile().readOnly()) {
            return Job.failed(new ReadOnlyConnectionException(session.writeProfile().name(), "UpdateItem fan-out on " + plan.tableName()));
        }
        var job = new Job<FanoutProgress, FanoutReport>(listener);
        var run = new Run(plan, settledBefore, journal, job);
        job.onCancel(run::cancel);
        run.onLane(run::begin);
        return job;
    }

    /**
     * One fan-out. Every field is touched only by tasks of {@link #lane}, one at a time, as in the loader's run: session
     * and delay futures complete on other threads and hop back onto the lane before touching anything, so no lock is
     * needed.
     */
    private final class Run {
        final RepairPlan plan;
        final FanoutJournal journal;
        final Job<FanoutProgress, FanoutReport> job;
        final SerialExecutor lane = new SerialExecutor(executor);
        final WritePacing pacing = new WritePacing(settings, random);
        final Deque<Integer> queue = new ArrayDeque<>();
        final List<FanoutReport.StepReport> notable = new ArrayList<>();
        final RepairOutcome[] outcomes;
        final long startedAt = nanoTime.getAsLong();
        int updated;
        int alreadyRepaired;
        int skippedChanged;
        int failed;
        int sentThisRun;
        long retries;
        int inFlight;
        boolean cancelled;
        DynamoAccessException fatal;

        Run(RepairPlan plan, Map<Integer, JournalEntry> settledBefore, FanoutJournal journal, Job<FanoutProgress, FanoutReport> job) {
            this.plan = plan;
            this.journal = journal;
            this.job = job;
            this.outcomes = new RepairOutcome[plan.steps().size()];
            for (int i = 0; i < plan.steps().size(); i++) {
                var before = settledBefore.get(i);
                if (before != null && before.outcome().settled()) {
                    count(before.outcome());
                    outcomes[i] = before.outcome();
                    if (before.outcome() == RepairOutcome.SKIPPED_CHANGED) {
                        notable.add(new FanoutReport.StepReport(i, plan.steps().get(i), before.outcome(), before.detail()));
                    }
                } else {
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
                send(index, 0, false);
            }
        }

        /** @param ambiguous an earlier attempt may have been applied although its answer was an error */
        private void send(int index, int attempt, boolean ambiguous) {
            var step = plan.steps().get(index);
            CompletableFuture<WriteResult> sent;
            try {
                sent = session.write(step.toUpdate(plan.tableName()));
            } catch (RuntimeException e) {
                sent = CompletableFuture.failedFuture(e);
            }
            sent.whenCompleteAsync((written, error) -> guarded(() -> {
                answered(error);
                if (error == null && written.applied()) {
                    settle(index, RepairOutcome.UPDATED, null, true);
                } else if (error == null) {
                    verify(index, step, attempt, ambiguous);
                } else {
                    failedAttempt(index, attempt, ambiguous, error);
                }
            }), lane);
        }

        private void failedAttempt(int index, int attempt, boolean ambiguous, Throwable error) {
            var kind = kindOf(error);
            switch (kind) {
                case THROTTLED, SERVER_ERROR, ENDPOINT_UNREACHABLE -> {
                    if (kind == Kind.THROTTLED) {
                        pacing.throttled();
                        job.report(progress());
                    }
                    // A 5xx or a lost connection may hide an applied update; the guard keeps the resend harmless.
                    retryLater(index, attempt, ambiguous || kind != Kind.THROTTLED, Problems.describe(error));
                }
                case VALIDATION -> settle(index, RepairOutcome.FAILED, Problems.describe(error), false);
                case CANCELLED -> settle(index, RepairOutcome.FAILED, "cancelled while in flight", false);
                default -> {
                    if (fatal == null) {
                        fatal = Problems.asAccessException(error);
                    }
                    settle(index, RepairOutcome.FAILED, Problems.describe(error), false);
                }
            }
        }

        private void retryLater(int index, int attempt, boolean ambiguous, String why) {
            if (fatal != null) {
                settle(index, RepairOutcome.FAILED, "stopped before retrying: " + why, false);
                return;
            }
            if (pacing.lastAttempt(attempt)) {
                settle(index, RepairOutcome.FAILED, "gave up after " + pacing.maxAttempts() + " attempts: " + why, false);
                return;
            }
            retries++;
            delayer.delay(pacing.backoff(attempt)).whenCompleteAsync((ignored, error) -> guarded(() -> {
                if (fatal != null) {
                    settle(index, RepairOutcome.FAILED, "stopped before retrying: " + why, false);
                } else {
                    send(index, attempt + 1, ambiguous);
                }
            }), lane);
        }

        /** The condition failed: tell an already repaired copy from one that someone changed. */
        private void verify(int index, RepairStep step, int attempt, boolean ambiguous) {
            CompletableFuture<GetResult> read;
            try {
                read = session.getItem(plan.tableName(), step.key(), true);
            } catch (RuntimeException e) {
                read = CompletableFuture.failedFuture(e);
            }
            read.whenCompleteAsync((got, error) -> guarded(() -> {
                answered(error);
                if (error != null) {
                    var kind = kindOf(error);
                    if (kind == Kind.THROTTLED || kind == Kind.SERVER_ERROR || kind == Kind.ENDPOINT_UNREACHABLE) {
                        // Sending the guarded update again is harmless and leads back here.
                        retryLater(index, attempt, ambiguous, Problems.describe(error));
                    } else {
                        settle(index, RepairOutcome.FAILED, "condition failed and the item could not be re-read: "
                                + Problems.describe(error), false);
                    }
                    return;
                }
                var current = got.item().flatMap(item -> step.copyPath().read(item));
                if (current.isPresent() && current.get().equals(step.newValue())) {
                    // Applied by an earlier run, or by this one when a 5xx hid the answer.
                    settle(index, ambiguous ? RepairOutcome.UPDATED : RepairOutcome.ALREADY_REPAIRED, null, ambiguous);
                } else {
                    settle(index, RepairOutcome.SKIPPED_CHANGED, describeCurrent(got.item(), current), false);
                }
            }), lane);
        }

        /**
         * Counts failures that say the endpoint is gone (connection refused, timed out, a 5xx); any other answer starts the
         * count again. After {@link FanoutSettings#maxEndpointFailures()} in a row the run stops with its journal intact:
         * no more steps are sent, those in flight settle, and a resumed run picks up every step not done.
         */
        private void answered(Throwable error) {
            var gone = pacing.answered(error, journal == null ? "Steps not done are listed as pending or failed"
                    : "The journal " + journal.file() + " keeps every step done: apply the repair again with it to resume (nothing done is sent twice)");
            if (gone != null && fatal == null) {
                fatal = gone;
            }
        }

        private static String describeCurrent(Optional<Item> item, Optional<dev.dynalens.domain.item.AttributeValue> current) {
            if (item.isEmpty()) {
                return "the item no longer exists";
            }
            return current.map(value -> "changed since detection; it now holds " + dev.dynalens.domain.item.ValueText.cell(value))
                    .orElse("changed since detection; the copy attribute is gone");
        }

        private void settle(int index, RepairOutcome outcome, String detail, boolean applied) {
            if (journal != null) {
                try {
                    journal.record(index, outcome, detail);
                } catch (IOException e) {
                    if (fatal == null) {
                        fatal = new DynamoAccessException(new ConnectionProblem(Kind.OTHER, "The journal " + journal.file()
                                + " cannot be written (" + e.getMessage() + "); stopped so that a resumed run stays exact", null), e);
                    }
                }
            }
            inFlight--;
            count(outcome);
            outcomes[index] = outcome;
            if (applied) {
                sentThisRun++;
            }
            if (outcome != RepairOutcome.UPDATED && outcome != RepairOutcome.ALREADY_REPAIRED) {
                notable.add(new FanoutReport.StepReport(index, plan.steps().get(index), outcome, detail));
            }
            if (outcome == RepairOutcome.UPDATED) {
                pacing.succeeded();
            }
            job.report(progress());
            launch();
            finishIfIdle();
        }

        private void count(RepairOutcome outcome) {
            switch (outcome) {
                case UPDATED -> updated++;
                case ALREADY_REPAIRED -> alreadyRepaired++;
                case SKIPPED_CHANGED -> skippedChanged++;
                case FAILED -> failed++;
            }
        }

        private FanoutProgress progress() {
            return new FanoutProgress(plan.steps().size(), updated, alreadyRepaired, skippedChanged, failed, retries, inFlight, pacing.limit());
        }

        private void finishIfIdle() {
            if (job.result().isDone() || inFlight > 0 || !(queue.isEmpty() || cancelled || fatal != null)) {
                return;
            }
            var sorted = new ArrayList<>(notable);
            sorted.sort(Comparator.comparingInt(FanoutReport.StepReport::index));
            var report = new FanoutReport(progress(), sorted, sentThisRun, Duration.ofNanos(nanoTime.getAsLong() - startedAt),
                    cancelled && !queue.isEmpty(), fatal, java.util.Arrays.asList(outcomes.clone()));
            if (journal != null) {
                try {
                    journal.close();
                } catch (IOException e) {
                    // Every outcome line was already written; only the final force failed. The report still stands.
                }
            }
            job.result().complete(report);
        }

        void onLane(Runnable task) {
            lane.execute(() -> guarded(task));
        }

        /** A bug in bookkeeping or in the listener ends the run as stopped rather than leaving it hanging. */
        private void guarded(Runnable task) {
            try {
                task.run();
            } catch (RuntimeException e) {
                if (fatal == null) {
                    fatal = Problems.asAccessException(e);
                }
                // With steps in flight this waits for them: the run ends when the last one settles.
                finishIfIdle();
            }
        }
    }

    private static Kind kindOf(Throwable error) {
        return WritePacing.kindOf(error);
    }
}

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
import dev.dynalens.service.load.Backoff;
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
    private final Delayer delayer;
    private final DoubleSupplier random;
    private final LongSupplier nanoTime;

    public FanoutRunner(DynamoSession session, FanoutSettings settings) {
        this(session, settings, Delayer.system(), () -> ThreadLocalRandom.current().nextDouble(), System::nanoTime);
    }

    FanoutRunner(DynamoSession session, FanoutSettings settings, Delayer delayer, DoubleSupplier random, LongSupplier nanoTime) {
        this.session = Objects.requireNonNull(session, "session");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.delayer = Objects.requireNonNull(delayer, "delayer");
        this.random = Objects.requireNonNull(random, "random");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    /** A running fan-out. */
    public interface Handle {
        CompletableFuture<FanoutReport> result();

        /** Sends no further step; updates in flight finish and are recorded. */
        void cancel();
    }

    /**
     * Starts the steps of {@code plan} that {@code settledBefore} (a journal's outcomes) does not settle.
     *
     * @param journal  receives every outcome as it happens; null runs without one (tests, benchmarks)
     * @param listener receives the counts after every step, on the thread that finished it
     */
    public Handle start(RepairPlan plan, Map<Integer, FanoutJournal.Entry> settledBefore, FanoutJournal journal,
                        Consumer<FanoutProgress> listener) {
        var run = new Run(plan, settledBefore, journal, listener);
        if (session.profile().readOnly()) {
            run.result.completeExceptionally(new ReadOnlyConnectionException(session.profile().name(),
                    "UpdateItem fan-out on " + plan.tableName()));
            return run;
        }
        run.begin();
        return run;
    }

    private final class Run implements Handle {
        final RepairPlan plan;
        final FanoutJournal journal;
        final Consumer<FanoutProgress> listener;
        final CompletableFuture<FanoutReport> result = new CompletableFuture<>();
        final Backoff backoff = new Backoff(settings.baseDelay(), settings.maxDelay(), random);
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
        int limit = settings.maxConcurrency();
        int successesSinceGrowth;
        boolean cancelled;
        DynamoAccessException fatal;

        Run(RepairPlan plan, Map<Integer, FanoutJournal.Entry> settledBefore, FanoutJournal journal, Consumer<FanoutProgress> listener) {
            this.plan = plan;
            this.journal = journal;
            this.listener = Objects.requireNonNull(listener, "listener");
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

        @Override
        public CompletableFuture<FanoutReport> result() {
            return result;
        }

        @Override
        public void cancel() {
            synchronized (this) {
                cancelled = true;
            }
            finishIfIdle();
        }

        void begin() {
            listener.accept(progress());
            launch();
            finishIfIdle();
        }

        private void launch() {
            while (true) {
                int index;
                synchronized (this) {
                    if (cancelled || fatal != null || inFlight >= limit || queue.isEmpty()) {
                        return;
                    }
                    index = queue.poll();
                    inFlight++;
                }
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
            sent.whenComplete((written, error) -> {
                if (error == null && written.applied()) {
                    settle(index, RepairOutcome.UPDATED, null, true);
                } else if (error == null) {
                    verify(index, step, attempt, ambiguous);
                } else {
                    failedAttempt(index, attempt, ambiguous, error);
                }
            });
        }

        private void failedAttempt(int index, int attempt, boolean ambiguous, Throwable error) {
            var kind = kindOf(error);
            switch (kind) {
                case THROTTLED, SERVER_ERROR, ENDPOINT_UNREACHABLE -> {
                    if (kind == Kind.THROTTLED) {
                        FanoutProgress slower;
                        synchronized (this) {
                            limit = Math.max(1, limit / 2);
                            successesSinceGrowth = 0;
                            slower = progress();
                        }
                        listener.accept(slower);
                    }
                    // A 5xx or a lost connection may hide an applied update; the guard keeps the resend harmless.
                    retryLater(index, attempt, ambiguous || kind != Kind.THROTTLED, Problems.describe(error));
                }
                case VALIDATION -> settle(index, RepairOutcome.FAILED, Problems.describe(error), false);
                case CANCELLED -> settle(index, RepairOutcome.FAILED, "cancelled while in flight", false);
                default -> {
                    synchronized (this) {
                        if (fatal == null) {
                            fatal = Problems.asAccessException(error);
                        }
                    }
                    settle(index, RepairOutcome.FAILED, Problems.describe(error), false);
                }
            }
        }

        private void retryLater(int index, int attempt, boolean ambiguous, String why) {
            if (attempt + 1 >= settings.maxAttempts()) {
                settle(index, RepairOutcome.FAILED, "gave up after " + settings.maxAttempts() + " attempts: " + why, false);
                return;
            }
            synchronized (this) {
                retries++;
            }
            delayer.delay(backoff.delay(attempt)).whenComplete((ignored, error) -> {
                boolean stop;
                synchronized (this) {
                    stop = fatal != null;
                }
                if (stop) {
                    settle(index, RepairOutcome.FAILED, "stopped before retrying: " + why, false);
                } else {
                    send(index, attempt + 1, ambiguous);
                }
            });
        }

        /** The condition failed: tell an already repaired copy from one that someone changed. */
        private void verify(int index, RepairStep step, int attempt, boolean ambiguous) {
            CompletableFuture<GetResult> read;
            try {
                read = session.getItem(plan.tableName(), step.key(), true);
            } catch (RuntimeException e) {
                read = CompletableFuture.failedFuture(e);
            }
            read.whenComplete((got, error) -> {
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
            });
        }

        private static String describeCurrent(Optional<Item> item, Optional<dev.dynalens.domain.item.AttributeValue> current) {
            if (item.isEmpty()) {
                return "the item no longer exists";
            }
            return current.map(value -> "changed since detection; it now holds " + dev.dynalens.domain.item.ValueText.cell(value))
                    .orElse("changed since detection; the copy attribute is gone");
        }

        private void settle(int index, RepairOutcome outcome, String detail, boolean applied) {
            IOException journalError = null;
            if (journal != null) {
                try {
                    journal.record(index, outcome, detail);
                } catch (IOException e) {
                    journalError = e;
                }
            }
            FanoutProgress progress;
            synchronized (this) {
                inFlight--;
                count(outcome);
                outcomes[index] = outcome;
                if (applied) {
                    sentThisRun++;
                }
                if (outcome != RepairOutcome.UPDATED && outcome != RepairOutcome.ALREADY_REPAIRED) {
                    notable.add(new FanoutReport.StepReport(index, plan.steps().get(index), outcome, detail));
                }
                if (outcome == RepairOutcome.UPDATED && ++successesSinceGrowth >= limit && limit < settings.maxConcurrency()) {
                    limit++;
                    successesSinceGrowth = 0;
                }
                if (journalError != null && fatal == null) {
                    fatal = new DynamoAccessException(new ConnectionProblem(Kind.OTHER, "The journal " + journal.file()
                            + " cannot be written (" + journalError.getMessage() + "); stopped so that a resumed run stays exact", null),
                            journalError);
                }
                progress = progress();
            }
            listener.accept(progress);
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

        private synchronized FanoutProgress progress() {
            return new FanoutProgress(plan.steps().size(), updated, alreadyRepaired, skippedChanged, failed, retries, inFlight, limit);
        }

        private void finishIfIdle() {
            FanoutReport report;
            synchronized (this) {
                if (result.isDone() || inFlight > 0 || !(queue.isEmpty() || cancelled || fatal != null)) {
                    return;
                }
                var sorted = new ArrayList<>(notable);
                sorted.sort(Comparator.comparingInt(FanoutReport.StepReport::index));
                report = new FanoutReport(progress(), sorted, sentThisRun, Duration.ofNanos(nanoTime.getAsLong() - startedAt),
                        cancelled && !queue.isEmpty(), fatal, java.util.Arrays.asList(outcomes.clone()));
            }
            if (journal != null) {
                try {
                    journal.close();
                } catch (IOException e) {
                    // Every outcome line was already written; only the final force failed. The report still stands.
                }
            }
            result.complete(report);
        }
    }

    private static Kind kindOf(Throwable error) {
        var root = Problems.unwrap(error);
        if (root instanceof DynamoAccessException access) {
            return access.problem().kind();
        }
        if (root instanceof java.util.concurrent.CancellationException) {
            return Kind.CANCELLED;
        }
        return Kind.OTHER;
    }


}

package dev.dynalens.usecase;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.exports.ExportCost;
import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportRequest;
import dev.dynalens.domain.exports.ExportStatus;
import dev.dynalens.domain.exports.ExportType;
import dev.dynalens.domain.exports.PointInTimeRecovery;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.load.Delayer;
import dev.dynalens.usecase.support.Jobs;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Start an export of a table to S3 and wait for it: {@code dynalens export-to-s3} and the app's export dialog.
 *
 * <p><b>Said first.</b> {@link #plan} reads the table's size (DescribeTable) and its point-in-time recovery
 * (DescribeContinuousBackups), which an export is made from, and says what the export costs ({@link ExportCost}) and
 * whether recovery must be turned on first. Turning it on is a change to the table: it happens only when the person said
 * yes, and through the write guard (refused on a read-only connection, the table's name asked on a production one).
 *
 * <p><b>Then started and watched.</b> ExportTableToPointInTime carries the request's ClientToken, so starting the same
 * export again gives back the one already started. The job then asks DescribeExport every {@code pollInterval} and
 * reports it, until the export completed (the result) or failed ({@link ExportFailedException}, with DynamoDB's
 * FailureCode and FailureMessage). Cancelling stops the waiting, not the export: DynamoDB has no way to stop one, and the
 * result then holds the export as last described.
 */
public final class StartExport {
    /** An export started this long before the run began was started by an earlier run with the same ClientToken. */
    private static final Duration EARLIER = Duration.ofMinutes(5);

    /**
     * What an export will do, said before it starts.
     *
     * @param table    the table as DescribeTable gave it: its size is what a full export is billed on
     * @param recovery the table's point-in-time recovery
     * @param cost     what the export costs, from the size and the connection's region
     */
    public record Plan(ExportRequest request, TableDescription table, PointInTimeRecovery recovery, ExportCost cost) {
        public Plan {
            Objects.requireNonNull(request, "request");
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(recovery, "recovery");
            Objects.requireNonNull(cost, "cost");
        }

        /** Whether point-in-time recovery is off, so the export starts only once the person agreed to turn it on. */
        public boolean needsRecovery() {
            return !recovery.enabled();
        }

        /**
         * Why the export cannot start as asked, even with recovery turned on: an incremental export (or a full one at a
         * past time) reaches before what recovery kept. Empty when it can.
         */
        public Optional<String> problem() {
            var name = request.tableName();
            var since = request.type() == ExportType.INCREMENTAL ? request.incremental().from() : request.exportTime();
            if (since == null) {
                return Optional.empty();
            }
            var what = request.type() == ExportType.INCREMENTAL ? "an incremental export from " + since : "an export as of " + since;
            if (!recovery.enabled()) {
                return Optional.of("Point-in-time recovery is off for " + name + ", so it kept nothing from before now: " + what
                        + " cannot be made. Turn it on and start a full export as of now.");
            }
            if (!recovery.reaches(since)) {
                return Optional.of("Point-in-time recovery of " + name + " reaches back to " + recovery.earliestRestorable() + " only: "
                        + what + " cannot be made.");
            }
            return Optional.empty();
        }

        /** "Point-in-time recovery of Shop is on, back to …" or what turning it on means. */
        public String recoveryText() {
            var name = request.tableName();
            if (needsRecovery()) {
                return "Point-in-time recovery is off for " + name + ", and an export is made from it: it is turned on first, which "
                        + "changes the table and is billed monthly by the table's size.";
            }
            return "Point-in-time recovery of " + name + " is on" + (recovery.earliestRestorable() == null ? "."
                    : ", back to " + recovery.earliestRestorable() + ".");
        }
    }

    /** Where the run is. */
    public enum Phase {
        /** UpdateContinuousBackups was sent. */
        TURNING_ON_RECOVERY,
        /** ExportTableToPointInTime was sent. */
        STARTING,
        /** The export was started; its description is the latest DynamoDB gave. */
        WAITING
    }

    /**
     * One step of the run.
     *
     * @param export  the export as last described; null before it was started
     * @param elapsed how long the export has run (since its StartTime where DynamoDB gave one)
     */
    public record Progress(Phase phase, ExportDescription export, Duration elapsed) {
        public Progress {
            Objects.requireNonNull(phase, "phase");
            Objects.requireNonNull(elapsed, "elapsed");
        }

        /** "Export 01764489600000-1a2b3c4d: IN_PROGRESS for 3 min 20 s". */
        public String text() {
            return switch (phase) {
                case TURNING_ON_RECOVERY -> "Turning on point-in-time recovery…";
                case STARTING -> "Starting the export…";
                case WAITING -> "Export " + export.exportId() + ": " + export.status() + " for " + duration(elapsed);
            };
        }
    }

    /** How the run ended. */
    public enum Ending {
        /** The export completed. */
        COMPLETED,
        /** The export was started, and not waited for (asked so). */
        STARTED,
        /** The waiting was cancelled; the export goes on in DynamoDB. */
        STOPPED_WAITING
    }

    /**
     * The export as DynamoDB last described it, and how the run ended.
     *
     * @param startedEarlier DynamoDB answered with an export an earlier run started (the same request within eight hours:
     *                       same ClientToken), not a new one
     */
    public record Outcome(ExportDescription export, Ending ending, boolean startedEarlier) {
        public Outcome {
            Objects.requireNonNull(export, "export");
            Objects.requireNonNull(ending, "ending");
        }

        /** {@code s3://BUCKET/PREFIX/AWSDynamoDB/EXPORT_ID}: the folder holding {@code manifest-summary.json}. */
        public String uri() {
            return export.uri();
        }
    }

    private final DynamoSession session;
    private final Delayer delayer;
    private final Clock clock;
    private final Duration pollInterval;

    /** Asks DescribeExport every 15 seconds, on the system's clock. */
    public StartExport(DynamoSession session) {
        this(session, Delayer.system(), Clock.systemUTC(), Duration.ofSeconds(15));
    }

    /**
     * @param delayer      waits between DescribeExport calls (tests pass one that does not wait)
     * @param pollInterval the pause between DescribeExport calls
     */
    public StartExport(DynamoSession session, Delayer delayer, Clock clock, Duration pollInterval) {
        this.session = Objects.requireNonNull(session, "session");
        this.delayer = Objects.requireNonNull(delayer, "delayer");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.pollInterval = Objects.requireNonNull(pollInterval, "pollInterval");
    }

    /** What {@code request} will cost and need (DescribeTable and DescribeContinuousBackups only): to say before it starts. */
    public CompletableFuture<Plan> plan(ExportRequest request) {
        Objects.requireNonNull(request, "request");
        var table = Jobs.call(() -> session.describeTable(request.tableName()));
        var recovery = Jobs.call(() -> session.describeContinuousBackups(request.tableName()));
        return table.thenCombine(recovery, (described, pitr) -> new Plan(request, described, pitr,
                ExportCost.of(request, described.sizeBytes(), session.profile().region())));
    }

    /**
     * Starts the export {@code plan} says, after turning point-in-time recovery on where it is off and
     * {@code turnOnRecovery} says yes. Fails with nothing sent when the plan has a {@linkplain Plan#problem problem}, when
     * recovery is off and the person did not say yes, or when the guard refuses turning it on.
     *
     * @param confirmer asked for the table on a production connection before recovery is turned on
     * @param wait      wait for the export to complete (or fail); false ends the run once it started
     * @param listener  told of each step, in order, one at a time
     */
    public Job<Progress, Outcome> start(Plan plan, boolean turnOnRecovery, WriteConfirmer confirmer, boolean wait,
                                        Consumer<? super Progress> listener) {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(confirmer, "confirmer");
        var job = new Job<Progress, Outcome>(listener);
        var problem = plan.problem();
        if (problem.isPresent()) {
            job.result().completeExceptionally(refusal(problem.get()));
            return job;
        }
        if (plan.needsRecovery() && !turnOnRecovery) {
            job.result().completeExceptionally(refusal("Point-in-time recovery is off for " + plan.request().tableName()
                    + ", and an export is made from it: say yes to turning it on first (nothing was started)."));
            return job;
        }
        new Run(plan, job, wait, WriteGuard.forAction(session, confirmer)).begin();
        return job;
    }

    private static DynamoAccessException refusal(String sentence) {
        return new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.VALIDATION, sentence, null), null);
    }

    /** "3 min 20 s", "45 s", "1 h 2 min". */
    public static String duration(Duration elapsed) {
        var seconds = Math.max(0, elapsed.toSeconds());
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return seconds / 60 + " min " + seconds % 60 + " s";
        }
        return seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
    }

    /**
     * One run: each step starts when the one before completed, so progress is reported one at a time, in order. A cancel
     * completes the pause in progress and cancels a DescribeExport in flight; the ExportTableToPointInTime in flight is
     * let finish, so the result says which export runs.
     */
    private final class Run {
        private final Plan plan;
        private final Job<Progress, Outcome> job;
        private final boolean wait;
        private final WriteGuard guard;
        private final Instant began = clock.instant();
        private volatile CompletableFuture<?> interruptible;
        private volatile ExportDescription last;

        Run(Plan plan, Job<Progress, Outcome> job, boolean wait, WriteGuard guard) {
            this.plan = plan;
            this.job = job;
            this.wait = wait;
            this.guard = guard;
            job.onCancel(() -> {
                var pending = interruptible;
                if (pending != null) {
                    pending.cancel(true);
                }
            });
        }

        void begin() {
            recoveryReady()
                    .thenCompose(ready -> {
                        stopIfCancelled();
                        job.report(new Progress(Phase.STARTING, null, Duration.ZERO));
                        return Jobs.call(() -> guard.exportTableToPointInTime(plan.request()));
                    })
                    .thenCompose(this::watch)
                    .whenComplete((outcome, failure) -> {
                        if (failure == null) {
                            job.result().complete(outcome);
                        } else if (last != null && Problems.isCancellation(failure)) {
                            job.result().complete(new Outcome(last, Ending.STOPPED_WAITING, startedEarlier(last)));
                        } else {
                            job.result().completeExceptionally(Problems.unwrap(failure));
                        }
                    });
        }

        /** Recovery as it is, or turned on (guarded: confirmed before anything is sent). */
        private CompletableFuture<Void> recoveryReady() {
            if (!plan.needsRecovery()) {
                return CompletableFuture.completedFuture(null);
            }
            var table = plan.request().tableName();
            return guard.confirmWrites(table, "turning on point-in-time recovery").thenCompose(confirmed -> {
                stopIfCancelled();
                job.report(new Progress(Phase.TURNING_ON_RECOVERY, null, Duration.ZERO));
                return Jobs.call(() -> guard.updateContinuousBackups(table, true));
            }).thenAccept(recovery -> {
                if (!recovery.enabled()) {
                    throw refusal("DynamoDB did not turn on point-in-time recovery for " + table + ": nothing was started.");
                }
            });
        }

        private void stopIfCancelled() {
            if (job.cancelRequested()) {
                throw new CancellationException("Cancelled before the export was started: nothing was started");
            }
        }

        /** Reports the export, then ends the run or asks again after a pause. */
        private CompletableFuture<Outcome> watch(ExportDescription export) {
            last = export;
            job.report(new Progress(Phase.WAITING, export, elapsed(export)));
            if (export.status() == ExportStatus.FAILED) {
                return CompletableFuture.failedFuture(new ExportFailedException(export));
            }
            if (export.status() == ExportStatus.COMPLETED) {
                return CompletableFuture.completedFuture(new Outcome(export, Ending.COMPLETED, startedEarlier(export)));
            }
            if (!wait) {
                return CompletableFuture.completedFuture(new Outcome(export, Ending.STARTED, startedEarlier(export)));
            }
            return interruptibly(delayer.delay(pollInterval))
                    .thenCompose(paused -> interruptibly(Jobs.call(() -> guard.describeExport(export.exportArn()))))
                    .thenCompose(this::watch);
        }

        /** {@code step}, cancelled by a cancel of the job (asked before or while it runs). */
        private <T> CompletableFuture<T> interruptibly(CompletableFuture<T> step) {
            interruptible = step;
            if (job.cancelRequested()) {
                step.cancel(true);
            }
            return step;
        }

        private Duration elapsed(ExportDescription export) {
            var since = export.startTime() == null ? began : export.startTime();
            var elapsed = Duration.between(since, clock.instant());
            return elapsed.isNegative() ? Duration.ZERO : elapsed;
        }

        private boolean startedEarlier(ExportDescription export) {
            return export.startTime() != null && export.startTime().isBefore(began.minus(EARLIER));
        }
    }
}

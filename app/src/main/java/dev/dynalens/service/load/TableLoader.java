package dev.dynalens.service.load;

import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.SerialExecutor;
import java.time.Clock;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

/**
 * Writes items into a table through a {@link DynamoSession}: creates the table first when asked,
 * then sends BatchWriteItem requests of up to 25 items, a few in flight at once, retrying unprocessed
 * items and throttled requests with exponential backoff and full jitter. A batch DynamoDB refuses as
 * invalid is split and its items put one by one, so one bad item is reported and the others are written.
 *
 * <pre>{@code
 * var job = new TableLoader(session).start(LoadRequest.of("Shop", items).creatingTable(spec), progress -> ...);
 * job.result().thenAccept(report -> ...);   // job.cancel() stops it
 * }</pre>
 *
 * Nothing blocks the caller: {@link #start} returns at once. The source iterator, the progress
 * listener and all bookkeeping run one task at a time on the loader's executor (virtual threads by
 * default, so a source reading a file may block); the listener should hand off to its UI thread.
 */
public final class TableLoader {
    private final DynamoSession session;
    private final LoadSettings settings;
    private final Executor executor;
    private final Delayer delayer;
    private final DoubleSupplier random;
    private final Clock clock;

    public TableLoader(DynamoSession session) {
        this(session, LoadSettings.DEFAULTS);
    }

    public TableLoader(DynamoSession session, LoadSettings settings) {
        this(session, settings, task -> Thread.ofVirtual().name("table-loader").start(task), Delayer.system(),
                new Random()::nextDouble, Clock.systemUTC());
    }

    /**
     * @param executor runs the load's bookkeeping, one task at a time (tests pass {@code Runnable::run})
     * @param delayer  waits between retries
     * @param random   the jitter: values in [0, 1)
     * @param clock    measures the elapsed time in the report
     */
    public TableLoader(DynamoSession session, LoadSettings settings, Executor executor, Delayer delayer,
                       DoubleSupplier random, Clock clock) {
        this.session = Objects.requireNonNull(session, "session");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.delayer = Objects.requireNonNull(delayer, "delayer");
        this.random = Objects.requireNonNull(random, "random");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Starts a load. On a read-only connection the result fails at once with a {@link LoadFailedException}
     * of kind {@code READ_ONLY}, and nothing is sent. The job's result completes with the report when the load
     * completed or was cancelled (requests in flight finish, so the written count stays exact), or fails with a
     * {@link LoadFailedException} (holding the report) when it could not go on.
     *
     * @param progress told after every request, one call at a time; never null (pass {@code p -> { }})
     */
    public Job<LoadProgress, LoadReport> start(LoadRequest request, Consumer<LoadProgress> progress) {
        Objects.requireNonNull(request, "request");
        var job = new Job<LoadProgress, LoadReport>(progress);
        var run = new LoadRun(session, settings, new SerialExecutor(executor), delayer,
                new Backoff(settings.baseDelay(), settings.maxDelay(), random), clock, request, job);
        job.onCancel(run::cancel);
        run.start();
        return job;
    }
}

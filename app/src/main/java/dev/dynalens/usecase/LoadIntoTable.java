package dev.dynalens.usecase;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.load.LoadProgress;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.usecase.support.Jobs;
import dev.dynalens.usecase.support.PageFeed;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * "Load into table": copies every item of a source table (a workspace file's, or a live table's) into a table on a
 * connection, optionally creating it first with the source's key schema and GSIs.
 *
 * <p>Streaming: the source is read page by page through the {@link dev.dynalens.service.job.Pager} and handed to the
 * {@link TableLoader} through a bounded {@link PageFeed}, so memory stays bounded by a few pages whatever the table's
 * size. The loader starts once the first page has arrived: a source that cannot be read leaves no table behind.
 *
 * <p>The writes are confirmed before anything is read (a refusal ends the job with nothing read or sent) and go through
 * the action's {@link WriteGuard}. Cancel stops reading and sending; requests in flight finish and the report stays exact.
 */
public final class LoadIntoTable {
    private final Function<DynamoSession, TableLoader> loaders;
    private final Clock clock;

    /** Loads with the loader's defaults (batches of 25, four in flight, on virtual threads). */
    public LoadIntoTable() {
        this(TableLoader::new, Clock.systemUTC());
    }

    /**
     * @param loaders makes the loader that writes through the session it is given (the action's guard); a loader on the
     *                calling thread, as tests use, needs a source that answers at once, since it waits for pages
     * @param clock   measures a load cancelled before it started
     */
    public LoadIntoTable(Function<DynamoSession, TableLoader> loaders, Clock clock) {
        this.loaders = Objects.requireNonNull(loaders, "loaders");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * What to copy, and where.
     *
     * @param createTable create {@code targetTable} first (the load fails if it exists), else load into the existing one
     */
    public record Request(DynamoSession source, String sourceTable, DynamoSession target, String targetTable, boolean createTable) {
        public Request {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(sourceTable, "sourceTable");
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(targetTable, "targetTable");
        }
    }

    /**
     * Starts the load; returns at once. The job fails with a {@link dev.dynalens.domain.connection.ReadOnlyConnectionException}
     * or {@link dev.dynalens.domain.connection.WriteNotConfirmedException} (nothing read or sent), the source's failure
     * before its first page (nothing written, no table created), or a {@link dev.dynalens.service.load.LoadFailedException}
     * holding the partial report; it completes with the report when the load completed or was cancelled.
     *
     * @param confirmer answers for a production-tagged target
     * @param progress  told after every request, one call at a time; the total is the source's DescribeTable item count,
     *                  or -1 when DynamoDB has not counted any (a live table's count is approximate)
     */
    public Job<LoadProgress, LoadReport> start(Request request, WriteConfirmer confirmer, Consumer<LoadProgress> progress) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(confirmer, "confirmer");
        var job = new Job<LoadProgress, LoadReport>(progress);
        var run = new Run(request, WriteGuard.forAction(request.target(), confirmer), job);
        job.onCancel(run::cancel);
        run.start();
        return job;
    }

    /**
     * One load: confirm, describe the source, start reading it, start the loader with the first page. Each step runs
     * when the one before completed; only {@link #cancel()} comes from elsewhere, and it touches the volatile fields.
     */
    private final class Run {
        private final Request request;
        private final WriteGuard guard;
        private final Job<LoadProgress, LoadReport> job;
        private final Instant startedAt = clock.instant();
        private volatile PageFeed feed;
        private volatile Job<LoadProgress, LoadReport> load;

        Run(Request request, WriteGuard guard, Job<LoadProgress, LoadReport> job) {
            this.request = request;
            this.guard = guard;
            this.job = job;
        }

        void start() {
            guard.confirmWrites(request.targetTable(), "a load of " + request.sourceTable())
                    .thenCompose(confirmed -> Jobs.call(() -> request.source().describeTable(request.sourceTable())))
                    .whenComplete((description, failure) -> {
                        if (failure != null) {
                            fail(failure);
                        } else if (job.cancelRequested()) {
                            cancelledBeforeLoading(description);
                        } else {
                            read(description);
                        }
                    });
        }

        private void read(TableDescription description) {
            var pages = PageFeed.scan(request.source(), request.sourceTable());
            feed = pages;
            if (job.cancelRequested()) {
                pages.close();
            }
            // Registered after the read started: with a source that answers at once, the first page is here already
            // and the loader starts on this thread, not inside the pager's handler.
            pages.firstPage().whenComplete((ignored, failure) -> {
                if (failure != null) {
                    pages.close();
                    fail(failure);
                } else if (job.cancelRequested()) {
                    pages.close();
                    cancelledBeforeLoading(description);
                } else {
                    load(description, pages);
                }
            });
        }

        private void load(TableDescription description, PageFeed pages) {
            var target = request.targetTable();
            var loadRequest = new LoadRequest(target, request.createTable()
                    ? new CreateTableSpec(target, description.keySchema(), description.globalSecondaryIndexes()) : null,
                    pages, total(description));
            Job<LoadProgress, LoadReport> started;
            try {
                started = loaders.apply(guard).start(loadRequest, job::report);
            } catch (RuntimeException e) {
                pages.close();
                fail(e);
                return;
            }
            load = started;
            if (job.cancelRequested()) {
                started.cancel();
                pages.close();
            }
            started.result().whenComplete((report, failure) -> {
                pages.close(); // the load ended: read no further
                if (failure != null) {
                    fail(failure);
                } else {
                    job.result().complete(report);
                }
            });
        }

        void cancel() {
            // The loader first: it must know of the cancel before its source runs dry, so it reports CANCELLED.
            var started = load;
            if (started != null) {
                started.cancel();
            }
            var pages = feed;
            if (pages != null) {
                pages.close();
            }
        }

        private void cancelledBeforeLoading(TableDescription description) {
            job.result().complete(new LoadReport(LoadReport.Outcome.CANCELLED, 0, 0, total(description), List.of(), 0,
                    Duration.between(startedAt, clock.instant())));
        }

        private void fail(Throwable failure) {
            job.result().completeExceptionally(Problems.unwrap(failure));
        }
    }

    /**
     * The source's item count as DescribeTable gives it, or -1 when it gives none: DynamoDB counts a live table about
     * every six hours (so the count is approximate, and zero until it first counted); a workspace file counts exactly.
     */
    static long total(TableDescription description) {
        return description != null && description.itemCount() > 0 ? description.itemCount() : -1;
    }
}

package dev.dynalens.service.transfer;

import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.Pager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Exports every page of a Scan or Query to a file through a {@link DynamoSession}, streaming: while one
 * page is written the next one is read, and no more than those two pages are held. Formats that need to
 * see every item before writing the first (CSV: its header; a Workbench model: its facets) spool the
 * pages to a DynamoDB JSON lines file beside the output first and write from it afterwards.
 *
 * <pre>{@code
 * var job = new TableExporter(session).start(ExportRequest.scan("Shop", TransferFormat.JSONL, path), progress -> ...);
 * job.result().thenAccept(report -> ...);   // job.cancel() stops it
 * }</pre>
 *
 * The output goes to {@code FILE.part} and is moved onto {@code FILE} only when complete; a cancel or a
 * failure deletes it and leaves {@code FILE} as it was. Reads run on the session's threads; the file work
 * and the progress listener run one task at a time on the exporter's executor (virtual threads by default).
 */
public final class TableExporter {
    private final DynamoSession session;
    private final Executor files;
    private final Clock clock;

    public TableExporter(DynamoSession session) {
        this(session, task -> Thread.ofVirtual().name("table-exporter").start(task), Clock.systemUTC());
    }

    /** @param files runs the file work and the listener, one task at a time by construction (tests pass {@code Runnable::run}) */
    public TableExporter(DynamoSession session, Executor files, Clock clock) {
        this.session = Objects.requireNonNull(session, "session");
        this.files = Objects.requireNonNull(files, "files");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Starts the export; returns at once. {@code progress} is told after every page. The job's result completes with
     * the report when the export completed or was cancelled; it fails with the read's
     * {@link dev.dynalens.domain.connection.DynamoAccessException} or the file's {@link IOException} (the partial
     * output is deleted either way).
     */
    public Job<ExportProgress, ExportReport> start(ExportRequest request, Consumer<ExportProgress> progress) {
        Objects.requireNonNull(request, "request");
        var job = new Job<ExportProgress, ExportReport>(progress);
        var run = new Run(request, job);
        job.onCancel(run::cancel);
        run.begin();
        return job;
    }

    private final class Run {
        private final ExportRequest request;
        private final Job<ExportProgress, ExportReport> job;
        private final Instant startedAt;
        /** The file replaced at the end, and the one written until then beside it: set once the output is opened. */
        private Path target;
        private Path partial;
        private volatile boolean cancelled;
        private volatile CompletableFuture<?> describing;
        private volatile Job<Pager.Summary, Pager.Summary> pages;
        /** Touched only by the file executor's tasks: the pager's handler and the steps before and after it. */
        private ExportSink sink;
        private long items;
        private long pageCount;
        private long estimatedTotal = -1;

        Run(ExportRequest request, Job<ExportProgress, ExportReport> job) {
            this.request = request;
            this.job = job;
            this.startedAt = clock.instant();
        }

        /**
         * DescribeTable (for the estimate, CSV's key columns, a model's keys and GSIs) and the first page at once: the
         * pager reads while the output is opened, and hands over the first page once it is.
         */
        void begin() {
            var describe = call(() -> session.describeTable(request.read().tableName()));
            describing = describe;
            var opened = describe.thenAcceptAsync(description -> {
                try {
                    open(description);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, files);
            var read = Pager.start(session, request.read(), files, page -> write(page.items()), summary -> { }, opened);
            pages = read;
            if (cancelled) {
                read.cancel();
            }
            read.result().whenCompleteAsync((summary, failure) -> guarded(() -> {
                if (failure != null) {
                    end(failure);
                } else if (!summary.complete() || cancelled) {
                    end(new CancellationException());
                } else {
                    complete();
                }
            }), files);
        }

        void cancel() {
            cancelled = true;
            var describe = describing;
            if (describe != null) {
                describe.cancel(true);
            }
            var read = pages;
            if (read != null) {
                read.cancel();
            }
        }

        private void open(TableDescription description) throws IOException {
            if (request.read() instanceof ReadRequest.Scan scan && scan.indexName() == null) {
                estimatedTotal = description.itemCount();
            }
            target = TransferFiles.exportTarget(request.file());
            partial = target.resolveSibling(target.getFileName() + ".part");
            sink = ExportSink.open(request.format(), request.csvStyle(), description, partial, target, TransferFiles.isGzipName(request.file()), clock,
                    () -> cancelled);
            job.report(new ExportProgress(0, 0, estimatedTotal));
        }

        /** The pager's handler, on the file executor: the next page is already being read. */
        private void write(java.util.List<dev.dynalens.domain.item.Item> page) {
            try {
                sink.write(page);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            items += page.size();
            pageCount++;
            job.report(new ExportProgress(items, (int) pageCount, estimatedTotal));
        }

        private void complete() throws IOException {
            sink.finish();
            if (cancelled) {
                end(new CancellationException());
                return;
            }
            sink.close();
            sink = null;
            try {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            }
            job.result().complete(report(ExportReport.Outcome.COMPLETED));
        }

        /** Ends as cancelled (the cancel, or a read aborted by it) or failed; the partial output is deleted. */
        private void end(Throwable error) {
            cleanUp();
            var root = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            if (root instanceof java.io.UncheckedIOException unchecked) {
                root = unchecked.getCause();
            }
            if (cancelled || root instanceof CancellationException) {
                job.result().complete(report(ExportReport.Outcome.CANCELLED));
            } else if (root instanceof IOException io) {
                // A full disk says only "No space left on device": name the file, and that nothing was replaced.
                job.result().completeExceptionally(new IOException("Writing " + request.file() + " failed: " + io.getMessage()
                        + (Files.exists(request.file()) ? "; the file there was left as it was" : "; nothing was written"), io));
            } else {
                job.result().completeExceptionally(root);
            }
        }

        private void cleanUp() {
            if (sink != null) {
                sink.discard();
                sink = null;
            }
            try {
                if (partial != null) {
                    Files.deleteIfExists(partial);
                }
            } catch (IOException ignored) {
                // Nothing more to do: the partial file is named .part and never replaces the output.
            }
        }

        private ExportReport report(ExportReport.Outcome outcome) {
            return new ExportReport(outcome, request.format(), request.file(), items, (int) pageCount,
                    Duration.between(startedAt, clock.instant()));
        }

        private interface Step {
            void run() throws IOException;
        }

        /** A failure of the file or of a listener ends the export rather than leaving it hanging. */
        private void guarded(Step step) {
            try {
                step.run();
            } catch (IOException | RuntimeException e) {
                end(e);
            }
        }
    }

    /** A session call that throws instead of failing its future still ends up in the future. */
    private static <T> CompletableFuture<T> call(java.util.function.Supplier<CompletableFuture<T>> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}

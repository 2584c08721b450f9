package dev.dynalens.service.transfer;

import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
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
 * var handle = new TableExporter(session).start(ExportRequest.scan("Shop", TransferFormat.JSONL, path), progress -> ...);
 * handle.result().thenAccept(report -> ...);   // handle.cancel() stops it
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

    /** Starts the export; returns at once. {@code progress} is told after every page. */
    public ExportHandle start(ExportRequest request, Consumer<ExportProgress> progress) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(progress, "progress");
        var run = new Run(request, progress);
        run.begin();
        return new ExportHandle(run.result, run::cancel);
    }

    private final class Run {
        private final ExportRequest request;
        private final Consumer<ExportProgress> listener;
        private final CompletableFuture<ExportReport> result = new CompletableFuture<>();
        private final Path partial;
        private final Instant startedAt;
        private volatile boolean cancelled;
        private volatile CompletableFuture<?> inFlight;
        private ExportSink sink;
        private long items;
        private int pages;
        private long estimatedTotal = -1;

        Run(ExportRequest request, Consumer<ExportProgress> listener) {
            this.request = request;
            this.listener = listener;
            this.partial = request.file().resolveSibling(request.file().getFileName() + ".part");
            this.startedAt = clock.instant();
        }

        /** DescribeTable (for the estimate, CSV's key columns, a model's keys and GSIs) and the first page, both at once. */
        void begin() {
            var describe = call(() -> session.describeTable(request.read().tableName()));
            var first = call(() -> session.read(request.read()));
            inFlight = first;
            describe.thenCombine(first, Opened::new).whenCompleteAsync((opened, error) -> guarded(() -> {
                if (error != null) {
                    end(error);
                    return;
                }
                open(opened.description());
                onPage(request.read(), opened.page());
            }), files);
        }

        private record Opened(TableDescription description, Page page) {
        }

        void cancel() {
            cancelled = true;
            var current = inFlight;
            if (current != null) {
                current.cancel(true);
            }
        }

        private void open(TableDescription description) throws IOException {
            if (request.read() instanceof ReadRequest.Scan scan && scan.indexName() == null) {
                estimatedTotal = description.itemCount();
            }
            sink = ExportSink.open(request.format(), description, partial, TransferFiles.isGzipName(request.file()), clock,
                    () -> cancelled);
            listener.accept(new ExportProgress(0, 0, estimatedTotal));
        }

        /** Runs on the file executor; the next page's handler is attached only after this page is written. */
        private void onPage(ReadRequest request, Page page) throws IOException {
            if (cancelled) {
                end(new CancellationException());
                return;
            }
            var next = page.next().map(request::withExclusiveStartKey).orElse(null);
            CompletableFuture<Page> nextPage = null;
            if (next != null) {
                nextPage = call(() -> session.read(next));
                inFlight = nextPage;
            }
            sink.write(page.items());
            items += page.items().size();
            pages++;
            listener.accept(new ExportProgress(items, pages, estimatedTotal));
            if (nextPage == null) {
                complete();
                return;
            }
            if (cancelled) {
                nextPage.cancel(true);
            }
            nextPage.whenCompleteAsync((value, error) -> guarded(() -> {
                if (error != null) {
                    end(error);
                } else {
                    onPage(next, value);
                }
            }), files);
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
                Files.move(partial, request.file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(partial, request.file(), StandardCopyOption.REPLACE_EXISTING);
            }
            result.complete(report(ExportReport.Outcome.COMPLETED));
        }

        /** Ends as cancelled (the cancel, or a read aborted by it) or failed; the partial output is deleted. */
        private void end(Throwable error) {
            cleanUp();
            var root = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            if (cancelled || root instanceof CancellationException) {
                result.complete(report(ExportReport.Outcome.CANCELLED));
            } else {
                result.completeExceptionally(root);
            }
        }

        private void cleanUp() {
            if (sink != null) {
                sink.discard();
                sink = null;
            }
            try {
                Files.deleteIfExists(partial);
            } catch (IOException ignored) {
                // Nothing more to do: the partial file is named .part and never replaces the output.
            }
        }

        private ExportReport report(ExportReport.Outcome outcome) {
            return new ExportReport(outcome, request.format(), request.file(), items, pages, Duration.between(startedAt, clock.instant()));
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

package dev.dynalens.service.transfer;

import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.transfer.ItemReader;
import dev.dynalens.domain.transfer.ReadEntry;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.domain.workspace.ModelItemReader;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.load.LoadProgress;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.LoadSettings;
import dev.dynalens.service.load.TableLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Imports a file into an existing table: reads it item by item and writes with {@link TableLoader}, so items go in
 * BatchWriteItem requests of 25, paced {@linkplain LoadSettings.Pacing#ADAPTIVE adaptively} by default: throttling
 * halves the requests in flight, and unprocessed items fill the next batches. A malformed line, an item without the table's key and an item DynamoDB refuses
 * are rejections with their line and reason; the rest is written.
 *
 * <p>Refused on a read-only connection before the file is opened. The file is read on the loader's
 * threads as batches are needed, so memory stays bounded by the batches in flight. Items DynamoDB
 * refused are matched to their lines by reading the file a second time, only when there are any.
 */
public final class TableImporter {
    private final DynamoSession session;
    private final TableLoader loader;
    private final Executor files;
    private final Clock clock;

    public TableImporter(DynamoSession session) {
        this(session, new TableLoader(session, LoadSettings.ADAPTIVE), task -> Thread.ofVirtual().name("table-importer").start(task),
                Clock.systemUTC());
    }

    /** @param loader writes into {@code session}; {@code files} runs the file work before and after the load */
    public TableImporter(DynamoSession session, TableLoader loader, Executor files, Clock clock) {
        this.session = Objects.requireNonNull(session, "session");
        this.loader = Objects.requireNonNull(loader, "loader");
        this.files = Objects.requireNonNull(files, "files");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Starts the import; returns at once. {@code progress} is told after every request, one call at a time. The job's
     * result completes with the report when the import completed or was cancelled; it fails with a
     * {@link ReadOnlyConnectionException} on a read-only connection (nothing read or sent), the table's
     * {@link dev.dynalens.domain.connection.DynamoAccessException}, a {@link dev.dynalens.service.load.LoadFailedException}
     * when writing stopped, or the file's {@link IOException}.
     */
    public Job<ImportProgress, ImportReport> start(ImportRequest request, Consumer<ImportProgress> progress) {
        Objects.requireNonNull(request, "request");
        if (session.writeProfile().readOnly()) {
            // The loader would refuse too; refusing here reads nothing and names the import.
            return Job.failed(new ReadOnlyConnectionException(session.writeProfile().name(), "importing"));
        }
        var job = new Job<ImportProgress, ImportReport>(progress);
        var run = new Run(request, job);
        job.onCancel(run::cancel);
        run.start().whenComplete((report, failure) -> {
            if (failure != null) {
                job.result().completeExceptionally(failure instanceof java.util.concurrent.CompletionException c && c.getCause() != null
                        ? c.getCause() : failure);
            } else {
                job.result().complete(report);
            }
        });
        return job;
    }

    /**
     * One import. The file is opened on the file executor before the load starts; from then on the source is read, and
     * rejections recorded, only by the loader's tasks, which run one at a time on its lane; the report is made after
     * the load ended. So {@link #rejected} needs no lock: each step hands over to the next through a future.
     * Only {@link #cancel()} comes from another thread, and it touches volatile flags and the load's own cancel.
     */
    private final class Run {
        private final ImportRequest request;
        private final Job<ImportProgress, ImportReport> job;
        private final Instant startedAt = clock.instant();
        private final List<ImportReport.Rejection> rejected = new ArrayList<>();
        private final List<ImportReport.Notice> notes = new ArrayList<>();
        private final AtomicLong bytesRead = new AtomicLong();
        private volatile boolean cancelled;
        private volatile Job<LoadProgress, LoadReport> load;
        private TransferFormat format;
        private long fileSize;
        private Source source;
        private TableDescription table;
        private dev.dynalens.domain.table.KeySchema keys;

        Run(ImportRequest request, Job<ImportProgress, ImportReport> job) {
            this.request = request;
            this.job = job;
        }

        CompletableFuture<ImportReport> start() {
            return session.describeTable(request.tableName())
                    .thenApplyAsync(this::open, files)
                    .thenCompose(opened -> {
                        if (cancelled) {
                            return CompletableFuture.completedFuture((LoadReport) null);
                        }
                        var started = loader.start(LoadRequest.streaming(request.tableName(), opened), this::progress);
                        load = started;
                        if (cancelled) {
                            started.cancel();
                        }
                        return started.result();
                    })
                    .handleAsync((report, error) -> {
                        closeSource();
                        if (error != null) {
                            throw error instanceof java.util.concurrent.CompletionException c ? c : new java.util.concurrent.CompletionException(error);
                        }
                        return report(report);
                    }, files);
        }

        void cancel() {
            cancelled = true;
            if (source != null) {
                source.stopped = true;
            }
            var current = load;
            if (current != null) {
                current.cancel();
            }
        }

        private Source open(TableDescription table) {
            try {
                fileSize = Files.size(request.file());
                TransferFiles.requireContent(request.file());
                format = request.givenFormat().isPresent() ? request.format() : TransferFiles.detect(request.file());
                this.keys = table.keySchema();
                var keys = new KeyCheck(table.keySchema());
                this.table = table;
                source = new Source(format == TransferFormat.WORKBENCH ? modelReader(table, bytesRead)
                        : TransferFiles.reader(format, request.file(), bytesRead), keys);
                source.stopped = cancelled;
                return source;
            } catch (NoSuchFileException e) {
                throw new IllegalArgumentException("No such file: " + request.file(), e);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot read " + request.file() + ": " + e.getMessage(), e);
            }
        }

        /** The model's table named as the target (or its only one), streamed; its coercions come as notes. */
        private ItemReader modelReader(TableDescription target, AtomicLong counted) throws IOException {
            var opened = new java.util.concurrent.atomic.AtomicBoolean();
            // The model is read twice (its tables' names first); the progress counts the second reading.
            return ModelItemReader.open(() -> TransferFiles.open(request.file(), opened.getAndSet(true) ? counted : null),
                    request.file().toString(), target.name(), target.keySchema());
        }

        private void progress(LoadProgress p) {
            job.report(new ImportProgress(p.written(), rejected.size() + p.rejected(), p.retries(), bytesRead.get(), fileSize, p.inFlight()));
        }

        private ImportReport report(LoadReport load) {
            var all = new ArrayList<ImportReport.Rejection>(rejected);
            long written = 0;
            long retries = 0;
            var outcome = cancelled ? ImportReport.Outcome.CANCELLED : ImportReport.Outcome.COMPLETED;
            if (load != null) {
                written = load.written();
                retries = load.retries();
                if (load.outcome() == LoadReport.Outcome.CANCELLED) {
                    outcome = ImportReport.Outcome.CANCELLED;
                }
                all.addAll(locate(load.rejected()));
            }
            all.sort(Comparator.comparingLong(ImportReport.Rejection::line));
            return new ImportReport(outcome, format, source == null ? 0 : source.read, written, all, retries,
                    Duration.between(startedAt, clock.instant()), keys, notes);
        }

        /** The lines of the items DynamoDB refused, from a second reading of the file (items are compared by value). */
        private List<ImportReport.Rejection> locate(List<LoadReport.RejectedItem> refused) {
            if (refused.isEmpty()) {
                return List.of();
            }
            Map<Item, ArrayDeque<LoadReport.RejectedItem>> waiting = new HashMap<>();
            refused.forEach(r -> waiting.computeIfAbsent(r.item(), k -> new ArrayDeque<>()).add(r));
            var located = new ArrayList<ImportReport.Rejection>();
            try (var reader = format == TransferFormat.WORKBENCH ? modelReader(table, null)
                    : TransferFiles.reader(format, request.file(), null)) {
                ReadEntry entry;
                while (!waiting.isEmpty() && (entry = reader.next()) != null) {
                    if (entry instanceof ReadEntry.ItemAt at && waiting.get(at.item()) instanceof ArrayDeque<LoadReport.RejectedItem> queue) {
                        located.add(new ImportReport.Rejection(at.line(), 0, queue.poll().reason(), at.item()));
                        if (queue.isEmpty()) {
                            waiting.remove(at.item());
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                // The items are still reported below, without their lines.
            }
            waiting.values().forEach(queue -> queue.forEach(r -> located.add(new ImportReport.Rejection(0, 0, r.reason(), r.item()))));
            return located;
        }

        private void closeSource() {
            if (source != null) {
                source.close();
            }
        }

        /**
         * The items for the loader, read as it asks; malformed input and unkeyed items become rejections on the way, values
         * read otherwise than written and keys seen before become notes.
         */
        private final class Source implements Iterator<Item> {
            private final ItemReader reader;
            private final KeyCheck keys;
            private final KeyLines seen;
            private volatile boolean stopped;
            private Item next;
            private boolean done;
            private long read;

            Source(ItemReader reader, KeyCheck keys) {
                this.reader = reader;
                this.keys = keys;
                this.seen = new KeyLines(keys.schema());
            }

            @Override
            public boolean hasNext() {
                while (next == null && !done && !stopped) {
                    var entry = nextEntry();
                    if (entry == null) {
                        done = true;
                    } else if (entry instanceof ReadEntry.ItemAt at) {
                        read++;
                        var problem = keys.problem(at.item());
                        if (problem.isPresent()) {
                            rejected.add(new ImportReport.Rejection(at.line(), 0, problem.get(), at.item()));
                        } else {
                            next = at.item();
                            seen.add(at.item(), at.line()).ifPresent(earlier -> notes.add(new ImportReport.Notice(at.line(), 0,
                                    "The same key as the item at line " + earlier + " (" + keys.keyText(at.item())
                                            + "): written after it, it replaces it, as a second put does")));
                        }
                    } else if (entry instanceof ReadEntry.Problem problem) {
                        rejected.add(new ImportReport.Rejection(problem.line(), problem.column(), problem.message(), null));
                        done = problem.fatal();
                    } else if (entry instanceof ReadEntry.Note note) {
                        notes.add(new ImportReport.Notice(note.line(), note.column(), note.message()));
                    }
                }
                return next != null;
            }

            private ReadEntry nextEntry() {
                try {
                    return reader.next();
                } catch (IOException e) {
                    throw new UncheckedIOException("Reading " + request.file() + " failed: " + e.getMessage(), e);
                }
            }

            @Override
            public Item next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                var item = next;
                next = null;
                return item;
            }

            void close() {
                try {
                    reader.close();
                } catch (IOException ignored) {
                    // Read-only file: nothing is lost by a failed close.
                }
            }
        }
    }
}

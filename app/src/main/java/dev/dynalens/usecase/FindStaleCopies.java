package dev.dynalens.usecase;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.capacity.ScanEstimate;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.staleness.Finding;
import dev.dynalens.domain.staleness.ProjectionStore;
import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.staleness.RuleInference;
import dev.dynalens.domain.staleness.StaleScan;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.Pager;
import dev.dynalens.service.job.SerialExecutor;
import dev.dynalens.usecase.support.ExecutorTasks;
import dev.dynalens.service.spill.SpillFile;
import dev.dynalens.usecase.support.TableRead;
import dev.dynalens.usecase.support.TableReads;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Find the denormalized copies of a table that drifted from their source (stale) or lost it (orphans), by the rules the
 * person chose ({@link RuleChoice}): {@code dynalens stale}, {@code dynalens fanout} and the app's "Stale copies" tab.
 *
 * <p><b>One read.</b> The table is read once: one Scan through {@link Pager}, in parallel segments where the endpoint
 * gains from them ({@link ScanEstimate#segmentsFor}), each segment keeping what inference and detection need of its
 * items in a partial state of its own ({@link StaleScan.Partial}, within a memory budget; what does not fit goes to a
 * temporary file, deleted afterwards). Then the entities are named, the rules inferred (unless given) and every copy
 * checked over what was kept ({@link StaleScan#finish}, on the {@code analysis} lane, its chunks on the workers). Not
 * at all when a current read of the table is kept ({@link TableReads}: the Collections overview's, or the last
 * detection's): that is reused.
 *
 * <p><b>The cost first.</b> {@link #plan} says what the read will cost (DescribeTable's size: read units and requests)
 * before anything is read; on a production connection the read waits for the person's confirmation
 * ({@link StaleReadPlan#confirm}) and is refused without it ({@link ReadNotConfirmedException}). The result says what
 * the read consumed ({@link StaleRead}).
 */
public final class FindStaleCopies {
    /**
     * How a detection reads and computes.
     *
     * @param memoryBudgetBytes projections held in memory at most; the rest spills to a file in {@code spillDirectory}
     * @param parallelism       chunks computed at once after the read
     * @param segments          the Scan's segments, or null to choose by the endpoint and the table's size
     * @param inference         the bounds of rule inference
     */
    public record Settings(long memoryBudgetBytes, Path spillDirectory, int parallelism, Integer segments, RuleInference.Options inference) {
        public Settings {
            Objects.requireNonNull(spillDirectory, "spillDirectory");
            Objects.requireNonNull(inference, "inference");
            if (memoryBudgetBytes < 0 || parallelism < 1 || segments != null && (segments < 1 || segments > ReadRequest.Segment.MAX_TOTAL)) {
                throw new IllegalArgumentException("Invalid detection settings: " + memoryBudgetBytes + " bytes, " + parallelism
                        + " at once, " + segments + " segments");
            }
        }

        /** A quarter of the heap (at most 512 MB) for projections, the system's temporary directory, every processor. */
        public static Settings defaults() {
            long budget = Math.min(512L << 20, Runtime.getRuntime().maxMemory() / 4);
            return new Settings(budget, Path.of(System.getProperty("java.io.tmpdir")), Runtime.getRuntime().availableProcessors(), null,
                    RuleInference.Options.DEFAULTS);
        }

        /**
         * For a read kept while the person works on (the app's Collections overview): a sixteenth of the heap, at most
         * 128 MB, in memory, since several tables' reads may be kept at once; the rest spills.
         */
        public static Settings forKeptReads() {
            return defaults().withMemoryBudget(Math.min(128L << 20, Runtime.getRuntime().maxMemory() / 16));
        }

        public Settings withSegments(Integer count) {
            return new Settings(memoryBudgetBytes, spillDirectory, parallelism, count, inference);
        }

        public Settings withMemoryBudget(long bytes) {
            return new Settings(bytes, spillDirectory, parallelism, segments, inference);
        }

        public Settings withSpillDirectory(Path directory) {
            return new Settings(memoryBudgetBytes, directory, parallelism, segments, inference);
        }

        public Settings withParallelism(int count) {
            return new Settings(memoryBudgetBytes, spillDirectory, count, segments, inference);
        }
    }

    private final DynamoSession session;
    private final Executor analysis;
    private final Executor workers;
    private final Settings settings;
    private final TableReads reads;

    /** Reads and computes on virtual threads, with the default settings; keeps no read for later. */
    public FindStaleCopies(DynamoSession session) {
        this(session, task -> Thread.ofVirtual().name("stale-copies").start(task), Settings.defaults(), null);
    }

    /** @param analysis where pages are kept and the passes run (tests pass {@code Runnable::run}) */
    public FindStaleCopies(DynamoSession session, Executor analysis) {
        this(session, analysis, Settings.defaults(), null);
    }

    /**
     * @param analysis where pages are kept (a lane per segment over it) and the passes run: it may be one thread (the
     *                 app gives each tab's check one), so the passes' chunks, which the passes wait for, run on virtual
     *                 threads of their own, at most {@code settings.parallelism()} at once
     * @param reads    the table's kept reads, to reuse and to keep this one in; null keeps none (the command line)
     */
    public FindStaleCopies(DynamoSession session, Executor analysis, Settings settings, TableReads reads) {
        this.session = Objects.requireNonNull(session, "session");
        this.analysis = Objects.requireNonNull(analysis, "analysis");
        // Never the analysis executor: a pass waits for its chunks there, and on one thread they would never run.
        this.workers = task -> Thread.ofVirtual().name("stale-copies-chunk").start(task);
        this.settings = Objects.requireNonNull(settings, "settings");
        this.reads = reads;
    }

    /**
     * What a detection of {@code tableName} by {@code rules} will read and cost (DescribeTable only): to say before
     * anything is read, and to confirm on a production connection.
     */
    public CompletableFuture<StaleReadPlan> plan(String tableName, RuleChoice rules) {
        Objects.requireNonNull(rules, "rules");
        CompletableFuture<TableDescription> described;
        try {
            described = session.describeTable(tableName);
        } catch (RuntimeException e) {
            described = CompletableFuture.failedFuture(e);
        }
        return described.thenApply(table -> {
            var endpoint = ScanEstimate.Endpoint.of(session.profile());
            Integer asked = settings.segments();
            // Segments beyond what the table can use read empty pages, each a request and a partial state held in memory.
            int usable = (int) Math.min(ReadRequest.Segment.MAX_TOTAL,
                    ScanEstimate.usableSegments(endpoint, table.sizeBytes(), table.itemCount()));
            int segments = asked != null ? Math.min(asked, usable)
                    : ScanEstimate.segmentsFor(endpoint, table.sizeBytes(), table.itemCount(), settings.parallelism());
            var estimate = ScanEstimate.of(table.sizeBytes(), table.itemCount(), segments);
            String reusing = null;
            if (reads != null) {
                var kept = reads.take(table.name(), rules);
                if (kept.isPresent()) {
                    reusing = kept.get().describe(reads.clock().instant());
                    kept.get().release();
                }
            }
            return new StaleReadPlan(table, estimate, session.profile().tag().isProduction(), false, reusing,
                    asked != null && asked > segments ? segmentsBound(endpoint, table, segments) : null);
        });
    }

    /** Why a table is read in fewer segments than asked, in a sentence. */
    private static String segmentsBound(ScanEstimate.Endpoint endpoint, TableDescription table, int segments) {
        var plural = segments == 1 ? "" : "s";
        if (endpoint == ScanEstimate.Endpoint.WORKSPACE) {
            return String.format(Locale.ROOT, "%s is a file read in memory, so it is read in %,d segment%s (at most one per item "
                    + "and %d in all)", table.name(), segments, plural, ScanEstimate.MAX_SEGMENTS);
        }
        if (table.sizeBytes() <= 0) {
            return String.format(Locale.ROOT, "DescribeTable does not know %s's size (it says 0 bytes), so it is read in %,d "
                    + "segments, the most for a table of unknown size", table.name(), segments);
        }
        return String.format(Locale.ROOT, "%s's %s can use at most %,d segment%s (a segment should read at least about 1 MB of "
                + "the table), so it is read in %,d", table.name(), ScanEstimate.sizeText(table.sizeBytes()), segments, plural, segments);
    }

    /**
     * Plans and starts a detection of {@code tableName}; returns at once. On a production connection the read is refused
     * ({@link ReadNotConfirmedException}) unless it reuses a kept read: plan first and start the confirmed plan.
     *
     * @see #start(StaleReadPlan, RuleChoice, int, Consumer, Consumer)
     */
    public Job<StaleProgress, StaleDetection> start(String tableName, RuleChoice rules, int maxListed, Consumer<? super Finding> onFinding,
                                                   Consumer<? super StaleProgress> listener) {
        return start(Objects.requireNonNull(tableName, "tableName"), null, rules, maxListed, onFinding, listener);
    }

    /**
     * Starts the detection a plan describes; returns at once. The job's result completes with the detection when every
     * copy was checked, or when cancelled (then {@link StaleDetection#complete()} is false and it has no report); it
     * fails with a {@link StaleDetectionFailedException} when the read failed, or was refused. Cancelling aborts the
     * requests in flight.
     *
     * @param maxListed how many findings of each kind the report lists; all are counted
     * @param onFinding told of every finding (also those beyond {@code maxListed}), in the order one Scan reads them, on the lane
     * @param listener  told of the read's progress and each step's, on the lane; hand off to a UI thread there
     */
    public Job<StaleProgress, StaleDetection> start(StaleReadPlan plan, RuleChoice rules, int maxListed, Consumer<? super Finding> onFinding,
                                                   Consumer<? super StaleProgress> listener) {
        return start(Objects.requireNonNull(plan, "plan").tableName(), plan, rules, maxListed, onFinding, listener);
    }

    private Job<StaleProgress, StaleDetection> start(String tableName, StaleReadPlan plan, RuleChoice rules, int maxListed,
                                                    Consumer<? super Finding> onFinding, Consumer<? super StaleProgress> listener) {
        var job = new Job<StaleProgress, StaleDetection>(listener);
        var run = new Run(tableName, Objects.requireNonNull(rules, "rules"), maxListed, Objects.requireNonNull(onFinding, "onFinding"), job);
        job.onCancel(run::cancel);
        run.begin(plan == null ? plan(tableName, rules) : CompletableFuture.completedFuture(plan));
        return job;
    }

    /** One detection. Every field but the volatile ones is touched only by tasks of {@link #lane}. */
    private final class Run {
        final String tableName;
        final RuleChoice rules;
        final int maxListed;
        final Consumer<? super Finding> onFinding;
        final Job<StaleProgress, StaleDetection> job;
        final SerialExecutor lane = new SerialExecutor(analysis);
        StaleReadPlan plan;
        KeySchema keySchema;
        StaleScan.Result result;
        StaleRead read;
        long itemCount;
        long[] itemsPerSegment = new long[0];
        List<StaleDetection.UnknownEntity> warnings = List.of();
        StaleProgress progress = StaleProgress.STARTING;
        volatile boolean cancelled;
        final List<Job<Pager.Summary, Pager.Summary>> reading = new java.util.concurrent.CopyOnWriteArrayList<>();

        Run(String tableName, RuleChoice rules, int maxListed, Consumer<? super Finding> onFinding, Job<StaleProgress, StaleDetection> job) {
            if (maxListed < 0) {
                throw new IllegalArgumentException("maxListed must not be negative: " + maxListed);
            }
            this.tableName = tableName;
            this.rules = rules;
            this.maxListed = maxListed;
            this.onFinding = onFinding;
            this.job = job;
        }

        /** The plan, then the read (or the reused one), then the passes: the one place that knows the order. */
        void begin(CompletableFuture<StaleReadPlan> planned) {
            planned.thenComposeAsync(this::readOrReuse, lane)
                    .thenAcceptAsync(this::detect, lane)
                    .whenCompleteAsync((done, failure) -> end(failure), lane);
        }

        /** The reads' partial states: kept from an earlier read, or read now. */
        CompletableFuture<TableRead> readOrReuse(StaleReadPlan planned) {
            plan = planned;
            keySchema = planned.table().keySchema();
            if (cancelled) {
                return CompletableFuture.failedFuture(new CancellationException("cancelled"));
            }
            if (planned.reusing() != null && reads != null) {
                var kept = reads.take(tableName, rules);
                if (kept.isPresent()) {
                    read = StaleRead.reusedRead(planned.estimate().segments());
                    return CompletableFuture.completedFuture(kept.get());
                }
            }
            if (planned.production() && !planned.confirmed()) {
                return CompletableFuture.failedFuture(new ReadNotConfirmedException(tableName, planned.estimate()));
            }
            return readTable(planned);
        }

        /** Every page of every segment, each segment into a partial of its own; completes when all are read. */
        CompletableFuture<TableRead> readTable(StaleReadPlan planned) {
            var startedAt = reads == null ? Instant.now() : reads.clock().instant();
            var spill = new SpillFile.Lazy(settings.spillDirectory());
            var budget = new ProjectionStore.Budget(settings.memoryBudgetBytes(), spill::open);
            var scan = new StaleScan(TableKeys.from(planned.table()), rules, settings.inference(), budget);
            int segments = planned.estimate().segments();
            itemsPerSegment = new long[segments];
            var partials = new ArrayList<StaleScan.Partial>();
            var results = new ArrayList<CompletableFuture<Pager.Summary>>();
            for (int s = 0; s < segments; s++) {
                // Segment 0 names its items as they come and begins the passes between its pages (the others are
                // named after it at the end, as one sequential Scan reads them).
                var partial = s == 0 ? scan.firstPartial() : scan.partial(s);
                partials.add(partial);
                var request = new ReadRequest.Scan(tableName, null, null, null);
                var segmentRequest = segments == 1 ? request : request.inSegment(new ReadRequest.Segment(s, segments));
                int segment = s;
                // Segment 0: what can be done before the last page is done between pages, while the next one comes.
                var pager = Pager.start(session, segmentRequest, analysis, page -> {
                            partial.acceptAll(page.items());
                            partial.advance();
                        },
                        summary -> lane.execute(() -> readProgress(segment, summary.items())));
                reading.add(pager);
                results.add(pager.result());
            }
            if (cancelled) {
                reading.forEach(Job::cancel);
            }
            // The first segment that fails stops the others.
            results.forEach(result -> result.whenComplete((summary, failure) -> {
                if (failure != null) {
                    reading.forEach(Job::cancel);
                }
            }));
            return CompletableFuture.allOf(results.toArray(CompletableFuture[]::new)).handleAsync((all, failure) -> {
                if (failure != null) {
                    spill.close();
                    throw failure instanceof RuntimeException runtime ? runtime : new java.util.concurrent.CompletionException(failure);
                }
                partials.forEach(StaleScan.Partial::end);
                long requests = 0;
                double units = 0;
                boolean reported = false;
                for (var result : results) {
                    var summary = result.join();
                    if (!summary.complete()) {
                        spill.close();
                        throw new CancellationException("cancelled while reading");
                    }
                    requests += summary.pages();
                    units += summary.capacityUnits();
                    reported |= summary.capacityReported();
                }
                // DynamoDB reports consumed capacity in multiples of 0.5 units; the sum of such doubles is exact.
                read = new StaleRead(requests, segments, reported ? CapacityUnits.ofHalves(Math.round(units * 2)) : null, false,
                        budget.spilledBytes());
                return new TableRead(planned.table(), scan, partials, startedAt, "the last detection", spill.opened());
            }, lane);
        }

        void readProgress(int segment, long items) {
            itemsPerSegment[segment] = items;
            long total = 0;
            for (long count : itemsPerSegment) {
                total += count;
            }
            itemCount = total;
            report(new StaleProgress(StaleProgress.Step.READING, total, 0, 0, List.of()));
        }

        /** The passes over what the read kept (on the lane, the chunks on the workers). */
        void detect(TableRead kept) {
            boolean keep = reads != null;
            try {
                itemCount = kept.items();
                result = kept.scan().finish(kept.partials(), rules, new ExecutorTasks(workers), settings.parallelism(), maxListed,
                        onFinding,
                        step -> report(new StaleProgress(switch (step.phase()) {
                            case NAMING -> StaleProgress.Step.NAMING;
                            case INFERRING -> StaleProgress.Step.INFERRING;
                            case DETECTING -> StaleProgress.Step.DETECTING;
                        }, itemCount, step.chunksDone(), step.chunks(), step.checking())), () -> cancelled);
                if (rules instanceof RuleChoice.Given given) {
                    warnings = unknownEntities(given, result.entities());
                }
            } finally {
                if (!read.reused()) {
                    if (keep && result != null) {
                        reads.offer(kept);
                    }
                    if (!keep || result == null) {
                        kept.drop();
                    }
                } else {
                    kept.release();
                }
            }
        }

        List<StaleDetection.UnknownEntity> unknownEntities(RuleChoice.Given given, Set<String> entities) {
            var unknown = new ArrayList<StaleDetection.UnknownEntity>();
            for (var rule : given.rules()) {
                for (var entity : List.of(rule.source().entity(), rule.copy().entity())) {
                    if (!entities.contains(entity)) {
                        unknown.add(new StaleDetection.UnknownEntity(given.origin(), rule, entity, tableName, new java.util.TreeSet<>(entities)));
                    }
                }
            }
            return unknown;
        }

        void report(StaleProgress now) {
            progress = now;
            job.report(now);
        }

        void end(Throwable failure) {
            if (failure == null) {
                job.result().complete(detection(true));
            } else if (cancelled || Problems.isCancellation(failure)) {
                job.result().complete(detection(false));
            } else {
                job.result().completeExceptionally(new StaleDetectionFailedException(Problems.unwrap(failure), detection(false)));
            }
        }

        StaleDetection detection(boolean complete) {
            return new StaleDetection(tableName, complete && result != null ? result.report() : null, rules instanceof RuleChoice.Inferred,
                    itemCount, warnings, complete, progress, keySchema, plan, read);
        }

        /** From any thread: stops the reads in flight and the passes; the lane then ends the run. */
        void cancel() {
            cancelled = true;
            reading.forEach(Job::cancel);
        }
    }
}

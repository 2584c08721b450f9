package dev.dynalens.usecase;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.Pager;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Analyse a whole table: every page of a Scan fed to an {@link Analyzer} built from the table's keys and the lens, with
 * snapshots of what it makes of the table so far as progress, and the analysis of every item as the result. The app's
 * Collections overview shows the snapshots as they come; {@code dynalens analyze} of a live table or a workspace file
 * waits for the result.
 *
 * <p>The Analyzer is not thread-safe: it is fed, and read, only on the single-threaded {@code analysis} executor given.
 * Pages come through {@link Pager} with one page read ahead: the next page is requested while this one is analysed, so
 * the network and the inference overlap, but no further. Without that bound a source faster than the analysis (an
 * in-memory workspace of a million items answers at once) has every page queued, decoded, and fills the heap.
 *
 * <p>A snapshot ({@link Analyzer#result()}) walks every entity type; taking one per page would cost as much as the
 * analysis on a table of many small pages, so they are taken at most once per snapshot interval, and after the first
 * page.
 */
public final class AnalyzeTable {
    /** How often at most a snapshot is taken while the table is read. */
    public static final Duration SNAPSHOT_INTERVAL = Duration.ofMillis(200);

    /** What the analysis makes of the table so far. */
    public record Progress(TableAnalysis snapshot, long pages, long items) {
    }

    /**
     * The analysis after the last page, or after the last page read before a cancel.
     *
     * @param complete every page was read (false after a cancel: the analysis is of what was read)
     * @param naming   what names items as the analysis did, to name items with afterwards; use it on the analysis executor only
     */
    public record Analysed(TableAnalysis analysis, long pages, boolean complete, EntityNaming naming) {
        public long itemCount() {
            return analysis.itemCount();
        }
    }

    /** What else to do with each page once the analyzer has it, on the analysis executor (keep keys, sample partitions). */
    @FunctionalInterface
    public interface PageObserver {
        PageObserver NONE = (items, naming) -> { };

        void analysed(List<Item> items, EntityNaming naming);
    }

    private final DynamoSession session;
    private final Executor analysis;
    private final LongSupplier nanoTime;
    private final long snapshotIntervalNanos;
    private final boolean measureItemSizes;

    /** @param analysis single-threaded: feeds the analyzer (tests pass {@code Runnable::run}) */
    public AnalyzeTable(DynamoSession session, Executor analysis) {
        this(session, analysis, System::nanoTime, SNAPSHOT_INTERVAL, false);
    }

    /** With the clock and the snapshot interval given (a test decides when a snapshot is due). */
    public AnalyzeTable(DynamoSession session, Executor analysis, LongSupplier nanoTime, Duration snapshotInterval) {
        this(session, analysis, nanoTime, snapshotInterval, false);
    }

    private AnalyzeTable(DynamoSession session, Executor analysis, LongSupplier nanoTime, Duration snapshotInterval,
                         boolean measureItemSizes) {
        this.session = Objects.requireNonNull(session, "session");
        this.analysis = Objects.requireNonNull(analysis, "analysis");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.snapshotIntervalNanos = snapshotInterval.toNanos();
        this.measureItemSizes = measureItemSizes;
    }

    /** The same, also measuring each item's size (each entity's average and largest item; a walk over every value). */
    public AnalyzeTable measuringItemSizes() {
        return new AnalyzeTable(session, analysis, nanoTime, Duration.ofNanos(snapshotIntervalNanos), true);
    }

    /** Starts reading {@code table} with nothing else done per page. */
    public Job<Progress, Analysed> start(TableDescription table, Lens lens, Consumer<? super Progress> listener) {
        return start(table, lens, PageObserver.NONE, listener);
    }

    /**
     * Starts reading every page of {@code table}. Cancelling the job aborts the read in flight; the result then is the
     * analysis of what was read, not complete. A read that fails, or an observer that throws, fails the result.
     *
     * @param listener told of each snapshot, on the analysis executor; hand off to a UI thread there
     */
    public Job<Progress, Analysed> start(TableDescription table, Lens lens, PageObserver observer, Consumer<? super Progress> listener) {
        Objects.requireNonNull(observer, "observer");
        var analyzer = new Analyzer(TableKeys.from(table), Objects.requireNonNull(lens, "lens"));
        if (measureItemSizes) {
            analyzer.measuringItemSizes();
        }
        var job = new Job<Progress, Analysed>(listener);
        var naming = new EntityNaming(analyzer);
        var run = new Run(analyzer, naming, observer, job);
        var scan = new RunQuery(session, table.name()).scanAll();
        var pages = Pager.start(session, scan, analysis, page -> run.analyse(page.items()), summary -> { });
        job.onCancel(pages::cancel);
        // Hop onto the analysis executor: the result may be complete before this line, and the analyzer is read there.
        pages.result().whenCompleteAsync((summary, failure) -> {
            if (failure != null) {
                job.result().completeExceptionally(failure);
            } else {
                job.result().complete(new Analysed(analyzer.result(), summary.pages(), summary.complete(), naming));
            }
        }, analysis);
        return job;
    }

    /** One read's state; touched only on the analysis executor, one page at a time. */
    private final class Run {
        private final Analyzer analyzer;
        private final EntityNaming naming;
        private final PageObserver observer;
        private final Job<Progress, Analysed> job;
        private long pages;
        private long lastSnapshot;

        Run(Analyzer analyzer, EntityNaming naming, PageObserver observer, Job<Progress, Analysed> job) {
            this.analyzer = analyzer;
            this.naming = naming;
            this.observer = observer;
            this.job = job;
        }

        void analyse(List<Item> items) {
            analyzer.acceptAll(items);
            observer.analysed(items, naming);
            pages++;
            var now = nanoTime.getAsLong();
            if (pages == 1 || now - lastSnapshot >= snapshotIntervalNanos) {
                lastSnapshot = now;
                job.report(new Progress(analyzer.result(), pages, analyzer.itemCount()));
            }
        }
    }
}

package dev.dynalens.usecase;

import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.ProjectionStore;
import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.staleness.StaleScan;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.job.SerialExecutor;
import dev.dynalens.service.spill.SpillFile;
import dev.dynalens.usecase.support.TableRead;
import dev.dynalens.usecase.support.TableReads;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Keeps what finding stale copies needs of a whole-table read another use case makes (the Collections overview's
 * {@link AnalyzeTable}), so that the Stale copies tab of the same table reads nothing while it is current
 * ({@link TableReads}). Pages are projected on a lane of their own, beside the analysis, within the memory budget of
 * {@link FindStaleCopies.Settings}; a read that ended incomplete is let go of (its spill file deleted).
 */
public final class KeepTableRead {
    private final TableDescription table;
    private final TableReads into;
    private final String origin;
    private final SerialExecutor lane;
    private final SpillFile.Lazy spill;
    private final StaleScan scan;
    private final StaleScan.Partial partial;
    private final Instant startedAt;
    private volatile boolean abandoned;

    private KeepTableRead(TableDescription table, TableReads into, String origin, FindStaleCopies.Settings settings, Executor executor) {
        this.table = Objects.requireNonNull(table, "table");
        this.into = Objects.requireNonNull(into, "into");
        this.origin = Objects.requireNonNull(origin, "origin");
        this.lane = new SerialExecutor(executor);
        this.spill = new SpillFile.Lazy(settings.spillDirectory());
        this.scan = new StaleScan(TableKeys.from(table), RuleChoice.INFERRED, settings.inference(),
                new ProjectionStore.Budget(settings.memoryBudgetBytes(), spill::open));
        this.partial = scan.partial(0);
        this.startedAt = into.clock().instant();
    }

    /**
     * Starts keeping a read of {@code table} that begins now.
     *
     * @param origin   who reads, for the person: "the Collections overview"
     * @param executor where the pages are projected, one at a time (tests pass {@code Runnable::run})
     */
    public static KeepTableRead start(TableDescription table, TableReads into, String origin, FindStaleCopies.Settings settings,
                                      Executor executor) {
        return new KeepTableRead(table, into, origin, settings, executor);
    }

    /** One page of the read, in order. */
    public void accept(List<Item> page) {
        lane.execute(() -> {
            if (!abandoned) {
                partial.acceptAll(page);
            }
        });
    }

    /** The read ended: kept when it read every page, let go of otherwise. */
    public void finish(boolean complete) {
        if (!complete) {
            abandon();
            return;
        }
        lane.execute(() -> {
            if (!abandoned) {
                into.offer(new TableRead(table, scan, List.of(partial), startedAt, origin, spill.opened()));
            }
        });
    }

    /** The read failed or was cancelled: nothing is kept. */
    public void abandon() {
        abandoned = true;
        lane.execute(spill::close);
    }

}

package dev.dynalens.ui.staleness;

import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.domain.staleness.StalenessReport;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.fanout.FanoutSettings;
import dev.dynalens.ui.common.WorkNotifier;
import dev.dynalens.usecase.RepairStaleCopies;
import dev.dynalens.usecase.support.TableReads;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The repairs the Stale copies view starts (a new plan's dry run, an unfinished journal resumed), each told whom to
 * notify when it ends; a repair that writes lets go of the table's kept read, which it makes out of date. Part of
 * {@link StalenessViewModel}.
 */
final class StaleRepairs {
    private final DynamoSession session;
    private final String tableName;
    private final Executor fx;
    private final Executor analysis;
    private final TableReads reads;
    private volatile WorkNotifier notifier = WorkNotifier.NONE;

    StaleRepairs(DynamoSession session, String tableName, Executor fx, Executor analysis, TableReads reads) {
        this.session = session;
        this.tableName = tableName;
        this.fx = fx;
        this.analysis = analysis;
        this.reads = reads;
    }

    void notifyWith(WorkNotifier notifier) {
        this.notifier = Objects.requireNonNull(notifier, "notifier");
    }

    FanoutViewModel newRepair(Path journalDirectory, RepairPlan plan) {
        return told(FanoutViewModel.plan(session, fx, journalDirectory, FanoutSettings.DEFAULTS, plan));
    }

    /** The newest unfinished fan-out of this table in {@code journalDirectory}, read off the FX thread. */
    CompletableFuture<Optional<FanoutViewModel>> unfinished(Path journalDirectory) {
        return CompletableFuture.supplyAsync(() -> RepairStaleCopies.newestUnfinished(journalDirectory, tableName), analysis)
                .thenApply(state -> state.map(s -> told(FanoutViewModel.resumeFrom(session, fx, FanoutSettings.DEFAULTS, s))));
    }

    /** Why no plan can be offered for this report (null: none found yet), for the person; empty when one can. */
    static String unavailableReason(StalenessReport report, String tableName, int maxListed) {
        if (report == null) {
            return "Find stale copies first: a repair plan is made from a complete detection.";
        }
        if (report.truncated()) {
            return "More than " + maxListed + " stale copies of a kind: use `dynalens fanout " + tableName + " … --dry-run --journal FILE`, "
                    + "which plans every one of them.";
        }
        return report.staleCopies().isEmpty() ? "No stale copies to repair." : "";
    }

    private FanoutViewModel told(FanoutViewModel fanout) {
        fanout.notifyWith(notifier);
        if (reads != null) {
            // A repair writes into the table: the read kept before it is no longer current.
            fanout.runningProperty().addListener((o, was, now) -> {
                if (now) {
                    reads.invalidate();
                }
            });
        }
        return fanout;
    }
}

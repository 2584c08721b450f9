package dev.dynalens.usecase;

import dev.dynalens.domain.change.ItemChange;
import dev.dynalens.domain.change.RevertPlanner;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.change.ChangeProgress;
import dev.dynalens.service.change.ChangeReport;
import dev.dynalens.service.change.ChangeRunner;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.change.UndoFile;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.job.Job;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Reverts a bulk change from its undo file ({@code dynalens change revert}): every item the change wrote put back as it was
 * before ({@link RevertPlanner}), each write conditional on the item still holding what the change wrote, so an item
 * changed since is reported and left, never overwritten. Running it again is harmless: an item already put back is
 * recognised by its re-read and not written twice.
 */
public final class RevertChange {
    static final String ACTION = "the revert";
    private final WriteGuard guard;
    private final ChangeSettings settings;

    public RevertChange(DynamoSession session, ChangeSettings settings, WriteConfirmer confirmer) {
        this.guard = WriteGuard.forAction(Objects.requireNonNull(session, "session"), confirmer);
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** What an undo file holds: the table, the change, and one entry per item the change wrote. */
    public static UndoFile.Contents readUndo(java.nio.file.Path file) throws java.io.IOException {
        return UndoFile.read(file);
    }

    /** Whether this connection may write into {@code tableName}, asked before anything is read or sent. */
    public CompletableFuture<Void> confirm(String tableName) {
        return guard.confirmWrites(tableName, ACTION);
    }

    /** The revert of each entry of the undo file, in its order. */
    public static List<ItemChange> plan(UndoFile.Contents undo, TableDescription table) {
        var planner = new RevertPlanner(table);
        return undo.entries().stream().map(planner::plan).toList();
    }

    /** Puts the items back; the result fails with the guard's refusal when the write is not confirmed. */
    public Job<ChangeProgress, ChangeReport> start(UndoFile.Contents undo, TableDescription table, Consumer<? super ChangeProgress> listener) {
        if (!undo.table().equals(table.name())) {
            return Job.failed(new IllegalArgumentException(undo.file() + " undoes a change of table " + undo.table() + ", not " + table.name()));
        }
        var changes = plan(undo, table);
        var job = new Job<ChangeProgress, ChangeReport>(listener);
        confirm(table.name()).whenComplete((confirmed, refused) -> {
            if (refused != null) {
                job.result().completeExceptionally(Problems.unwrap(refused));
                return;
            }
            var run = new ChangeRunner(guard, settings).start(table.name(), changes, Map.of(), UUID.randomUUID().toString(), null, null,
                    job::report);
            job.onCancel(run::cancel);
            run.result().whenComplete((report, failure) -> {
                if (failure != null) {
                    job.result().completeExceptionally(Problems.unwrap(failure));
                } else {
                    job.result().complete(report);
                }
            });
        });
        return job;
    }
}

package dev.dynalens.service.editing;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.editing.CommitOutcome;
import dev.dynalens.domain.editing.CommitReport;
import dev.dynalens.domain.editing.GuardTooLargeException;
import dev.dynalens.domain.editing.StagedChange;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.service.DynamoSession;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Writes staged changes one guarded write at a time, in order. A change whose condition fails is a conflict: the item
 * is read again (strongly consistent) so the report shows what is there now; nothing is overwritten. A failure of one
 * change does not stop the others (each is independent and guarded on its own), and the report says which were
 * written. A read-only connection refuses every change before anything is sent.
 *
 * <p>No transaction: TransactWriteItems is not behind the {@link DynamoSession} port yet, and the test endpoint
 * (dynalite) does not implement it; the report says "item by item".
 */
public final class StagedCommitter {
    private final DynamoSession session;

    public StagedCommitter(DynamoSession session) {
        this.session = session;
    }

    public CompletableFuture<CommitReport> commit(List<StagedChange> changes) {
        var outcomes = new ArrayList<CommitOutcome>();
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (var change : changes) {
            chain = chain.thenCompose(ignored -> commitOne(change)).thenAccept(outcomes::add);
        }
        return chain.thenApply(ignored -> new CommitReport(outcomes,
                outcomes.stream().anyMatch(o -> o.status() == CommitOutcome.Status.CONFLICT)
                        ? "Conflicting items were left as they are in the table; review them and stage again." : ""));
    }

    /** One change; never fails: every problem becomes an outcome. */
    public CompletableFuture<CommitOutcome> commitOne(StagedChange change) {
        ItemWrite write;
        try {
            write = change.toWrite();
        } catch (GuardTooLargeException | IllegalStateException | IllegalArgumentException e) {
            return CompletableFuture.completedFuture(CommitOutcome.failed(change, e.getMessage()));
        }
        return session.write(write).thenCompose(result -> result.applied()
                        ? CompletableFuture.completedFuture(CommitOutcome.applied(change))
                        : session.getItem(change.tableName(), change.key(), true)
                                .thenApply(now -> CommitOutcome.conflict(change, now.item())))
                .exceptionally(failure -> CommitOutcome.failed(change, describe(failure)));
    }

    private static String describe(Throwable failure) {
        var cause = Problems.unwrap(failure);
        if (cause instanceof ReadOnlyConnectionException) {
            return "Refused: " + cause.getMessage();
        }
        return "Not written: " + Problems.describe(cause);
    }
}

package dev.dynalens.usecase;

import dev.dynalens.domain.editing.CommitReport;
import dev.dynalens.domain.editing.StagedChange;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.editing.StagedCommitter;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Commit the changes staged for one table: confirmed first (production), then each change written under its guard, as
 * one transaction where the endpoint has them ({@link StagedCommitter}). What the endpoint said about transactions is
 * remembered across commits of this connection, so an endpoint without them is asked once.
 */
public final class CommitStagedEdits {
    private final DynamoSession session;
    private final Supplier<String> requestTokens;
    private volatile String transactionsUnsupported;

    public CommitStagedEdits(DynamoSession session) {
        this(session, () -> UUID.randomUUID().toString());
    }

    /** {@code requestTokens} gives each transaction its ClientRequestToken (a test fixes them). */
    public CommitStagedEdits(DynamoSession session, Supplier<String> requestTokens) {
        this.session = Objects.requireNonNull(session, "session");
        this.requestTokens = Objects.requireNonNull(requestTokens, "requestTokens");
    }

    /**
     * Commits {@code changes} into {@code tableName}. Fails, with nothing sent, when the connection is read-only or the
     * person did not confirm the table of a production connection; otherwise completes with the report (conflicts and
     * failures are outcomes in it, not failures of the future).
     */
    public CompletableFuture<CommitReport> commit(String tableName, List<StagedChange> changes, StagedCommitter.Mode mode,
                                                  WriteConfirmer confirmer) {
        var guard = WriteGuard.forAction(session, confirmer);
        var staged = List.copyOf(changes);
        return guard.confirmWrites(tableName, "a commit of " + staged.size() + " staged change(s)").thenCompose(confirmed -> {
            var committer = new StagedCommitter(guard, requestTokens, transactionsUnsupported);
            return committer.commit(staged, mode).whenComplete((report, failure) -> transactionsUnsupported = committer.transactionsUnsupported());
        });
    }

    /** Why commits on this connection no longer try transactions (the endpoint said it has none), or null. */
    public String transactionsUnsupported() {
        return transactionsUnsupported;
    }
}

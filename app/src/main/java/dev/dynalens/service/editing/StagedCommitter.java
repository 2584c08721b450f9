package dev.dynalens.service.editing;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.editing.CommitOutcome;
import dev.dynalens.domain.editing.CommitReport;
import dev.dynalens.domain.editing.GuardTooLargeException;
import dev.dynalens.domain.editing.StagedChange;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.domain.write.Transactions;
import dev.dynalens.service.DynamoSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Writes staged changes, each under its guard, either as one transaction (all or nothing) or item by item. A change
 * whose condition fails is a conflict, reported with the item as it is now; nothing is overwritten.
 *
 * <p>{@link Mode#TRANSACTION_WHEN_POSSIBLE} sends two or more changes as one TransactWriteItems. When the endpoint does
 * not implement transactions (dynalite), or the set breaks a transaction rule (more than 100 writes, two writes on one
 * item), it commits item by item instead and the report says why; an endpoint that said "unsupported" once is not asked
 * again by this committer. A cancelled transaction wrote nothing: its conflicts are reported, the other changes are
 * "held back" and stay staged.
 *
 * <p>Item by item, in order: a failure of one change does not stop the others (each is guarded on its own), and the
 * report says which were written. A read-only connection refuses every change before anything is sent.
 */
public final class StagedCommitter {
    public enum Mode {
        /** Two or more changes as one transaction when the endpoint and the set allow it; otherwise item by item. */
        TRANSACTION_WHEN_POSSIBLE,
        /** One guarded write per change. */
        ITEM_BY_ITEM
    }

    private final DynamoSession session;
    private final Supplier<String> requestTokens;
    private volatile String transactionsUnsupported;

    public StagedCommitter(DynamoSession session) {
        this(session, () -> UUID.randomUUID().toString());
    }

    /** {@code requestTokens} gives each transaction its ClientRequestToken (a test fixes them). */
    public StagedCommitter(DynamoSession session, Supplier<String> requestTokens) {
        this(session, requestTokens, null);
    }

    /**
     * @param transactionsUnsupported what an earlier committer on this connection learnt ({@link #transactionsUnsupported()}),
     *                                so an endpoint without transactions is not asked again; null when nothing is known
     */
    public StagedCommitter(DynamoSession session, Supplier<String> requestTokens, String transactionsUnsupported) {
        this.session = Objects.requireNonNull(session, "session");
        this.requestTokens = Objects.requireNonNull(requestTokens, "requestTokens");
        this.transactionsUnsupported = transactionsUnsupported;
    }

    /** Why this committer no longer tries transactions (the endpoint said it has none), or null. */
    public String transactionsUnsupported() {
        return transactionsUnsupported;
    }

    public CompletableFuture<CommitReport> commit(List<StagedChange> changes, Mode mode) {
        var copy = List.copyOf(changes);
        if (mode == Mode.ITEM_BY_ITEM || copy.size() < 2) {
            return itemByItem(copy, "");
        }
        if (transactionsUnsupported != null) {
            return itemByItem(copy, transactionsUnsupported + " Committed item by item, each guarded.");
        }
        if (session.writeProfile().readOnly()) {
            // The session refuses too; answering here keeps the report per change.
            return itemByItem(copy, "");
        }
        var writes = new ArrayList<ItemWrite>();
        var unprepared = new ArrayList<CommitOutcome>();
        for (var change : copy) {
            try {
                writes.add(change.toWrite());
            } catch (GuardTooLargeException | IllegalStateException | IllegalArgumentException e) {
                unprepared.add(CommitOutcome.failed(change, e.getMessage()));
            }
        }
        if (!unprepared.isEmpty()) {
            var outcomes = new ArrayList<CommitOutcome>();
            for (var change : copy) {
                outcomes.add(unprepared.stream().filter(o -> o.change() == change).findFirst()
                        .orElseGet(() -> CommitOutcome.heldBack(change, unprepared.size() + " other change(s) could not be prepared, so the transaction was not sent.")));
            }
            return CompletableFuture.completedFuture(new CommitReport(outcomes, CommitReport.Method.TRANSACTION,
                    "Nothing was sent: fix or unstage the change(s) that could not be prepared."));
        }
        var whyNot = Transactions.whyNot(writes, copy.stream().map(StagedChange::key).toList());
        if (whyNot.isPresent()) {
            return itemByItem(copy, whyNot.get() + " Committed item by item, each guarded.");
        }
        return session.transactWrite(writes, requestTokens.get())
                .thenCompose(result -> switch (result.status()) {
                    case COMMITTED -> CompletableFuture.completedFuture(new CommitReport(
                            copy.stream().map(CommitOutcome::applied).toList(), CommitReport.Method.TRANSACTION, ""));
                    case CANCELLED -> cancelled(copy, result);
                    case UNSUPPORTED -> {
                        transactionsUnsupported = result.message();
                        yield itemByItem(copy, result.message() + " Committed item by item, each guarded.");
                    }
                })
                .exceptionally(failure -> notSent(copy, failure));
    }

    /** A cancelled transaction wrote nothing: conflicts with the item as it is, the rest held back. */
    private CompletableFuture<CommitReport> cancelled(List<StagedChange> changes, TransactionResult result) {
        // One reason per write, as DynamoDB gives them; a short list from another endpoint counts as unknown.
        var reasons = new ArrayList<>(result.reasons());
        while (reasons.size() < changes.size()) {
            reasons.add(TransactionResult.Reason.unknown());
        }
        var conflicts = reasons.stream().filter(TransactionResult.Reason::conditionFailed).count();
        var others = reasons.stream().filter(r -> !r.none() && !r.conditionFailed()).count();
        var why = "the transaction was cancelled by " + (conflicts > 0 ? conflicts + " conflict(s)" : "")
                + (conflicts > 0 && others > 0 ? " and " : "") + (others > 0 ? others + " other problem(s)" : "")
                + (conflicts + others == 0 ? "the endpoint (" + result.message() + ")" : "") + ".";
        var outcomes = new ArrayList<CompletableFuture<CommitOutcome>>();
        for (int i = 0; i < changes.size(); i++) {
            var change = changes.get(i);
            var reason = reasons.get(i);
            if (reason.conditionFailed()) {
                outcomes.add(reason.item().isPresent()
                        ? CompletableFuture.completedFuture(CommitOutcome.conflict(change, reason.item()))
                        : readConflict(change));
            } else if (reason.none()) {
                outcomes.add(CompletableFuture.completedFuture(CommitOutcome.heldBack(change, why.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + why.substring(1))));
            } else {
                outcomes.add(CompletableFuture.completedFuture(CommitOutcome.failed(change, "Not written: " + explain(reason))));
            }
        }
        return CompletableFuture.allOf(outcomes.toArray(CompletableFuture[]::new)).thenApply(ignored -> new CommitReport(
                outcomes.stream().map(CompletableFuture::join).toList(), CommitReport.Method.TRANSACTION,
                "Nothing in the transaction was written. Review the conflicts; the other changes are still staged."));
    }

    private static String explain(TransactionResult.Reason reason) {
        var text = switch (reason.code()) {
            case "TransactionConflict" -> "another request was changing this item at the same time (TransactionConflict); try again.";
            case "ThrottlingError", "ProvisionedThroughputExceeded" -> "DynamoDB throttled this write (" + reason.code() + "); try again in a moment.";
            case "ItemCollectionSizeLimitExceeded" -> "the item collection is over its 10 GB limit (ItemCollectionSizeLimitExceeded).";
            default -> reason.code() + (reason.message().isEmpty() ? "" : ": " + reason.message());
        };
        return text;
    }

    /** Nothing or everything may have happened; every change stays staged, and its guard keeps a retry safe. */
    private static CommitReport notSent(List<StagedChange> changes, Throwable failure) {
        var cause = Problems.unwrap(failure);
        var maybeApplied = cause instanceof dev.dynalens.domain.connection.DynamoAccessException access
                && access.problem().kind() == ConnectionProblem.Kind.SERVER_ERROR;
        var message = describe(failure) + (maybeApplied
                ? " The endpoint failed on its side: the transaction may or may not have been applied. Reload the items before committing again (the guards refuse to overwrite either way)."
                : "");
        return new CommitReport(changes.stream().map(change -> CommitOutcome.failed(change, message)).toList(),
                CommitReport.Method.TRANSACTION, "");
    }

    private CompletableFuture<CommitReport> itemByItem(List<StagedChange> changes, String note) {
        var outcomes = new ArrayList<CommitOutcome>();
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (var change : changes) {
            chain = chain.thenCompose(ignored -> commitOne(change)).thenAccept(outcomes::add);
        }
        return chain.thenApply(ignored -> {
            var conflictNote = outcomes.stream().anyMatch(o -> o.status() == CommitOutcome.Status.CONFLICT)
                    ? "Conflicting items were left as they are in the table; review them and stage again." : "";
            var text = String.join(" ", java.util.stream.Stream.of(note, conflictNote).filter(s -> !s.isEmpty()).toList());
            return new CommitReport(outcomes, CommitReport.Method.ITEM_BY_ITEM, text);
        });
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
                        : readConflict(change))
                .exceptionally(failure -> CommitOutcome.failed(change, describe(failure)));
    }

    /** The condition failed: read the item as it is now (strongly consistent) to show what differs. */
    private CompletableFuture<CommitOutcome> readConflict(StagedChange change) {
        return session.getItem(change.tableName(), change.key(), true)
                .thenApply(now -> CommitOutcome.conflict(change, now.item()))
                .exceptionally(failure -> CommitOutcome.failed(change,
                        "The item changed since it was read (its condition failed), and reading it again failed: " + describe(failure)));
    }

    private static String describe(Throwable failure) {
        var cause = Problems.unwrap(failure);
        if (cause instanceof ReadOnlyConnectionException) {
            return "Refused: " + cause.getMessage();
        }
        return "Not written: " + Problems.describe(cause);
    }
}

package dev.dynalens.domain.editing;

import dev.dynalens.domain.item.Item;
import java.util.Objects;
import java.util.Optional;

/**
 * What committing one staged change did.
 *
 * @param current for a conflict, the item as it is in the table now (read consistently after the condition failed;
 *                empty when it no longer exists); empty otherwise
 * @param message for a person: what happened and, for a conflict, what differs
 */
public record CommitOutcome(StagedChange change, Status status, Optional<Item> current, String message) {
    public enum Status {
        /** Written. */
        APPLIED,
        /** Not written: the item is no longer as it was read (or, for a create, an item with the key exists now). */
        CONFLICT,
        /** Not written: refused before sending (read-only connection, guard too large) or the request failed. */
        FAILED,
        /**
         * Not written, and nothing wrong with it: it was in a transaction another change cancelled (all or nothing).
         * It stays staged and can be committed again as it is.
         */
        HELD_BACK
    }

    public CommitOutcome {
        Objects.requireNonNull(change, "change");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(message, "message");
    }

    public static CommitOutcome applied(StagedChange change) {
        return new CommitOutcome(change, Status.APPLIED, Optional.empty(), "Written (" + change.verb() + ").");
    }

    public static CommitOutcome failed(StagedChange change, String message) {
        return new CommitOutcome(change, Status.FAILED, Optional.empty(), message);
    }

    /** In a cancelled transaction because of another change; {@code why} names what cancelled it. */
    public static CommitOutcome heldBack(StagedChange change, String why) {
        return new CommitOutcome(change, Status.HELD_BACK, Optional.empty(), "Not written: " + why
                + " A transaction is all or nothing; this change is still staged and can be committed again.");
    }

    /** A failed condition explained by the item as it is now. */
    public static CommitOutcome conflict(StagedChange change, Optional<Item> current) {
        return new CommitOutcome(change, Status.CONFLICT, current, Conflicts.explain(change, current));
    }
}

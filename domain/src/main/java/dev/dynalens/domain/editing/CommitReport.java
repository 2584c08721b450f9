package dev.dynalens.domain.editing;

import java.util.List;
import java.util.Objects;

/**
 * The outcome of committing a staged set, one entry per change in commit order.
 *
 * @param method how the set was sent: one transaction (all or nothing) or item by item (each write guarded on its own)
 * @param note   for a person, said after the counts: why the method was chosen, what to do about conflicts; may be empty
 */
public record CommitReport(List<CommitOutcome> outcomes, Method method, String note) {
    public enum Method {
        /** One TransactWriteItems: every change was written, or none was. */
        TRANSACTION,
        /** One guarded write per change: each is written or not on its own. */
        ITEM_BY_ITEM
    }

    public CommitReport {
        outcomes = List.copyOf(outcomes);
        Objects.requireNonNull(method, "method");
        note = note == null ? "" : note;
    }

    public long count(CommitOutcome.Status status) {
        return outcomes.stream().filter(o -> o.status() == status).count();
    }

    public List<StagedChange> written() {
        return outcomes.stream().filter(o -> o.status() == CommitOutcome.Status.APPLIED).map(CommitOutcome::change).toList();
    }

    /**
     * One line, for example "3 written, 1 conflict(s), 0 failed (item by item, each guarded)" or
     * "0 written, 1 conflict(s), 0 failed, 2 held back (one transaction, all or nothing)".
     */
    public String summary() {
        var heldBack = count(CommitOutcome.Status.HELD_BACK);
        var text = count(CommitOutcome.Status.APPLIED) + " written, " + count(CommitOutcome.Status.CONFLICT) + " conflict(s), "
                + count(CommitOutcome.Status.FAILED) + " failed" + (heldBack > 0 ? ", " + heldBack + " held back" : "")
                + (method == Method.TRANSACTION ? " (one transaction, all or nothing)" : " (item by item, each guarded)");
        return note.isEmpty() ? text : text + ". " + note;
    }
}

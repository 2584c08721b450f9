package dev.dynalens.domain.editing;

import java.util.List;

/** The outcome of committing a staged set item by item, one entry per change in commit order. */
public record CommitReport(List<CommitOutcome> outcomes, String note) {
    public CommitReport {
        outcomes = List.copyOf(outcomes);
        note = note == null ? "" : note;
    }

    public long count(CommitOutcome.Status status) {
        return outcomes.stream().filter(o -> o.status() == status).count();
    }

    public List<StagedChange> written() {
        return outcomes.stream().filter(o -> o.status() == CommitOutcome.Status.APPLIED).map(CommitOutcome::change).toList();
    }

    /** One line, for example "3 written, 1 conflict(s), 0 failed (item by item)". */
    public String summary() {
        var text = count(CommitOutcome.Status.APPLIED) + " written, " + count(CommitOutcome.Status.CONFLICT) + " conflict(s), "
                + count(CommitOutcome.Status.FAILED) + " failed (item by item, each guarded)";
        return note.isEmpty() ? text : text + ". " + note;
    }
}

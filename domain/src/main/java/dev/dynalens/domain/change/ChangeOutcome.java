package dev.dynalens.domain.change;

/** What became of one item's change when it was applied (or reverted). */
public enum ChangeOutcome {
    /** this run wrote it */
    APPLIED,
    /** the item already showed the change: an earlier, interrupted run wrote it */
    ALREADY_APPLIED,
    /** the item no longer held what the plan read (someone changed it since): left as it is, never overwritten */
    SKIPPED_CHANGED,
    /** it could not be written (a later run tries again) */
    FAILED;

    /** Settled outcomes are never sent again by a resumed run. */
    public boolean settled() {
        return this != FAILED;
    }
}

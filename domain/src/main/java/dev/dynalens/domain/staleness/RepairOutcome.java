package dev.dynalens.domain.staleness;

/** How one step of a repair plan ended. */
public enum RepairOutcome {
    /** This run's guarded update was applied. */
    UPDATED,
    /** The condition failed because the copy already holds the new value (an earlier, interrupted run wrote it). */
    ALREADY_REPAIRED,
    /** The copy changed since detection read it (or the item is gone): left alone, never overwritten. */
    SKIPPED_CHANGED,
    /** The update failed (validation, or retries ran out); running the plan again retries it. */
    FAILED;

    /** Whether a resumed run leaves this step alone. */
    public boolean settled() {
        return this != FAILED;
    }
}

package dev.dynalens.usecase;

import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.Problems;

/**
 * A detection of stale copies stopped by a failure (a read refused, a missing table, an unreachable endpoint). Keeps
 * the cause's problem, so it reads as the failure itself, and what was found before it.
 */
public final class StaleDetectionFailedException extends DynamoAccessException {
    private static final long serialVersionUID = 1L;
    private final transient StaleDetection partial;

    StaleDetectionFailedException(Throwable cause, StaleDetection partial) {
        super(Problems.asAccessException(cause).problem(), Problems.unwrap(cause));
        this.partial = partial;
    }

    /** What the detector had found when the failure stopped it (not {@link StaleDetection#complete() complete}). */
    public StaleDetection partial() {
        return partial;
    }
}

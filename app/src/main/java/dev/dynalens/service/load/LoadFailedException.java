package dev.dynalens.service.load;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.DynamoAccessException;

/**
 * A load stopped by a failure that retrying cannot fix (read-only connection, missing table, access
 * denied, an unreachable endpoint, too many rejected items). Keeps the cause's kind, so a caller can
 * tell a refused write ({@code READ_ONLY}) from the rest, and the report of what was written before.
 */
public final class LoadFailedException extends DynamoAccessException {
    private static final long serialVersionUID = 1L;
    private final transient LoadReport report;

    LoadFailedException(ConnectionProblem problem, Throwable cause, LoadReport report) {
        super(problem, cause);
        this.report = report;
    }

    public LoadReport report() {
        return report;
    }
}

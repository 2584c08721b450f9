package dev.dynalens.domain.exports;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.DynamoAccessException;

/**
 * The connection has no exports to S3 nor point-in-time recovery: a workspace file, or an endpoint without the
 * operations (dynalite answers UnknownOperationException).
 */
public final class ExportsUnsupportedException extends DynamoAccessException {
    private static final long serialVersionUID = 1L;

    /** @param operation the operation asked for: "ExportTableToPointInTime" */
    public ExportsUnsupportedException(String where, String operation, Throwable cause) {
        super(new ConnectionProblem(ConnectionProblem.Kind.OTHER, where + " has no exports to S3 nor point-in-time recovery ("
                + operation + " is not there).", null), cause);
    }
}

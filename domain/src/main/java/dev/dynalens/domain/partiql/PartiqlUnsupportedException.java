package dev.dynalens.domain.partiql;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.DynamoAccessException;

/**
 * The endpoint has no PartiQL operations (dynalite answers UnknownOperationException; a workspace has no DynamoDB
 * behind it). A SELECT can then run through the SQL engine instead; a write cannot.
 */
public final class PartiqlUnsupportedException extends DynamoAccessException {
    private static final long serialVersionUID = 1L;

    public PartiqlUnsupportedException(String message, Throwable cause) {
        super(new ConnectionProblem(ConnectionProblem.Kind.OTHER, message, null), cause);
    }
}

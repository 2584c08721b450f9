package dev.dynalens.domain.connection;

/** Thrown by the service layer when something tries to write through a read-only connection. */
public final class ReadOnlyConnectionException extends DynamoAccessException {
    private static final long serialVersionUID = 1L;

    public ReadOnlyConnectionException(String connectionName, String operation) {
        super(new ConnectionProblem(ConnectionProblem.Kind.READ_ONLY,
                "Connection '" + connectionName + "' is read-only: " + operation + " was refused", null), null);
    }
}

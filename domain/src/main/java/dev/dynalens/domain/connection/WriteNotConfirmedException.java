package dev.dynalens.domain.connection;

/**
 * Thrown by the service layer when something tries to write into a table of a production-tagged connection without the
 * person's confirmation for that table (the table name typed in the app, {@code --confirm-table} on the command line).
 * Nothing was sent.
 */
public final class WriteNotConfirmedException extends DynamoAccessException {
    private static final long serialVersionUID = 1L;
    private final String tableName;

    /** @param message what the person should do, in the words of the place that asked (dialog or command line) */
    public WriteNotConfirmedException(String tableName, String message) {
        super(new ConnectionProblem(ConnectionProblem.Kind.NOT_CONFIRMED, message, null), null);
        this.tableName = tableName;
    }

    public String tableName() {
        return tableName;
    }
}

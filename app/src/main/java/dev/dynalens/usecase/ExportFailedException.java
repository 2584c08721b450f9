package dev.dynalens.usecase;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.exports.ExportDescription;

/** An export to S3 that DynamoDB reports FAILED: its FailureCode and FailureMessage, and the export as described. */
public final class ExportFailedException extends DynamoAccessException {
    private static final long serialVersionUID = 1L;
    private final transient ExportDescription export;

    ExportFailedException(ExportDescription export) {
        super(new ConnectionProblem(ConnectionProblem.Kind.OTHER, "The export " + export.exportId() + " of "
                + export.tableName().orElse("the table") + " failed" + (export.failureText().isEmpty() ? "" : ": " + export.failureText()),
                null), null);
        this.export = export;
    }

    public ExportDescription export() {
        return export;
    }
}

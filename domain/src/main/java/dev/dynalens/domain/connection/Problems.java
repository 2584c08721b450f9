package dev.dynalens.domain.connection;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Turns any failure of an async call into one sentence for a person. */
public final class Problems {
    private Problems() {
    }

    public static Throwable unwrap(Throwable t) {
        var current = t;
        while ((current instanceof CompletionException || current instanceof ExecutionException) && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }

    public static boolean isCancellation(Throwable t) {
        var root = unwrap(t);
        return root instanceof CancellationException
                || root instanceof DynamoAccessException d && d.problem().kind() == ConnectionProblem.Kind.CANCELLED;
    }

    public static String describe(Throwable t) {
        var root = unwrap(t);
        if (root instanceof DynamoAccessException access) {
            return access.problem().message();
        }
        if (root instanceof CancellationException) {
            return "Cancelled";
        }
        var message = root.getMessage();
        return message == null || message.isBlank() ? root.getClass().getSimpleName() : message;
    }

    /** The failure as a {@link DynamoAccessException}: the one it is, or one of kind OTHER that describes it. */
    public static DynamoAccessException asAccessException(Throwable t) {
        var root = unwrap(t);
        if (root instanceof DynamoAccessException access) {
            return access;
        }
        return new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.OTHER, describe(root), null), root);
    }
}

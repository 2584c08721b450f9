package dev.dynalens.domain.expression;

import java.util.Objects;

/** An expression that cannot be parsed, validated or applied; {@link #error()} says which problem and where. */
public final class ExpressionException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient ExpressionError error;

    public ExpressionException(ExpressionError error) {
        super(Objects.requireNonNull(error, "error").toString());
        this.error = error;
    }

    public ExpressionException(ExpressionError.Kind kind, ExpressionError.Field field, String message, int position) {
        this(new ExpressionError(kind, field, message, position));
    }

    public ExpressionError error() {
        return error;
    }

    public ExpressionError.Kind kind() {
        return error.kind();
    }
}

package dev.dynalens.service.sql;

import dev.dynalens.domain.design.SourcePosition;
import java.util.Objects;

/**
 * A statement the workbench cannot plan: a syntax error, an unknown table or attribute, a type that does not fit.
 * The message is Calcite's, in words; the position (from 1) says where, {@link SourcePosition#NONE} when no place applies.
 */
public final class SqlException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient SourcePosition position;

    public SqlException(String message, SourcePosition position, Throwable cause) {
        super(message, cause);
        this.position = Objects.requireNonNull(position, "position");
    }

    public SourcePosition position() {
        return position;
    }

    /** The message with its place: {@code line 1, column 15: Object 'Tasks' not found}. */
    public String describe() {
        return position.known() ? position + ": " + getMessage() : getMessage();
    }
}

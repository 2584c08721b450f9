package dev.dynalens.service.sql;

/**
 * A statement the workbench cannot plan: a syntax error, an unknown table or attribute, a type that does not fit.
 * The message is Calcite's, in words; {@code line} and {@code column} (from 1) say where, 0 when no place applies.
 */
public final class SqlException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int line;
    private final int column;

    public SqlException(String message, int line, int column, Throwable cause) {
        super(message, cause);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The message with its place: {@code line 1, column 15: Object 'Tasks' not found}. */
    public String describe() {
        return line > 0 ? "line " + line + ", column " + column + ": " + getMessage() : getMessage();
    }
}

package dev.dynalens.domain.partiql;

/** A PartiQL statement that cannot be sent as it is, with where the problem is (1-based line and column). */
public final class PartiqlException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final int line;
    private final int column;

    public PartiqlException(String message, int line, int column) {
        super(message + " (line " + line + ", column " + column + ")");
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}

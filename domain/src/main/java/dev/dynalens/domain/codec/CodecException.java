package dev.dynalens.domain.codec;

/**
 * Input a codec cannot read: malformed JSON, or JSON that is not a valid item or value. Carries the
 * 1-based line and column where the problem starts; the message ends with "at line L, column C".
 */
public final class CodecException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String problem;
    private final int line;
    private final int column;

    public CodecException(String problem, int line, int column) {
        this(problem, line, column, null);
    }

    public CodecException(String problem, int line, int column, Throwable cause) {
        super(problem + " at line " + line + ", column " + column, cause);
        this.problem = problem;
        this.line = line;
        this.column = column;
    }

    /** The message without its position, for a view that shows the position on its own. */
    public String problem() {
        return problem;
    }

    /** 1-based line of the problem. */
    public int line() {
        return line;
    }

    /** 1-based column of the problem, counted in characters. */
    public int column() {
        return column;
    }
}

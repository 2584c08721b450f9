package dev.dynalens.domain.design;

/** Where something is in a patterns file: line and column, both counted from 1. */
public record SourcePosition(int line, int column) {
    /** For input that came from no file (rows edited in the app). */
    public static final SourcePosition NONE = new SourcePosition(0, 0);

    public boolean known() {
        return line > 0;
    }

    @Override
    public String toString() {
        return known() ? "line " + line + ", column " + column : "";
    }
}

package dev.dynalens.domain.builder;

/** A builder row that does not make an expression: which section, which row (from 0) and why. */
public final class RowException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public enum Section { CONDITION, UPDATE }

    private final Section section;
    private final int row;

    public RowException(Section section, int row, String message, Throwable cause) {
        super((section == Section.CONDITION ? "Condition" : "Update") + " row " + (row + 1) + ": " + message, cause);
        this.section = section;
        this.row = row;
    }

    public Section section() {
        return section;
    }

    public int row() {
        return row;
    }
}

package dev.dynalens.ui.change;

/** What the pattern of "Add an index…" orders by: nothing, or an attribute it sorts by or reads a range of. */
public enum AddIndexOrder {
    NONE("no order"), SORT_BY("sorted by"), BETWEEN("a range of");

    private final String label;

    AddIndexOrder(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}

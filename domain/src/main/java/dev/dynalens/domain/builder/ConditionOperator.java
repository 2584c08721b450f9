package dev.dynalens.domain.builder;

/** What a condition row tests (Developer Guide, "Comparison operator and function reference"). */
public enum ConditionOperator {
    EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">="), BETWEEN("BETWEEN"), IN("IN"),
    BEGINS_WITH("begins_with"), CONTAINS("contains"), EXISTS("attribute_exists"), NOT_EXISTS("attribute_not_exists"),
    TYPE("attribute_type");

    private final String label;

    ConditionOperator(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public boolean isComparison() {
        return ordinal() <= GE.ordinal();
    }

    /** Whether the row needs a value (attribute_exists and attribute_not_exists take none). */
    public boolean takesValue() {
        return this != EXISTS && this != NOT_EXISTS;
    }

    /** Whether {@code size(path)} may stand on the left: comparisons and BETWEEN. */
    public boolean allowsSize() {
        return isComparison() || this == BETWEEN;
    }

    @Override
    public String toString() {
        return label;
    }
}

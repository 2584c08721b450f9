package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Objects;

/** The sort-key part of a Query's key condition: what DynamoDB allows there and nothing more. */
public record SortKeyCondition(Operator operator, AttributeValue value, AttributeValue upperBound) {

    public enum Operator {
        EQ("="), LT("<"), LE("<="), GT(">"), GE(">="), BEGINS_WITH("begins_with"), BETWEEN("between");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    public SortKeyCondition {
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(value, "value");
        if (operator == Operator.BETWEEN) {
            Objects.requireNonNull(upperBound, "BETWEEN needs an upper bound");
        } else if (upperBound != null) {
            throw new IllegalArgumentException(operator + " takes one value");
        }
        if (operator == Operator.BEGINS_WITH && value instanceof AttributeValue.Num) {
            throw new IllegalArgumentException("begins_with works on string and binary sort keys, not numbers");
        }
    }

    public static SortKeyCondition of(Operator operator, AttributeValue value) {
        return new SortKeyCondition(operator, value, null);
    }

    public static SortKeyCondition between(AttributeValue low, AttributeValue high) {
        return new SortKeyCondition(Operator.BETWEEN, low, high);
    }
}

package dev.dynalens.domain.expression;

import java.util.Objects;

/** The right side of a {@code SET} action: an operand, or {@code operand + operand} / {@code operand - operand}. */
public sealed interface SetValue permits UpdateOperand, SetValue.Arithmetic {

    enum ArithmeticOperator {
        PLUS("+"), MINUS("-");

        private final String symbol;

        ArithmeticOperator(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    record Arithmetic(UpdateOperand left, ArithmeticOperator operator, UpdateOperand right) implements SetValue {
        public Arithmetic {
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(right, "right");
        }
    }
}

package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import java.util.Objects;

/**
 * An operand on the right of a {@code SET} action: a path, a value, {@code if_not_exists(path, operand)} or
 * {@code list_append(operand, operand)} (Developer Guide, "Update expressions").
 */
public sealed interface UpdateOperand extends SetValue
        permits Operand.PathOperand, Operand.ValueOperand, UpdateOperand.IfNotExists, UpdateOperand.ListAppend {

    record IfNotExists(AttributePath path, UpdateOperand fallback) implements UpdateOperand {
        public IfNotExists {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(fallback, "fallback");
        }
    }

    record ListAppend(UpdateOperand first, UpdateOperand second) implements UpdateOperand {
        public ListAppend {
            Objects.requireNonNull(first, "first");
            Objects.requireNonNull(second, "second");
        }
    }
}

package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import java.util.Objects;

/**
 * An operand of a condition: a document path, a literal value (an {@code :placeholder} once rendered) or
 * {@code size(path)}. The path and value cases are shared with update expressions ({@link UpdateOperand}).
 */
public sealed interface Operand permits Operand.PathOperand, Operand.ValueOperand, Operand.Size {

    static PathOperand path(AttributePath path) {
        return new PathOperand(path);
    }

    static PathOperand path(String attribute) {
        return new PathOperand(AttributePath.of(attribute));
    }

    static ValueOperand value(AttributeValue value) {
        return new ValueOperand(value);
    }

    static Size size(AttributePath path) {
        return new Size(path);
    }

    record PathOperand(AttributePath path) implements Operand, UpdateOperand {
        public PathOperand {
            Objects.requireNonNull(path, "path");
        }
    }

    record ValueOperand(AttributeValue value) implements Operand, UpdateOperand {
        public ValueOperand {
            Objects.requireNonNull(value, "value");
        }
    }

    /** {@code size(path)}: the length of a string or binary, the element count of a set, list or map. */
    record Size(AttributePath path) implements Operand {
        public Size {
            Objects.requireNonNull(path, "path");
        }
    }
}

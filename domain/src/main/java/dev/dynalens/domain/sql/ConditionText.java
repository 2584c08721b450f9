package dev.dynalens.domain.sql;

import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.expression.Operand;
import dev.dynalens.domain.item.ValueText;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A condition in one short line for a plan: {@code status IN ('a', 'b', 'c', … 2,000 values)}, with values as a person
 * types them (strings quoted, numbers bare) and a long IN cut after its first values.
 */
public final class ConditionText {
    /** How many of an IN's values a plan shows before it says how many there are. */
    static final int SHOWN_VALUES = 3;

    private ConditionText() {
    }

    public static String of(Condition condition) {
        if (condition instanceof Condition.And and) {
            return joined(and.conditions(), " AND ");
        } else if (condition instanceof Condition.Or or) {
            return joined(or.conditions(), " OR ");
        } else if (condition instanceof Condition.Not not) {
            return "NOT " + nested(not.condition());
        } else if (condition instanceof Condition.Comparison c) {
            return operand(c.left()) + " " + c.comparator().symbol() + " " + operand(c.right());
        } else if (condition instanceof Condition.Between b) {
            return operand(b.subject()) + " BETWEEN " + operand(b.low()) + " AND " + operand(b.high());
        } else if (condition instanceof Condition.In in) {
            return operand(in.subject()) + " IN (" + candidates(in.candidates()) + ")";
        } else if (condition instanceof Condition.AttributeExists e) {
            return "attribute_exists(" + e.path() + ")";
        } else if (condition instanceof Condition.AttributeNotExists e) {
            return "attribute_not_exists(" + e.path() + ")";
        } else if (condition instanceof Condition.AttributeType t) {
            return "attribute_type(" + t.path() + ", " + operand(t.type()) + ")";
        } else if (condition instanceof Condition.BeginsWith b) {
            return "begins_with(" + operand(b.subject()) + ", " + operand(b.prefix()) + ")";
        } else if (condition instanceof Condition.Contains c) {
            return "contains(" + operand(c.subject()) + ", " + operand(c.operand()) + ")";
        }
        throw new IllegalArgumentException("unexpected " + condition.getClass());
    }

    private static String joined(List<Condition> parts, String separator) {
        return parts.stream().map(ConditionText::nested).collect(Collectors.joining(separator));
    }

    private static String nested(Condition condition) {
        return condition instanceof Condition.And || condition instanceof Condition.Or ? "(" + of(condition) + ")" : of(condition);
    }

    private static String candidates(List<Operand> candidates) {
        if (candidates.size() <= SHOWN_VALUES + 1) {
            return candidates.stream().map(ConditionText::operand).collect(Collectors.joining(", "));
        }
        return candidates.subList(0, SHOWN_VALUES).stream().map(ConditionText::operand).collect(Collectors.joining(", "))
                + ", … %,d values".formatted(candidates.size());
    }

    private static String operand(Operand operand) {
        if (operand instanceof Operand.PathOperand p) {
            return p.path().toString();
        } else if (operand instanceof Operand.ValueOperand v) {
            return ValueText.literal(v.value());
        } else if (operand instanceof Operand.Size s) {
            return "size(" + s.path() + ")";
        }
        throw new IllegalArgumentException("unexpected " + operand.getClass());
    }
}

package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A condition, filter or key-condition expression (Developer Guide, "Comparison operator and function reference").
 * {@link And} and {@link Or} hold two or more conditions each, as a row builder groups them; a group nested in a
 * group of the same kind is kept as written ({@code a AND (b AND c)}), so parsing a rendered condition gives back the
 * same tree.
 */
public sealed interface Condition permits Condition.Comparison, Condition.Between, Condition.In, Condition.And,
        Condition.Or, Condition.Not, Condition.AttributeExists, Condition.AttributeNotExists, Condition.AttributeType,
        Condition.BeginsWith, Condition.Contains {

    enum Comparator {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        Comparator(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        public static Comparator ofSymbol(String symbol) {
            for (var c : values()) {
                if (c.symbol.equals(symbol)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("Not a comparator: " + symbol);
        }
    }

    // --- builder methods: Condition.compare(path("price"), LT, value(n(10))).and(attributeExists(...)) ---

    static Comparison compare(Operand left, Comparator comparator, Operand right) {
        return new Comparison(left, comparator, right);
    }

    static Comparison equal(String attribute, AttributeValue value) {
        return new Comparison(Operand.path(attribute), Comparator.EQ, Operand.value(value));
    }

    static Between between(Operand subject, Operand low, Operand high) {
        return new Between(subject, low, high);
    }

    static In in(Operand subject, List<? extends Operand> candidates) {
        return new In(subject, List.copyOf(candidates));
    }

    static Condition and(Condition first, Condition... more) {
        return more.length == 0 ? first : new And(concat(first, more));
    }

    static Condition or(Condition first, Condition... more) {
        return more.length == 0 ? first : new Or(concat(first, more));
    }

    static Not not(Condition condition) {
        return new Not(condition);
    }

    static AttributeExists attributeExists(AttributePath path) {
        return new AttributeExists(path);
    }

    static AttributeNotExists attributeNotExists(AttributePath path) {
        return new AttributeNotExists(path);
    }

    static AttributeType attributeType(AttributePath path, dev.dynalens.domain.item.AttributeType type) {
        return new AttributeType(path, Operand.value(AttributeValue.s(type.name())));
    }

    static BeginsWith beginsWith(AttributePath path, AttributeValue prefix) {
        return new BeginsWith(Operand.path(path), Operand.value(prefix));
    }

    static Contains contains(AttributePath path, AttributeValue operand) {
        return new Contains(Operand.path(path), Operand.value(operand));
    }

    /** This condition AND another; flattens into an existing AND of this one. */
    default Condition and(Condition other) {
        if (this instanceof And and) {
            var all = new ArrayList<>(and.conditions());
            all.add(other);
            return new And(all);
        }
        return new And(List.of(this, other));
    }

    default Condition or(Condition other) {
        if (this instanceof Or or) {
            var all = new ArrayList<>(or.conditions());
            all.add(other);
            return new Or(all);
        }
        return new Or(List.of(this, other));
    }

    private static List<Condition> concat(Condition first, Condition... more) {
        var all = new ArrayList<Condition>(more.length + 1);
        all.add(first);
        all.addAll(Arrays.asList(more));
        return all;
    }

    record Comparison(Operand left, Comparator comparator, Operand right) implements Condition {
        public Comparison {
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(comparator, "comparator");
            Objects.requireNonNull(right, "right");
        }
    }

    record Between(Operand subject, Operand low, Operand high) implements Condition {
        public Between {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(low, "low");
            Objects.requireNonNull(high, "high");
        }
    }

    record In(Operand subject, List<Operand> candidates) implements Condition {
        public In {
            Objects.requireNonNull(subject, "subject");
            candidates = List.copyOf(candidates);
            if (candidates.isEmpty()) {
                throw new IllegalArgumentException("IN needs at least one candidate");
            }
        }
    }

    record And(List<Condition> conditions) implements Condition {
        public And {
            conditions = List.copyOf(conditions);
            if (conditions.size() < 2) {
                throw new IllegalArgumentException("AND joins two or more conditions");
            }
        }
    }

    record Or(List<Condition> conditions) implements Condition {
        public Or {
            conditions = List.copyOf(conditions);
            if (conditions.size() < 2) {
                throw new IllegalArgumentException("OR joins two or more conditions");
            }
        }
    }

    record Not(Condition condition) implements Condition {
        public Not {
            Objects.requireNonNull(condition, "condition");
        }
    }

    record AttributeExists(AttributePath path) implements Condition {
        public AttributeExists {
            Objects.requireNonNull(path, "path");
        }
    }

    record AttributeNotExists(AttributePath path) implements Condition {
        public AttributeNotExists {
            Objects.requireNonNull(path, "path");
        }
    }

    /** {@code attribute_type(path, :t)}; DynamoDB requires the type as a value ({@code S}, {@code N}, {@code SS}...). */
    record AttributeType(AttributePath path, Operand type) implements Condition {
        public AttributeType {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(type, "type");
        }
    }

    record BeginsWith(Operand subject, Operand prefix) implements Condition {
        public BeginsWith {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(prefix, "prefix");
        }
    }

    record Contains(Operand subject, Operand operand) implements Condition {
        public Contains {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(operand, "operand");
        }
    }
}

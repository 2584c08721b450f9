package dev.dynalens.domain.builder;

import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.expression.Operand;
import dev.dynalens.domain.expression.SetValue;
import dev.dynalens.domain.expression.UpdateExpression;
import dev.dynalens.domain.expression.UpdateOperand;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The visual builder's model: condition rows joined by one connector (each row may be negated), and update rows.
 * {@link #condition()} and {@link #update()} turn the rows into expression trees; {@link #fit} turns trees back into
 * rows when they have this shape, and says why not otherwise (a nested group, a path compared with a path...).
 */
public record VisualExpressions(Connector connector, List<ConditionRow> conditions, List<UpdateRow> updates) {
    public VisualExpressions {
        Objects.requireNonNull(connector, "connector");
        conditions = List.copyOf(conditions);
        updates = List.copyOf(updates);
    }

    /** Trees as rows, or the reason they do not fit the rows. */
    public record Fit(VisualExpressions visual, String reason) {
        public boolean fits() {
            return visual != null;
        }
    }

    /** The condition the rows make, or null without rows. */
    public Condition condition() {
        var parts = new ArrayList<Condition>();
        for (int i = 0; i < conditions.size(); i++) {
            try {
                var leaf = leaf(conditions.get(i));
                parts.add(conditions.get(i).not() ? Condition.not(leaf) : leaf);
            } catch (IllegalArgumentException e) {
                throw new RowException(RowException.Section.CONDITION, i, e.getMessage(), e);
            }
        }
        if (parts.isEmpty()) {
            return null;
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        return connector == Connector.AND ? new Condition.And(parts) : new Condition.Or(parts);
    }

    /** The update the rows make, {@link UpdateExpression#EMPTY} without rows. */
    public UpdateExpression update() {
        var update = UpdateExpression.EMPTY;
        for (int i = 0; i < updates.size(); i++) {
            var row = updates.get(i);
            try {
                var path = AttributePath.parse(row.path());
                var value = row.action().takesValue() ? TypedValues.parse(row.type(), row.value()) : null;
                var self = Operand.path(path);
                var operand = Operand.value(Objects.requireNonNullElse(value, AttributeValue.nul()));
                update = switch (row.action()) {
                    case SET -> update.set(path, operand);
                    case SET_PLUS -> update.set(path, new SetValue.Arithmetic(self, SetValue.ArithmeticOperator.PLUS, operand));
                    case SET_MINUS -> update.set(path, new SetValue.Arithmetic(self, SetValue.ArithmeticOperator.MINUS, operand));
                    case SET_IF_NOT_EXISTS -> update.set(path, new UpdateOperand.IfNotExists(path, operand));
                    case LIST_APPEND -> update.set(path, new UpdateOperand.ListAppend(self, operand));
                    case REMOVE -> update.remove(path);
                    case ADD -> update.add(path, value);
                    case DELETE -> update.delete(path, value);
                };
            } catch (IllegalArgumentException e) {
                throw new RowException(RowException.Section.UPDATE, i, e.getMessage(), e);
            }
        }
        return update;
    }

    private static Condition leaf(ConditionRow row) {
        var path = AttributePath.parse(row.path());
        var operator = row.operator();
        if (row.size() && !operator.allowsSize()) {
            throw new IllegalArgumentException("size(path) can be compared or used with BETWEEN, not with " + operator.label());
        }
        Operand subject = row.size() ? Operand.size(path) : Operand.path(path);
        return switch (operator) {
            case EQ, NE, LT, LE, GT, GE -> Condition.compare(subject, Condition.Comparator.ofSymbol(operator.label()), value(row.type(), row.value()));
            case BETWEEN -> Condition.between(subject, value(row.type(), row.value()), value(row.type(), row.upper()));
            case IN -> {
                var candidates = TypedValues.elements(row.type(), row.value());
                if (candidates.isEmpty()) {
                    throw new IllegalArgumentException("IN needs at least one value (comma-separated, or a JSON array)");
                }
                yield Condition.in(subject, candidates.stream().map(Operand::value).toList());
            }
            case BEGINS_WITH -> new Condition.BeginsWith(subject, value(row.type(), row.value()));
            case CONTAINS -> new Condition.Contains(subject, value(row.type(), row.value()));
            case EXISTS -> Condition.attributeExists(path);
            case NOT_EXISTS -> Condition.attributeNotExists(path);
            case TYPE -> {
                var name = row.value().strip().toUpperCase(Locale.ROOT);
                try {
                    yield Condition.attributeType(path, AttributeType.valueOf(name));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("attribute_type takes a type name: S, N, B, BOOL, NULL, L, M, SS, NS or BS, not '"
                            + row.value() + "'", e);
                }
            }
        };
    }

    private static Operand value(ValueType type, String text) {
        return Operand.value(TypedValues.parse(type, text));
    }

    /** Rows for an update and a condition (either may be null), or why they do not fit rows. */
    public static Fit fit(UpdateExpression update, Condition condition) {
        var conditionRows = new ArrayList<ConditionRow>();
        var connector = Connector.AND;
        if (condition != null) {
            List<Condition> parts;
            if (condition instanceof Condition.And and) {
                parts = and.conditions();
            } else if (condition instanceof Condition.Or or) {
                connector = Connector.OR;
                parts = or.conditions();
            } else {
                parts = List.of(condition);
            }
            for (var part : parts) {
                var row = row(part);
                if (row == null) {
                    return new Fit(null, "The condition has a shape the rows cannot show (a nested group, a path compared with "
                            + "a path, or values of mixed types): edit it in text mode.");
                }
                conditionRows.add(row);
            }
        }
        var updateRows = new ArrayList<UpdateRow>();
        if (update != null) {
            for (var action : update.set()) {
                var row = setRow(action);
                if (row == null) {
                    return new Fit(null, "The SET action on " + action.path() + " has a shape the rows cannot show (a value from "
                            + "another path, or nested functions): edit it in text mode.");
                }
                updateRows.add(row);
            }
            update.remove().forEach(path -> updateRows.add(new UpdateRow(UpdateAction.REMOVE, String.valueOf(path), ValueType.S, "")));
            for (var action : update.add()) {
                var typed = TypedValues.format(action.value());
                updateRows.add(new UpdateRow(UpdateAction.ADD, String.valueOf(action.path()), typed.type(), typed.text()));
            }
            for (var action : update.delete()) {
                var typed = TypedValues.format(action.value());
                updateRows.add(new UpdateRow(UpdateAction.DELETE, String.valueOf(action.path()), typed.type(), typed.text()));
            }
        }
        return new Fit(new VisualExpressions(connector, conditionRows, updateRows), null);
    }

    private static UpdateRow setRow(UpdateExpression.SetAction action) {
        var path = action.path();
        var text = String.valueOf(path);
        var value = action.value();
        if (value instanceof Operand.ValueOperand v) {
            return updateRow(UpdateAction.SET, text, v.value());
        }
        if (value instanceof SetValue.Arithmetic a && a.left() instanceof Operand.PathOperand p && p.path().equals(path)
                && a.right() instanceof Operand.ValueOperand v) {
            return updateRow(a.operator() == SetValue.ArithmeticOperator.PLUS ? UpdateAction.SET_PLUS : UpdateAction.SET_MINUS,
                    text, v.value());
        }
        if (value instanceof UpdateOperand.IfNotExists f && f.path().equals(path) && f.fallback() instanceof Operand.ValueOperand v) {
            return updateRow(UpdateAction.SET_IF_NOT_EXISTS, text, v.value());
        }
        if (value instanceof UpdateOperand.ListAppend l && l.first() instanceof Operand.PathOperand p && p.path().equals(path)
                && l.second() instanceof Operand.ValueOperand v) {
            return updateRow(UpdateAction.LIST_APPEND, text, v.value());
        }
        return null;
    }

    private static UpdateRow updateRow(UpdateAction action, String path, AttributeValue value) {
        var typed = TypedValues.format(value);
        return new UpdateRow(action, path, typed.type(), typed.text());
    }

    /** One condition (optionally under NOT) as a row, or null when it has no row shape. */
    private static ConditionRow row(Condition condition) {
        if (condition instanceof Condition.Not not) {
            var inner = row(not.condition());
            return inner == null || inner.not() ? null
                    : new ConditionRow(true, inner.size(), inner.path(), inner.operator(), inner.type(), inner.value(), inner.upper());
        }
        if (condition instanceof Condition.Comparison c) {
            return subjectRow(c.left(), ConditionOperator.valueOf(c.comparator().name()), c.right(), null);
        }
        if (condition instanceof Condition.Between b) {
            return subjectRow(b.subject(), ConditionOperator.BETWEEN, b.low(), b.high());
        }
        if (condition instanceof Condition.In in) {
            if (!(in.subject() instanceof Operand.PathOperand p)
                    || !in.candidates().stream().allMatch(c -> c instanceof Operand.ValueOperand)) {
                return null;
            }
            var typed = TypedValues.formatElements(in.candidates().stream().map(c -> ((Operand.ValueOperand) c).value()).toList());
            return typed == null ? null
                    : new ConditionRow(false, false, String.valueOf(p.path()), ConditionOperator.IN, typed.type(), typed.text(), "");
        }
        if (condition instanceof Condition.BeginsWith b) {
            return b.subject() instanceof Operand.PathOperand
                    ? subjectRow(b.subject(), ConditionOperator.BEGINS_WITH, b.prefix(), null) : null;
        }
        if (condition instanceof Condition.Contains c) {
            return c.subject() instanceof Operand.PathOperand
                    ? subjectRow(c.subject(), ConditionOperator.CONTAINS, c.operand(), null) : null;
        }
        if (condition instanceof Condition.AttributeExists e) {
            return new ConditionRow(false, false, String.valueOf(e.path()), ConditionOperator.EXISTS, ValueType.S, "", "");
        }
        if (condition instanceof Condition.AttributeNotExists e) {
            return new ConditionRow(false, false, String.valueOf(e.path()), ConditionOperator.NOT_EXISTS, ValueType.S, "", "");
        }
        if (condition instanceof Condition.AttributeType t) {
            return t.type() instanceof Operand.ValueOperand v && v.value() instanceof AttributeValue.Str s
                    ? new ConditionRow(false, false, String.valueOf(t.path()), ConditionOperator.TYPE, ValueType.S, s.value(), "") : null;
        }
        return null;
    }

    private static ConditionRow subjectRow(Operand subject, ConditionOperator operator, Operand value, Operand upper) {
        AttributePath path;
        boolean size;
        if (subject instanceof Operand.PathOperand p) {
            path = p.path();
            size = false;
        } else if (subject instanceof Operand.Size s) {
            path = s.path();
            size = true;
        } else {
            return null;
        }
        if (!(value instanceof Operand.ValueOperand v)) {
            return null;
        }
        var typed = TypedValues.format(v.value());
        var upperText = "";
        if (upper != null) {
            if (!(upper instanceof Operand.ValueOperand u) || TypedValues.format(u.value()).type() != typed.type()) {
                return null;
            }
            upperText = TypedValues.format(u.value()).text();
        }
        return new ConditionRow(false, size, String.valueOf(path), operator, typed.type(), typed.text(), upperText);
    }
}

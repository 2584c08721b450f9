package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.table.Placeholders;
import dev.dynalens.domain.item.AttributeValue;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Turns expression trees into request text with {@code ExpressionAttributeNames} and
 * {@code ExpressionAttributeValues}. Every value becomes a {@code :vN} placeholder; a name is written as it is only
 * when DynamoDB would read it back as the same name, and aliased otherwise: reserved words (Developer Guide,
 * "Reserved words in DynamoDB") and names that are not plain identifiers (dots, dashes, spaces, {@code #}, a leading
 * digit or underscore...; Developer Guide, "Expression attribute names"). An alias reads like its name
 * ({@code #status}) when the name is made of letters, digits and underscores, and is {@code #nN} otherwise.
 *
 * <p>Parsing the result with its maps gives back the same trees ({@link Expressions#parse}).
 */
public final class ExpressionRenderer {
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

    private final boolean aliasEveryName;
    private final Placeholders placeholders = Placeholders.readable();

    private ExpressionRenderer(boolean aliasEveryName) {
        this.aliasEveryName = aliasEveryName;
    }

    /** Renders the expressions of one request; names are aliased only where DynamoDB needs it. */
    public static RenderedExpressions render(ExpressionSet expressions) {
        return render(expressions, false);
    }

    /** Renders, aliasing every attribute name when {@code aliasEveryName} (some teams prefer it). */
    public static RenderedExpressions render(ExpressionSet expressions, boolean aliasEveryName) {
        var renderer = new ExpressionRenderer(aliasEveryName);
        var keyCondition = expressions.keyCondition() == null ? null : renderer.condition(expressions.keyCondition());
        var update = expressions.update() == null ? null : renderer.update(expressions.update());
        var condition = expressions.condition() == null ? null : renderer.condition(expressions.condition());
        var filter = expressions.filter() == null ? null : renderer.condition(expressions.filter());
        var projection = expressions.projection() == null ? null : renderer.projection(expressions.projection());
        return new RenderedExpressions(keyCondition, update, condition, filter, projection, renderer.placeholders.names(), renderer.placeholders.values());
    }

    /** Whether a name can stand in an expression as it is. */
    public static boolean needsAlias(String name) {
        return !PLAIN_NAME.matcher(name).matches() || ReservedWords.isReserved(name);
    }

    private String condition(Condition condition) {
        if (condition instanceof Condition.Comparison c) {
            return operand(c.left()) + " " + c.comparator().symbol() + " " + operand(c.right());
        }
        if (condition instanceof Condition.Between b) {
            return operand(b.subject()) + " BETWEEN " + operand(b.low()) + " AND " + operand(b.high());
        }
        if (condition instanceof Condition.In in) {
            return operand(in.subject()) + " IN (" + join(in.candidates().stream().map(this::operand).toList()) + ")";
        }
        if (condition instanceof Condition.And and) {
            return String.join(" AND ", and.conditions().stream()
                    .map(c -> c instanceof Condition.And || c instanceof Condition.Or ? "(" + condition(c) + ")" : condition(c)).toList());
        }
        if (condition instanceof Condition.Or or) {
            return String.join(" OR ", or.conditions().stream()
                    .map(c -> c instanceof Condition.Or ? "(" + condition(c) + ")" : condition(c)).toList());
        }
        // NOT (NOT a), not NOT NOT a: dynalite's grammar (like DynamoDB's documented one) wants a condition after NOT
        if (condition instanceof Condition.Not not) {
            return "NOT " + (not.condition() instanceof Condition.And || not.condition() instanceof Condition.Or
                    || not.condition() instanceof Condition.Not ? "(" + condition(not.condition()) + ")" : condition(not.condition()));
        }
        if (condition instanceof Condition.AttributeExists e) {
            return "attribute_exists(" + path(e.path()) + ")";
        }
        if (condition instanceof Condition.AttributeNotExists e) {
            return "attribute_not_exists(" + path(e.path()) + ")";
        }
        if (condition instanceof Condition.AttributeType t) {
            return "attribute_type(" + path(t.path()) + ", " + operand(t.type()) + ")";
        }
        if (condition instanceof Condition.BeginsWith b) {
            return "begins_with(" + operand(b.subject()) + ", " + operand(b.prefix()) + ")";
        }
        if (condition instanceof Condition.Contains c) {
            return "contains(" + operand(c.subject()) + ", " + operand(c.operand()) + ")";
        }
        throw new IllegalStateException("unexpected " + condition.getClass());
    }

    private String operand(Operand operand) {
        if (operand instanceof Operand.PathOperand p) {
            return path(p.path());
        }
        if (operand instanceof Operand.ValueOperand v) {
            return value(v.value());
        }
        if (operand instanceof Operand.Size s) {
            return "size(" + path(s.path()) + ")";
        }
        throw new IllegalStateException("unexpected " + operand.getClass());
    }

    private String update(UpdateExpression update) {
        var clauses = new java.util.ArrayList<String>();
        if (!update.set().isEmpty()) {
            clauses.add("SET " + join(update.set().stream().map(a -> path(a.path()) + " = " + setValue(a.value())).toList()));
        }
        if (!update.remove().isEmpty()) {
            clauses.add("REMOVE " + join(update.remove().stream().map(this::path).toList()));
        }
        if (!update.add().isEmpty()) {
            clauses.add("ADD " + join(update.add().stream().map(a -> path(a.path()) + " " + value(a.value())).toList()));
        }
        if (!update.delete().isEmpty()) {
            clauses.add("DELETE " + join(update.delete().stream().map(a -> path(a.path()) + " " + value(a.value())).toList()));
        }
        if (clauses.isEmpty()) {
            throw new IllegalArgumentException("An update expression needs at least one action");
        }
        return String.join(" ", clauses);
    }

    private String setValue(SetValue value) {
        if (value instanceof SetValue.Arithmetic a) {
            return updateOperand(a.left()) + " " + a.operator().symbol() + " " + updateOperand(a.right());
        }
        if (value instanceof UpdateOperand o) {
            return updateOperand(o);
        }
        throw new IllegalStateException("unexpected " + value.getClass());
    }

    private String updateOperand(UpdateOperand operand) {
        if (operand instanceof Operand.PathOperand p) {
            return path(p.path());
        }
        if (operand instanceof Operand.ValueOperand v) {
            return value(v.value());
        }
        if (operand instanceof UpdateOperand.IfNotExists f) {
            return "if_not_exists(" + path(f.path()) + ", " + updateOperand(f.fallback()) + ")";
        }
        if (operand instanceof UpdateOperand.ListAppend f) {
            return "list_append(" + updateOperand(f.first()) + ", " + updateOperand(f.second()) + ")";
        }
        throw new IllegalStateException("unexpected " + operand.getClass());
    }

    private String projection(Projection projection) {
        return join(projection.paths().stream().map(this::path).toList());
    }

    private String path(AttributePath path) {
        return placeholders.path(path, name -> aliasEveryName || needsAlias(name));
    }

    private String alias(String name) {
        return placeholders.name(name);
    }

    private String value(AttributeValue value) {
        return placeholders.value(value);
    }

    private static String join(List<String> parts) {
        return String.join(", ", parts);
    }
}

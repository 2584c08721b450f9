package dev.dynalens.service.sql;

import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.expression.ExpressionLimits;
import dev.dynalens.domain.expression.Operand;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Turns one conjunct of a WHERE into a DynamoDB condition that means exactly what the SQL predicate means, or says it
 * cannot (the model: the Elasticsearch adapter's {@code PredicateAnalyzer}: a predicate is split, each part pushed or
 * kept, never refused whole). SQL's three-valued logic and DynamoDB's two-valued one agree on which rows a WHERE keeps
 * for comparisons, {@code AND} and {@code OR}; where they differ the translation says so in DynamoDB's terms:
 * {@code a <> v} keeps only items whose {@code a} has the column's type ({@code attribute_type}), since DynamoDB's
 * {@code <>} is true for a missing attribute; {@code IS NULL} and {@code IS NOT NULL} become type tests. A general
 * {@code NOT} is not translated: it stays on the desktop.
 */
final class PredicateTranslator {
    private final DynamoAccess scan;

    private PredicateTranslator(DynamoAccess scan) {
        this.scan = scan;
    }

    static Optional<Condition> translate(RexNode conjunct, DynamoAccess scan) {
        try {
            return Optional.ofNullable(new PredicateTranslator(scan).condition(conjunct));
        } catch (RuntimeException | AssertionError e) {
            // a value DynamoDB cannot hold (a number of 40 digits), a shape not foreseen (Calcite asserts on a literal
            // read as the wrong type): the desktop checks it
            return Optional.empty();
        }
    }

    /** A path the condition reads, and the type its column promises (null for ANY). */
    private record Path(AttributePath path, AttributeType type) {
    }

    private Condition condition(RexNode node) {
        if (node instanceof RexInputRef ref && ref.getType().getSqlTypeName() == SqlTypeName.BOOLEAN) {
            return Condition.compare(Operand.path(path(ref).path()), Condition.Comparator.EQ, Operand.value(AttributeValue.bool(true)));
        }
        if (!(node instanceof RexCall call)) {
            return null;
        }
        return switch (call.getKind()) {
            case AND -> all(call.getOperands(), true);
            case OR -> or(call.getOperands());
            case EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL, NOT_EQUALS -> comparison(call);
            case IS_NOT_NULL -> present(call.getOperands().getFirst());
            case IS_NULL -> {
                var present = present(call.getOperands().getFirst());
                yield present == null ? null : Condition.not(present);
            }
            case IS_TRUE -> condition(call.getOperands().getFirst());
            case OTHER_FUNCTION -> function(call);
            default -> null;
        };
    }

    private Condition all(List<RexNode> operands, boolean and) {
        var parts = new ArrayList<Condition>();
        for (var operand : operands) {
            var part = condition(operand);
            if (part == null) {
                return null;
            }
            parts.add(part);
        }
        return parts.size() == 1 ? parts.getFirst() : and ? new Condition.And(parts) : new Condition.Or(parts);
    }

    /** An OR of equalities of one path with values is an IN, which a key lookup can take; any other OR stays an OR. */
    private Condition or(List<RexNode> operands) {
        var either = all(operands, false);
        if (!(either instanceof Condition.Or or)) {
            return either;
        }
        Operand subject = null;
        var candidates = new ArrayList<Operand>();
        for (var part : or.conditions()) {
            if (part instanceof Condition.Comparison c && c.comparator() == Condition.Comparator.EQ && c.left() instanceof Operand.PathOperand
                    && c.right() instanceof Operand.ValueOperand && (subject == null || subject.equals(c.left()))) {
                subject = c.left();
                candidates.add(c.right());
            } else {
                return either;
            }
        }
        // an IN of any length: on a key each value is a request of its own; in a filter the access planner sends INs
        // of at most 100 values, DynamoDB's limit, or keeps the condition on the desktop
        return Condition.in(subject, candidates);
    }

    private Condition comparison(RexCall call) {
        var left = call.getOperands().get(0);
        var right = call.getOperands().get(1);
        var kind = call.getKind();
        var path = pathOf(left);
        var value = valueOf(right);
        if (path == null || value == null) {
            path = pathOf(right);
            value = valueOf(left);
            kind = kind.reverse();
        }
        if (path == null || value == null || !comparable(path, value)) {
            return null;
        }
        var subject = Operand.path(path.path());
        var operand = Operand.value(value);
        return switch (kind) {
            case EQUALS -> Condition.compare(subject, Condition.Comparator.EQ, operand);
            case LESS_THAN -> Condition.compare(subject, Condition.Comparator.LT, operand);
            case LESS_THAN_OR_EQUAL -> Condition.compare(subject, Condition.Comparator.LE, operand);
            case GREATER_THAN -> Condition.compare(subject, Condition.Comparator.GT, operand);
            case GREATER_THAN_OR_EQUAL -> Condition.compare(subject, Condition.Comparator.GE, operand);
            // SQL's a <> v is unknown where a is missing (or of another type); DynamoDB's is true there
            case NOT_EQUALS -> new Condition.And(List.of(typed(path.path(), value.type()),
                    Condition.compare(subject, Condition.Comparator.NE, operand)));
            default -> null;
        };
    }

    /** A comparison DynamoDB evaluates as SQL does: a string with a string, a number with a number, and so on. */
    private static boolean comparable(Path path, AttributeValue value) {
        var type = value.type();
        if (type != AttributeType.S && type != AttributeType.N && type != AttributeType.B && type != AttributeType.BOOL) {
            return false;
        }
        return path.type() == null || path.type() == type;
    }

    /** SQL's IS NOT NULL: the attribute is there with the column's type (any type but NULL for an ANY column). */
    private Condition present(RexNode operand) {
        var path = pathOf(operand);
        if (path == null) {
            return null;
        }
        if (path.type() != null) {
            return typed(path.path(), path.type());
        }
        return new Condition.And(List.of(Condition.attributeExists(path.path()),
                Condition.not(Condition.attributeType(path.path(), AttributeType.NULL))));
    }

    private static Condition typed(AttributePath path, AttributeType type) {
        return Condition.attributeType(path, type);
    }

    private Condition function(RexCall call) {
        var name = call.getOperator().getName();
        var operands = call.getOperands();
        return switch (name) {
            case "begins_with" -> {
                var path = pathOf(operands.get(0));
                var prefix = valueOf(operands.get(1));
                yield path != null && prefix != null && (prefix.type() == AttributeType.S || prefix.type() == AttributeType.B)
                        && (path.type() == null || path.type() == prefix.type())
                        ? Condition.beginsWith(path.path(), prefix) : null;
            }
            case "contains" -> {
                var path = pathOf(operands.get(0));
                var operand = valueOf(operands.get(1));
                // on a string column contains is a substring test in both; on ANY (sets, lists) an element test in both
                yield path != null && operand != null && (path.type() == null || path.type() == AttributeType.S && operand.type() == AttributeType.S)
                        ? Condition.contains(path.path(), operand) : null;
            }
            case "attribute_exists" -> present(operands.getFirst());
            case "attribute_not_exists" -> {
                var present = present(operands.getFirst());
                yield present == null ? null : Condition.not(present);
            }
            default -> null;
        };
    }

    /** The attribute or document path an expression reads: a column, or {@code item_at} steps from one. */
    private Path pathOf(RexNode node) {
        if (node instanceof RexInputRef ref) {
            return path(ref);
        }
        if (node instanceof RexCall call && call.getKind() == SqlKind.CAST && call.getOperands().getFirst() instanceof RexInputRef ref
                && call.getType().getSqlTypeName() == ref.getType().getSqlTypeName()) {
            return path(ref);
        }
        if (node instanceof RexCall call && call.getOperator().getName().equals("item_at")) {
            var container = pathOf(call.getOperands().get(0));
            var step = call.getOperands().get(1);
            if (container == null || !(step instanceof RexLiteral literal)) {
                return null;
            }
            // a document path is at most 32 steps deep (Developer Guide, "Constraints": "Expression parameters")
            if (container.path().depth() >= ExpressionLimits.MAX_PATH_DEPTH) {
                return null;
            }
            var type = literal.getType().getSqlTypeName();
            if (type == SqlTypeName.CHAR || type == SqlTypeName.VARCHAR) {
                return new Path(container.path().key(literal.getValueAs(String.class)), null);
            }
            var position = SqlTypeName.EXACT_TYPES.contains(type) ? listIndex(literal.getValueAs(BigDecimal.class)) : -1;
            return position < 0 ? null : new Path(container.path().index(position), null);
        }
        return null;
    }

    /** A list position as DynamoDB writes one ({@code l[0]}): a whole number from 0; -1 for anything else. */
    private static int listIndex(BigDecimal position) {
        if (position == null || position.signum() < 0 || position.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
            return -1;
        }
        try {
            return position.intValueExact();
        } catch (ArithmeticException fraction) {
            return -1;
        }
    }

    private Path path(RexInputRef ref) {
        var attribute = scan.attributeOf(ref.getIndex());
        return new Path(AttributePath.of(attribute), SqlTypes.attributeType(ref.getType().getSqlTypeName()));
    }

    /** A literal's DynamoDB value (through a CAST the validator added), or null when it has none. */
    private static AttributeValue valueOf(RexNode node) {
        if (node instanceof RexCall call && call.getKind() == SqlKind.CAST && call.getOperands().getFirst() instanceof RexLiteral) {
            node = call.getOperands().getFirst();
        }
        if (!(node instanceof RexLiteral literal) || literal.isNull()) {
            return null;
        }
        return switch (literal.getType().getSqlTypeName()) {
            case CHAR, VARCHAR -> AttributeValue.s(literal.getValueAs(String.class));
            case DECIMAL, INTEGER, BIGINT, SMALLINT, TINYINT -> SqlTypes.literal(literal.getValueAs(BigDecimal.class));
            case BOOLEAN -> AttributeValue.bool(Boolean.TRUE.equals(literal.getValueAs(Boolean.class)));
            case BINARY, VARBINARY -> SqlTypes.literal(literal.getValueAs(ByteString.class));
            default -> null;
        };
    }
}

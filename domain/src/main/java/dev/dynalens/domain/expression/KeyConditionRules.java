package dev.dynalens.domain.expression;

import static dev.dynalens.domain.expression.ExpressionError.Kind.INVALID_KEY_CONDITION;

import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What DynamoDB accepts as a key condition (Developer Guide, "Key condition expressions for query"): an equality on
 * the partition key, optionally AND one condition on the sort key with {@code =, <, <=, >, >=}, {@code BETWEEN} or
 * {@code begins_with}; each compares a top-level key attribute with values. No OR, NOT, IN, {@code <>},
 * {@code attribute_exists}, {@code contains} or {@code size}; no nested attributes.
 */
final class KeyConditionRules {
    private KeyConditionRules() {
    }

    /** The (attribute, condition) pairs of a valid key condition, in the order written. */
    record KeyPart(String attribute, Condition condition, int position) {
    }

    static List<KeyPart> check(Condition condition, Map<Object, Integer> positions, KeySchema keySchema) {
        var parts = new ArrayList<KeyPart>();
        collect(condition, positions, parts, true);
        if (parts.size() > 2) {
            throw error("A key condition has at most two conditions, one per key attribute; found " + parts.size(), parts.get(2).position());
        }
        if (parts.size() == 2 && parts.get(0).attribute().equals(parts.get(1).attribute())) {
            throw error("KeyConditionExpressions must only contain one condition per key", parts.get(1).position());
        }
        var equalities = parts.stream().filter(p -> p.condition() instanceof Condition.Comparison c
                && c.comparator() == Condition.Comparator.EQ).toList();
        if (equalities.isEmpty()) {
            throw error("Query condition missed key schema element: the partition key needs an equality condition (=)",
                    parts.get(0).position());
        }
        if (keySchema != null) {
            var partition = keySchema.partitionKeyName();
            var sort = keySchema.sortKeyName();
            var onPartition = parts.stream().filter(p -> p.attribute().equals(partition)).findFirst();
            if (onPartition.isEmpty()) {
                throw error("Query condition missed key schema element: " + partition, parts.get(0).position());
            }
            if (!(onPartition.get().condition() instanceof Condition.Comparison c && c.comparator() == Condition.Comparator.EQ)) {
                throw error("Query key condition not supported: the partition key " + partition + " needs an equality (=)",
                        onPartition.get().position());
            }
            for (var part : parts) {
                if (!part.attribute().equals(partition) && !part.attribute().equals(sort)) {
                    throw error("Query condition missed key schema element: " + part.attribute() + " is not a key attribute of the "
                            + (sort == null ? "table (its key is " + partition + ")" : "table (its keys are " + partition + " and " + sort + ")"),
                            part.position());
                }
            }
        }
        return parts;
    }

    private static void collect(Condition condition, Map<Object, Integer> positions, List<KeyPart> parts, boolean top) {
        int position = positions.getOrDefault(condition, 0);
        if (condition instanceof Condition.And and && top) {
            for (var part : and.conditions()) {
                if (part instanceof Condition.And) {
                    throw error("KeyConditionExpressions cannot contain nested operations", positions.getOrDefault(part, position));
                }
                collect(part, positions, parts, false);
            }
        } else if (condition instanceof Condition.And) {
            throw error("KeyConditionExpressions cannot contain nested operations", position);
        } else if (condition instanceof Condition.Or) {
            throw error("Invalid operator used in KeyConditionExpression: OR", position);
        } else if (condition instanceof Condition.Not) {
            throw error("Invalid operator used in KeyConditionExpression: NOT", position);
        } else if (condition instanceof Condition.In) {
            throw error("Invalid operator used in KeyConditionExpression: IN", position);
        } else if (condition instanceof Condition.AttributeExists) {
            throw error("Invalid operator used in KeyConditionExpression: attribute_exists", position);
        } else if (condition instanceof Condition.AttributeNotExists) {
            throw error("Invalid operator used in KeyConditionExpression: attribute_not_exists", position);
        } else if (condition instanceof Condition.AttributeType) {
            throw error("Invalid operator used in KeyConditionExpression: attribute_type", position);
        } else if (condition instanceof Condition.Contains) {
            throw error("Invalid operator used in KeyConditionExpression: contains", position);
        } else if (condition instanceof Condition.Comparison c) {
            if (c.comparator() == Condition.Comparator.NE) {
                throw error("Invalid operator used in KeyConditionExpression: <>", position);
            }
            var left = keyAttribute(c.left(), position);
            var right = keyAttribute(c.right(), position);
            if (left != null && right != null) {
                throw error("Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition", position);
            }
            if (left == null && right == null) {
                throw error("Invalid condition in KeyConditionExpression: No key attribute specified", position);
            }
            parts.add(new KeyPart(left != null ? left : right, c, position));
        } else if (condition instanceof Condition.Between b) {
            var subject = keyAttribute(b.subject(), position);
            if (subject == null) {
                throw error("Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand", position);
            }
            if (keyAttribute(b.low(), position) != null || keyAttribute(b.high(), position) != null) {
                throw error("Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition", position);
            }
            parts.add(new KeyPart(subject, b, position));
        } else if (condition instanceof Condition.BeginsWith b) {
            var subject = keyAttribute(b.subject(), position);
            if (subject == null) {
                throw error("Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand", position);
            }
            if (keyAttribute(b.prefix(), position) != null) {
                throw error("Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition", position);
            }
            parts.add(new KeyPart(subject, b, position));
        } else {
            throw new IllegalStateException("unexpected " + condition.getClass());
        }
    }

    /** The key attribute an operand names, or null for a value. */
    private static String keyAttribute(Operand operand, int position) {
        if (operand instanceof Operand.ValueOperand) {
            return null;
        }
        if (operand instanceof Operand.Size) {
            throw error("KeyConditionExpressions cannot contain nested operations (size)", position);
        }
        if (operand instanceof Operand.PathOperand p) {
            if (!p.path().isTopLevel()) {
                throw error("KeyConditionExpressions cannot have conditions on nested attributes", position);
            }
            return p.path().attributeName();
        }
        throw new IllegalStateException("unexpected " + operand.getClass());
    }

    private static ExpressionException error(String message, int position) {
        return new ExpressionException(INVALID_KEY_CONDITION, ExpressionError.Field.KEY_CONDITION, message, position);
    }
}

package dev.dynalens.domain.expression;

import static dev.dynalens.domain.expression.ExpressionError.Kind.INVALID_KEY_CONDITION;

import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What DynamoDB accepts as a key condition (Developer Guide, "Key condition expressions for query"): an equality on
 * the partition key, optionally AND one condition on the sort key with {@code =, <, <=, >, >=}, {@code BETWEEN} or
 * {@code begins_with}; each compares a top-level key attribute with values. No OR, NOT, IN, {@code <>},
 * {@code attribute_exists}, {@code contains} or {@code size}; no nested attributes.
 *
 * <p>On a global index of several partition or sort attributes (docs/expressions.md, Multi-attribute GSI keys, rules
 * 11 to 15): an equality on every partition attribute; sort attributes from the left, without skipping one, each with
 * an equality except the last one given, which may take a range; "last" and "from the left" by the key's order, not
 * the order written in. DynamoDB's own messages for these are not documented, so each names the rule broken here.
 */
final class KeyConditionRules {
    private KeyConditionRules() {
    }

    /** The (attribute, condition) pairs of a valid key condition, in the order written. */
    record KeyPart(String attribute, Condition condition, int position) {
    }

    static List<KeyPart> check(Condition condition, Map<Object, Integer> positions, KeySchema keySchema) {
        return check(condition, positions, keySchema == null ? null : keySchema.asIndexKey());
    }

    /**
     * @param key the key of the table or index queried; null checks the grammar and the table's shape of one partition
     *            and one sort condition only
     */
    static List<KeyPart> check(Condition condition, Map<Object, Integer> positions, IndexKey key) {
        var parts = new ArrayList<KeyPart>();
        collect(condition, positions, parts, true);
        if (key != null && !key.isSingle()) {
            checkMultiAttribute(parts, key);
            return parts;
        }
        var keySchema = key == null ? null : key.asKeySchema().orElseThrow();
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

    private static void checkMultiAttribute(List<KeyPart> parts, IndexKey key) {
        int most = key.partition().size() + key.sort().size();
        if (parts.size() > most) {
            throw error("A key condition has at most " + most + " conditions, one per key attribute (" + key.summary() + "); found "
                    + parts.size(), parts.get(most).position());
        }
        var seen = new java.util.HashSet<String>();
        for (var part : parts) {
            if (!seen.add(part.attribute())) {
                throw error("KeyConditionExpressions must only contain one condition per key", part.position());
            }
            if (key.attribute(part.attribute()).isEmpty()) {
                throw error("Query condition missed key schema element: " + part.attribute() + " is not a key attribute of the index "
                        + "(its key is " + key.summary() + ")", part.position());
            }
        }
        for (var name : key.partitionNames()) {
            var onIt = on(parts, name);
            if (onIt.isEmpty()) {
                throw error("Query condition missed key schema element: " + name + "; every partition key attribute ("
                        + String.join(", ", key.partitionNames()) + ") needs an equality (=)", parts.isEmpty() ? 0 : parts.get(0).position());
            }
            if (!isEquality(onIt.get())) {
                throw error("Query key condition not supported: the partition key attribute " + name + " needs an equality (=), "
                        + "as every partition key attribute does", onIt.get().position());
            }
        }
        var sortNames = key.sortNames();
        var given = parts.stream().filter(p -> sortNames.contains(p.attribute()))
                .sorted(Comparator.comparingInt(p -> sortNames.indexOf(p.attribute()))).toList();
        for (int i = 0; i < given.size(); i++) {
            var expected = sortNames.get(i);
            if (!given.get(i).attribute().equals(expected)) {
                throw error("Query key condition not supported: " + given.get(i).attribute() + " is given without " + expected
                        + "; sort key attributes are given from the left (" + String.join(", ", sortNames) + "), without skipping one",
                        given.get(i).position());
            }
        }
        for (int i = 0; i < given.size() - 1; i++) {
            if (!isEquality(given.get(i))) {
                throw error("Query key condition not supported: " + given.get(i).attribute() + " has a range condition, and only the "
                        + "last sort key attribute given (" + given.get(given.size() - 1).attribute() + ") may; the ones before it need "
                        + "an equality (=)", given.get(i).position());
            }
        }
        for (var part : given) {
            if (part.condition() instanceof Condition.BeginsWith
                    && key.attribute(part.attribute()).orElseThrow().type() == KeySchema.ScalarType.N) {
                throw error("Query key condition not supported: begins_with works on a string or binary sort key attribute, and "
                        + part.attribute() + " is a number (N)", part.position());
            }
        }
    }

    private static Optional<KeyPart> on(List<KeyPart> parts, String attribute) {
        return parts.stream().filter(p -> p.attribute().equals(attribute)).findFirst();
    }

    private static boolean isEquality(KeyPart part) {
        return part.condition() instanceof Condition.Comparison c && c.comparator() == Condition.Comparator.EQ;
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

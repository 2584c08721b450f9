package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.Item;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Evaluates a condition (or filter) against an item as DynamoDB does (Developer Guide, "Comparison operator and
 * function reference"). A condition never fails at this stage: an operand that does not exist, or values of
 * different types, make a comparison false (and {@code <>} true), never an error.
 */
public final class ConditionEvaluator {
    private ConditionEvaluator() {
    }

    public static boolean evaluate(Condition condition, Item item) {
        Objects.requireNonNull(item, "item");
        if (condition instanceof Condition.And and) {
            return and.conditions().stream().allMatch(c -> evaluate(c, item));
        }
        if (condition instanceof Condition.Or or) {
            return or.conditions().stream().anyMatch(c -> evaluate(c, item));
        }
        if (condition instanceof Condition.Not not) {
            return !evaluate(not.condition(), item);
        }
        if (condition instanceof Condition.Comparison c) {
            return compare(resolve(c.left(), item), c.comparator(), resolve(c.right(), item));
        }
        if (condition instanceof Condition.Between b) {
            return between(resolve(b.subject(), item), resolve(b.low(), item), resolve(b.high(), item));
        }
        if (condition instanceof Condition.In in) {
            var subject = resolve(in.subject(), item);
            return subject != null && in.candidates().stream().anyMatch(c -> subject.equals(resolve(c, item)));
        }
        if (condition instanceof Condition.AttributeExists e) {
            return PathResolver.resolve(item, e.path()) != null;
        }
        if (condition instanceof Condition.AttributeNotExists e) {
            return PathResolver.resolve(item, e.path()) == null;
        }
        if (condition instanceof Condition.AttributeType t) {
            var value = PathResolver.resolve(item, t.path());
            return value != null && resolve(t.type(), item) instanceof AttributeValue.Str s && value.type().name().equals(s.value());
        }
        if (condition instanceof Condition.BeginsWith b) {
            return beginsWith(resolve(b.subject(), item), resolve(b.prefix(), item));
        }
        if (condition instanceof Condition.Contains c) {
            return contains(resolve(c.subject(), item), resolve(c.operand(), item));
        }
        throw new IllegalStateException("unexpected " + condition.getClass());
    }

    /** The value of an operand for this item, or null when it does not exist. */
    static AttributeValue resolve(Operand operand, Item item) {
        if (operand instanceof Operand.ValueOperand v) {
            return v.value();
        }
        if (operand instanceof Operand.PathOperand p) {
            return PathResolver.resolve(item, p.path());
        }
        if (operand instanceof Operand.Size s) {
            return size(PathResolver.resolve(item, s.path()));
        }
        throw new IllegalStateException("unexpected " + operand.getClass());
    }

    /**
     * {@code size}: a string's length, a binary's byte count, the element count of a set, list or map; no value for
     * a number, boolean or null (the comparison is then false).
     */
    static AttributeValue size(AttributeValue value) {
        long size;
        if (value == null) {
            return null;
        }
        // DynamoDB stores strings as UTF-8; the length counted here is in UTF-8 bytes (see docs/expressions.md)
        if (value instanceof AttributeValue.Str s) {
            size = s.value().getBytes(StandardCharsets.UTF_8).length;
        } else if (value instanceof AttributeValue.Bin b) {
            size = b.value().length();
        } else if (value instanceof AttributeValue.StringSet s) {
            size = s.values().size();
        } else if (value instanceof AttributeValue.NumberSet s) {
            size = s.values().size();
        } else if (value instanceof AttributeValue.BinarySet s) {
            size = s.values().size();
        } else if (value instanceof AttributeValue.ListValue l) {
            size = l.values().size();
        } else if (value instanceof AttributeValue.MapValue m) {
            size = m.values().size();
        } else {
            return null;
        }
        return AttributeValue.n(size);
    }

    private static boolean compare(AttributeValue left, Condition.Comparator comparator, AttributeValue right) {
        if (comparator == Condition.Comparator.EQ) {
            return left != null && left.equals(right);
        }
        if (comparator == Condition.Comparator.NE) {
            return !Objects.equals(left, right);
        }
        if (left == null || right == null) {
            return false;
        }
        var order = Values.compare(left, right);
        if (order.isEmpty()) {
            return false;
        }
        int c = order.getAsInt();
        return switch (comparator) {
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            default -> throw new IllegalStateException(comparator.name());
        };
    }

    private static boolean between(AttributeValue subject, AttributeValue low, AttributeValue high) {
        if (subject == null || low == null || high == null) {
            return false;
        }
        var fromLow = Values.compare(subject, low);
        var toHigh = Values.compare(subject, high);
        return fromLow.isPresent() && toHigh.isPresent() && fromLow.getAsInt() >= 0 && toHigh.getAsInt() <= 0;
    }

    private static boolean beginsWith(AttributeValue subject, AttributeValue prefix) {
        if (subject instanceof AttributeValue.Str s && prefix instanceof AttributeValue.Str p) {
            return s.value().startsWith(p.value());
        }
        if (subject instanceof AttributeValue.Bin s && prefix instanceof AttributeValue.Bin p) {
            return s.value().startsWith(p.value());
        }
        return false;
    }

    private static boolean contains(AttributeValue subject, AttributeValue operand) {
        if (subject == null || operand == null) {
            return false;
        }
        if (subject instanceof AttributeValue.Str s) {
            return operand instanceof AttributeValue.Str o && s.value().contains(o.value());
        }
        if (subject instanceof AttributeValue.Bin b) {
            return operand instanceof AttributeValue.Bin o && containsBytes(b.value(), o.value());
        }
        if (subject instanceof AttributeValue.StringSet set) {
            return operand instanceof AttributeValue.Str o && set.values().contains(o.value());
        }
        if (subject instanceof AttributeValue.NumberSet set) {
            return operand instanceof AttributeValue.Num o && set.values().contains(o.value());
        }
        if (subject instanceof AttributeValue.BinarySet set) {
            return operand instanceof AttributeValue.Bin o && set.values().contains(o.value());
        }
        if (subject instanceof AttributeValue.ListValue list) {
            return list.values().contains(operand);
        }
        return false;
    }

    private static boolean containsBytes(Bytes haystack, Bytes needle) {
        byte[] h = haystack.toArray();
        byte[] n = needle.toArray();
        outer:
        for (int i = 0; i + n.length <= h.length; i++) {
            for (int j = 0; j < n.length; j++) {
                if (h[i + j] != n[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}

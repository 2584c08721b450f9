package dev.dynalens.service.sql;

import dev.dynalens.domain.item.AttributeValue;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.util.ByteString;

/**
 * The DynamoDB functions the workbench's SQL has, with DynamoDB's meaning (Developer Guide, "Comparison operator and
 * function reference"): {@code begins_with}, {@code contains}, {@code size}, {@code attribute_exists},
 * {@code attribute_not_exists}; and {@code item_at}, the step of a document path ({@code t.assignee.id},
 * {@code t.tags[0]}: list positions from 0, as in DynamoDB's PartiQL). Planner rules push them into FilterExpressions
 * where DynamoDB can evaluate them; here is what runs on the desktop. Public because generated code calls them.
 */
public final class DynamoFunctions {
    private DynamoFunctions() {
    }

    /** True when the string (or binary) starts with the prefix; false, not an error, for any other pair. */
    public static Boolean begins_with(Object value, Object prefix) {
        if (value instanceof String s && prefix instanceof String p) {
            return s.startsWith(p);
        }
        if (value instanceof ByteString b && prefix instanceof ByteString p) {
            return b.startsWith(p);
        }
        return value == null || prefix == null ? null : false;
    }

    /** A substring of a string, or an element of a set or list. */
    public static Boolean contains(Object value, Object operand) {
        if (value == null || operand == null) {
            return null;
        }
        if (value instanceof String s && operand instanceof String o) {
            return s.contains(o);
        }
        if (value instanceof AttributeValue attribute) {
            var wanted = operand instanceof AttributeValue a ? a : SqlTypes.literal(operand);
            return switch (attribute) {
                case AttributeValue.StringSet set -> wanted instanceof AttributeValue.Str s && set.values().contains(s.value());
                case AttributeValue.NumberSet set -> wanted instanceof AttributeValue.Num n && set.values().contains(n.value());
                case AttributeValue.BinarySet set -> wanted instanceof AttributeValue.Bin b && set.values().contains(b.value());
                case AttributeValue.ListValue list -> list.values().contains(wanted);
                default -> false;
            };
        }
        return false;
    }

    /** The length of a string (characters) or binary (bytes), the element count of a set, list or map. */
    public static Integer size(Object value) {
        return switch (value) {
            case null -> null;
            case String s -> s.length();
            case ByteString b -> b.length();
            case AttributeValue.StringSet set -> set.values().size();
            case AttributeValue.NumberSet set -> set.values().size();
            case AttributeValue.BinarySet set -> set.values().size();
            case AttributeValue.ListValue list -> list.values().size();
            case AttributeValue.MapValue map -> map.values().size();
            default -> null;
        };
    }

    /** The attribute has a value (a DynamoDB NULL counts as none: SQL has one null). */
    public static boolean attribute_exists(Object value) {
        return value != null;
    }

    public static boolean attribute_not_exists(Object value) {
        return value == null;
    }

    /**
     * One step of a document path: a map's entry by name, or a list's element by position (from 0). Null when the
     * step is missing or of the wrong kind, as DynamoDB reads a path that does not exist.
     */
    public static Object item_at(Object container, Object step) {
        if (container instanceof AttributeValue.MapValue map && step instanceof String key) {
            var value = map.values().get(key);
            return value == null ? null : SqlTypes.natural(value);
        }
        if (container instanceof AttributeValue.ListValue list && step instanceof Number position) {
            var at = position(position);
            return at >= 0 && at < list.values().size() ? SqlTypes.natural(list.values().get(at)) : null;
        }
        if (container instanceof Map<?, ?> map && step instanceof String key) {
            return map.get(key);
        }
        if (container instanceof List<?> list && step instanceof Number position) {
            var at = position(position);
            return at >= 0 && at < list.size() ? list.get(at) : null;
        }
        return null;
    }

    /** A list position: a whole number from 0, else -1 (a fraction, a negative or a huge number reads nothing). */
    private static int position(Number position) {
        var exact = position instanceof BigDecimal d ? d : position instanceof Integer || position instanceof Long
                || position instanceof Short || position instanceof Byte ? BigDecimal.valueOf(position.longValue()) : null;
        if (exact == null || exact.signum() < 0 || exact.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
            return -1;
        }
        try {
            return exact.intValueExact();
        } catch (ArithmeticException fraction) {
            return -1;
        }
    }
}

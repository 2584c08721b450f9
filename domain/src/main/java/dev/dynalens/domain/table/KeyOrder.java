package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;

/**
 * The order DynamoDB keeps items in within a partition, and the sort-key conditions of a Query, as
 * pure functions.
 *
 * <p>DynamoDB rule (Developer Guide, "Query operations: key condition expressions", and the
 * Comparison Operator reference): strings compare by their UTF-8 bytes as unsigned values, numbers
 * numerically, binary values byte by byte as unsigned values. The UTF-8 byte order of two strings is
 * their Unicode code-point order, which is not Java's {@link String#compareTo} (UTF-16 code units):
 * U+FF21 sorts before U+1F600 in DynamoDB, after it in Java.
 */
public final class KeyOrder {

    /** Orders key values of one type as DynamoDB does; values of different types are not comparable. */
    public static final Comparator<AttributeValue> COMPARATOR = KeyOrder::compare;

    private KeyOrder() {
    }

    /**
     * Compares two key values of the same scalar type (S, N or B).
     *
     * @throws IllegalArgumentException when either value is not a key type, or the types differ
     */
    public static int compare(AttributeValue a, AttributeValue b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (a instanceof AttributeValue.Str x && b instanceof AttributeValue.Str y) {
            return compareStrings(x.value(), y.value());
        }
        if (a instanceof AttributeValue.Num x && b instanceof AttributeValue.Num y) {
            return x.value().compareTo(y.value());
        }
        if (a instanceof AttributeValue.Bin x && b instanceof AttributeValue.Bin y) {
            return x.value().compareTo(y.value());
        }
        throw new IllegalArgumentException("Cannot compare a " + a.type() + " value with a " + b.type()
                + " value: key values compare only within S, N or B");
    }

    /**
     * Compares strings in code-point order, which is the order of their UTF-8 bytes, without encoding
     * them. At the first differing UTF-16 unit, surrogates (U+D800–U+DFFF, the halves of code points
     * above U+FFFF) are moved above U+E000–U+FFFF, where their code points are.
     */
    public static int compareStrings(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                return Integer.compare(codePointRank(x), codePointRank(y));
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    private static int codePointRank(char c) {
        if (c >= 0xE000) {
            return c - 0x800;
        }
        if (c >= 0xD800) {
            return c + 0x2000;
        }
        return c;
    }

    /**
     * DynamoDB's {@code begins_with} on a sort key: a string or binary value that starts with the prefix.
     *
     * @throws IllegalArgumentException for numbers or values of different types
     */
    public static boolean beginsWith(AttributeValue value, AttributeValue prefix) {
        if (value instanceof AttributeValue.Str s && prefix instanceof AttributeValue.Str p) {
            return s.value().startsWith(p.value());
        }
        if (value instanceof AttributeValue.Bin b && prefix instanceof AttributeValue.Bin p) {
            return b.value().startsWith(p.value());
        }
        throw new IllegalArgumentException("begins_with needs a string or binary value and a prefix of the same type, not "
                + value.type() + " and " + prefix.type());
    }

    /** Whether a sort-key value satisfies a Query's sort-key condition. */
    public static boolean matches(SortKeyCondition condition, AttributeValue value) {
        var operand = condition.value();
        return switch (condition.operator()) {
            case EQ -> compare(value, operand) == 0;
            case LT -> compare(value, operand) < 0;
            case LE -> compare(value, operand) <= 0;
            case GT -> compare(value, operand) > 0;
            case GE -> compare(value, operand) >= 0;
            case BEGINS_WITH -> beginsWith(value, operand);
            case BETWEEN -> compare(value, operand) >= 0 && compare(value, condition.upperBound()) <= 0;
        };
    }

    /** The key type of a value, or empty when the value cannot be a key (not S, N or B). */
    public static Optional<KeySchema.ScalarType> typeOf(AttributeValue value) {
        if (value instanceof AttributeValue.Str) {
            return Optional.of(KeySchema.ScalarType.S);
        } else if (value instanceof AttributeValue.Num) {
            return Optional.of(KeySchema.ScalarType.N);
        } else if (value instanceof AttributeValue.Bin) {
            return Optional.of(KeySchema.ScalarType.B);
        } else {
            return Optional.empty();
        }
    }

    /**
     * Whether a value can be stored as a key attribute of the given type. DynamoDB rule (Developer
     * Guide, "Supported data types"): key strings and binaries must not be empty.
     */
    public static boolean isKeyOfType(AttributeValue value, KeySchema.ScalarType type) {
        if (value instanceof AttributeValue.Str s) {
            return type == KeySchema.ScalarType.S && !s.value().isEmpty();
        } else if (value instanceof AttributeValue.Num) {
            return type == KeySchema.ScalarType.N;
        } else if (value instanceof AttributeValue.Bin b) {
            return type == KeySchema.ScalarType.B && b.value().length() > 0;
        } else {
            return false;
        }
    }
}

package dev.dynalens.domain.item;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * An exact DynamoDB number. Keeps the text it was written with (so "1.50" stays "1.50" on every
 * path that does not go through DynamoDB) and compares numerically, as DynamoDB does.
 *
 * <p>DynamoDB rule (Developer Guide, "Supported data types / Number"): up to 38 digits of precision,
 * positive values from 1E-130 to 9.9999999999999999999999999999999999999E+125, negative values
 * from -9.9999999999999999999999999999999999999E+125 to -1E-130. Leading and trailing zeroes are
 * trimmed by DynamoDB and do not count toward precision.
 */
public final class DynamoNumber implements Comparable<DynamoNumber> {
    public static final int MAX_PRECISION = 38;
    private static final BigDecimal MAX_MAGNITUDE = new BigDecimal("9.9999999999999999999999999999999999999E+125");
    private static final BigDecimal MIN_MAGNITUDE = new BigDecimal("1E-130");

    private final String text;
    private final BigDecimal value;

    private DynamoNumber(String text, BigDecimal value) {
        this.text = text;
        this.value = value;
    }

    /**
     * Parses a number as DynamoDB accepts it on the wire.
     *
     * @throws InvalidNumberException with a message a person can act on
     */
    public static DynamoNumber parse(String text) {
        Objects.requireNonNull(text, "text");
        var trimmed = text.strip();
        if (trimmed.isEmpty()) {
            throw new InvalidNumberException("A number must not be empty");
        }
        if (!isNumberSyntax(trimmed)) {
            throw new InvalidNumberException("Not a number: " + quoted(text));
        }
        BigDecimal parsed;
        try {
            parsed = new BigDecimal(trimmed);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new InvalidNumberException("Not a number: " + quoted(text));
        }
        validateRange(parsed, text);
        return new DynamoNumber(trimmed, parsed);
    }

    public static DynamoNumber of(long value) {
        return new DynamoNumber(Long.toString(value), BigDecimal.valueOf(value));
    }

    public static DynamoNumber of(BigDecimal value) {
        // toString, not toPlainString: the plain form of 1E+999999999 would be a gigabyte of zeroes
        validateRange(value, value.toString());
        return new DynamoNumber(value.toString(), value);
    }

    private static boolean isNumberSyntax(String s) {
        // [+-]? digits [. digits]? ([eE] [+-]? digits)?  -- with at least one digit in the mantissa
        int i = 0;
        int n = s.length();
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
        int digits = 0;
        while (i < n && Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) { i++; digits++; }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) { i++; digits++; }
        }
        if (digits == 0) return false;
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
            int expDigits = 0;
            while (i < n && Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) { i++; expDigits++; }
            if (expDigits == 0) return false;
        }
        return i == n;
    }

    private static void validateRange(BigDecimal v, String original) {
        if (v.signum() == 0) {
            return;
        }
        var stripped = v.stripTrailingZeros();
        if (stripped.precision() > MAX_PRECISION) {
            throw new InvalidNumberException("Number " + quoted(original) + " has " + stripped.precision()
                    + " significant digits; DynamoDB keeps at most " + MAX_PRECISION);
        }
        var magnitude = stripped.abs();
        if (magnitude.compareTo(MAX_MAGNITUDE) > 0) {
            throw new InvalidNumberException("Number " + quoted(original) + " is too large for DynamoDB (max 9.99…E+125)");
        }
        if (magnitude.compareTo(MIN_MAGNITUDE) < 0) {
            throw new InvalidNumberException("Number " + quoted(original) + " is too small for DynamoDB (min 1E-130)");
        }
    }

    /** Quotes a number's text for a message, shortening text too long to read. */
    private static String quoted(String text) {
        final int limit = 60;
        return text.length() <= limit
                ? "'" + text + "'"
                : "'" + text.substring(0, limit) + "…' (" + text.length() + " characters)";
    }

    /** The text as it was given, without surrounding whitespace. */
    public String text() {
        return text;
    }

    public BigDecimal toBigDecimal() {
        return value;
    }

    /** The form DynamoDB returns: no exponent where avoidable, no trailing zeroes. */
    public String canonical() {
        if (value.signum() == 0) {
            return "0";
        }
        return value.stripTrailingZeros().toPlainString();
    }

    /** Significant digits as DynamoDB counts them (leading and trailing zeroes trimmed). */
    public int significantDigits() {
        if (value.signum() == 0) {
            return 1;
        }
        return value.stripTrailingZeros().precision();
    }

    @Override
    public int compareTo(DynamoNumber other) {
        return value.compareTo(other.value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DynamoNumber other && value.compareTo(other.value) == 0;
    }

    @Override
    public int hashCode() {
        return value.signum() == 0 ? 0 : value.stripTrailingZeros().hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}

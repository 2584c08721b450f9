package dev.dynalens.domain.codegen;

import dev.dynalens.domain.item.DynamoNumber;
import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * The text a generated snippet writes a number with. It is always a string inside the snippet (a
 * {@code BigDecimal}-style text, never a double), and one text serves every language: the one the person typed when
 * every SDK takes it unchanged, otherwise the same value normalised.
 *
 * <p>The typed text is kept when it has no leading plus sign and at most 38 digits in its coefficient. Longer
 * coefficients are exact but trip boto3: it reads numbers through a decimal context of 38 digits that traps on
 * rounding, and dropping the trailing zeroes of {@code 1000…000} (46 digits) counts as rounding. DynamoDB's own limit
 * is 38 significant digits, leading and trailing zeroes not counted (Developer Guide, "Supported data types /
 * Number"), so the normalised value always fits.
 */
final class NumberText {
    private static final Pattern PORTABLE = Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    private static final int MAX_COEFFICIENT_DIGITS = DynamoNumber.MAX_PRECISION;
    /** Plain forms longer than this read worse than scientific notation (1E-130 has 132 characters plain). */
    private static final int MAX_PLAIN_LENGTH = 45;

    private NumberText() {
    }

    static String of(DynamoNumber number) {
        var typed = number.text();
        if (PORTABLE.matcher(typed).matches() && new BigDecimal(typed).precision() <= MAX_COEFFICIENT_DIGITS) {
            return typed;
        }
        var value = number.toBigDecimal();
        if (value.signum() == 0) {
            return "0";
        }
        var stripped = value.stripTrailingZeros();
        var plain = stripped.toPlainString();
        if (plain.length() <= MAX_PLAIN_LENGTH && new BigDecimal(plain).precision() <= MAX_COEFFICIENT_DIGITS) {
            return plain;
        }
        return stripped.toString();
    }
}

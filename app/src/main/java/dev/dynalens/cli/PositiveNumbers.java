package dev.dynalens.cli;

import java.math.BigDecimal;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * What every number option of every command takes: a finite number above 0 and not absurdly large. {@code --max-rcu NaN},
 * {@code --segments 0} or {@code --limit -5} is a usage error naming the option and the value (picocli says "Invalid
 * value for option '--limit': …"), before anything is read. Registered for the number types on the whole command line
 * ({@link DynaLensCli#commandLine}), so an option added later is checked without anyone remembering.
 */
final class PositiveNumbers {
    /**
     * The most a decimal option takes: above 2^53 half units a double no longer counts read units to the half, and no
     * budget is meant to be that large (a quadrillion read units).
     */
    static final BigDecimal MOST_DECIMAL = new BigDecimal("1000000000000000");

    private PositiveNumbers() {
    }

    /** Registers the converters for int, long, double (boxed or not) and BigDecimal on {@code commandLine} and its subcommands. */
    static void registerOn(CommandLine commandLine) {
        ITypeConverter<Integer> wholeInt = text -> whole(text, BigDecimal.valueOf(Integer.MAX_VALUE)).intValueExact();
        ITypeConverter<Long> wholeLong = text -> whole(text, BigDecimal.valueOf(Long.MAX_VALUE)).longValueExact();
        ITypeConverter<Double> decimalDouble = text -> decimal(text).doubleValue();
        commandLine.registerConverter(Integer.class, wholeInt);
        commandLine.registerConverter(int.class, wholeInt);
        commandLine.registerConverter(Long.class, wholeLong);
        commandLine.registerConverter(long.class, wholeLong);
        commandLine.registerConverter(Double.class, decimalDouble);
        commandLine.registerConverter(double.class, decimalDouble);
        commandLine.registerConverter(BigDecimal.class, PositiveNumbers::decimal);
    }

    /** A whole number from 1 to {@code most}. */
    static BigDecimal whole(String text, BigDecimal most) {
        var number = number(text);
        if (number.signum() <= 0) {
            throw new TypeConversionException("'" + text + "' is not a whole number of 1 or more");
        }
        if (number.stripTrailingZeros().scale() > 0) {
            throw new TypeConversionException("'" + text + "' is not a whole number");
        }
        return atMost(text, number, most);
    }

    /** A finite number above 0, at most {@link #MOST_DECIMAL}. */
    static BigDecimal decimal(String text) {
        var number = number(text);
        if (number.signum() <= 0) {
            throw new TypeConversionException("'" + text + "' is not a number above 0");
        }
        if (number.doubleValue() == 0) {
            throw new TypeConversionException("'" + text + "' is too small to be told from 0");
        }
        return atMost(text, number, MOST_DECIMAL);
    }

    private static BigDecimal number(String text) {
        try {
            // BigDecimal reads decimal text only: NaN, Infinity and hexadecimal are not numbers here.
            return new BigDecimal(text.strip());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is not a number");
        }
    }

    private static BigDecimal atMost(String text, BigDecimal number, BigDecimal most) {
        if (number.compareTo(most) > 0) {
            throw new TypeConversionException(String.format(Locale.ROOT, "'%s' is more than %,d, the most this option takes", text,
                    most.toBigInteger()));
        }
        return number;
    }
}

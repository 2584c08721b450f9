package dev.dynalens.domain.item;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DynamoNumberTest {

    private static final String MAX = "9.9999999999999999999999999999999999999E+125";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # text                                          | canonical                                | significant digits
            0                                               | 0                                        | 1
            -0                                              | 0                                        | 1
            0.000                                           | 0                                        | 1
            0E+10                                           | 0                                        | 1
            12                                              | 12                                       | 2
            -12                                             | -12                                      | 2
            +5                                              | 5                                        | 1
            1.50                                            | 1.5                                      | 2
            .5                                              | 0.5                                      | 1
            5.                                              | 5                                        | 1
            007                                             | 7                                        | 1
            1E+2                                            | 100                                      | 1
            1e2                                             | 100                                      | 1
            -2.5E-3                                         | -0.0025                                  | 2
            0.000120                                        | 0.00012                                  | 2
            12345678901234567890123456789012345678          | 12345678901234567890123456789012345678   | 38
            -0.00000000000000000000000000000000000001       | -0.00000000000000000000000000000000000001 | 1
            1000000000000000000000000000000000000000000000  | 1000000000000000000000000000000000000000000000 | 1
            """)
    void parse_keepsTextAndComputesCanonicalForm(String text, String canonical, int significantDigits) {
        var number = DynamoNumber.parse(text);

        assertEquals(text, number.text());
        assertEquals(text, number.toString());
        assertEquals(canonical, number.canonical());
        assertEquals(significantDigits, number.significantDigits());
    }

    @Test
    void parse_stripsSurroundingWhitespace() {
        assertEquals("42", DynamoNumber.parse("  42\n").text());
    }

    @Test
    void parse_accepts38SignificantDigits_andRejects39() {
        var digits38 = "9".repeat(38);

        assertEquals(38, DynamoNumber.parse(digits38).significantDigits());
        assertEquals(38, DynamoNumber.parse("-0.000" + digits38).significantDigits());
        var e = assertThrows(InvalidNumberException.class, () -> DynamoNumber.parse("1" + digits38));
        assertEquals("Number '1" + digits38 + "' has 39 significant digits; DynamoDB keeps at most 38", e.getMessage());
        assertThrows(InvalidNumberException.class, () -> DynamoNumber.parse("1.00000000000000000000000000000000000001"));
    }

    @Test
    void parse_countsNeitherLeadingNorTrailingZeroesTowardPrecision() {
        assertEquals(1, DynamoNumber.parse("1" + "0".repeat(100)).significantDigits());
        assertEquals(2, DynamoNumber.parse("0.000000000000000000000000000000000000000000000000012").significantDigits());
    }

    @ParameterizedTest(name = "{0} is accepted")
    @ValueSource(strings = {"1E-130", "-1E-130", MAX, "-" + MAX, "1.0E-130", "9.99E+125"})
    void parse_acceptsRangeBounds(String text) {
        assertEquals(text, DynamoNumber.parse(text).text());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1E+126                                          | too large
            -1E+126                                         | too large
            9.99999999999999999999999999999999999991E+125   | 39 significant digits
            1E-131                                          | too small
            -9.9E-131                                       | too small
            1E+999999999                                    | too large
            """)
    void parse_rejectsNumbersOutsideTheRange(String text, String reason) {
        var e = assertThrows(InvalidNumberException.class, () -> DynamoNumber.parse(text));
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(strings = {"", " ", "abc", "1e", "1e+", "--1", "+-1", "1.2.3", ".", "-", "NaN", "Infinity", "-Infinity",
            "0x10", "1_000", "1,5", "١٢", "1 2", "e5"})
    void parse_rejectsWhatIsNotANumber(String text) {
        assertThrows(InvalidNumberException.class, () -> DynamoNumber.parse(text));
    }

    @Test
    void parse_shortensHugeTextInTheMessage() {
        var huge = "x".repeat(100_000);

        var e = assertThrows(InvalidNumberException.class, () -> DynamoNumber.parse(huge));

        assertTrue(e.getMessage().length() < 200, e.getMessage());
        assertTrue(e.getMessage().endsWith("(100000 characters)"), e.getMessage());
    }

    @ParameterizedTest(name = "{0} == {1}")
    @CsvSource(textBlock = """
            1.50,   1.5
            100,    1E+2
            0,      0.00
            0,      -0
            -7,     -7.000
            0.001,  1e-3
            """)
    void equalsAndHashCode_areNumeric(String left, String right) {
        var a = DynamoNumber.parse(left);
        var b = DynamoNumber.parse(right);

        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(0, a.compareTo(b));
        assertNotEquals(a.text(), b.text());
    }

    @Test
    void compareTo_ordersNumerically_notByText() {
        assertTrue(DynamoNumber.parse("9").compareTo(DynamoNumber.parse("10")) < 0);
        assertTrue(DynamoNumber.parse("-10").compareTo(DynamoNumber.parse("-9")) < 0);
        assertTrue(DynamoNumber.parse("1E-130").compareTo(DynamoNumber.parse("0")) > 0);
        assertNotEquals(DynamoNumber.parse("1.5"), DynamoNumber.parse("1.51"));
    }

    @Test
    void of_acceptsLongAndBigDecimal() {
        assertEquals("-42", DynamoNumber.of(-42).text());
        assertEquals(DynamoNumber.parse("1.50"), DynamoNumber.of(new BigDecimal("1.5")));
        assertEquals("1.50", DynamoNumber.of(new BigDecimal("1.50")).text());
    }

    @Test
    void of_rejectsAHugeExponentQuickly_withoutExpandingIt() {
        // The plain form of this number has a billion digits; building it would run out of memory.
        var huge = new BigDecimal("1E+999999999");

        Assertions.assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> assertThrows(InvalidNumberException.class, () -> DynamoNumber.of(huge)));
    }
}

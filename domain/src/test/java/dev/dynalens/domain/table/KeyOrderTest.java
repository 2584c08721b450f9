package dev.dynalens.domain.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.table.SortKeyCondition.Operator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * DynamoDB's documented key order, checked against reference implementations that do what the
 * documentation says literally: encode strings as UTF-8 and compare the bytes unsigned, compare
 * numbers as exact decimals, compare binaries byte by byte unsigned.
 */
class KeyOrderTest {

    // ---- reference implementations ----

    private static int referenceStrings(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    private static int referenceNumbers(DynamoNumber a, DynamoNumber b) {
        return a.toBigDecimal().compareTo(b.toBigDecimal());
    }

    private static int referenceBinary(byte[] a, byte[] b) {
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            int x = a[i] & 0xFF;
            int y = b[i] & 0xFF;
            if (x != y) {
                return x - y;
            }
        }
        return a.length - b.length;
    }

    // ---- properties ----

    @Property
    void strings_compareAsTheirUtf8Bytes(@ForAll("keyStrings") String a, @ForAll("keyStrings") String b) {
        assertThat(Integer.signum(KeyOrder.compare(AttributeValue.s(a), AttributeValue.s(b))))
                .isEqualTo(Integer.signum(referenceStrings(a, b)));
    }

    @Property
    void sortingStrings_agreesWithUtf8ByteOrder(@ForAll("keyStringLists") List<String> values) {
        var byKeyOrder = values.stream().<AttributeValue>map(AttributeValue::s).sorted(KeyOrder.COMPARATOR)
                .map(v -> ((AttributeValue.Str) v).value()).toList();
        var byReference = new ArrayList<>(values);
        byReference.sort(KeyOrderTest::referenceStrings);
        assertThat(byKeyOrder).isEqualTo(byReference);
    }

    @Property
    void numbers_compareNumerically(@ForAll("numbers") DynamoNumber a, @ForAll("numbers") DynamoNumber b) {
        assertThat(Integer.signum(KeyOrder.compare(new AttributeValue.Num(a), new AttributeValue.Num(b))))
                .isEqualTo(Integer.signum(referenceNumbers(a, b)));
    }

    @Property
    void sortingNumbers_agreesWithExactDecimalOrder(@ForAll("numberLists") List<DynamoNumber> values) {
        var byKeyOrder = values.stream().<AttributeValue>map(AttributeValue.Num::new).sorted(KeyOrder.COMPARATOR)
                .map(v -> ((AttributeValue.Num) v).value().toBigDecimal()).toList();
        var byReference = values.stream().map(DynamoNumber::toBigDecimal).sorted().toList();
        assertThat(byKeyOrder).usingElementComparator(Comparator.naturalOrder()).isEqualTo(byReference);
    }

    @Property
    void binaries_compareAsUnsignedBytes(@ForAll("binaries") byte[] a, @ForAll("binaries") byte[] b) {
        assertThat(Integer.signum(KeyOrder.compare(AttributeValue.b(a), AttributeValue.b(b))))
                .isEqualTo(Integer.signum(referenceBinary(a, b)));
    }

    @Property
    void beginsWith_onStrings_isAPrefixOfTheUtf8Bytes(@ForAll("keyStrings") String value, @ForAll("keyStrings") String prefix) {
        var bytes = value.getBytes(StandardCharsets.UTF_8);
        var prefixBytes = prefix.getBytes(StandardCharsets.UTF_8);
        var reference = prefixBytes.length <= bytes.length
                && Arrays.equals(bytes, 0, prefixBytes.length, prefixBytes, 0, prefixBytes.length);
        assertThat(KeyOrder.beginsWith(AttributeValue.s(value), AttributeValue.s(prefix))).isEqualTo(reference);
    }

    @Property
    void valuesWithAPrefix_areContiguousInKeyOrder(@ForAll("keyStringLists") List<String> values, @ForAll("keyStrings") String prefix) {
        // Query's begins_with reads one contiguous run of a sorted partition; that is only right if the run exists.
        var sorted = values.stream().map(AttributeValue::s).sorted(KeyOrder.COMPARATOR).toList();
        var p = AttributeValue.s(prefix);
        int first = -1;
        int last = -1;
        for (int i = 0; i < sorted.size(); i++) {
            if (KeyOrder.beginsWith(sorted.get(i), p)) {
                if (first < 0) first = i;
                last = i;
            }
        }
        for (int i = first; first >= 0 && i <= last; i++) {
            assertThat(KeyOrder.beginsWith(sorted.get(i), p)).isTrue();
            assertThat(KeyOrder.compare(sorted.get(i), p)).isGreaterThanOrEqualTo(0);
        }
    }

    @Provide
    Arbitrary<String> keyStrings() {
        // Mostly a small alphabet so that strings share prefixes, with characters from every UTF-8 length,
        // the private-use block just below U+FFFF and supplementary characters (surrogate pairs in Java).
        var interesting = Arbitraries.of("a", "b", "A", "#", "~", "é", "ß", "€", "\uE000", "\uFF21", "\uFFFD", "😀", "𝄞", "\u0000", "\u007F", "\u0080");
        var parts = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, interesting),
                net.jqwik.api.Tuple.of(1, ItemArbitraries.strings()));
        return parts.list().ofMaxSize(6).map(list -> String.join("", list));
    }

    @Provide
    Arbitrary<List<String>> keyStringLists() {
        return keyStrings().list().ofMaxSize(20);
    }

    @Provide
    Arbitrary<DynamoNumber> numbers() {
        return ItemArbitraries.numbers();
    }

    @Provide
    Arbitrary<List<DynamoNumber>> numberLists() {
        return ItemArbitraries.numbers().list().ofMaxSize(20);
    }

    @Provide
    Arbitrary<byte[]> binaries() {
        // A few values around the sign bit, so that signed and unsigned comparison disagree often.
        return Arbitraries.bytes().between((byte) -2, (byte) 2).list().ofMaxSize(5).map(list -> {
            var bytes = new byte[list.size()];
            for (int i = 0; i < bytes.length; i++) bytes[i] = list.get(i);
            return bytes;
        });
    }

    // ---- examples ----

    @ParameterizedTest(name = "{0} < {1}")
    @CsvSource(textBlock = """
            a,          b
            A,          a
            a,          ab
            ORDER#10,   ORDER#9
            Z,          é
            \uFF21,     😀
            \uE000,     \uD83D\uDE00
            """)
    void strings_inDynamoDbOrder(String lower, String higher) {
        assertThat(KeyOrder.compare(AttributeValue.s(lower), AttributeValue.s(higher))).isNegative();
        assertThat(KeyOrder.compare(AttributeValue.s(higher), AttributeValue.s(lower))).isPositive();
    }

    @Test
    void javaCompareTo_disagreesWithDynamoDb_onSupplementaryCharacters() {
        // The reason KeyOrder exists: U+FF21 (Ａ) is 0xEF 0xBC 0xA1 in UTF-8, U+1F600 (😀) is 0xF0 ….
        assertThat("\uFF21".compareTo("😀")).isPositive();
        assertThat(KeyOrder.compareStrings("\uFF21", "😀")).isNegative();
    }

    @ParameterizedTest(name = "{0} < {1}")
    @CsvSource(textBlock = """
            -10,     -9.5
            -1E-130, 0
            0,       1E-130
            2,       10
            9.99,    10
            1.5,     1.50000000000000000000000000000000001
            """)
    void numbers_inNumericOrder(String lower, String higher) {
        assertThat(KeyOrder.compare(AttributeValue.n(lower), AttributeValue.n(higher))).isNegative();
    }

    @Test
    void numbers_equalInValue_areEqualKeys() {
        assertThat(KeyOrder.compare(AttributeValue.n("1.50"), AttributeValue.n("1.5"))).isZero();
        assertThat(KeyOrder.compare(AttributeValue.n("1E+2"), AttributeValue.n("100"))).isZero();
    }

    @Test
    void binaries_compareUnsigned() {
        assertThat(KeyOrder.compare(AttributeValue.b(new byte[] {0x7F}), AttributeValue.b(new byte[] {(byte) 0x80}))).isNegative();
        assertThat(KeyOrder.compare(AttributeValue.b(new byte[] {1}), AttributeValue.b(new byte[] {1, 0}))).isNegative();
        assertThat(KeyOrder.beginsWith(AttributeValue.b(new byte[] {1, 2, 3}), AttributeValue.b(new byte[] {1, 2}))).isTrue();
        assertThat(KeyOrder.beginsWith(AttributeValue.b(new byte[] {1}), AttributeValue.b(new byte[] {1, 2}))).isFalse();
    }

    @ParameterizedTest(name = "{1} {0} → {2}")
    @CsvSource(textBlock = """
            EQ,          ORDER#2, false
            LT,          ORDER#3, true
            LE,          ORDER#2, false
            GT,          ORDER#1, true
            GE,          ORDER#21,true
            BEGINS_WITH, ORDER#,  true
            BEGINS_WITH, ORDER#3, false
            """)
    void matches_appliesTheOperator(Operator operator, String operand, boolean expected) {
        assertThat(KeyOrder.matches(SortKeyCondition.of(operator, AttributeValue.s(operand)), AttributeValue.s("ORDER#21")))
                .isEqualTo(expected);
    }

    @Test
    void between_includesBothBounds() {
        var between = SortKeyCondition.between(AttributeValue.n("1"), AttributeValue.n("3"));
        assertThat(KeyOrder.matches(between, AttributeValue.n("1"))).isTrue();
        assertThat(KeyOrder.matches(between, AttributeValue.n("3.0"))).isTrue();
        assertThat(KeyOrder.matches(between, AttributeValue.n("3.01"))).isFalse();
    }

    @Test
    void valuesOfDifferentTypes_areNotComparable() {
        assertThatThrownBy(() -> KeyOrder.compare(AttributeValue.s("1"), AttributeValue.n("1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("S value with a N value");
        assertThatThrownBy(() -> KeyOrder.beginsWith(AttributeValue.n("12"), AttributeValue.n("1")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void keysOfAType_mustNotBeEmpty() {
        assertThat(KeyOrder.isKeyOfType(AttributeValue.s(""), KeySchema.ScalarType.S)).isFalse();
        assertThat(KeyOrder.isKeyOfType(AttributeValue.s("x"), KeySchema.ScalarType.S)).isTrue();
        assertThat(KeyOrder.isKeyOfType(AttributeValue.s("1"), KeySchema.ScalarType.N)).isFalse();
        assertThat(KeyOrder.isKeyOfType(AttributeValue.b(new byte[0]), KeySchema.ScalarType.B)).isFalse();
        assertThat(KeyOrder.isKeyOfType(new AttributeValue.Bin(Bytes.of(new byte[] {0})), KeySchema.ScalarType.B)).isTrue();
        assertThat(KeyOrder.isKeyOfType(AttributeValue.bool(true), KeySchema.ScalarType.S)).isFalse();
    }
}

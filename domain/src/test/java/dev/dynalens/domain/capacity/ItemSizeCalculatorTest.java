package dev.dynalens.domain.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ItemSizeCalculatorTest {

    /**
     * Each rule of "DynamoDB item sizes and formats", one attribute at a time: name bytes + value bytes.
     */
    @Test
    void eachTypeIsSizedByItsRule() {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s("USER#1"));                       // 2 + 6
        attributes.put("café", AttributeValue.s("€uro"));                      // 5 + 6 (é is 2 bytes, € is 3)
        attributes.put("n", AttributeValue.n("12345"));                         // 1 + 1 + 3 pairs
        attributes.put("bin", AttributeValue.b(new byte[] {0, 1, 2, 3, 4}));    // 3 + 5 raw bytes, not base64's 8
        attributes.put("ok", AttributeValue.bool(true));                        // 2 + 1
        attributes.put("none", AttributeValue.nul());                           // 4 + 1
        attributes.put("tags", AttributeValue.ss("a", "bc"));                   // 4 + 3, no set overhead
        attributes.put("nums", AttributeValue.ns("1", "22"));                   // 4 + 2 + 2
        attributes.put("blobs", new AttributeValue.BinarySet(new java.util.LinkedHashSet<>(
                List.of(Bytes.of(new byte[3]), Bytes.of(new byte[0])))));      // 5 + 3 + 0
        attributes.put("l", AttributeValue.l(AttributeValue.s("ab"), AttributeValue.n("7")));      // 1 + 3 + 2 × 1 + 2 + 2
        attributes.put("m", AttributeValue.m(Map.of("x", AttributeValue.nul())));                 // 1 + 3 + 1 + (1 + 1)
        attributes.put("empty", AttributeValue.m(Map.of()));                    // 5 + 3
        var breakdown = ItemSizeCalculator.breakdown(new Item(attributes));

        assertThat(breakdown.attributes()).extracting(AttributeSize::name, AttributeSize::bytes).containsExactly(
                org.assertj.core.groups.Tuple.tuple("PK", 8L), org.assertj.core.groups.Tuple.tuple("café", 11L),
                org.assertj.core.groups.Tuple.tuple("n", 5L), org.assertj.core.groups.Tuple.tuple("bin", 8L),
                org.assertj.core.groups.Tuple.tuple("ok", 3L), org.assertj.core.groups.Tuple.tuple("none", 5L),
                org.assertj.core.groups.Tuple.tuple("tags", 7L), org.assertj.core.groups.Tuple.tuple("nums", 8L),
                org.assertj.core.groups.Tuple.tuple("blobs", 8L), org.assertj.core.groups.Tuple.tuple("l", 10L),
                org.assertj.core.groups.Tuple.tuple("m", 7L), org.assertj.core.groups.Tuple.tuple("empty", 8L));
        assertThat(breakdown.bytes()).isEqualTo(8 + 11 + 5 + 8 + 3 + 5 + 7 + 8 + 8 + 10 + 7 + 8);
        assertThat(breakdown.attributes().get(1).nameBytes()).isEqualTo(5);
        assertThat(breakdown.attributes().get(1).type()).isEqualTo(AttributeType.S);
        assertThat(breakdown.largestFirst().getFirst().name()).isEqualTo("café");
        assertThat(breakdown.bytesToLimit()).isEqualTo(409_600 - breakdown.bytes());
    }

    /** Nested maps count their keys' names; nested lists their elements' overhead, at every level. */
    @Test
    void nestingCountsOverheadAtEveryLevel() {
        var inner = AttributeValue.m(Map.of("k", AttributeValue.l(AttributeValue.bool(false))));   // 3 + 1 + (1 + (3 + 1 + 1))
        assertThat(ItemSizeCalculator.sizeOf(inner)).isEqualTo(3 + 1 + 1 + 3 + 1 + 1);
        assertThat(ItemSizeCalculator.sizeOf(AttributeValue.l())).isEqualTo(3);
    }

    /**
     * Numbers: one byte for sign and exponent, one per pair of digits aligned on the decimal point, one
     * more when negative. The first rows are the figures others checked against DynamoDB (27: 2 bytes,
     * -27: 3, 461: 3; a 10-digit epoch: 6; a 38-digit number: 20).
     */
    @ParameterizedTest
    @CsvSource(textBlock = """
            27,          2
            -27,         3
            461,         3
            1786461547,  6
            99999999999999999999999999999999999999, 20
            0,           1
            -0,          1
            0.000,       1
            1,           2
            -1,          3
            100,         2
            1E+2,        2
            120,         3
            1200,        2
            12,          2
            1.2,         3
            0.12,        2
            0.012,       3
            0.5,         2
            12.5,        3
            123.45,      4
            1.50,        3
            1E-130,      2
            9.9999999999999999999999999999999999999E+125, 20
            -9.9999999999999999999999999999999999999E+124, 22
            """)
    void numbersCountPairsOfDigitsAlignedOnTheDecimalPoint(String number, long bytes) {
        assertThat(ItemSizeCalculator.sizeOf(DynamoNumber.parse(number))).isEqualTo(bytes);
    }

    /** The guide's "1 byte per two significant digits + 1 byte" holds exactly for positive numbers with an odd digit count. */
    @Property(tries = 300)
    void numbers_agreeWithTheGuidesFormulaWhereItIsExact(@ForAll("numbers") DynamoNumber number) {
        var digits = number.significantDigits();
        if (number.toBigDecimal().signum() > 0 && digits % 2 == 1) {
            assertThat(ItemSizeCalculator.sizeOf(number)).isEqualTo((digits + 1) / 2 + 1);
        }
        // and is never off by more than one byte in either direction, plus the sign byte
        long guide = (digits + 1) / 2 + 1;
        long sign = number.toBigDecimal().signum() < 0 ? 1 : 0;
        assertThat(ItemSizeCalculator.sizeOf(number) - sign).isBetween(guide - 1, guide + 1);
    }

    /** A second, textual derivation: write the digits out around the decimal point, pad to even groups, count the non-zero-spanning pairs. */
    @Property(tries = 300)
    void numbers_matchAPairCountOverTheWrittenDigits(@ForAll("numbers") DynamoNumber number) {
        var value = number.toBigDecimal();
        if (value.signum() == 0) {
            assertThat(ItemSizeCalculator.sizeOf(number)).isEqualTo(1);
            return;
        }
        var plain = value.abs().stripTrailingZeros().toPlainString();
        var dot = plain.indexOf('.');
        var integer = dot < 0 ? plain : plain.substring(0, dot);
        var fraction = dot < 0 ? "" : plain.substring(dot + 1);
        if (integer.length() % 2 == 1) integer = "0" + integer;
        if (fraction.length() % 2 == 1) fraction = fraction + "0";
        var all = integer + fraction;
        int first = 0;
        while (all.startsWith("00", first)) first += 2;
        int end = all.length();
        while (end - 2 >= first && all.startsWith("00", end - 2)) end -= 2;
        long pairs = (end - first) / 2;
        assertThat(ItemSizeCalculator.sizeOf(number)).isEqualTo(1 + pairs + (value.signum() < 0 ? 1 : 0));
    }

    @Provide
    Arbitrary<DynamoNumber> numbers() {
        return ItemArbitraries.numbers();
    }

    @Property(tries = 200)
    void utf8Length_isTheEncodedLength(@ForAll("strings") String text) {
        assertThat(ItemSizeCalculator.utf8Length(text)).isEqualTo(text.getBytes(StandardCharsets.UTF_8).length);
    }

    @Provide
    Arbitrary<String> strings() {
        return ItemArbitraries.strings();
    }

    /** The breakdown's parts add up to the item's size, whatever the item. */
    @Property(tries = 200)
    void breakdown_addsUpToTheItemSize(@ForAll("items") Item item) {
        var breakdown = ItemSizeCalculator.breakdown(item);
        assertThat(breakdown.attributes().stream().mapToLong(AttributeSize::bytes).sum()).isEqualTo(breakdown.bytes());
        assertThat(breakdown.bytes()).isEqualTo(ItemSizeCalculator.sizeOf(item));
        assertThat(dev.dynalens.domain.table.ItemSize.of(item)).isEqualTo(breakdown.bytes());
    }

    @Provide
    Arbitrary<Item> items() {
        return ItemArbitraries.items();
    }
}

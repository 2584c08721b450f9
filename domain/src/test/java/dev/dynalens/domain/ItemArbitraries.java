package dev.dynalens.domain;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.AttributeValue.BinarySet;
import dev.dynalens.domain.item.AttributeValue.ListValue;
import dev.dynalens.domain.item.AttributeValue.MapValue;
import dev.dynalens.domain.item.AttributeValue.NumberSet;
import dev.dynalens.domain.item.AttributeValue.StringSet;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik generators for items and attribute values of every DynamoDB type, for any property test
 * that needs realistic, nasty data. Use them from a {@code @Provide} method:
 *
 * <pre>{@code
 * @Provide
 * Arbitrary<Item> items() { return ItemArbitraries.items(); }
 * }</pre>
 *
 * What they produce:
 * <ul>
 *   <li>numbers up to 38 significant digits, negative, zero, with and without exponents, up to
 *       DynamoDB's range bounds (1E-130 and 9.99…E+125); every text is also a valid JSON number,
 *       so a codec that keeps number text can be checked for the exact text;</li>
 *   <li>strings: empty, control characters, any BMP character outside the surrogate block,
 *       surrogate pairs (emoji, musical symbols) and the keys {@code $SS}, {@code $M}… that plain
 *       JSON markers use; never a lone surrogate (DynamoDB stores UTF-8, which cannot hold one);</li>
 *   <li>binary values including the empty array (DynamoDB allows empty strings and binaries in
 *       non-key attributes and inside sets);</li>
 *   <li>non-empty sets of distinct elements of all three kinds, in generated order;</li>
 *   <li>lists and maps nested up to a given depth: mostly small and bushy, sometimes one deep
 *       spine that reaches the full depth, so the size stays small while deep nesting is
 *       exercised. Attribute and map key names are non-empty, as DynamoDB requires.</li>
 * </ul>
 */
public final class ItemArbitraries {

    /** DynamoDB's nesting limit for lists and maps (Developer Guide, "Service quotas: nested attribute depth"). */
    public static final int MAX_DEPTH = 32;

    /** Keys with a meaning in the plain JSON format, generated now and then to probe its escaping. */
    private static final List<String> MARKER_KEYS = List.of("$SS", "$NS", "$BS", "$B", "$M");

    private static final List<String> EDGE_STRINGS = List.of("", " ", "\u0000", "\n\t\r\"\\/", "\u2028\u2029",
            "\uFEFF", "null", "true", "12", "{\"S\":\"x\"}", "😀", "👩‍💻", "🇩🇪", "𝄞", "e\u0301", "$", "$SS");

    private static final List<String> EDGE_NUMBERS = List.of("0", "-0", "0.0", "0.000", "0E+10", "1", "-1", "1.50",
            "100", "1E+2", "1e2", "1E-130", "-1E-130", "1.0E-130",
            "9.9999999999999999999999999999999999999E+125", "-9.9999999999999999999999999999999999999E+125",
            "99999999999999999999999999999999999999", "-12345678901234567890123456789012345678",
            "0.00000000000000000000000000000000000001", "1.2345678901234567890123456789012345678",
            "1000000000000000000000000000000000000000000000", "3.14159265358979323846264338327950288");

    private ItemArbitraries() {
    }

    /** Items of up to 6 attributes whose values nest up to {@link #MAX_DEPTH} levels. */
    public static Arbitrary<Item> items() {
        return Arbitraries.maps(names(), values(MAX_DEPTH)).ofMaxSize(6).map(Item::of);
    }

    /**
     * Values of every type; lists and maps nest at most {@code maxDepth} levels ({@code 0}: scalars
     * and sets only).
     */
    public static Arbitrary<AttributeValue> values(int maxDepth) {
        if (maxDepth <= 0) {
            return scalars();
        }
        return Arbitraries.frequencyOf(
                Tuple.of(5, scalars()),
                Tuple.of(3, bushy(Math.min(maxDepth, 4))),
                Tuple.of(1, deepSpine(maxDepth)));
    }

    /** Numbers valid in DynamoDB whose text is also valid JSON. */
    public static Arbitrary<DynamoNumber> numbers() {
        // The composed texts would add hundreds of edge cases that crowd out other types; the
        // interesting edges are listed in EDGE_NUMBERS instead.
        return Arbitraries.frequencyOf(
                        Tuple.of(3, integerTexts().withoutEdgeCases()),
                        Tuple.of(3, decimalTexts().withoutEdgeCases()),
                        Tuple.of(3, exponentTexts().withoutEdgeCases()),
                        Tuple.of(2, Arbitraries.of(EDGE_NUMBERS)))
                .map(DynamoNumber::parse);
    }

    private static Arbitrary<String> signs() {
        return Arbitraries.of("", "-");
    }

    private static Arbitrary<String> digits(int minLength, int maxLength) {
        return Arbitraries.strings().numeric().ofMinLength(minLength).ofMaxLength(maxLength);
    }

    /** Integers of 1..38 digits: {@code 7}, {@code -120}, {@code 99999999999999999999999999999999999999}. */
    private static Arbitrary<String> integerTexts() {
        return Combinators.combine(signs(), Arbitraries.integers().between(1, 9), digits(0, 37))
                .as((sign, lead, rest) -> sign + lead + rest);
    }

    /** Decimals of at most 38 digits in all: {@code 0.5}, {@code -12.50}, {@code 0.000123}. */
    private static Arbitrary<String> decimalTexts() {
        return Arbitraries.integers().between(0, 20).flatMap(intDigits -> {
            var integerPart = intDigits == 0
                    ? Arbitraries.just("0")
                    : Combinators.combine(Arbitraries.integers().between(1, 9), digits(intDigits - 1, intDigits - 1))
                            .as((lead, rest) -> lead + rest);
            return Combinators.combine(signs(), integerPart, digits(1, 38 - Math.max(intDigits, 1)))
                    .as((sign, whole, fraction) -> sign + whole + "." + fraction);
        });
    }

    /** Scientific forms across the whole range: {@code 1.5E+125}, {@code -3e-130}, {@code 2E7}. */
    private static Arbitrary<String> exponentTexts() {
        var mantissa = Combinators.combine(Arbitraries.integers().between(1, 9), digits(0, 37))
                .as((lead, fraction) -> fraction.isEmpty() ? lead.toString() : lead + "." + fraction);
        var exponent = Combinators.combine(Arbitraries.of("e", "E"), Arbitraries.of("", "+"),
                        Arbitraries.integers().between(-130, 125))
                .as((e, plus, power) -> e + (power < 0 ? "-" + -power : plus + power));
        return Combinators.combine(signs(), mantissa, exponent).as((sign, m, e) -> sign + m + e);
    }

    /** Strings of any valid UTF-16 content, including empty and surrogate pairs. */
    public static Arbitrary<String> strings() {
        var ascii = Arbitraries.strings().ascii().ofMaxLength(10);
        var bmp = Arbitraries.strings().withCharRange('\u0000', '\uD7FF').withCharRange('\uE000', '\uFFFD')
                .ofMaxLength(10);
        var supplementary = Arbitraries.integers().between(0x10000, 0x10FFFF).map(Character::toString);
        var pieces = Arbitraries.frequencyOf(
                Tuple.of(4, ascii), Tuple.of(2, bmp), Tuple.of(1, supplementary), Tuple.of(1, Arbitraries.of(EDGE_STRINGS)));
        return Arbitraries.frequencyOf(
                Tuple.of(8, pieces.list().ofMaxSize(3).map(parts -> String.join("", parts))),
                Tuple.of(1, Arbitraries.of(EDGE_STRINGS)));
    }

    /** Attribute and map key names: non-empty, sometimes a plain JSON marker key. */
    public static Arbitrary<String> names() {
        return Arbitraries.frequencyOf(
                Tuple.of(10, strings().filter(s -> !s.isEmpty())),
                Tuple.of(1, Arbitraries.of(MARKER_KEYS)));
    }

    public static Arbitrary<Bytes> bytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(24).map(Bytes::of);
    }

    /** Scalars and sets: every type except lists and maps. */
    public static Arbitrary<AttributeValue> scalars() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, strings().map(AttributeValue::s)),
                Tuple.of(4, numbers().map(AttributeValue.Num::new)),
                Tuple.of(2, bytes().map(AttributeValue.Bin::new)),
                Tuple.of(1, Arbitraries.of(true, false).map(AttributeValue::bool)),
                Tuple.of(1, Arbitraries.just(AttributeValue.nul())),
                Tuple.of(1, strings().list().uniqueElements().ofMinSize(1).ofMaxSize(5).map(StringSet::of)),
                Tuple.of(1, numbers().list().uniqueElements().ofMinSize(1).ofMaxSize(5).map(NumberSet::of)),
                Tuple.of(1, bytes().list().uniqueElements().ofMinSize(1).ofMaxSize(5).map(BinarySet::of)));
    }

    /** Lists and maps of a few elements each; the chance of a container is low enough to stay small. */
    private static Arbitrary<AttributeValue> bushy(int depth) {
        if (depth <= 0) {
            return scalars();
        }
        var inner = bushy(depth - 1);
        return Arbitraries.frequencyOf(
                Tuple.of(3, scalars()),
                Tuple.of(1, inner.list().ofMaxSize(3).map(ListValue::new)),
                Tuple.of(1, Arbitraries.maps(names(), inner).ofMaxSize(3).map(AttributeValue::m)));
    }

    /**
     * A chain of 1..maxDepth nested lists and maps with a few shallow siblings at each level. The
     * levels are generated as data and folded afterwards: composing one arbitrary per level would
     * make jqwik's structural hashing of arbitraries exponential in the depth.
     */
    private static Arbitrary<AttributeValue> deepSpine(int maxDepth) {
        // A list's size leans toward small values; choosing the depth first reaches the limit often.
        var depths = Arbitraries.frequencyOf(
                Tuple.of(1, Arbitraries.just(maxDepth)),
                Tuple.of(2, Arbitraries.integers().between(1, maxDepth)));
        var spines = depths.flatMap(depth -> spineLevels().list().ofSize(depth));
        return Combinators.combine(spines, scalars())
                .as((levels, leaf) -> {
                    var value = leaf;
                    for (var level : levels) {
                        value = level.wrap(value);
                    }
                    return value;
                });
    }

    private static Arbitrary<SpineLevel> spineLevels() {
        return Combinators.combine(Arbitraries.of(true, false), names(), scalars().list().ofMaxSize(2),
                        Arbitraries.maps(names(), scalars()).ofMaxSize(2), Arbitraries.integers().between(0, 2))
                .as(SpineLevel::new);
    }

    /** One level of a deep spine: a list or a map holding the deeper value among a few scalars. */
    private record SpineLevel(boolean isList, String name, List<AttributeValue> listSiblings,
            Map<String, AttributeValue> mapSiblings, int position) {

        AttributeValue wrap(AttributeValue deeper) {
            if (isList) {
                var elements = new ArrayList<>(listSiblings);
                elements.add(Math.min(position, elements.size()), deeper);
                return new ListValue(elements);
            }
            var entries = new LinkedHashMap<>(mapSiblings);
            entries.put(name, deeper);
            return new MapValue(entries);
        }
    }
}

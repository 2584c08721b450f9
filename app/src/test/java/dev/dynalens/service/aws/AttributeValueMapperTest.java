package dev.dynalens.service.aws;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;

class AttributeValueMapperTest {
    private static final String THIRTY_EIGHT_DIGITS = "12345678901234567890123456789012345678";

    private static software.amazon.awssdk.services.dynamodb.model.AttributeValue.Builder sdk() {
        return software.amazon.awssdk.services.dynamodb.model.AttributeValue.builder();
    }

    @Test
    void toSdk_mapsEveryScalarType() {
        assertEquals(sdk().s("hello").build(), AttributeValueMapper.toSdk(AttributeValue.s("hello")));
        assertEquals(sdk().n("42").build(), AttributeValueMapper.toSdk(AttributeValue.n(42)));
        assertEquals(sdk().b(SdkBytes.fromByteArray(new byte[] {0, -1, 7})).build(),
                AttributeValueMapper.toSdk(AttributeValue.b(new byte[] {0, -1, 7})));
        assertEquals(sdk().bool(true).build(), AttributeValueMapper.toSdk(AttributeValue.bool(true)));
        assertEquals(sdk().nul(true).build(), AttributeValueMapper.toSdk(AttributeValue.nul()));
    }

    @Test
    void toSdk_sendsNumbersAsTheirExactText() {
        assertEquals(THIRTY_EIGHT_DIGITS, AttributeValueMapper.toSdk(AttributeValue.n(THIRTY_EIGHT_DIGITS)).n());
        assertEquals("-0.000000000000000000000000000000000000012345678901234567890123456789012345678",
                AttributeValueMapper.toSdk(AttributeValue.n(
                        "-0.000000000000000000000000000000000000012345678901234567890123456789012345678")).n());
        assertEquals("1.50", AttributeValueMapper.toSdk(AttributeValue.n("1.50")).n());
        assertEquals("9.9999999999999999999999999999999999999E+125",
                AttributeValueMapper.toSdk(AttributeValue.n("9.9999999999999999999999999999999999999E+125")).n());
    }

    @Test
    void toSdk_mapsSetsInTheirOrder() {
        assertEquals(List.of("b", "a"), AttributeValueMapper.toSdk(AttributeValue.ss("b", "a")).ss());
        assertEquals(List.of("3", THIRTY_EIGHT_DIGITS, "-1.5"),
                AttributeValueMapper.toSdk(AttributeValue.ns("3", THIRTY_EIGHT_DIGITS, "-1.5")).ns());
        var binarySet = AttributeValue.BinarySet.of(List.of(Bytes.of(new byte[] {1, 2}), Bytes.of(new byte[] {(byte) 0xff})));
        assertEquals(List.of(SdkBytes.fromByteArray(new byte[] {1, 2}), SdkBytes.fromByteArray(new byte[] {(byte) 0xff})),
                AttributeValueMapper.toSdk(binarySet).bs());
    }

    @Test
    void toSdk_mapsNestedDocuments() {
        var inner = new LinkedHashMap<String, AttributeValue>();
        inner.put("z", AttributeValue.n(1));
        inner.put("a", AttributeValue.l(AttributeValue.s("x"), AttributeValue.nul()));
        var value = AttributeValue.m(Map.of("inner", AttributeValue.m(inner)));

        var mapped = AttributeValueMapper.toSdk(value);

        var sdkInner = mapped.m().get("inner").m();
        assertEquals(List.of("z", "a"), List.copyOf(sdkInner.keySet()), "map order is kept");
        assertEquals(sdk().l(sdk().s("x").build(), sdk().nul(true).build()).build(), sdkInner.get("a"));
    }

    @Test
    void toSdk_keepsEmptyDocuments() {
        assertTrue(AttributeValueMapper.toSdk(AttributeValue.l()).hasL());
        assertTrue(AttributeValueMapper.toSdk(AttributeValue.m(Map.of())).hasM());
    }

    @Test
    void fromSdk_mapsEveryType() {
        assertEquals(AttributeValue.s("hello"), AttributeValueMapper.fromSdk(sdk().s("hello").build()));
        assertEquals(AttributeValue.n(THIRTY_EIGHT_DIGITS), AttributeValueMapper.fromSdk(sdk().n(THIRTY_EIGHT_DIGITS).build()));
        assertEquals(AttributeValue.b(new byte[] {0, -1}),
                AttributeValueMapper.fromSdk(sdk().b(SdkBytes.fromByteArray(new byte[] {0, -1})).build()));
        assertEquals(AttributeValue.bool(false), AttributeValueMapper.fromSdk(sdk().bool(false).build()));
        assertEquals(AttributeValue.nul(), AttributeValueMapper.fromSdk(sdk().nul(true).build()));
        assertEquals(AttributeValue.l(AttributeValue.n(1), AttributeValue.s("a")),
                AttributeValueMapper.fromSdk(sdk().l(sdk().n("1").build(), sdk().s("a").build()).build()));
        assertEquals(AttributeValue.m(Map.of("k", AttributeValue.bool(true))),
                AttributeValueMapper.fromSdk(sdk().m(Map.of("k", sdk().bool(true).build())).build()));
        assertEquals(AttributeValue.ss("a", "b"), AttributeValueMapper.fromSdk(sdk().ss("a", "b").build()));
        assertEquals(AttributeValue.ns("1", THIRTY_EIGHT_DIGITS), AttributeValueMapper.fromSdk(sdk().ns("1", THIRTY_EIGHT_DIGITS).build()));
        assertEquals(AttributeValue.BinarySet.of(List.of(Bytes.of(new byte[] {9}))),
                AttributeValueMapper.fromSdk(sdk().bs(SdkBytes.fromByteArray(new byte[] {9})).build()));
    }

    @Test
    void fromSdk_keepsTheNumberTextTheEndpointSent() {
        var number = assertInstanceOf(AttributeValue.Num.class, AttributeValueMapper.fromSdk(sdk().n(THIRTY_EIGHT_DIGITS).build()));

        assertEquals(THIRTY_EIGHT_DIGITS, number.value().text());
    }

    @Test
    void fromSdk_binaryIsCopiedNotShared() {
        var raw = new byte[] {1, 2, 3};
        var value = assertInstanceOf(AttributeValue.Bin.class,
                AttributeValueMapper.fromSdk(sdk().b(SdkBytes.fromByteArrayUnsafe(raw)).build()));
        raw[0] = 99;

        assertArrayEquals(new byte[] {1, 2, 3}, value.value().toArray());
    }

    @Test
    void fromSdk_refusesAValueWithoutType() {
        assertThrows(IllegalArgumentException.class, () -> AttributeValueMapper.fromSdk(sdk().build()));
    }

    @Test
    void keys_emptyMeansNoKey() {
        assertNull(AttributeValueMapper.keyToSdk(null));
        assertNull(AttributeValueMapper.keyToSdk(Map.of()));
        assertNull(AttributeValueMapper.keyFromSdk(Map.of()));
        assertEquals(Map.of("pk", AttributeValue.s("a")), AttributeValueMapper.keyFromSdk(Map.of("pk", sdk().s("a").build())));
    }

    @Property(tries = 300)
    void roundTrip_domainToSdkAndBack_isIdentity(@ForAll("values") AttributeValue value) {
        var back = AttributeValueMapper.fromSdk(AttributeValueMapper.toSdk(value));

        assertEquals(value, back);
        if (value instanceof AttributeValue.Num number) {
            assertEquals(number.value().text(), ((AttributeValue.Num) back).value().text());
        }
    }

    @Provide
    Arbitrary<AttributeValue> values() {
        return value(3);
    }

    private Arbitrary<AttributeValue> value(int depth) {
        Arbitrary<AttributeValue> scalar = Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(20).map(AttributeValue::s),
                numbers().map(AttributeValue.Num::new),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(16).map(AttributeValue::b),
                Arbitraries.of(true, false).map(AttributeValue::bool),
                Arbitraries.just(AttributeValue.nul()),
                Arbitraries.strings().ofMaxLength(8).list().ofMinSize(1).ofMaxSize(4).uniqueElements()
                        .map(AttributeValue.StringSet::of),
                numbers().list().ofMinSize(1).ofMaxSize(4).uniqueElements().map(AttributeValue.NumberSet::of),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(6).map(Bytes::of).list().ofMinSize(1).ofMaxSize(4)
                        .uniqueElements().map(AttributeValue.BinarySet::of));
        if (depth == 0) {
            return scalar;
        }
        var nested = Arbitraries.lazy(() -> value(depth - 1));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, scalar),
                net.jqwik.api.Tuple.of(1, nested.list().ofMaxSize(4).map(AttributeValue::l)),
                net.jqwik.api.Tuple.of(1, Arbitraries.maps(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6), nested)
                        .ofMaxSize(4).map(AttributeValue::m)));
    }

    /** Up to 38 significant digits, well inside DynamoDB's range, in plain and exponent notation. */
    private Arbitrary<DynamoNumber> numbers() {
        var unscaled = Arbitraries.bigIntegers().between(BigInteger.TEN.pow(38).negate().add(BigInteger.ONE),
                BigInteger.TEN.pow(38).subtract(BigInteger.ONE));
        var scale = Arbitraries.integers().between(-80, 80);
        return net.jqwik.api.Combinators.combine(unscaled, scale)
                .as((u, s) -> DynamoNumber.parse(new BigDecimal(u, s).toString()));
    }
}

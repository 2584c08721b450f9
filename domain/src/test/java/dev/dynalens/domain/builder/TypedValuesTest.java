package dev.dynalens.domain.builder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.UniqueElements;
import org.junit.jupiter.api.Test;

class TypedValuesTest {

    @Test
    void numbersStayExactText() {
        var value = TypedValues.parse(ValueType.N, " 12345678901234567890123456789012345678 ");
        assertThat(((AttributeValue.Num) value).value().text()).isEqualTo("12345678901234567890123456789012345678");
        assertThat(TypedValues.format(value)).isEqualTo(new TypedValues.Typed(ValueType.N, "12345678901234567890123456789012345678"));
    }

    @Test
    void everyTypeReadsBackWhatItFormats() {
        var values = List.<AttributeValue>of(AttributeValue.s(" spaced "), AttributeValue.n("-0.5"), new AttributeValue.Bin(Bytes.of(new byte[] {0, -1, 7})),
                AttributeValue.bool(true), AttributeValue.nul(), AttributeValue.ss("a", "b, c"), AttributeValue.ns("1", "2.50"),
                AttributeValue.BinarySet.of(List.of(Bytes.of(new byte[] {1}), Bytes.of(new byte[] {2}))),
                AttributeValue.l(AttributeValue.s("x"), AttributeValue.m(Map.of("k", AttributeValue.n(1)))));
        for (var value : values) {
            var typed = TypedValues.format(value);
            assertThat(TypedValues.parse(typed.type(), typed.text())).as(typed.toString()).isEqualTo(value);
        }
    }

    @Test
    void listsAndMapsAreTypedAsDynamoJson() {
        assertThat(TypedValues.parse(ValueType.L, "[{\"S\": \"a\"}, {\"N\": \"1\"}]")).isEqualTo(AttributeValue.l(AttributeValue.s("a"), AttributeValue.n(1)));
        assertThat(TypedValues.parse(ValueType.M, "{\"a\": {\"BOOL\": false}}")).isEqualTo(AttributeValue.m(Map.of("a", AttributeValue.bool(false))));
    }

    @Test
    void badTextSaysWhatWasExpected() {
        assertThatThrownBy(() -> TypedValues.parse(ValueType.N, "")).hasMessageContaining("Type a number");
        assertThatThrownBy(() -> TypedValues.parse(ValueType.N, "1e200")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TypedValues.parse(ValueType.BOOL, "yes")).hasMessageContaining("true or false");
        assertThatThrownBy(() -> TypedValues.parse(ValueType.SS, " ")).hasMessageContaining("no empty sets");
        assertThatThrownBy(() -> TypedValues.parse(ValueType.M, "{\"a\": 1}")).hasMessageContaining("Expected a map as DynamoDB JSON");
        assertThatThrownBy(() -> TypedValues.parse(ValueType.SS, "[\"a\", {}]")).hasMessageContaining("strings or numbers only");
        assertThatThrownBy(() -> TypedValues.parse(ValueType.B, "***")).hasMessageContaining("base64");
    }

    @Property(tries = 200)
    void stringSetsSurviveFormatAndParse(@ForAll @Size(min = 1, max = 5) @UniqueElements List<String> strings) {
        var set = AttributeValue.StringSet.of(strings);
        var typed = TypedValues.format(set);
        assertThat(TypedValues.parse(typed.type(), typed.text())).isEqualTo(set);
    }

    @Property(tries = 200)
    void numbersSurviveFormatAndParse(@ForAll java.math.BigDecimal number) {
        DynamoNumber parsed;
        try {
            parsed = DynamoNumber.parse(number.toPlainString());
        } catch (IllegalArgumentException outOfRange) {
            return;
        }
        var value = new AttributeValue.Num(parsed);
        var typed = TypedValues.format(value);
        assertThat(TypedValues.parse(typed.type(), typed.text())).isEqualTo(value);
    }
}

package dev.dynalens.domain.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ValueTemplateTest {
    @ParameterizedTest
    @CsvSource(textBlock = """
            CUSTOMER#{customerId}
            ORDER#{createdAt}#{orderId}
            {createdAt:from}
            {createdAt:to}#~
            PROFILE
            """)
    void theWrittenForm_readsBackIntoTheSameTemplate(String text) {
        assertThat(ValueTemplate.parse(text)).hasToString(text);
        assertThat(ValueTemplate.parse(text).toString()).isEqualTo(text);
    }

    @Test
    void filling_writesValuesIntoTheText_numbersInCanonicalForm() {
        var template = ValueTemplate.parse("ORDER#{total}#{orderId}");

        var filled = template.fill(Map.of("total", AttributeValue.n("12.50"), "orderId", AttributeValue.s("o1")));

        assertThat(filled).isEqualTo(AttributeValue.s("ORDER#12.5#o1"));
        assertThat(template.attributes()).containsExactly("total", "orderId");
        assertThat(template.leadingText()).isEqualTo("ORDER#");
    }

    @Test
    void oneAttributeAlone_givesItsValue_aNumberStaysANumber_aBooleanBecomesText() {
        var score = ValueTemplate.parse("{score}");

        assertThat(score.fill(Map.of("score", AttributeValue.n("98765432109876543210.5")))).isEqualTo(AttributeValue.n("98765432109876543210.5"));
        assertThat(score.fill(Map.of("score", AttributeValue.bool(true)))).isEqualTo(AttributeValue.s("true"));
        assertThat(score.singleAttribute()).contains("score");
        assertThat(ValueTemplate.parse("S#{score}").singleAttribute()).isEmpty();
    }

    @Test
    void bounds_areLookedUpByTheirOwnNames() {
        var upper = ValueTemplate.parse("{createdAt:to}#~");

        assertThat(upper.fill(Map.of("createdAt:to", AttributeValue.s("2024-05-03")))).isEqualTo(AttributeValue.s("2024-05-03#~"));
        assertThatThrownBy(() -> upper.fill(Map.of("createdAt", AttributeValue.s("x")))).hasMessage("No value for createdAt:to");
    }

    @Test
    void aValueNoKeyCanHold_isRefusedInWords() {
        assertThatThrownBy(() -> ValueTemplate.parse("A#{tags}").fill(Map.of("tags", AttributeValue.ss("a"))))
                .hasMessage("tags is a SS value, which cannot be written into a key (only strings, numbers and booleans can)");
        assertThatThrownBy(() -> ValueTemplate.parse("A#{open")).hasMessageStartingWith("Unclosed '{'");
    }
}

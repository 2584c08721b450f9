package dev.dynalens.domain.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ItemSizeTest {

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "é", "€", "😀", "a😀é€"})
    void utf8Length_isTheEncodedLength(String text) {
        assertThat(ItemSize.utf8Length(text)).isEqualTo(text.getBytes(StandardCharsets.UTF_8).length);
    }

    @Test
    void anItem_countsNamesAndValuesAsDynamoDbDoes() {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s("USER#1"));          // 2 + 6
        attributes.put("n", AttributeValue.n("12345"));            // 1 + (5 + 1) / 2 + 1 = 1 + 4
        attributes.put("ok", AttributeValue.bool(true));           // 2 + 1
        attributes.put("tags", AttributeValue.ss("a", "bc"));      // 4 + 3
        attributes.put("m", AttributeValue.m(Map.of("x", AttributeValue.nul()))); // 1 + 3 + 1 + (1 + 1)
        assertThat(ItemSize.of(new Item(attributes))).isEqualTo(8 + 5 + 3 + 7 + 7);
    }
}

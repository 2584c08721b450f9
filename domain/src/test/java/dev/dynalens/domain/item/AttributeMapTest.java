package dev.dynalens.domain.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

class AttributeMapTest {
    @Test
    void anItemMadeOfAnAttributeMapIsTheItemOfTheSameMapAndKeepsTheOrder() {
        var attributes = new AttributeMap(1); // fewer than come: a hint only
        attributes.put("PK", AttributeValue.s("USER#1")).put("name", AttributeValue.s("Ada")).put("age", AttributeValue.n("36"));
        var item = attributes.toItem();

        var plain = new LinkedHashMap<String, AttributeValue>();
        plain.put("PK", AttributeValue.s("USER#1"));
        plain.put("name", AttributeValue.s("Ada"));
        plain.put("age", AttributeValue.n("36"));
        assertThat(item).isEqualTo(new Item(plain)).hasSameHashCodeAs(new Item(plain));
        assertThat(List.copyOf(item.attributes().keySet())).containsExactly("PK", "name", "age");
    }

    @Test
    void theValueItMadeCannotBeChangedThroughItOrThroughTheValue() {
        var attributes = new AttributeMap(2);
        attributes.put("id", AttributeValue.s("a"));
        var map = attributes.toMap();

        assertThatThrownBy(() -> attributes.put("id", AttributeValue.s("b"))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("made into a value already");
        assertThatThrownBy(attributes::toItem).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> map.values().put("id", AttributeValue.s("b"))).isInstanceOf(UnsupportedOperationException.class);
        assertThat(map.values()).containsExactly(java.util.Map.entry("id", AttributeValue.s("a")));
    }

    @Test
    void aNullNameOrValueIsRefusedWithTheName() {
        var attributes = new AttributeMap(2);
        assertThatThrownBy(() -> attributes.put("title", null)).isInstanceOf(NullPointerException.class).hasMessage("value of title");
        assertThatThrownBy(() -> attributes.put(null, AttributeValue.s("x"))).isInstanceOf(NullPointerException.class).hasMessage("name");
    }

    @Test
    void aNameGivenAgainReplacesItsValueInPlace() {
        var attributes = new AttributeMap(2);
        attributes.put("a", AttributeValue.n("1")).put("b", AttributeValue.n("2")).put("a", AttributeValue.n("3"));
        assertThat(attributes.contains("a")).isTrue();
        assertThat(attributes.size()).isEqualTo(2);
        var item = attributes.toItem();
        assertThat(List.copyOf(item.attributes().keySet())).containsExactly("a", "b");
        assertThat(item.attributes().get("a")).isEqualTo(AttributeValue.n("3"));
    }
}

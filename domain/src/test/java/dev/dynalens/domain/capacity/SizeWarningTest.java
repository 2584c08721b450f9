package dev.dynalens.domain.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SizeWarningTest {

    private static Item item(String pk, String sk, int payloadBytes) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s(sk));
        attributes.put("p", AttributeValue.s("x".repeat(payloadBytes)));
        return new Item(attributes);
    }

    private static java.util.List<SizeWarning> check(Item item) {
        return SizeWarning.check(item, ItemSizeCalculator.sizeOf(item), "PK", "SK");
    }

    @Test
    void anItemOfExactly400Kb_isAllowed_oneByteMoreIsNot() {
        var exactly = item("A", "B", 409_600 - 2 - 1 - 2 - 1 - 1);
        assertThat(ItemSizeCalculator.sizeOf(exactly)).isEqualTo(409_600);
        assertThat(check(exactly)).extracting(SizeWarning::kind).containsExactly(SizeWarning.Kind.ITEM_NEAR_LIMIT);

        var over = item("A", "B", 409_600 - 2 - 1 - 2 - 1 - 1 + 1);
        var warnings = check(over);
        assertThat(warnings).extracting(SizeWarning::kind).containsExactly(SizeWarning.Kind.ITEM_TOO_LARGE);
        assertThat(warnings.getFirst().message()).contains("409,601 bytes").contains("by 1 bytes");
    }

    @Test
    void aSmallItem_hasNoWarning() {
        assertThat(check(item("USER#1", "PROFILE", 100))).isEmpty();
    }

    /** The key limits count the value's UTF-8 bytes: 2048 for a partition key, 1024 for a sort key. */
    @Test
    void keysOverTheirLimits_areNamed() {
        assertThat(check(item("€".repeat(682) + "ab", "s", 1))).isEmpty();                  // 2046 + 2 = 2048 bytes
        var warnings = check(item("€".repeat(683), "é".repeat(513), 1));                    // 2049 and 1026 bytes
        assertThat(warnings).extracting(SizeWarning::kind, SizeWarning::attribute, SizeWarning::bytes).containsExactly(
                org.assertj.core.groups.Tuple.tuple(SizeWarning.Kind.PARTITION_KEY_TOO_LARGE, "PK", 2049L),
                org.assertj.core.groups.Tuple.tuple(SizeWarning.Kind.SORT_KEY_TOO_LARGE, "SK", 1026L));
        assertThat(warnings.get(1).message()).isEqualTo("The sort key SK is 1,026 bytes; DynamoDB allows at most 1,024");
    }

    @Test
    void withoutAKeySchema_onlyTheItemLimitIsChecked() {
        var item = Item.of(Map.of("PK", AttributeValue.s("x".repeat(3000))));
        assertThat(SizeWarning.check(item, ItemSizeCalculator.sizeOf(item), null, null)).isEmpty();
        assertThat(SizeWarning.check(item, ItemSizeCalculator.sizeOf(item), "PK", null)).hasSize(1);
    }
}

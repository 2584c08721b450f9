package dev.dynalens.domain.editing;

import dev.dynalens.domain.item.ItemDiff;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StagedChangeTest {
    private static final KeySchema KEYS = KeySchema.of("PK", "SK");

    private static Item item(Object... pairs) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s("A"));
        attributes.put("SK", AttributeValue.s("B"));
        for (int i = 0; i < pairs.length; i += 2) attributes.put((String) pairs[i], (AttributeValue) pairs[i + 1]);
        return new Item(attributes);
    }

    /** Replaces placeholders by what they stand for, so a test reads the condition as DynamoDB would. */
    private static String resolved(ItemWrite write, String expression) {
        var text = expression;
        for (var e : write.names().entrySet()) text = text.replaceAll(e.getKey() + "(?![0-9])", e.getValue());
        for (var e : write.values().entrySet()) text = text.replaceAll(e.getKey() + "(?![0-9])",
                java.util.regex.Matcher.quoteReplacement(dev.dynalens.domain.item.ValueText.literal(e.getValue())));
        return text;
    }

    @Test
    void update_setsChangedAndAdded_removesRemoved_andIsGuardedByEveryValueRead() {
        var before = item("name", AttributeValue.s("Ann"), "age", AttributeValue.n("41"), "tmp", AttributeValue.bool(true));
        var after = item("name", AttributeValue.s("Ann Lee"), "age", AttributeValue.n("41"), "city", AttributeValue.s("Oslo"));

        var write = (ItemWrite.Update) new StagedChange.Update("t", KEYS, before, after).toWrite();

        assertThat(write.key()).isEqualTo(Map.of("PK", AttributeValue.s("A"), "SK", AttributeValue.s("B")));
        assertThat(resolved(write, write.updateExpression())).isEqualTo("SET name = \"Ann Lee\", city = \"Oslo\" REMOVE tmp");
        assertThat(resolved(write, write.conditionExpression())).isEqualTo(
                "attribute_exists(PK) AND name = \"Ann\" AND age = 41 AND tmp = true AND attribute_not_exists(city)");
    }

    @Test
    void documents_areComparedByTypeSizeAndEachElement() {
        var before = item("doc", AttributeValue.m(Map.of("tags", AttributeValue.l(AttributeValue.s("x"), AttributeValue.ss("p")))));

        var write = new StagedChange.Delete("t", KEYS, before).toWrite();

        assertThat(resolved(write, write.conditionExpression())).isEqualTo("attribute_exists(PK) AND attribute_type(doc, \"M\") "
                + "AND size(doc) = 1 AND attribute_type(doc.tags, \"L\") AND size(doc.tags) = 2 AND doc.tags[0] = \"x\" "
                + "AND doc.tags[1] = SS{\"p\"}");
    }

    @Test
    void create_isGuardedByTheAbsenceOfItsKey() {
        var write = (ItemWrite.Put) new StagedChange.Create("t", KEYS, item("a", AttributeValue.n("1"))).toWrite();
        assertThat(resolved(write, write.conditionExpression())).isEqualTo("attribute_not_exists(PK)");
        assertThat(write.item()).isEqualTo(item("a", AttributeValue.n("1")));
    }

    @Test
    void namesThatAreReservedWordsOrContainDots_goThroughPlaceholders() {
        var write = new StagedChange.Delete("t", KEYS, item("status", AttributeValue.s("x"), "a.b", AttributeValue.s("y"))).toWrite();
        assertThat(write.conditionExpression()).doesNotContain("status").doesNotContain("a.b");
        assertThat(write.names()).containsValues("status", "a.b");
    }

    @Test
    void numbersKeepTheirTextInTheGuard_evenWhenTwoAreEqualByValue() {
        var write = new StagedChange.Delete("t", KEYS, item("x", AttributeValue.n("1.50"), "y", AttributeValue.n("1.5"))).toWrite();
        assertThat(write.values().values()).extracting(v -> ((AttributeValue.Num) v).value().text()).containsExactlyInAnyOrder("1.50", "1.5");
    }

    @Test
    void aKeyChange_orAMissingOrMistypedKey_isRefusedWithAReason() {
        assertThatThrownBy(() -> new StagedChange.Update("t", KEYS, item(), item().with("SK", AttributeValue.s("C"))))
                .hasMessageContaining("key of an item cannot change");
        assertThatThrownBy(() -> new StagedChange.Create("t", KEYS, Item.of(Map.of("PK", AttributeValue.s("A")))))
                .hasMessageContaining("no key attribute \"SK\"");
        assertThatThrownBy(() -> new StagedChange.Create("t", KEYS, item().with("PK", AttributeValue.n("1"))))
                .hasMessageContaining("must be of type S, not N");
    }

    @Test
    void aGuardBeyondDynamoDbsLimits_isRefused_notWrittenUnguarded() {
        var wide = item();
        for (int i = 0; i < 200; i++) wide = wide.with("attribute" + i, AttributeValue.n(i));
        var change = new StagedChange.Delete("t", KEYS, wide);
        assertThatThrownBy(change::toWrite).isInstanceOf(GuardTooLargeException.class).hasMessageContaining("not written unguarded");
    }

    @Test
    void diff_listsChangedAndRemovedInReadOrder_thenAdded() {
        var change = new StagedChange.Update("t", KEYS, item("a", AttributeValue.n("1"), "b", AttributeValue.s("x")),
                item("c", AttributeValue.nul(), "a", AttributeValue.n("2")));
        assertThat(ItemDiff.lines(change.diff())).containsExactly("~ a: 1 → 2", "- b: \"x\"", "+ c: null");
    }
}

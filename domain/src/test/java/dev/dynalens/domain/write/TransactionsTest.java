package dev.dynalens.domain.write;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TransactionsTest {
    private static Map<String, AttributeValue> key(String pk) {
        return Map.of("PK", AttributeValue.s(pk));
    }

    private static ItemWrite delete(String table, String pk) {
        return new ItemWrite.Delete(table, key(pk), null, Map.of(), Map.of());
    }

    @Test
    void upToAHundredWritesOnDifferentItems_fitOneTransaction() {
        var writes = new ArrayList<ItemWrite>();
        var keys = new ArrayList<Map<String, AttributeValue>>();
        for (int i = 0; i < Transactions.MAX_WRITES; i++) {
            writes.add(delete("T", "K" + i));
            keys.add(key("K" + i));
        }
        assertThat(Transactions.whyNot(writes, keys)).isEmpty();

        writes.add(delete("T", "K100"));
        keys.add(key("K100"));
        assertThat(Transactions.whyNot(writes, keys)).hasValueSatisfying(why -> assertThat(why).contains("at most 100").contains("101"));
    }

    @Test
    void twoWritesOnTheSameItem_doNot_butTheSameKeyInAnotherTableDoes() {
        var put = ItemWrite.Put.unconditional("T", Item.of(Map.of("PK", AttributeValue.s("A"))));
        assertThat(Transactions.whyNot(List.of(put, delete("T", "A")), List.of(key("A"), key("A"))))
                .hasValueSatisfying(why -> assertThat(why).contains("Writes 2").contains("same item of T"));
        assertThat(Transactions.whyNot(List.of(put, delete("U", "A")), List.of(key("A"), key("A")))).isEmpty();
    }

    @Test
    void numericKeysCompareByValue() {
        var keys = List.<Map<String, AttributeValue>>of(Map.of("PK", AttributeValue.n("1.0")), Map.of("PK", AttributeValue.n("1")));
        var writes = List.of(delete("T", "x"), delete("T", "y"));
        assertThat(Transactions.whyNot(writes, keys)).isPresent();
    }
}

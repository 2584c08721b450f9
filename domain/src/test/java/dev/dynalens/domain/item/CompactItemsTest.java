package dev.dynalens.domain.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.ItemArbitraries;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.Test;

class CompactItemsTest {

    @Provide
    Arbitrary<List<Item>> itemLists() {
        return ItemArbitraries.items().list().ofMaxSize(20);
    }

    @Property(tries = 100)
    void everyItemComesBackEqual_inOrder_withItsAttributeOrder(@ForAll("itemLists") List<Item> items) {
        var compact = new CompactItems(items);

        assertThat(compact).hasSize(items.size());
        for (int i = 0; i < items.size(); i++) {
            assertThat(compact.get(i)).isEqualTo(items.get(i));
            assertThat(List.copyOf(compact.get(i).attributes().keySet())).isEqualTo(List.copyOf(items.get(i).attributes().keySet()));
        }
    }

    @Test
    void exactValuesSurvive_andAHugeItemGetsAChunkOfItsOwn() {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s("ÜSER#1 ☃"));
        attributes.put("n", AttributeValue.n("-1.0000000000000000000000000000000000001E-130"));
        attributes.put("big", AttributeValue.s("x".repeat(3 << 20)));
        attributes.put("bin", AttributeValue.b(new byte[] {0, (byte) 0x80, (byte) 0xff}));
        attributes.put("ns", AttributeValue.ns("10", "1E+2", "-0.5"));
        attributes.put("m", AttributeValue.m(Map.of("nested", AttributeValue.l(AttributeValue.nul(), AttributeValue.bool(true)))));
        var huge = new Item(attributes);
        var small = new Item(Map.of("PK", AttributeValue.s("a")));
        var compact = new CompactItems();
        compact.add(small);
        compact.add(huge);
        compact.add(small);

        assertThat(compact.get(1)).isEqualTo(huge);
        assertThat(((AttributeValue.Num) compact.get(1).attributes().get("n")).value().text()).isEqualTo("-1.0000000000000000000000000000000000001E-130");
        assertThat(compact.get(2)).isEqualTo(small);
        assertThatThrownBy(() -> compact.get(3)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aThousandSmallItems_takeAFractionOfTheirObjectSize() {
        var items = new ArrayList<Item>();
        for (int i = 0; i < 1000; i++) {
            items.add(new Item(Map.of("PK", AttributeValue.s("CUSTOMER#" + i), "SK", AttributeValue.s("ORDER#2024-" + i),
                    "status", AttributeValue.s("OPEN"), "total", AttributeValue.n("12.50"), "GSI1PK", AttributeValue.s("STATUS#OPEN"))));
        }
        var compact = new CompactItems(items);

        // About 80 bytes of values and one byte per name: well under 150 bytes an item, offsets included.
        assertThat(compact.footprint()).isLessThan(150_000);
        assertThat(compact).isEqualTo(items);
    }
}

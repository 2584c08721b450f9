package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ProjectionStoreTest {

    @Property(tries = 100)
    void itemsComeBackExactly_inOrder_inMemoryOrSpilled(@ForAll("itemLists") List<Item> items, @ForAll boolean spill) {
        var budget = spill ? new ProjectionStore.Budget(0, StaleScanPropertiesTest.MemorySpill::new) : ProjectionStore.Budget.unlimited();
        var store = new ProjectionStore(budget);
        items.forEach(item -> store.add(item, 0));
        store.seal();

        var read = new ArrayList<Item>();
        store.forEach(read::add);

        assertThat(read).containsExactlyElementsOf(items);
        assertThat(store.size()).isEqualTo(items.size());
        assertThat(budget.spilledBytes() > 0).isEqualTo(spill && !items.isEmpty());
    }

    /** Items of every DynamoDB type, numbers as text and sets in order (ItemArbitraries). */
    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<List<Item>> itemLists() {
        return ItemArbitraries.items().list().ofMaxSize(40);
    }

    @Test
    void aPassThatNamesItems_decodesOnlyTheNamingAttributes() {
        var store = new ProjectionStore(ProjectionStore.Budget.unlimited());
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s("USER#1"));
        attributes.put("SK", AttributeValue.s("PROFILE"));
        attributes.put("name", AttributeValue.s("Ann"));
        attributes.put("nested", AttributeValue.m(Map.of("a", AttributeValue.l(List.of(AttributeValue.n(1))))));
        store.add(new Item(attributes), 2);
        store.seal();

        var named = new ArrayList<Item>();
        store.forEachNaming(named::add);

        assertThat(named).containsExactly(new Item(Map.of("PK", AttributeValue.s("USER#1"), "SK", AttributeValue.s("PROFILE"))));
    }

    @Test
    void chunksBeyondTheSharedBudget_spill_andEachChunkDecodesAlone() {
        var spill = new StaleScanPropertiesTest.MemorySpill();
        var budget = new ProjectionStore.Budget(ProjectionStore.CHUNK_BYTES + (1 << 19), () -> spill);
        var first = new ProjectionStore(budget);
        var second = new ProjectionStore(budget);
        var text = "x".repeat(1000);
        for (int i = 0; i < 3_000; i++) {
            first.add(keyFirst("A#" + i, text), 1);
            second.add(keyFirst("B#" + i, text), 1);
        }
        first.seal();
        second.seal();

        assertThat(budget.heldBytes()).isLessThanOrEqualTo(ProjectionStore.CHUNK_BYTES + (1 << 19));
        assertThat(budget.spilledBytes()).isPositive();
        assertThat(first.chunks()).anyMatch(ProjectionStore.Chunk::spilled);
        var lastChunk = second.chunks().getLast();
        var keys = new ArrayList<String>();
        ProjectionStore.read(lastChunk, true, item -> keys.add(((AttributeValue.Str) item.attributes().get("PK")).value()));
        assertThat(keys).isNotEmpty().allMatch(key -> key.startsWith("B#")).last().isEqualTo("B#2999");
    }

    private static Item keyFirst(String pk, String text) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("text", AttributeValue.s(text));
        return new Item(attributes);
    }

    @Test
    void aSealedStoreTakesNoMore_andAnOpenOneIsNotRead() {
        var store = new ProjectionStore(ProjectionStore.Budget.unlimited());
        assertThatThrownBy(() -> store.forEach(item -> { })).isInstanceOf(IllegalStateException.class);
        store.seal();
        assertThatThrownBy(() -> store.add(Item.EMPTY, 0)).isInstanceOf(IllegalStateException.class);
    }
}

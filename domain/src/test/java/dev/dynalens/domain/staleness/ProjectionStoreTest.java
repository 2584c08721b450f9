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

    /**
     * An item added as arrays of names and values reads back as the item; a read that skips items by position hands over
     * exactly the others, and a staged read gives the rest of an item only where it is asked for.
     */
    @Property(tries = 60)
    void itemsAddedAsArrays_readBackWhole_skipped_orInTwoStages(@ForAll("itemLists") List<Item> items, @ForAll boolean spill,
                                                               @ForAll @net.jqwik.api.constraints.IntRange(min = 1, max = 4) int every) {
        var budget = spill ? new ProjectionStore.Budget(0, StaleScanPropertiesTest.MemorySpill::new) : ProjectionStore.Budget.unlimited();
        var store = new ProjectionStore(budget);
        var naming = new ArrayList<Integer>();
        for (var item : items) {
            var names = item.attributes().keySet().toArray(String[]::new);
            var values = item.attributes().values().toArray(AttributeValue[]::new);
            int first = Math.min(1, names.length);
            naming.add(first);
            store.add(names, values, names.length, first);
        }
        store.seal();

        var whole = new ArrayList<Item>();
        var wanted = new ArrayList<Item>();
        var staged = new ArrayList<Item>();
        int[] offset = {0};
        for (var chunk : store.chunks()) {
            int base = offset[0];
            ProjectionStore.read(chunk, false, whole::add);
            ProjectionStore.read(chunk, false, i -> (base + i) % every == 0, wanted::add);
            ProjectionStore.readStaged(chunk, i -> true, new ProjectionStore.Staged() {
                @Override
                public boolean rest(int index, Item first) {
                    return (base + index) % every == 0;
                }

                @Override
                public void accept(int index, Item item, boolean complete) {
                    assertThat(complete).isEqualTo((base + index) % every == 0);
                    staged.add(item);
                }
            });
            offset[0] += chunk.items;
        }

        assertThat(whole).containsExactlyElementsOf(items);
        var expectedWanted = new ArrayList<Item>();
        var expectedStaged = new ArrayList<Item>();
        for (int i = 0; i < items.size(); i++) {
            var item = items.get(i);
            if (i % every == 0) {
                expectedWanted.add(item);
                expectedStaged.add(item);
            } else {
                var first = new LinkedHashMap<String, AttributeValue>();
                item.attributes().entrySet().stream().limit(naming.get(i)).forEach(e -> first.put(e.getKey(), e.getValue()));
                expectedStaged.add(new Item(first));
            }
        }
        assertThat(wanted).containsExactlyElementsOf(expectedWanted);
        assertThat(staged).containsExactlyElementsOf(expectedStaged);
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

    /**
     * A read that takes only some attributes besides the naming ones (detection's copies) hands over each item it takes
     * with its naming attributes and exactly the named others, values intact, in the item's order.
     */
    @Property(tries = 60)
    void aReadOfSomeAttributes_givesTheNamingOnesAndExactlyThoseNamed(@ForAll("itemLists") List<Item> items, @ForAll boolean spill,
                                                                     @ForAll @net.jqwik.api.constraints.IntRange(min = 1, max = 3) int every) {
        var budget = spill ? new ProjectionStore.Budget(0, StaleScanPropertiesTest.MemorySpill::new) : ProjectionStore.Budget.unlimited();
        var store = new ProjectionStore(budget);
        items.forEach(item -> store.add(item, Math.min(1, item.size())));
        store.seal();
        var names = new java.util.LinkedHashSet<String>();
        items.forEach(item -> names.addAll(item.attributes().keySet()));
        var wanted = new java.util.HashSet<String>();
        int n = 0;
        for (var name : names) {
            if (n++ % 2 == 0) {
                wanted.add(name);
            }
        }

        var read = new ArrayList<Item>();
        var expected = new ArrayList<Item>();
        int position = 0;
        for (var chunk : store.chunks()) {
            ProjectionStore.read(chunk, i -> i % every == 0, wanted::contains, read::add);
            for (int i = 0; i < chunk.items; i += every) {
                var kept = new LinkedHashMap<String, AttributeValue>();
                int a = 0;
                for (var attribute : items.get(position + i).attributes().entrySet()) {
                    if (a++ < 1 || wanted.contains(attribute.getKey())) {
                        kept.put(attribute.getKey(), attribute.getValue());
                    }
                }
                expected.add(new Item(kept));
            }
            position += chunk.items;
        }

        assertThat(read).containsExactlyElementsOf(expected);
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

package dev.dynalens.domain.transfer;

import static dev.dynalens.domain.ItemAssertions.assertIdentical;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every format is lossless: generated items of every type (38-digit numbers, binary, empty and unicode
 * strings, nesting to DynamoDB's depth limit, sets, marker-like keys) survive writing and reading,
 * number text and set order included.
 */
class TransferRoundTripPropertiesTest {

    @Provide
    Arbitrary<List<Item>> tables() {
        return ItemArbitraries.items().list().ofMaxSize(8).map(TransferRoundTripPropertiesTest::keyed);
    }

    /** Each item gets a distinct PK and SK, as a table's items have. */
    static List<Item> keyed(List<Item> items) {
        var keyed = new ArrayList<Item>();
        for (int i = 0; i < items.size(); i++) {
            keyed.add(items.get(i).with("PK", AttributeValue.s("P#" + i)).with("SK", AttributeValue.s("S#" + i)));
        }
        return keyed;
    }

    @Property(tries = 300)
    void jsonLines_keepEveryItemExactly(@ForAll("tables") List<Item> items) {
        assertSameItems(items, TransferText.items(TransferText.readAll(TransferFormat.JSONL, TransferText.write(TransferFormat.JSONL, items))), false);
    }

    @Property(tries = 300)
    void plainJson_keepsEveryItemExactly(@ForAll("tables") List<Item> items) {
        assertSameItems(items, TransferText.items(TransferText.readAll(TransferFormat.JSON, TransferText.write(TransferFormat.JSON, items))), false);
    }

    @Property(tries = 300)
    void csv_keepsEveryItemExactly_inColumnOrder(@ForAll("tables") List<Item> items) {
        var text = TransferText.write(TransferFormat.CSV, items);
        var read = TransferText.items(TransferText.readAll(TransferFormat.CSV, text));
        assertThat(read).hasSameSizeAs(items);
        for (int i = 0; i < items.size(); i++) {
            assertIdentical(items.get(i), TransferText.inOrderOf(items.get(i), read.get(i)));
        }
    }

    @Property(tries = 150)
    void workbenchModel_readBackByTheWorkspaceReader_holdsEveryItemExactly(@ForAll("tables") List<Item> items) {
        var read = TransferText.items(TransferText.readAll(TransferFormat.WORKBENCH, TransferText.write(TransferFormat.WORKBENCH, items)));
        assertSameItems(items, read, true);
    }

    private static void assertSameItems(List<Item> expected, List<Item> actual, boolean anyOrder) {
        assertThat(actual).hasSameSizeAs(expected);
        var want = new ArrayList<>(expected);
        var got = new ArrayList<>(actual);
        if (anyOrder) {
            Comparator<Item> byKey = Comparator.comparing(item -> ((AttributeValue.Str) item.attributes().get("PK")).value());
            want.sort(byKey);
            got.sort(byKey);
        }
        for (int i = 0; i < want.size(); i++) {
            assertIdentical(want.get(i), got.get(i));
        }
    }
}

package dev.dynalens.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.export.fixtures.ExportWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Any items, exported in either format and in any number of files, read back value for value. */
class ExportRoundTripPropertiesTest {

    @Property(tries = 60)
    void anyItemsComeBackExactly(@ForAll("itemLists") List<Item> generated, @ForAll ExportFormat format,
                                 @ForAll @IntRange(min = 1, max = 6) int files, @ForAll @IntRange(min = 1, max = 4) int threads)
            throws Exception {
        var items = new ArrayList<Item>();
        for (int i = 0; i < generated.size(); i++) {
            var values = new LinkedHashMap<>(generated.get(i).attributes());
            values.put("PK", AttributeValue.s("ITEM#" + i));
            items.add(new Item(values));
        }
        var bucket = Files.createTempDirectory("export-props");
        try {
            var folder = new ExportWriter(bucket, "", "T").full("01764000000000-props001", format, items, files,
                    ExportSnapshotTest.T0);
            try (var snapshot = ExportSnapshot.open(List.of(ExportSource.local(ExportLocation.parse(folder.toString()))))) {
                assertThat(ExportSnapshotTest.readAll(snapshot, threads)).containsExactlyInAnyOrderElementsOf(items);
            }
        } finally {
            try (var paths = Files.walk(bucket)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<List<Item>> itemLists() {
        return ItemArbitraries.items().list().ofMaxSize(30);
    }
}

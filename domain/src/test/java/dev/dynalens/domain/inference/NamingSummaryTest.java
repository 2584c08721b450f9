package dev.dynalens.domain.inference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Naming as a stage whose partial states merge (issue 23; docs/distributed-stages.md, step 5): a table cut at random
 * into parts, each part's classifier summarized, the summaries merged in any order, names every item as one classifier
 * of the whole table does: the same entities, type attribute, entity of each item and key templates. The revision, a
 * count of changes, is left out.
 */
class NamingSummaryTest {
    private static final TableKeys KEYS = AnalyzerFastPathTest.KEYS;
    private static final Lens SPLIT = Lens.NONE.withRename("ORDER", "Order")
            .withSplit("USER", new Lens.AttributeEquals("kind", "TEAM"), "TEAM_USER");

    private record Reading(List<EntityShape> entities, Optional<String> typeAttribute, List<String> names,
                           List<Optional<KeyTemplate>> pks, List<Optional<KeyTemplate>> sks, long items) {
    }

    private static Reading reading(EntityClassifier classifier, List<Item> items) {
        return new Reading(classifier.entities(), classifier.typeAttribute(), items.stream().map(classifier::entityOf).toList(),
                items.stream().map(classifier::partitionKeyTemplateOf).toList(), items.stream().map(classifier::sortKeyTemplateOf).toList(),
                classifier.itemCount());
    }

    private static NamingSummary summaryOf(Lens lens, List<Item> items) {
        var classifier = new EntityClassifier(KEYS, lens);
        classifier.acceptAll(items);
        return classifier.summary();
    }

    @Provide
    Arbitrary<List<Item>> tables() {
        return AnalyzerFastPathTest.item().list().ofMaxSize(200);
    }

    @Provide
    Arbitrary<Lens> lenses() {
        return net.jqwik.api.Arbitraries.of(Lens.NONE, SPLIT);
    }

    @Property(tries = 300)
    void partsMergedInAnyOrder_nameEveryItemAsOnePassDoes(@ForAll("tables") List<Item> items, @ForAll("lenses") Lens lens,
                                                          @ForAll long seed) {
        var random = new Random(seed);
        int parts = 1 + random.nextInt(5);
        var cut = new ArrayList<List<Item>>();
        for (int i = 0; i < parts; i++) {
            cut.add(new ArrayList<>());
        }
        items.forEach(item -> cut.get(random.nextInt(parts)).add(item));
        var summaries = new ArrayList<>(cut.stream().map(part -> summaryOf(lens, part)).toList());
        Collections.shuffle(summaries, random);
        var leftFold = summaries.get(0);
        for (int i = 1; i < summaries.size(); i++) {
            leftFold = leftFold.merge(summaries.get(i));
        }
        var rightFold = summaries.get(summaries.size() - 1);
        for (int i = summaries.size() - 2; i >= 0; i--) {
            rightFold = summaries.get(i).merge(rightFold);
        }
        var onePass = new EntityClassifier(KEYS, lens);
        onePass.acceptAll(items);

        assertThat(leftFold).as("associative and commutative").isEqualTo(rightFold);
        assertThat(leftFold).isEqualTo(onePass.summary());
        assertThat(reading(EntityClassifier.of(KEYS, lens, leftFold), items)).isEqualTo(reading(onePass, items));
        if (summaries.size() > 1) {
            assertThat(summaries.get(0).merge(summaries.get(1))).as("commutative").isEqualTo(summaries.get(1).merge(summaries.get(0)));
        }
    }

    /** A classifier that absorbed other parts' summaries and then reads more items names them as one pass does. */
    @Property(tries = 100)
    void aClassifierThatAbsorbedASummary_readsOnAsOnePassDoes(@ForAll("tables") List<Item> items, @ForAll long seed) {
        int cut = items.isEmpty() ? 0 : new Random(seed).nextInt(items.size() + 1);
        var classifier = new EntityClassifier(KEYS);
        classifier.absorb(summaryOf(Lens.NONE, items.subList(0, cut)));
        classifier.acceptAll(items.subList(cut, items.size()));
        var onePass = new EntityClassifier(KEYS);
        onePass.acceptAll(items);

        assertThat(reading(classifier, items)).isEqualTo(reading(onePass, items));
    }

    private static NamingSummary summaryWithIndexKeysOf(List<Item> items) {
        var classifier = new EntityClassifier(KEYS);
        for (var item : items) {
            classifier.accept(item);
            classifier.observeIndexKeys(item);
        }
        return classifier.summary();
    }

    /**
     * A classifier that also takes in the items' index keys summarizes as the analyzer's classifier does, and the merged
     * summaries of parts read index keys as the analyzer of the whole table (what the Spark job's first pass relies on).
     */
    @Property(tries = 200)
    void aClassifierThatObservesIndexKeys_summarizesAsTheAnalyzersClassifier(@ForAll("tables") List<Item> items, @ForAll long seed) {
        var analyzer = new Analyzer(KEYS);
        analyzer.acceptAll(items);
        assertThat(summaryWithIndexKeysOf(items)).isEqualTo(analyzer.classifier().summary());

        int cut = items.isEmpty() ? 0 : new Random(seed).nextInt(items.size() + 1);
        var merged = summaryWithIndexKeysOf(items.subList(cut, items.size())).merge(summaryWithIndexKeysOf(items.subList(0, cut)));
        var naming = TableNaming.of(KEYS, Lens.NONE, merged);
        for (var item : items) {
            for (var index : KEYS.indexes().values()) {
                var value = item.attributes().get(index.partitionKeyName());
                if (value != null) {
                    assertThat(naming.templateOf(index.partitionKeyName(), value))
                            .isEqualTo(analyzer.classifier().templateOf(index.partitionKeyName(), value));
                }
            }
        }
    }

    @Test
    void theRealModelsAndSamples_cutInThree_readAsOnePass() throws Exception {
        for (var file : dev.dynalens.domain.RealModels.modelsAndSamples()) {
            for (var table : dev.dynalens.domain.workspace.FileWorkspaces.read(file, dev.dynalens.domain.workspace.WorkspaceOptions.NONE)
                    .tables()) {
                var items = table.items();
                var keys = table.tableKeys();
                var parts = new ArrayList<NamingSummary>();
                for (int p = 0; p < 3; p++) {
                    var classifier = new EntityClassifier(keys);
                    for (int i = p; i < items.size(); i += 3) {
                        classifier.accept(items.get(i));
                    }
                    parts.add(classifier.summary());
                }
                var merged = parts.get(2).merge(parts.get(0)).merge(parts.get(1));
                var onePass = new EntityClassifier(keys);
                onePass.acceptAll(items);
                assertThat(reading(EntityClassifier.of(keys, Lens.NONE, merged), items)).as("%s", file.getFileName())
                        .isEqualTo(reading(onePass, items));
            }
        }
    }

    @Test
    void aSummaryIsAPlainValue_thatSurvivesJavaSerialization() throws Exception {
        var items = AnalyzerTest.teams();
        var summary = summaryOf(Lens.NONE, items);
        var bytes = new ByteArrayOutputStream();
        try (var out = new ObjectOutputStream(bytes)) {
            out.writeObject(summary);
        }
        try (var in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            var back = (NamingSummary) in.readObject();
            assertThat(back).isEqualTo(summary);
            var onePass = new EntityClassifier(KEYS);
            onePass.acceptAll(items);
            assertThat(reading(EntityClassifier.of(KEYS, Lens.NONE, back), items)).isEqualTo(reading(onePass, items));
        }
    }

    @Test
    void summariesOfTablesWithOtherKeys_doNotMerge() {
        var other = new EntityClassifier(TableKeys.of(KeySchema.of("id", null))).summary();
        assertThatThrownBy(() -> summaryOf(Lens.NONE, List.of()).merge(other)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("other keys");
    }
}

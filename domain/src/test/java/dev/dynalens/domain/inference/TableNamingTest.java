package dev.dynalens.domain.inference;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.RealModels;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.workspace.FileWorkspaces;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * A table's naming frozen into a value (issue 23; docs/distributed-stages.md, step 6): it names every item, reads its
 * key templates and says whether it is a root as the classifier it was taken from does, and it survives Java
 * serialization.
 */
class TableNamingTest {
    private static final Lens LENS = Lens.NONE.withRename("ORDER", "Order")
            .withSplit("USER", new Lens.AttributeEquals("kind", "TEAM"), "TEAM_USER");

    private record Answers(List<String> names, List<Boolean> roots, List<Optional<KeyTemplate>> pks, List<Optional<KeyTemplate>> sks,
                           List<List<Optional<KeyTemplate>>> indexKeys) {
    }

    private static boolean isRoot(EntityClassifier classifier, Item item) {
        var schema = classifier.keys().keySchema();
        if (!schema.hasSortKey()) {
            return true;
        }
        var sk = item.attributes().get(schema.sortKeyName());
        return sk == null || sk.equals(item.attributes().get(schema.partitionKeyName()))
                || classifier.sortKeyTemplateOf(item).map(KeyTemplate::isConstant).orElse(false);
    }

    private static List<Optional<KeyTemplate>> indexKeys(TableKeys keys, Item item, java.util.function.BiFunction<String, AttributeValue,
            Optional<KeyTemplate>> templateOf) {
        return keys.indexes().values().stream().flatMap(schema -> schema.attributeNames().stream())
                .map(name -> item.attributes().containsKey(name) ? templateOf.apply(name, item.attributes().get(name)) : Optional.<KeyTemplate>empty())
                .toList();
    }

    private static Answers answers(EntityClassifier classifier, List<Item> items) {
        return new Answers(items.stream().map(classifier::entityOf).toList(), items.stream().map(item -> isRoot(classifier, item)).toList(),
                items.stream().map(classifier::partitionKeyTemplateOf).toList(), items.stream().map(classifier::sortKeyTemplateOf).toList(),
                items.stream().map(item -> indexKeys(classifier.keys(), item, classifier::templateOf)).toList());
    }

    private static Answers answers(TableNaming naming, List<Item> items) {
        return new Answers(items.stream().map(naming::entityOf).toList(), items.stream().map(naming::isRoot).toList(),
                items.stream().map(naming::partitionKeyTemplateOf).toList(), items.stream().map(naming::sortKeyTemplateOf).toList(),
                items.stream().map(item -> indexKeys(naming.keys(), item, naming::templateOf)).toList());
    }

    @Provide
    Arbitrary<List<Item>> tables() {
        return AnalyzerFastPathTest.item().list().ofMaxSize(200);
    }

    @Property(tries = 200)
    void aFrozenNaming_answersAsItsClassifier_onEveryItem(@ForAll("tables") List<Item> items, @ForAll boolean withLens) {
        var lens = withLens ? LENS : Lens.NONE;
        var analyzer = new Analyzer(AnalyzerFastPathTest.KEYS, lens); // its index registries read the GSI keys too
        analyzer.acceptAll(items);
        var classifier = analyzer.classifier();

        var naming = classifier.naming();

        assertThat(answers(naming, items)).isEqualTo(answers(classifier, items));
        assertThat(naming.typeAttribute()).isEqualTo(classifier.typeAttribute());
    }

    @Test
    void theRealModelsAndSamples_areNamedAsTheirClassifierNamesThem() throws Exception {
        for (var file : RealModels.modelsAndSamples()) {
            for (var table : FileWorkspaces.read(file, WorkspaceOptions.NONE).tables()) {
                var classifier = new EntityClassifier(table.tableKeys());
                classifier.acceptAll(table.items());
                assertThat(answers(classifier.naming(), table.items())).as("%s", file.getFileName())
                        .isEqualTo(answers(classifier, table.items()));
            }
        }
    }

    @Test
    void aNamingSurvivesJavaSerialization_andAnswersAsBefore() throws Exception {
        var items = AnalyzerTest.shop();
        var keys = new TableKeys("Shop", TestItems.PK_SK, java.util.Map.of())
                .withIndex("GSI1", dev.dynalens.domain.table.KeySchema.of("GSI1PK", "GSI1SK"));
        var analyzer = new Analyzer(keys, LENS);
        analyzer.acceptAll(items);
        var naming = analyzer.classifier().naming();

        var bytes = new ByteArrayOutputStream();
        try (var out = new ObjectOutputStream(bytes)) {
            out.writeObject(naming);
        }
        try (var in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            var back = (TableNaming) in.readObject();
            assertThat(back).isEqualTo(naming);
            assertThat(back.keys()).isEqualTo(keys);
            assertThat(answers(back, items)).isEqualTo(answers(analyzer.classifier(), items));
            assertThat(items.stream().map(back::entityOf).distinct()).contains("Order", "CUSTOMER", "PRODUCT");
        }
    }
}

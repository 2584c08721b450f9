package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.inference.TableNaming;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Inference and detection read items through a {@link dev.dynalens.domain.inference.Naming}: a {@link TableNaming} frozen
 * from the classifier that read the table's keys gives the same rules and the same report as the classifier (issue 23;
 * docs/distributed-stages.md, step 7), and it keeps that classifier's reading of index keys, which is the raw one (B.6).
 */
class TableNamingStalenessTest {

    /** A classifier fed the table's keys only, as the one read of stale copies names items. */
    private static EntityClassifier tableKeysOnly(SampleModels.Sample sample) {
        var classifier = new EntityClassifier(sample.keys());
        classifier.acceptAll(sample.items());
        return classifier;
    }

    @Test
    void rulesInferredThroughATableNaming_areTheClassifiers() {
        for (var file : SampleModels.FILES) {
            var sample = SampleModels.load(file);
            var classifier = tableKeysOnly(sample);
            var naming = classifier.naming();

            var fromNaming = RuleInference.infer(naming, sample.items(), RuleInference.Options.DEFAULTS);
            var fromClassifier = RuleInference.infer(classifier, sample.items(), RuleInference.Options.DEFAULTS);

            assertThat(fromNaming).as(file).isEqualTo(fromClassifier);
            if (file.equals(SampleModels.BLOG)) {
                assertThat(fromNaming).isNotEmpty();
            }
        }
    }

    @Test
    void staleCopiesFoundThroughATableNaming_areTheClassifiers() {
        var blog = SampleModels.load(SampleModels.BLOG);
        var classifier = tableKeysOnly(blog);
        var naming = classifier.naming();

        var fromNaming = detect(naming, StalenessDetectorTest.BLOG_RULES, blog.items());
        var fromClassifier = StalenessDetectorTest.detect(classifier, StalenessDetectorTest.BLOG_RULES, blog.items());

        assertThat(fromNaming).isEqualTo(fromClassifier);
        assertThat(fromNaming.staleCopies()).isNotEmpty();
    }

    @Test
    void aNamingFromTheTableKeysOnly_readsAnIndexKeyAsItIs() {
        var shop = SampleModels.load(SampleModels.ONLINE_SHOP);
        var naming = tableKeysOnly(shop).naming();
        var reading = new KeyReading(naming);
        reading.prepareForThreads();
        var order = new Item(java.util.Map.of("PK", AttributeValue.s("CUSTOMER#c1"), "SK", AttributeValue.s("ORDER#2024-05-01#o1"),
                "GSI1PK", AttributeValue.s("STATUS#OPEN")));

        assertThat(reading.templateOf(order, "GSI1PK").render()).isEqualTo("STATUS#OPEN");
        assertThat(naming.templateOf("GSI1PK", AttributeValue.s("STATUS#OPEN")).orElseThrow().render()).isEqualTo("STATUS#OPEN");
    }

    private static StalenessReport detect(TableNaming naming, List<DenormalizationRule> rules, Iterable<Item> items) {
        var detector = new StalenessDetector(naming, rules, 1_000);
        items.forEach(detector::acceptSource);
        items.forEach(detector::acceptCopy);
        return detector.report();
    }
}

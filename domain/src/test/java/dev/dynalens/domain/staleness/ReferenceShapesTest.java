package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Every reference shape on the tracker ({@link TrackerData}): inferred, detected exactly as planted, and repaired on the copy's key. */
class ReferenceShapesTest {
    private static final TrackerData TRACKER = TrackerData.of(1);

    private static EntityClassifier classifier(List<Item> items) {
        var classifier = new EntityClassifier(TrackerData.KEYS);
        classifier.acceptAll(items);
        return classifier;
    }

    private static String keyText(Map<String, AttributeValue> key) {
        return key.values().stream().map(KeyReading::scalarText).collect(Collectors.joining(" / "));
    }

    private static StalenessReport detect(List<DenormalizationRule> rules) {
        var detector = new StalenessDetector(classifier(TRACKER.items()), rules, 1_000);
        TRACKER.items().forEach(detector::acceptSource);
        TRACKER.items().forEach(detector::acceptCopy);
        return detector.report();
    }

    @Test
    void inference_findsTheRuleOfEveryShape_andNoOther() {
        var rules = RuleInference.infer(classifier(TRACKER.items()), TRACKER.items(), RuleInference.Options.DEFAULTS);
        rules.forEach(rule -> System.out.println("tracker: " + rule));

        assertThat(rules).extracting(r -> r.rule().toSpec()).containsExactlyInAnyOrderElementsOf(TrackerData.RULES);
    }

    @Test
    void detection_byTheInferredRules_findsExactlyThePlantedStaleCopiesAndOrphans() {
        var inferred = RuleInference.infer(classifier(TRACKER.items()), TRACKER.items(), RuleInference.Options.DEFAULTS).stream()
                .map(InferredRule::rule).toList();

        var report = detect(inferred);

        assertThat(report.staleCopies()).extracting(s -> keyText(s.key()) + " " + s.attribute().render())
                .containsExactlyInAnyOrderElementsOf(TrackerData.keys(TRACKER.stale()));
        assertThat(report.orphanCopies()).extracting(o -> keyText(o.key()) + " " + o.attribute().render())
                .containsExactlyInAnyOrderElementsOf(TrackerData.keys(TRACKER.orphans()));
        assertThat(report.staleCopies()).allSatisfy(stale -> {
            assertThat(stale.sourceValue()).isNotNull();
            assertThat(stale.copyValue()).isNotEqualTo(stale.sourceValue());
        });
    }

    @Test
    void eachRule_findsItsOwnPlantedCopies_andNamesTheSourceByItsWholeKey() {
        for (var spec : TrackerData.RULES) {
            var report = detect(List.of(RuleSpec.parse(spec)));
            Set<String> planted = TrackerData.keys(TRACKER.stale().stream().filter(p -> p.rule().equals(spec)).toList());
            assertThat(report.staleCopies()).as(spec).extracting(s -> keyText(s.key()) + " " + s.attribute().render())
                    .containsExactlyInAnyOrderElementsOf(planted);
            assertThat(report.orphanCopies()).as(spec).hasSize((int) TRACKER.orphans().stream().filter(p -> p.rule().equals(spec)).count());
            assertThat(report.staleCopies()).as(spec).allSatisfy(s -> assertThat(s.sourceKey()).containsOnlyKeys("PK", "SK"));
        }
        // The task/project/organisation shape: the task in PROJECT#P-1 finds the project stored in its organisation.
        var projects = detect(List.of(RuleSpec.parse("TASK.projectTitle=PROJECT.title@PK=SK")));
        assertThat(projects.staleCopies()).allSatisfy(s -> assertThat(keyText(s.sourceKey())).isEqualTo("ORG#acme / PROJECT#P-1"));
    }

    @Test
    void everyShape_repairsOnTheCopysKey_guardedByTheValueDetectionRead() {
        var report = detect(TrackerData.RULES.stream().map(RuleSpec::parse).toList());

        var plan = RepairPlan.of(TrackerData.TABLE, report.staleCopies());

        assertThat(plan.leftAlone()).isEmpty();
        assertThat(plan.steps()).hasSize(TRACKER.stale().size());
        assertThat(plan.steps()).extracting(step -> keyText(step.key()) + " " + step.copyPath().render())
                .containsExactlyInAnyOrderElementsOf(TrackerData.keys(TRACKER.stale()));
        var byRule = plan.steps().stream().map(RepairStep::rule).collect(Collectors.toSet());
        assertThat(byRule).containsExactlyInAnyOrderElementsOf(TrackerData.RULES);
        var nested = plan.steps().stream().filter(step -> step.copyPath().render().equals("author.name")).findFirst().orElseThrow();
        var update = nested.toUpdate(TrackerData.TABLE);
        assertThat(update.key()).isEqualTo(nested.key());
        assertThat(update.updateExpression()).isEqualTo("SET #c0.#c1 = :new");
        assertThat(update.conditionExpression()).isEqualTo("#c0.#c1 = :old");
    }

    @Test
    void theSamplesAndTheirRules_stayAsTheyWere_whereNoNewShapeApplies() {
        var teams = dev.dynalens.domain.inference.SampleModels.load(dev.dynalens.domain.inference.SampleModels.TEAMS);
        var shop = dev.dynalens.domain.inference.SampleModels.load(dev.dynalens.domain.inference.SampleModels.ONLINE_SHOP);

        assertThat(RuleInference.infer(StalenessDetectorTest.classifierOf(teams), teams.items(), RuleInference.Options.DEFAULTS))
                .extracting(r -> r.rule().toSpec())
                .containsExactlyInAnyOrder("USER→TEAM.teamName=TEAM.name@SK:key", "TEAM→USER.userName=USER.name@SK:key");
        // The shop's one equality, as before the new shapes: each order item's price is its product's (the price at the
        // time of the order, which the data cannot tell from a copy; Remove leaves it out for good). Nothing else.
        assertThat(RuleInference.infer(StalenessDetectorTest.classifierOf(shop), shop.items(), RuleInference.Options.DEFAULTS))
                .extracting(InferredRule::toString).containsExactly("ITEM.price=PRODUCT.price@productId (60/60, 1.00)");
    }
}

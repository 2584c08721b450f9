package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StalenessDetectorTest {
    static final List<DenormalizationRule> BLOG_RULES = List.of(
            RuleSpec.parse("POST.authorName=USER.name@authorId"),
            RuleSpec.parse("COMMENT.commenterName=USER.name@commenterId"),
            RuleSpec.parse("TAG→POST.author.name=USER.name@author.id"));

    static EntityClassifier classifierOf(SampleModels.Sample sample) {
        var analyzer = new Analyzer(sample.keys());
        analyzer.acceptAll(sample.items());
        return analyzer.classifier();
    }

    static StalenessReport detect(EntityClassifier classifier, List<DenormalizationRule> rules, Iterable<Item> items) {
        var detector = new StalenessDetector(classifier, rules, 1_000);
        items.forEach(detector::acceptSource);
        items.forEach(detector::acceptCopy);
        return detector.report();
    }

    private static String keyText(Map<String, AttributeValue> key) {
        return key.values().stream().map(KeyReading::scalarText).collect(Collectors.joining(" / "));
    }

    @Test
    void blog_findsExactlyThePlantedStaleCopies() {
        var blog = SampleModels.load(SampleModels.BLOG);
        var report = detect(classifierOf(blog), BLOG_RULES, blog.items());

        assertThat(report.staleCopies()).extracting(s -> keyText(s.key()) + " " + s.attribute()).containsExactlyInAnyOrder(
                "POST#single-table-design-in-practice / METADATA authorName",
                "POST#choosing-sort-keys / METADATA authorName",
                "POST#gsi-overloading-explained / METADATA authorName",
                "POST#records-and-sealed-types / COMMENT#2024-02-13T08:12:00Z#c0008 commenterName",
                "POST#cold-starts-measured / COMMENT#2024-03-06T18:40:00Z#c0011 commenterName",
                "TAG#dynamodb / POST#2024-01-18T14:30:00Z#single-table-design-in-practice author.name");
        assertThat(report.staleCopies()).allSatisfy(stale -> {
            assertThat(stale.copyValue()).isEqualTo(AttributeValue.s("Priya Raman"));
            assertThat(stale.sourceValue()).isEqualTo(AttributeValue.s("Priya Natarajan"));
            assertThat(keyText(stale.sourceKey())).isEqualTo("USER#102 / PROFILE");
        });
    }

    @Test
    void blog_findsTheTwoOrphans_whichAreNotStale() {
        var blog = SampleModels.load(SampleModels.BLOG);
        var report = detect(classifierOf(blog), BLOG_RULES, blog.items());

        assertThat(report.orphanCopies()).extracting(o -> keyText(o.key())).containsExactlyInAnyOrder(
                "POST#single-table-design-in-practice / COMMENT#2024-01-19T10:11:00Z#c0003",
                "POST#adjacency-lists-for-many-to-many / COMMENT#2024-03-29T07:55:00Z#c0013");
        assertThat(report.orphanCopies()).allSatisfy(orphan -> {
            assertThat(orphan.attribute().render()).isEqualTo("commenterName");
            assertThat(orphan.reference()).isEqualTo(AttributeValue.s("109"));
        });
        assertThat(report.rules()).extracting(c -> c.rule().toSpec() + " " + c.copies() + "/" + c.stale() + "/" + c.orphans())
                .containsExactly("POST.authorName=USER.name@authorId 16/3/0", "COMMENT.commenterName=USER.name@commenterId 40/2/2",
                        "TAG→POST.author.name=USER.name@author.id 24/1/0");
        assertThat(report.truncated()).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            TASK.projectTitle=PROJECT.title@key             | 10 | 0
            TASK.assignee.name=USER.name@assigneeId         | 0  | 3
            TASK.assignee.name=USER.name@assignee.id        | 0  | 3
            """)
    void synthetic_keyAndAttributeReferences_findThePlantedCopies(String spec, long stale, long orphans) {
        var table = new ProjectTasks(20, 5, 100, 10, 15);
        var classifier = new EntityClassifier(ProjectTasks.KEYS);
        classifier.acceptAll(table);
        var report = detect(classifier, List.of(RuleSpec.parse(spec)), table);

        var counts = report.rules().getFirst();
        assertThat(counts.copies()).isEqualTo(100);
        assertThat(counts.stale()).isEqualTo(stale);
        assertThat(counts.orphans()).isEqualTo(orphans);
        assertThat(report.staleCopies()).hasSize((int) stale);
        if (stale > 0) {
            var first = report.staleCopies().getFirst();
            assertThat(keyText(first.sourceKey())).startsWith("PROJECT#").endsWith(" / METADATA");
            assertThat(first.sourceValue()).isEqualTo(AttributeValue.s(ProjectTasks.projectTitle(0)));
            assertThat(first.copyValue()).isEqualTo(AttributeValue.s("Old " + ProjectTasks.projectTitle(0)));
        }
    }

    @Test
    void copyThatMatchesNoRule_isNotReported() {
        var table = new ProjectTasks(20, 5, 100, 10, 15);
        var classifier = new EntityClassifier(ProjectTasks.KEYS);
        classifier.acceptAll(table);
        var items = new ArrayList<Item>();
        table.forEach(items::add);
        // A task whose (wrong) status copies nothing, and a user whose name no rule reads from a task.
        items.add(table.task(3).with("status", AttributeValue.s("Project 3 roadmap")));
        var report = detect(classifier, List.of(RuleSpec.parse("TASK.assignee.name=USER.name@assigneeId")), items);
        assertThat(report.staleCopies()).isEmpty();
        assertThat(report.orphanCopies()).extracting(o -> o.attribute().render()).containsOnly("assignee.name");
    }

    @Test
    void onePass_withSourcesFirst_findsWhatTwoPassesFind() {
        var table = new ProjectTasks(20, 5, 100, 10, 15);
        var classifier = new EntityClassifier(ProjectTasks.KEYS);
        classifier.acceptAll(table);
        var rules = List.of(RuleSpec.parse("TASK.projectTitle=PROJECT.title@key"), RuleSpec.parse("TASK.assignee.name=USER.name@assigneeId"));
        var found = new ArrayList<Finding>();
        var detector = new StalenessDetector(classifier, rules, 3, found::add);
        table.forEach(detector::accept);

        assertThat(detector.report().rules()).isEqualTo(detect(classifier, rules, table).rules());
        assertThat(found).hasSize(13);
        assertThat(detector.report().staleCopies()).hasSize(3);
        assertThat(detector.report().truncated()).isTrue();
    }

    @Test
    void largeInput_holdsOnlyTheSources_andCountsEveryPlantedCopy() {
        var table = new ProjectTasks(2_000, 1_000, 197_000, 1_000, 997);
        long start = System.nanoTime();
        var classifier = new EntityClassifier(ProjectTasks.KEYS);
        classifier.acceptAll(table);
        var rules = List.of(RuleSpec.parse("TASK.projectTitle=PROJECT.title@key"), RuleSpec.parse("TASK.assignee.name=USER.name@assigneeId"));
        var detector = new StalenessDetector(classifier, rules, 100);
        table.forEach(detector::acceptSource);
        long sourcesIndexed = detector.sourceEntries();
        table.forEach(detector::acceptCopy);
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("staleness detection: %,d items, 3 passes (classify, sources, copies) in %,d ms%n", table.itemCount(), millis);

        assertThat(sourcesIndexed).isEqualTo(3_000);
        assertThat(detector.sourceEntries()).isEqualTo(3_000);
        var report = detector.report();
        assertThat(report.rules()).extracting(StalenessReport.RuleCounts::stale).containsExactly(table.plantedStale(), 0L);
        assertThat(report.rules()).extracting(StalenessReport.RuleCounts::orphans).containsExactly(0L, table.plantedOrphans());
        assertThat(report.staleCopies()).hasSize(100);
        assertThat(report.truncated()).isTrue();
        assertThat(Set.copyOf(report.rules().stream().map(StalenessReport.RuleCounts::copies).toList())).containsOnly(197_000L);
    }
}

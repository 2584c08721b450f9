package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Detection's pass 2 as a stage whose partial states merge (issue 23; docs/distributed-stages.md, step 10): copies cut
 * at random into parts, each checked against its own copy of the sources, and the counts merged in any grouping and
 * order, are one pass's; the report lists the same findings in any order of the items, while the consumer is told
 * them in the order they are read.
 */
class CheckCountsTest {
    private static final List<DenormalizationRule> RULES = TrackerData.RULES.stream().map(RuleSpec::parse).toList();

    private static EntityClassifier classifierOf(List<Item> items) {
        var classifier = new EntityClassifier(TrackerData.KEYS);
        classifier.acceptAll(items);
        return classifier;
    }

    private static StalenessDetector sources(EntityClassifier classifier, List<Item> items, int maxListed) {
        var detector = new StalenessDetector(classifier, RULES, maxListed);
        items.forEach(detector::acceptSource);
        return detector;
    }

    @Property(tries = 30)
    void countsOfPartsCheckedApart_mergedInAnyOrder_areOnePass(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int parts,
                                                                @ForAll @IntRange(min = 0, max = 6) int maxListed) throws Exception {
        var random = new Random(seed);
        var items = CopyCountsTest.reordered(TrackerData.of(1 + random.nextInt(2)).items(), random);
        var classifier = classifierOf(items);
        var onePass = sources(classifier, items, maxListed);
        items.forEach(onePass::acceptCopy);
        // Two copies of the same sources, read in other orders.
        var first = sources(classifier, CopyCountsTest.reordered(items, random), maxListed);
        var second = sources(classifier, CopyCountsTest.reordered(items, random), maxListed);

        var cut = new ArrayList<List<Item>>();
        for (int p = 0; p < parts; p++) {
            cut.add(new ArrayList<>());
        }
        items.forEach(item -> cut.get(random.nextInt(parts)).add(item));
        var counts = new ArrayList<CheckCounts>();
        for (var part : cut) {
            var split = (random.nextBoolean() ? first : second).forCopies();
            part.forEach(split::acceptCopy);
            counts.add(CopyCountsTest.serializedAndBack(split.counts()));
        }
        var merged = CopyCountsTest.mergeAtRandom(counts, CheckCounts::merge, random);
        var total = new StalenessDetector(classifier, RULES, maxListed);
        total.absorb(merged);

        assertThat(merged).isEqualTo(onePass.counts());
        assertThat(total.report()).isEqualTo(onePass.report());
        assertThat(onePass.report().rules()).extracting(StalenessReport.RuleCounts::stale).anyMatch(stale -> stale > 0);
    }

    /** The report lists the first findings by rule and key, whatever order the items come in (before: the first ones read). */
    @Example
    void theReportIsTheSame_acrossShufflesOfTheItems() {
        var items = TrackerData.of(2).items();
        var classifier = classifierOf(items);
        for (int maxListed : new int[] {3, 1_000}) {
            var reports = new ArrayList<StalenessReport>();
            for (int seed = 0; seed < 5; seed++) {
                var shuffled = CopyCountsTest.reordered(items, new Random(seed));
                var detector = sources(classifier, shuffled, maxListed);
                shuffled.forEach(detector::acceptCopy);
                reports.add(detector.report());
            }
            assertThat(reports).as("listing %d", maxListed).allSatisfy(report -> assertThat(report).isEqualTo(reports.get(0)));
            assertThat(reports.get(0).truncated()).isEqualTo(maxListed == 3);
        }
    }

    /** The consumer is told every finding in the order the copies are read, also those the report does not list. */
    @Example
    void theConsumerIsToldInReadOrder_everyFinding() {
        var items = CopyCountsTest.reordered(TrackerData.of(2).items(), new Random(3));
        var classifier = classifierOf(items);
        var position = new HashMap<Map<String, AttributeValue>, Integer>();
        for (int i = 0; i < items.size(); i++) {
            position.put(Map.of("PK", items.get(i).attributes().get("PK"), "SK", items.get(i).attributes().get("SK")), i);
        }
        // Rules that cannot record history (no @key): nothing is held, so every finding is told as it is found.
        var rules = RULES.stream().filter(rule -> !(rule.reference() instanceof DenormalizationRule.Reference.ByOwnKey)).toList();
        var told = new ArrayList<Finding>();
        var detector = new StalenessDetector(classifier, rules, 2, told::add);
        items.forEach(detector::acceptSource);
        items.forEach(detector::acceptCopy);
        var report = detector.report();

        long counted = report.rules().stream().mapToLong(counts -> counts.stale() + counts.orphans()).sum();
        assertThat(told).hasSize((int) counted).hasSizeGreaterThan(4);
        var read = told.stream().map(finding -> position.get(Map.copyOf(finding.key()))).toList();
        assertThat(read).isSorted();
        assertThat(report.staleCopies()).hasSize(2);
        assertThat(told).containsAll(report.staleCopies()).containsAll(report.orphanCopies());
    }
}

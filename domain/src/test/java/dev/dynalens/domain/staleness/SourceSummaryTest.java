package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Inference's pass 1 as a stage whose partial states merge (issue 23; docs/distributed-stages.md, step 9): what it
 * counts over every item ({@link SourceSummary}) merges into one pass's in any grouping and order, and the roots it
 * keeps past its bound are the ones with the smallest key hashes, so indexes merged past the bound are one pass's too.
 */
class SourceSummaryTest {
    /** Bounds the tracker goes past: 8 roots, 10 other sources and 30 copies per entity. */
    private static final RuleInference.Options SMALL = new RuleInference.Options(0.6, 2, 256, 1_000, 8, 3, 10, 30);

    private static RuleInference sources(EntityClassifier classifier, List<Item> items, RuleInference.Options options) {
        var inference = new RuleInference(classifier, options);
        items.forEach(inference::acceptSource);
        return inference;
    }

    @Property(tries = 40)
    void partsMergedInAnyOrder_areOnePass_pastEveryBound(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int parts,
                                                          @ForAll boolean small) throws Exception {
        var random = new Random(seed);
        var items = CopyCountsTest.reordered(TrackerData.of(1 + random.nextInt(2)).items(), random);
        var classifier = new EntityClassifier(TrackerData.KEYS);
        classifier.acceptAll(items);
        var options = small ? SMALL : RuleInference.Options.DEFAULTS;
        var onePass = sources(classifier, items, options);
        items.forEach(onePass::acceptCopy);

        var cut = new ArrayList<List<Item>>();
        for (int p = 0; p < parts; p++) {
            cut.add(new ArrayList<>());
        }
        items.forEach(item -> cut.get(random.nextInt(parts)).add(item));
        var inferences = new ArrayList<RuleInference>();
        var summaries = new ArrayList<SourceSummary>();
        for (var part : cut) {
            var inference = sources(classifier, part, options);
            inferences.add(inference);
            summaries.add(CopyCountsTest.serializedAndBack(inference.sourceSummary()));
        }
        var merged = CopyCountsTest.mergeAtRandom(summaries, SourceSummary::merge, random);
        Collections.shuffle(inferences, random);
        var whole = inferences.get(0);
        inferences.subList(1, inferences.size()).forEach(whole::absorbSources);
        var split = whole.forCopies();
        items.forEach(split::acceptCopy);
        whole.absorbCounts(split);

        assertThat(merged).isEqualTo(onePass.sourceSummary());
        assertThat(whole.sourceSummary()).isEqualTo(onePass.sourceSummary());
        assertThat(whole.sourceEntries()).isEqualTo(onePass.sourceEntries());
        assertThat(whole.droppedSources()).isEqualTo(onePass.droppedSources());
        assertThat(whole.sampledSources()).isEqualTo(onePass.sampledSources());
        assertThat(whole.counts()).isEqualTo(onePass.counts());
        assertThat(whole.result()).isEqualTo(onePass.result());
        if (small) {
            assertThat(onePass.droppedSources()).as("past the root bound").isPositive();
        }
    }

    /** Fewer roots indexed than the table has: the same ones whatever the order (before: the first ones read). */
    @Example
    void aTableOverASmallRootBound_givesTheSameRulesInAnyOrder() {
        var items = TrackerData.of(2).items();
        var classifier = new EntityClassifier(TrackerData.KEYS);
        classifier.acceptAll(items);
        var options = new RuleInference.Options(0.6, 2, 256, 1_000, 20, 3);
        var inOrder = RuleInference.infer(classifier, items, options);
        var reversed = new ArrayList<>(items);
        Collections.reverse(reversed);

        assertThat(RuleInference.infer(classifier, reversed, options)).isEqualTo(inOrder);
        for (int seed = 0; seed < 5; seed++) {
            assertThat(RuleInference.infer(classifier, CopyCountsTest.reordered(items, new Random(seed)), options)).as("seed %d", seed)
                    .isEqualTo(inOrder);
        }
        var inference = sources(classifier, items, options);
        assertThat(inference.droppedSources()).isPositive();
        assertThat(inference.sourceEntries()).isEqualTo(20);
        assertThat(inOrder).isNotEmpty();
    }
}

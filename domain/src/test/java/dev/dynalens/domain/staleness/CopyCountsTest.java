package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.Item;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Inference's pass 2 as a stage whose partial states merge (issue 23; docs/distributed-stages.md, step 8): copies cut
 * at random into parts, each part counted against its own index of the same sources (built apart, as another machine
 * would), and the counts merged in any grouping and order, are the counts of one pass, and give its rules.
 */
class CopyCountsTest {
    private static final RuleInference.Options DEFAULTS = RuleInference.Options.DEFAULTS;

    private static List<Item> shuffled(List<Item> items, Random random) {
        var copy = new ArrayList<>(items);
        Collections.shuffle(copy, random);
        return copy;
    }

    private static EntityClassifier classifierOf(TableKeys keys, List<Item> items) {
        var classifier = new EntityClassifier(keys);
        classifier.acceptAll(items);
        return classifier;
    }

    private static RuleInference onePass(EntityClassifier classifier, List<Item> items, RuleInference.Options options) {
        var inference = new RuleInference(classifier, options);
        items.forEach(inference::acceptSource);
        items.forEach(inference::acceptCopy);
        return inference;
    }

    /** Values merged pairwise, two picked at random each time and in a random order, until one is left. */
    static <T> T mergeAtRandom(List<T> values, java.util.function.BinaryOperator<T> merge, Random random) {
        var left = new ArrayList<>(values);
        while (left.size() > 1) {
            var a = left.remove(random.nextInt(left.size()));
            var b = left.remove(random.nextInt(left.size()));
            left.add(random.nextBoolean() ? merge.apply(a, b) : merge.apply(b, a));
        }
        return left.get(0);
    }

    @SuppressWarnings("unchecked")
    static <T> T serializedAndBack(T value) throws Exception {
        var bytes = new ByteArrayOutputStream();
        try (var out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (var in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }

    @Property(tries = 30)
    void countsAgainstIndexesBuiltApart_mergedInAnyOrder_areTheCountsAndRulesOfOnePass(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int parts) throws Exception {
        var random = new Random(seed);
        var items = shuffled(TrackerData.of(1 + random.nextInt(2)).items(), random);
        var classifier = classifierOf(TrackerData.KEYS, items);
        var onePass = onePass(classifier, items, DEFAULTS);

        // Two indexes of the same sources built apart: one over the items in another order, one from two halves merged.
        var first = new RuleInference(classifier, DEFAULTS);
        shuffled(items, random).forEach(first::acceptSource);
        var second = new RuleInference(classifier, DEFAULTS);
        var half = new RuleInference(classifier, DEFAULTS);
        int middle = random.nextInt(items.size() + 1);
        items.subList(0, middle).forEach(second::acceptSource);
        items.subList(middle, items.size()).forEach(half::acceptSource);
        second.absorbSources(half);

        var cut = new ArrayList<List<Item>>();
        for (int p = 0; p < parts; p++) {
            cut.add(new ArrayList<>());
        }
        items.forEach(item -> cut.get(random.nextInt(parts)).add(item));
        var counts = new ArrayList<CopyCounts>();
        for (var part : cut) {
            var split = (random.nextBoolean() ? first : second).forCopies();
            part.forEach(split::acceptCopy);
            counts.add(serializedAndBack(split.counts()));
        }
        var merged = mergeAtRandom(counts, CopyCounts::merge, random);
        var total = new RuleInference(classifier, DEFAULTS);
        total.absorbCounts(merged);

        assertThat(merged).isEqualTo(onePass.counts());
        assertThat(merged.refused()).isZero();
        assertThat(total.result()).isEqualTo(onePass.result()).isNotEmpty();
        // An index absorbs the counts of a split another index handed out (before: refused as not its own).
        var other = second.forCopies();
        items.forEach(other::acceptCopy);
        var byFirst = new RuleInference(classifier, DEFAULTS);
        byFirst.absorbCounts(other);
        assertThat(byFirst.result()).isEqualTo(onePass.result());
    }

    /** A lookup whose chains come in another order than the index's. */
    private static final class Reordered implements SourceLookup {
        private final SourceLookup lookup;
        private final UnaryOperator<List<SourceIndex.Ref>> order;
        int longestChain;

        Reordered(SourceLookup lookup, UnaryOperator<List<SourceIndex.Ref>> order) {
            this.lookup = lookup;
            this.order = order;
        }

        @Override
        public SourceIndex.Ref get(String text) {
            var refs = new ArrayList<SourceIndex.Ref>();
            for (var ref = lookup.get(text); ref != null; ref = ref.next()) {
                refs.add(ref);
            }
            longestChain = Math.max(longestChain, refs.size());
            SourceIndex.Ref chain = null;
            var reordered = order.apply(refs);
            for (int i = reordered.size() - 1; i >= 0; i--) {
                var ref = reordered.get(i);
                chain = new SourceIndex.Ref(ref.side(), ref.entry(), ref.contexts(), chain);
            }
            return chain;
        }

        @Override
        public int longestText() {
            return lookup.longestText();
        }
    }

    /**
     * The doc was unsure whether the order a chain of sources is built in (a hash map's) changes the counts: it does not.
     * The tracker, the blog and the teams sample, counted with every chain reversed and shuffled, count as the index does.
     */
    @Example
    void theOrderOfAChainOfSources_changesNothingCounted() {
        record Table(TableKeys keys, List<Item> items) {
        }
        var blog = SampleModels.load(SampleModels.BLOG);
        var teams = SampleModels.load(SampleModels.TEAMS);
        var samples = List.of(new Table(TrackerData.KEYS, TrackerData.of(2).items()), new Table(blog.keys(), blog.items()),
                new Table(teams.keys(), teams.items()));
        int longest = 0;
        for (var sample : samples) {
            var classifier = classifierOf(sample.keys(), sample.items());
            var index = new RuleInference(classifier, DEFAULTS);
            sample.items().forEach(index::acceptSource);
            var straight = index.forCopies();
            sample.items().forEach(straight::acceptCopy);
            var reversed = new Reordered(index.lookup(), refs -> {
                var copy = new ArrayList<>(refs);
                Collections.reverse(copy);
                return copy;
            });
            var shuffled = new Reordered(index.lookup(), refs -> {
                var copy = new ArrayList<>(refs);
                Collections.shuffle(copy, new Random(refs.size()));
                return copy;
            });
            for (var lookup : List.of(reversed, shuffled)) {
                var split = index.forCopies(lookup);
                sample.items().forEach(split::acceptCopy);
                assertThat(split.counts()).isEqualTo(straight.counts());
                longest = Math.max(longest, lookup.longestChain);
            }
        }
        assertThat(longest).as("some text names several sources").isGreaterThan(1);
    }

    /** The items in a shuffled order, each with its attributes in a shuffled order (which its leaves are read in). */
    static List<Item> reordered(List<Item> items, Random random) {
        var reordered = new ArrayList<Item>();
        for (var item : shuffled(items, random)) {
            var names = new ArrayList<>(item.attributes().keySet());
            Collections.shuffle(names, random);
            var attributes = new java.util.LinkedHashMap<String, dev.dynalens.domain.item.AttributeValue>();
            names.forEach(name -> attributes.put(name, item.attributes().get(name)));
            reordered.add(new Item(attributes));
        }
        return reordered;
    }

    /**
     * With fewer candidates kept per entity pair than there are, the ones with the most resolved copies are kept, in any
     * order of the items and of their attributes (before: the first ones counted).
     */
    @Example
    void aSmallCandidateBound_keepsTheSameCandidatesInAnyOrder() {
        var items = TrackerData.of(2).items();
        var classifier = classifierOf(TrackerData.KEYS, items);
        var options = new RuleInference.Options(0.6, 2, 2, 1_000, 2_000_000, 3);
        var inOrder = RuleInference.infer(classifier, items, options);

        for (int seed = 0; seed < 5; seed++) {
            assertThat(RuleInference.infer(classifier, reordered(items, new Random(seed)), options)).as("seed %d", seed).isEqualTo(inOrder);
        }
        assertThat(inOrder).extracting(rule -> rule.rule().toSpec()).isNotEmpty().isSubsetOf(TrackerData.RULES);
    }
}

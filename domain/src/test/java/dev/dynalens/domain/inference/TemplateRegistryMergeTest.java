package dev.dynalens.domain.inference;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The template registry reads keys as a function of what it saw, not of the order it saw it in, and its summaries
 * merge (issue 23: whole-table state as mergeable values; docs/distributed-stages.md, steps 2 and 3): any order of the
 * same keys, and any cut of them into parts whose summaries merge in any grouping, read every key as one registry of
 * all of them does.
 */
class TemplateRegistryMergeTest {

    /** How each key reads after a registry observed {@code seen}, in that order. */
    private static List<String> readings(List<String> seen, List<String> keys) {
        var registry = new TemplateRegistry();
        seen.forEach(key -> registry.observe(KeyTemplates.infer(key)));
        return readAfter(registry, keys);
    }

    private static List<String> readAfter(TemplateRegistry registry, List<String> keys) {
        return keys.stream().map(key -> registry.normalize(KeyTemplates.infer(key)).render()).toList();
    }

    private static TemplateRegistry.Summary summaryOf(List<String> keys) {
        var registry = new TemplateRegistry();
        keys.forEach(key -> registry.observe(KeyTemplates.infer(key)));
        return registry.summary();
    }

    /**
     * The counter-example of docs/distributed-stages.md A.1: {@code anna#x, anna#y} made anna's second position
     * variable at two literals; once 16 names made the names data, that decision was carried over, so the keys read
     * {@code {}#{}} when anna came first and {@code {}#x} when she came last.
     */
    @Test
    void aValuePositionOfAFewNames_readsTheSame_whetherTheyComeBeforeOrAfterTheNamesTurnIntoData() {
        var keys = new ArrayList<>(List.of("anna#x", "anna#y"));
        IntStream.range(0, TemplateRegistry.HIGH - 1).forEach(i -> keys.add("name" + (char) ('a' + i) + "#x"));
        var namesLast = new ArrayList<>(keys.subList(2, keys.size()));
        namesLast.addAll(keys.subList(0, 2));

        assertThat(readings(keys, keys)).isEqualTo(readings(namesLast, keys));
        // two literals at a position after a variable name are not data (16 are): the documented reading
        assertThat(readings(keys, List.of("anna#x", "anna#y"))).containsExactly("{}#x", "{}#y");
    }

    @Provide
    Arbitrary<List<String>> populations() {
        var names = Arbitraries.of("USER", "ORDER", "TEAM", "anna", "bert", "carl", "dora", "emil", "fred", "gina", "hugo", "ines",
                "jack", "kira", "leon", "mila", "nora", "otto", "paul");
        var values = Arbitraries.oneOf(Arbitraries.of("x", "y", "open", "closed", "PROFILE", "META"),
                Arbitraries.integers().between(1, 40).map(String::valueOf));
        var key = Combinators.combine(names, values, values, Arbitraries.integers().between(1, 3))
                .as((name, a, b, parts) -> switch (parts) {
                    case 1 -> name;
                    case 2 -> name + "#" + a;
                    default -> name + "#" + a + "#" + b;
                });
        return key.list().ofMinSize(1).ofMaxSize(120);
    }

    @Property(tries = 300)
    void anyOrderOfTheSameKeys_readsEveryKeyTheSame(@ForAll("populations") List<String> keys, @ForAll long seed) {
        var shuffled = new ArrayList<>(keys);
        Collections.shuffle(shuffled, new Random(seed));

        assertThat(readings(shuffled, keys)).isEqualTo(readings(keys, keys));
        assertThat(summaryOf(shuffled)).isEqualTo(summaryOf(keys));
    }

    @Property(tries = 300)
    void partsMergedInAnyGrouping_readAsOneRegistryOfAllTheKeys(@ForAll("populations") List<String> keys, @ForAll long seed) {
        var random = new Random(seed);
        int parts = 1 + random.nextInt(4);
        var cut = new ArrayList<List<String>>();
        for (int i = 0; i < parts; i++) {
            cut.add(new ArrayList<>());
        }
        keys.forEach(key -> cut.get(random.nextInt(parts)).add(key));
        var summaries = new ArrayList<>(cut.stream().map(TemplateRegistryMergeTest::summaryOf).toList());
        Collections.shuffle(summaries, random);
        // left to right, then right to left: the merge is associative and commutative
        var leftFold = summaries.get(0);
        for (int i = 1; i < summaries.size(); i++) {
            leftFold = leftFold.merge(summaries.get(i));
        }
        var rightFold = summaries.get(summaries.size() - 1);
        for (int i = summaries.size() - 2; i >= 0; i--) {
            rightFold = summaries.get(i).merge(rightFold);
        }
        var whole = summaryOf(keys);

        assertThat(leftFold).isEqualTo(whole);
        assertThat(rightFold).isEqualTo(whole);
        assertThat(leftFold.merge(leftFold)).as("idempotent").isEqualTo(whole);
        assertThat(readAfter(TemplateRegistry.of(leftFold), keys)).isEqualTo(readings(keys, keys));
    }

    /** A position keeps the 16 literals that sort first, not the first 16 seen: the summaries of any order are equal. */
    @Test
    void aPositionWithMoreLiteralsThanItKeeps_keepsTheSameOnes_inAnyOrder() {
        var keys = new ArrayList<String>();
        for (int i = 0; i < 3 * TemplateRegistry.HIGH; i++) {
            keys.add("TEAM#" + (char) ('a' + i / 26) + (char) ('a' + i % 26));
        }
        var reversed = new ArrayList<>(keys);
        Collections.reverse(reversed);

        assertThat(summaryOf(reversed)).isEqualTo(summaryOf(keys));
        assertThat(summaryOf(keys.subList(0, 20)).merge(summaryOf(keys.subList(20, keys.size()))))
                .isEqualTo(summaryOf(keys.subList(20, keys.size())).merge(summaryOf(keys.subList(0, 20))));
    }

    @Test
    void aSummaryIsAPlainValue_thatSurvivesJavaSerialization() throws Exception {
        var keys = List.of("USER#1", "USER#2#PROFILE", "CATEGORY#books", "CATEGORY#games", "{weird}", "a|b|c");
        var summary = summaryOf(keys);
        var bytes = new ByteArrayOutputStream();
        try (var out = new ObjectOutputStream(bytes)) {
            out.writeObject(summary);
        }
        try (var in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            var back = (TemplateRegistry.Summary) in.readObject();
            assertThat(back).isEqualTo(summary);
            assertThat(readAfter(TemplateRegistry.of(back), keys)).isEqualTo(readings(keys, keys));
        }
    }
}

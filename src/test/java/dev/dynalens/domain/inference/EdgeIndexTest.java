package dev.dynalens.domain.inference;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The edge index against a plain map from key pair to the group of its first addition. */
class EdgeIndexTest {

    private static void assertHolds(EdgeIndex index, Map<List<String>, Integer> expected) {
        assertThat(index.size()).isEqualTo(expected.size());
        var seen = new LinkedHashMap<List<String>, Integer>();
        index.forEach((hash, group, offset) -> {
            var keys = index.keysAt(offset);
            assertThat(EdgeIndex.hash(keys[0], keys[1])).isEqualTo(hash);
            seen.put(List.of(keys[0], keys[1]), group);
        });
        assertThat(seen).containsExactlyInAnyOrderEntriesOf(expected);
        expected.forEach((pair, group) -> {
            assertThat(index.groupOf(EdgeIndex.hash(pair.get(0), pair.get(1)))).isEqualTo(group);
            // A pair of equal keys is its own mirror only by the same hash, not by the reverse one.
            boolean mirrored = !pair.get(0).equals(pair.get(1)) && expected.containsKey(List.of(pair.get(1), pair.get(0)));
            assertThat(index.groupOf(EdgeIndex.reverseOf(EdgeIndex.hash(pair.get(0), pair.get(1))))).isEqualTo(
                    mirrored ? expected.get(List.of(pair.get(1), pair.get(0))) : -1);
        });
    }

    @Property(tries = 200)
    void holdsEveryPairOnceWithTheGroupItWasFirstAddedWith(@ForAll("edges") List<String[]> edges) {
        var index = new EdgeIndex();
        var expected = new LinkedHashMap<List<String>, Integer>();
        int group = 0;
        for (var edge : edges) {
            index.add(edge[0], edge[1], group);
            expected.putIfAbsent(List.of(edge[0], edge[1]), group);
            group = (group + 1) % 5;
        }
        assertHolds(index, expected);
    }

    @Test
    void manyEdgesAcrossBatchesGrowthAndChunksWithNonAsciiAndLongKeys() {
        var index = new EdgeIndex();
        var expected = new LinkedHashMap<List<String>, Integer>();
        var long1 = "L".repeat(1_500_000); // a pair longer than a chunk of key bytes (4 MB at three bytes a char)
        var edges = new ArrayList<String[]>();
        for (int i = 0; i < 120_000; i++) { // about 6 MB of keys: the first chunk grows, then a second one
            edges.add(new String[] {"USER#" + i + "-member", "TEAM#" + (i % 977) + "-of-the-team"});
            if (i % 3 == 0) {
                edges.add(new String[] {"TEAM#" + (i % 977) + "-of-the-team", "USER#" + i + "-member"});
            }
            if (i % 1000 == 0) {
                edges.add(new String[] {"Żółw#" + i, "ünï€ode#😀" + i});
                edges.add(new String[] {"USER#" + i + "-member", "TEAM#" + (i % 977) + "-of-the-team"}); // again
            }
            if (i % 40_000 == 0) {
                edges.add(new String[] {long1 + i, "TEAM#" + i});
            }
        }
        for (int i = 0; i < edges.size(); i++) {
            index.add(edges.get(i)[0], edges.get(i)[1], i % 7);
            expected.putIfAbsent(List.of(edges.get(i)[0], edges.get(i)[1]), i % 7);
            if (i == 12_345) {
                assertThat(index.size()).isEqualTo(expected.size()); // a read between additions
            }
        }
        assertHolds(index, expected);
        assertThat(index.footprintBytes()).isGreaterThan(120_000L * 16 + 3 * 1_500_000L);
    }

    @Provide
    Arbitrary<List<String[]>> edges() {
        var key = Arbitraries.oneOf(
                Arbitraries.of("USER#1", "USER#2", "TEAM#1", "TEAM#2", "", "é", "x#y"),
                Arbitraries.strings().withCharRange('\u0000', '\uD7FF').ofMaxLength(12), // well-formed UTF-16, as DynamoDB strings are
                Arbitraries.strings().withCharRange('a', 'c').ofMinLength(200).ofMaxLength(300));
        return key.list().ofSize(2).map(pair -> new String[] {pair.get(0), pair.get(1)}).list().ofMaxSize(700);
    }
}

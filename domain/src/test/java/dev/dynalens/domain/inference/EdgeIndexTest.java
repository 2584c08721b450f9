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

    /**
     * Edges filed under buckets by a class of each key (here its first character, or its length): the table holds
     * exactly the edges of buckets whose mirror bucket has an edge, each once, and answers for mirrors as a table of
     * every edge would; the log holds the rest, none of which has a mirror; together they are every edge.
     */
    @Property(tries = 200)
    void bucketsKeepInTheTableExactlyTheEdgesThatMayHaveAMirror(@ForAll("edges") List<String[]> edges, @ForAll boolean byLength) {
        java.util.function.Function<String, Object> keyClass = key -> byLength ? (Object) Math.min(key.length(), 3)
                : key.isEmpty() ? "" : key.substring(0, 1);
        var index = new EdgeIndex();
        var plain = new EdgeIndex();
        var expected = new LinkedHashMap<List<String>, Integer>();
        var classPairs = new java.util.HashSet<List<Object>>();
        int group = 0;
        for (var edge : edges) {
            index.add(edge[0], edge[1], group, index.bucket(keyClass.apply(edge[0]), keyClass.apply(edge[1])));
            plain.add(edge[0], edge[1], group);
            expected.putIfAbsent(List.of(edge[0], edge[1]), group);
            classPairs.add(List.of(keyClass.apply(edge[0]), keyClass.apply(edge[1])));
            group = (group + 1) % 5;
        }
        var inTable = new LinkedHashMap<List<String>, Integer>();
        expected.forEach((pair, g) -> {
            if (classPairs.contains(List.of(keyClass.apply(pair.get(1)), keyClass.apply(pair.get(0))))) {
                inTable.put(pair, g);
            }
        });
        assertHolds(index, inTable);
        var logged = new LinkedHashMap<List<String>, Integer>();
        index.forEachLogged(g -> true, (hash, g, offset) -> {
            var keys = index.keysAt(offset);
            assertThat(EdgeIndex.hash(keys[0], keys[1])).isEqualTo(hash);
            assertThat(plain.groupOf(EdgeIndex.reverseOf(hash))).as("a logged edge has no mirror").isEqualTo(-1);
            assertThat(logged.put(List.of(keys[0], keys[1]), g)).as("each pair once").isNull();
        });
        var odd = new LinkedHashMap<List<String>, Integer>();
        index.forEachLogged(g -> g % 2 == 1, (hash, g, offset) -> odd.put(List.of(index.keysAt(offset)), g));
        logged.forEach((pair, g) -> assertThat(odd.get(pair)).isEqualTo(g % 2 == 1 ? g : null));
        int loggedAdditions = 0;
        for (int g = 0; g < 5; g++) {
            loggedAdditions += index.loggedCount(g);
        }
        assertThat(loggedAdditions).isGreaterThanOrEqualTo(logged.size());
        assertThat(java.util.Collections.disjoint(logged.keySet(), inTable.keySet())).isTrue();
        var all = new LinkedHashMap<>(inTable);
        all.putAll(logged);
        assertThat(all).containsExactlyInAnyOrderEntriesOf(expected);
    }

    @Test
    void aBucketWaitsInItsLogUntilItsMirrorBucketGetsAnEdgeThenJoinsTheTableInOrder() {
        var index = new EdgeIndex();
        var userTeam = index.bucket("USER", "TEAM");
        index.add("USER#1", "TEAM#9", 0, userTeam);
        index.add("USER#2", "TEAM#9", 0, userTeam);
        index.add("USER#1", "TEAM#9", 0, userTeam); // the same item again: logged twice
        assertThat(index.size()).isZero();
        assertThat(index.loggedCount(0)).isEqualTo(3);
        assertThat(index.bucket("USER", "TEAM")).isEqualTo(userTeam);

        var teamUser = index.bucket("TEAM", "USER");
        assertThat(index.loggedCount(0)).isZero();
        assertThat(index.size()).isEqualTo(2);
        index.add("TEAM#9", "USER#1", 1, teamUser);
        assertThat(index.groupOf(EdgeIndex.reverseOf(EdgeIndex.hash("USER#1", "TEAM#9")))).isEqualTo(1);
        assertThat(index.groupOf(EdgeIndex.reverseOf(EdgeIndex.hash("TEAM#9", "USER#1")))).isZero();
        assertThat(index.groupOf(EdgeIndex.reverseOf(EdgeIndex.hash("USER#2", "TEAM#9")))).isEqualTo(-1);

        var friends = index.bucket("USER", "USER"); // its own mirror: never logged
        index.add("USER#1", "USER#2", 2, friends);
        assertThat(index.loggedCount(2)).isZero();
        assertThat(index.size()).isEqualTo(4);
    }

    @Test
    void moreBucketsThanItKeepsApartTurnsEveryBucketActive() {
        var index = new EdgeIndex();
        for (int i = 0; i < EdgeIndex.MAX_BUCKETS; i++) {
            index.add("A" + i + "#x", "B" + i + "#y", 1, index.bucket("A" + i, "B" + i));
        }
        assertThat(index.size()).isZero();
        assertThat(index.loggedCount(1)).isEqualTo(EdgeIndex.MAX_BUCKETS);
        index.add("C#x", "D#y", 2, index.bucket("C", "D"));
        assertThat(index.loggedCount(1)).isZero();
        assertThat(index.size()).isEqualTo(EdgeIndex.MAX_BUCKETS + 1);
        index.add("E#x", "F#y", 2, index.bucket("E", "F"));
        assertThat(index.size()).isEqualTo(EdgeIndex.MAX_BUCKETS + 2);
        index.forEachLogged(group -> true, (hash, group, offset) -> {
            throw new AssertionError("nothing is logged");
        });
    }

    @Test
    void hashesTheUtf8BytesOfEachKey() {
        assertThat(EdgeIndex.hash("ünï€ode#😀", "x")).isEqualTo(EdgeIndex.hash("ünï€ode#😀", "x"));
        var lengths = new java.util.HashSet<Long>();
        for (int length = 0; length <= 40; length++) { // every tail length, and zero bytes that are not padding
            lengths.add(EdgeIndex.hash("\u0000".repeat(length), "k"));
            lengths.add(EdgeIndex.hash("a".repeat(length), "k"));
        }
        assertThat(lengths).hasSize(81); // "" twice
        assertThat(EdgeIndex.hash("USER#1", "TEAM#9")).isNotEqualTo(EdgeIndex.hash("USER#1", "TEAM#8"))
                .isEqualTo(EdgeIndex.reverseOf(EdgeIndex.hash("TEAM#9", "USER#1")));
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

package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DistinctCountTest {

    /** The hashes behind every sketch, pinned: sketches written by one version are merged with another's. */
    @ParameterizedTest
    @CsvSource(textBlock = """
            '',     9ca066f1a4ab2eea
            TASK#1, f3d8ced13be5f154
            TASK#2, d60500ca37d59953
            """)
    void hash64_staysTheSame(String text, String expected) {
        assertThat(DistinctCount.hash64(text)).isEqualTo(Long.parseUnsignedLong(expected, 16));
    }

    @Test
    void smallCounts_areExact_evenWhereTwoValuesWouldShareARegister() {
        var count = new DistinctCount();
        for (int p = 0; p < 5; p++) {
            count.add("PROJECT#" + p);
        }
        assertThat(count.distinct()).isEqualTo(5);
        assertThat(count.distinctShare()).isEqualTo(1.0);
    }

    @Test
    void smallCounts_areAboutExact_andRepeatsAreSeenButNotDistinct() {
        var count = new DistinctCount();
        for (int i = 0; i < 24; i++) {
            count.add("POST#slug-" + (i % 16));
        }
        assertThat(count.seen()).isEqualTo(24);
        assertThat(count.distinct()).isCloseTo(16, within(0.5));
        assertThat(count.distinctShare()).isCloseTo(16.0 / 24, within(0.03));
    }

    @Test
    void largeCounts_areWithinAFewPercent() {
        var count = new DistinctCount();
        for (int i = 0; i < 200_000; i++) {
            count.add("TASK#" + i);
        }
        assertThat(count.distinct()).isCloseTo(200_000, within(200_000 * 0.05));
        assertThat(count.distinctShare()).isGreaterThan(0.9);
    }

    @Test
    void partsMerge_intoTheCountOfTheWhole_inAnyOrder() {
        var whole = new DistinctCount();
        var a = new DistinctCount();
        var b = new DistinctCount();
        for (int i = 0; i < 5_000; i++) {
            var text = "USER#" + (i % 3_000);
            whole.add(text);
            (i % 7 < 3 ? a : b).add(text);
        }
        var ab = new DistinctCount();
        ab.absorb(a);
        ab.absorb(b);
        var ba = new DistinctCount();
        ba.absorb(b);
        ba.absorb(a);

        assertThat(ab.distinct()).isEqualTo(whole.distinct()).isEqualTo(ba.distinct());
        assertThat(ab.seen()).isEqualTo(5_000);
    }
}

package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class HashSampleTest {

    /** The sample is the {@code capacity} smallest hashes whatever their order and however they are split and merged. */
    @Property(tries = 100)
    void theThresholdIsTheCapacityThSmallest_inAnyOrder_splitOrNot(@ForAll long seed, @ForAll @IntRange(min = 1, max = 50) int capacity,
                                                                   @ForAll @IntRange(min = 0, max = 200) int count,
                                                                   @ForAll @IntRange(min = 1, max = 5) int parts) {
        var random = new Random(seed);
        var hashes = new ArrayList<Long>();
        for (int i = 0; i < count; i++) {
            hashes.add(random.nextLong());
        }
        var whole = new HashSample(capacity);
        hashes.forEach(whole::offer);

        Collections.shuffle(hashes, random);
        var merged = new HashSample(capacity);
        var split = new ArrayList<HashSample>();
        for (int p = 0; p < parts; p++) {
            split.add(new HashSample(capacity));
        }
        for (int i = 0; i < hashes.size(); i++) {
            split.get(i % parts).offer(hashes.get(i));
        }
        split.forEach(merged::absorb);

        var sorted = new ArrayList<>(hashes);
        Collections.sort(sorted);
        long expected = sorted.size() < capacity ? Long.MAX_VALUE : sorted.get(capacity - 1);
        assertThat(whole.threshold()).isEqualTo(expected);
        assertThat(merged.threshold()).isEqualTo(expected);
    }

    @Test
    void untilFull_everyHashIsIn() {
        var sample = new HashSample(3);
        List.of(5L, -7L).forEach(sample::offer);
        assertThat(sample.threshold()).isEqualTo(Long.MAX_VALUE);

        List.of(9L, 1L).forEach(sample::offer);
        assertThat(sample.threshold()).isEqualTo(5L);
    }
}

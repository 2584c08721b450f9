package dev.dynalens.domain.item;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The finalizer against values worked out by a separate implementation of the reference's fmix64. */
class HashingTest {

    @ParameterizedTest
    @CsvSource(textBlock = """
            0000000000000000, 0000000000000000
            0000000000000001, b456bcfc34c2cb2c
            000000000000002a, 810879608e4259cc
            ffffffffffffffff, 64b5720b4b825f21
            9e3779b97f4a7c15, 9ca066f1a4ab2eea
            """)
    void fmix64_givesMurmurHash3sFinalizer(String input, String expected) {
        assertThat(Hashing.fmix64(Long.parseUnsignedLong(input, 16))).isEqualTo(Long.parseUnsignedLong(expected, 16));
    }
}

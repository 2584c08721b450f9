package dev.dynalens.domain.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScanEstimateTest {

    @ParameterizedTest(name = "{0} items, {1} bytes: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            0        | 0             | about 0 items (0 B): about 0.5 read units
            1        | 300           | about 1 item (300 B): about 0.5 read units
            3        | 8192          | about 3 items (8.0 KB): about 1 read unit
            12345    | 2411724       | about 12,345 items (2.3 MB): about 294.5 read units
            2000000  | 3221225472    | about 2,000,000 items (3.0 GB): about 393216 read units
            """)
    void aWholeTableScan_costsItsSizeIn4KbUnits_halvedForEventuallyConsistentReads(long items, long bytes, String text) {
        assertThat(ScanEstimate.of(items, bytes).text()).isEqualTo(text);
    }
}

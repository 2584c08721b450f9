package dev.dynalens.service.load;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.service.fanout.FanoutSettings;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A load and a fan-out refuse the same retry limits with the same words: one check serves both. */
class RetryLimitsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            -1 | 5000 | 10 | 10 | Need 0 <= baseDelay <= maxDelay: PT-0.001S, PT5S
            50 | 10   | 10 | 10 | Need 0 <= baseDelay <= maxDelay: PT0.05S, PT0.01S
            50 | 5000 | 0  | 10 | maxAttempts must be at least 1: 0
            50 | 5000 | 10 | 0  | maxEndpointFailures must be at least 1: 0
            """)
    void loadAndFanoutSettings_refuseTheSameLimits_withTheSameMessage(long baseMillis, long maxMillis, int attempts, int endpointFailures,
                                                                     String message) {
        var base = Duration.ofMillis(baseMillis);
        var max = Duration.ofMillis(maxMillis);

        assertThatThrownBy(() -> RetryLimits.check(base, max, attempts, endpointFailures))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
        assertThatThrownBy(() -> new LoadSettings(LoadSettings.MAX_BATCH_SIZE, 4, base, max, attempts, 100, LoadSettings.Pacing.PER_BATCH,
                endpointFailures)).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
        assertThatThrownBy(() -> new FanoutSettings(16, base, max, attempts, endpointFailures))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }
}

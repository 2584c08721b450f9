package dev.dynalens.service.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BackoffTest {

    @ParameterizedTest
    @CsvSource(textBlock = """
            # retry, ceiling ms (base 50 ms, max 5 s)
              0,     50
              1,     100
              6,     3200
              7,     5000
              40,    5000
              100,   5000
            """)
    void ceiling_doublesFromTheBaseDelay_upToTheMaxDelay(int retry, long ceilingMillis) {
        var backoff = new Backoff(Duration.ofMillis(50), Duration.ofSeconds(5), () -> 0.0);
        assertThat(backoff.ceiling(retry)).isEqualTo(Duration.ofMillis(ceilingMillis));
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            # random draw, delay ms before retry 3 (ceiling 400 ms)
              0.0,   0
              0.25,  100
              0.5,   200
              0.999, 399.6
            """)
    void delay_isAUniformShareOfTheCeiling_fullJitter(double draw, double delayMillis) {
        var backoff = new Backoff(Duration.ofMillis(50), Duration.ofSeconds(5), () -> draw);
        assertThat(backoff.delay(3)).isEqualTo(Duration.ofNanos((long) (delayMillis * 1_000_000)));
    }
}

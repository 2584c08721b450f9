package dev.dynalens.service.load;

import java.time.Duration;
import java.util.Objects;

/**
 * The retry limits a load ({@link LoadSettings}) and a fan-out ({@code FanoutSettings}) share, checked in one place: the
 * {@link Backoff} delays, the attempts per step, and the endpoint failures in a row after which a run stops.
 */
public final class RetryLimits {
    private RetryLimits() {
    }

    /** @throws IllegalArgumentException naming the first limit out of range */
    public static void check(Duration baseDelay, Duration maxDelay, int maxAttempts, int maxEndpointFailures) {
        Objects.requireNonNull(baseDelay, "baseDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        if (baseDelay.isNegative() || maxDelay.compareTo(baseDelay) < 0) {
            throw new IllegalArgumentException("Need 0 <= baseDelay <= maxDelay: " + baseDelay + ", " + maxDelay);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
        }
        if (maxEndpointFailures < 1) {
            throw new IllegalArgumentException("maxEndpointFailures must be at least 1: " + maxEndpointFailures);
        }
    }
}

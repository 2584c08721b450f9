package dev.dynalens.service.fanout;

import dev.dynalens.service.load.RetryLimits;
import java.time.Duration;

/**
 * How a fan-out paces itself.
 *
 * @param maxConcurrency updates in flight at most; the run starts there and halves on throttling, then climbs back
 * @param baseDelay      backoff before the first retry of a step; it doubles with every further attempt (full jitter)
 * @param maxDelay       the backoff ceiling
 * @param maxAttempts    attempts per step before it is recorded as failed (a later run retries failed steps)
 * @param maxEndpointFailures failures in a row that say the endpoint is gone (connection refused, timed out, 5xx) after
 *                       which the run stops, its journal intact, instead of failing every step into a dead endpoint
 */
public record FanoutSettings(int maxConcurrency, Duration baseDelay, Duration maxDelay, int maxAttempts, int maxEndpointFailures) {
    public static final FanoutSettings DEFAULTS = new FanoutSettings(16, Duration.ofMillis(25), Duration.ofSeconds(5), 10, 10);

    public FanoutSettings(int maxConcurrency, Duration baseDelay, Duration maxDelay, int maxAttempts) {
        this(maxConcurrency, baseDelay, maxDelay, maxAttempts, 10);
    }

    public FanoutSettings {
        if (maxConcurrency < 1 || maxConcurrency > 256) {
            throw new IllegalArgumentException("concurrency must be 1 to 256: " + maxConcurrency);
        }
        RetryLimits.check(baseDelay, maxDelay, maxAttempts, maxEndpointFailures);
    }

    public FanoutSettings withMaxConcurrency(int value) {
        return new FanoutSettings(value, baseDelay, maxDelay, maxAttempts, maxEndpointFailures);
    }

    public FanoutSettings withDelays(Duration base, Duration max) {
        return new FanoutSettings(maxConcurrency, base, max, maxAttempts, maxEndpointFailures);
    }

    public FanoutSettings withMaxAttempts(int value) {
        return new FanoutSettings(maxConcurrency, baseDelay, maxDelay, value, maxEndpointFailures);
    }

    public FanoutSettings withMaxEndpointFailures(int value) {
        return new FanoutSettings(maxConcurrency, baseDelay, maxDelay, maxAttempts, value);
    }
}

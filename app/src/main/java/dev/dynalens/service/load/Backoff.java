package dev.dynalens.service.load;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Exponential backoff with full jitter: before retry {@code n} (0 for the first), wait a uniformly random
 * time between 0 and {@code min(maxDelay, baseDelay × 2ⁿ)}. AWS recommends it for batch retries
 * (DynamoDB Developer Guide, "Error retries and exponential backoff"; AWS Architecture Blog,
 * "Exponential Backoff And Jitter"): clients that collided once do not collide again in step.
 */
public final class Backoff {
    private final Duration baseDelay;
    private final Duration maxDelay;
    private final DoubleSupplier random;

    /** @param random values in [0, 1) */
    public Backoff(Duration baseDelay, Duration maxDelay, DoubleSupplier random) {
        this.baseDelay = baseDelay;
        this.maxDelay = maxDelay;
        this.random = random;
    }

    public Duration ceiling(int retry) {
        var base = baseDelay.toNanos();
        var max = maxDelay.toNanos();
        var shift = Math.min(retry, 62);
        var ceiling = base > (max >> shift) ? max : Math.min(max, base << shift);
        return Duration.ofNanos(ceiling);
    }

    public Duration delay(int retry) {
        var fraction = Math.min(Math.max(random.getAsDouble(), 0), 1);
        return Duration.ofNanos((long) (ceiling(retry).toNanos() * fraction));
    }
}

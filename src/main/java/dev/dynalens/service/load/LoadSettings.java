package dev.dynalens.service.load;

import java.time.Duration;
import java.util.Objects;

/**
 * How a load paces itself.
 *
 * @param batchSize    items per BatchWriteItem, at most 25 (DynamoDB's limit)
 * @param maxInFlight  BatchWriteItem requests in flight at once
 * @param baseDelay    backoff before the first retry; it doubles with every further attempt
 * @param maxDelay     the backoff ceiling
 * @param maxAttempts  attempts per batch (or per item) before its unwritten items are reported rejected
 * @param maxRejected  rejected items after which the load stops: a file whose every item is refused
 *                     (say, keyed for another table) is not worth a million one-by-one retries
 */
public record LoadSettings(int batchSize, int maxInFlight, Duration baseDelay, Duration maxDelay, int maxAttempts,
                           int maxRejected) {
    /** DynamoDB's BatchWriteItem limit (API reference, BatchWriteItem: "up to 25 item put or delete operations"). */
    public static final int MAX_BATCH_SIZE = 25;

    public static final LoadSettings DEFAULTS = new LoadSettings(MAX_BATCH_SIZE, 4, Duration.ofMillis(50),
            Duration.ofSeconds(5), 10, 100);

    public LoadSettings {
        if (batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
            throw new IllegalArgumentException("batchSize must be 1 to " + MAX_BATCH_SIZE + ": " + batchSize);
        }
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be at least 1: " + maxInFlight);
        }
        Objects.requireNonNull(baseDelay, "baseDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        if (baseDelay.isNegative() || maxDelay.compareTo(baseDelay) < 0) {
            throw new IllegalArgumentException("Need 0 <= baseDelay <= maxDelay: " + baseDelay + ", " + maxDelay);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
        }
        if (maxRejected < 0) {
            throw new IllegalArgumentException("maxRejected must not be negative: " + maxRejected);
        }
    }

    public LoadSettings withMaxInFlight(int value) {
        return new LoadSettings(batchSize, value, baseDelay, maxDelay, maxAttempts, maxRejected);
    }

    public LoadSettings withMaxAttempts(int value) {
        return new LoadSettings(batchSize, maxInFlight, baseDelay, maxDelay, value, maxRejected);
    }

    public LoadSettings withMaxRejected(int value) {
        return new LoadSettings(batchSize, maxInFlight, baseDelay, maxDelay, maxAttempts, value);
    }

    public LoadSettings withDelays(Duration base, Duration max) {
        return new LoadSettings(batchSize, maxInFlight, base, max, maxAttempts, maxRejected);
    }
}

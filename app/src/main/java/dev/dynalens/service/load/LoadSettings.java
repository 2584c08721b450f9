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
 * @param pacing       how throttling and unprocessed items slow the load down
 * @param maxEndpointFailures failures in a row that say the endpoint is gone (connection refused, timed out, 5xx)
 *                     after which the load stops rather than retrying every batch into a dead endpoint
 */
public record LoadSettings(int batchSize, int maxInFlight, Duration baseDelay, Duration maxDelay, int maxAttempts,
                           int maxRejected, Pacing pacing, int maxEndpointFailures) {
    /** DynamoDB's BatchWriteItem limit (API reference, BatchWriteItem: "up to 25 item put or delete operations"). */
    public static final int MAX_BATCH_SIZE = 25;

    /** Ten failures in a row with nothing answered in between: a dead endpoint, not a blip (the SDK retried each one already). */
    public static final int DEFAULT_MAX_ENDPOINT_FAILURES = 10;

    public static final LoadSettings DEFAULTS = new LoadSettings(MAX_BATCH_SIZE, 4, Duration.ofMillis(50),
            Duration.ofSeconds(5), 10, 100, Pacing.PER_BATCH, DEFAULT_MAX_ENDPOINT_FAILURES);

    /**
     * An import's: paced by {@link Pacing#ADAPTIVE}, and 40 attempts an item rather than 10. An attempt costs no wait
     * of its own here (the items wait in line, not in a backoff), and under heavy throttling an item may be left over
     * many times: with 30% of requests throttled and 40% of items unprocessed an attempt fails 58% of the time, so 10
     * attempts lose about one item in 230, 25 one in 800,000, 40 one in 3 billion.
     */
    public static final LoadSettings ADAPTIVE = DEFAULTS.withPacing(Pacing.ADAPTIVE).withMaxAttempts(40);

    /** How a load slows down when DynamoDB cannot take its rate. */
    public enum Pacing {
        /**
         * Each batch retries what DynamoDB left unprocessed (or a throttled batch) on its own, after exponential
         * backoff with full jitter, keeping its place among the batches in flight while it waits.
         */
        PER_BATCH,
        /**
         * The load's rate adapts, as the fan-out's does: a throttled request, or one that wrote fewer than half of its
         * items, halves the requests in flight, and every request that wrote most of its items lets one more go; only
         * at one request in flight is there a backoff wait, growing with every such request in a row.
         * Items left unprocessed go back in front of the unread ones and fill the next batches, so every request
         * carries a full batch and no waiting batch holds a place.
         */
        ADAPTIVE
    }

    public LoadSettings(int batchSize, int maxInFlight, Duration baseDelay, Duration maxDelay, int maxAttempts, int maxRejected) {
        this(batchSize, maxInFlight, baseDelay, maxDelay, maxAttempts, maxRejected, Pacing.PER_BATCH, DEFAULT_MAX_ENDPOINT_FAILURES);
    }

    public LoadSettings {
        if (batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
            throw new IllegalArgumentException("batchSize must be 1 to " + MAX_BATCH_SIZE + ": " + batchSize);
        }
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be at least 1: " + maxInFlight);
        }
        if (maxRejected < 0) {
            throw new IllegalArgumentException("maxRejected must not be negative: " + maxRejected);
        }
        Objects.requireNonNull(pacing, "pacing");
        RetryLimits.check(baseDelay, maxDelay, maxAttempts, maxEndpointFailures);
    }

    public LoadSettings withMaxInFlight(int value) {
        return new LoadSettings(batchSize, value, baseDelay, maxDelay, maxAttempts, maxRejected, pacing, maxEndpointFailures);
    }

    public LoadSettings withMaxAttempts(int value) {
        return new LoadSettings(batchSize, maxInFlight, baseDelay, maxDelay, value, maxRejected, pacing, maxEndpointFailures);
    }

    public LoadSettings withMaxRejected(int value) {
        return new LoadSettings(batchSize, maxInFlight, baseDelay, maxDelay, maxAttempts, value, pacing, maxEndpointFailures);
    }

    public LoadSettings withDelays(Duration base, Duration max) {
        return new LoadSettings(batchSize, maxInFlight, base, max, maxAttempts, maxRejected, pacing, maxEndpointFailures);
    }

    public LoadSettings withPacing(Pacing value) {
        return new LoadSettings(batchSize, maxInFlight, baseDelay, maxDelay, maxAttempts, maxRejected, value, maxEndpointFailures);
    }

    public LoadSettings withMaxEndpointFailures(int value) {
        return new LoadSettings(batchSize, maxInFlight, baseDelay, maxDelay, maxAttempts, maxRejected, pacing, value);
    }
}

package dev.dynalens.service.fanout;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.service.load.Backoff;
import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * How a run of guarded single-item writes paces itself (the fan-out's repairs, a bulk change's items): throttling and
 * 5xx answers are retried after exponential backoff with full jitter (DynamoDB Developer Guide, "Error retries and
 * exponential backoff"); a throttle halves the writes in flight, which then grow by one for every window of successes
 * (additive increase, multiplicative decrease); failures in a row that say the endpoint is gone stop the run. One per
 * run, touched only on the run's lane.
 */
public final class WritePacing {
    private final FanoutSettings settings;
    private final Backoff backoff;
    private int limit;
    private int successesSinceGrowth;
    private int endpointFailuresInARow;

    public WritePacing(FanoutSettings settings, DoubleSupplier random) {
        this.settings = settings;
        this.backoff = new Backoff(settings.baseDelay(), settings.maxDelay(), random);
        this.limit = settings.maxConcurrency();
    }

    /** Writes in flight at most, now. */
    public int limit() {
        return limit;
    }

    /** DynamoDB could not take the rate: half as many in flight. */
    public void throttled() {
        limit = Math.max(1, limit / 2);
        successesSinceGrowth = 0;
    }

    /** A write went through: after a window of them, one more may be in flight. */
    public void succeeded() {
        if (++successesSinceGrowth >= limit && limit < settings.maxConcurrency()) {
            limit++;
            successesSinceGrowth = 0;
        }
    }

    /** How long to wait before attempt {@code attempt + 1}. */
    public Duration backoff(int attempt) {
        return backoff.delay(attempt);
    }

    /** Whether attempt {@code attempt} was the last one allowed. */
    public boolean lastAttempt(int attempt) {
        return attempt + 1 >= settings.maxAttempts();
    }

    public int maxAttempts() {
        return settings.maxAttempts();
    }

    /**
     * Counts failures that say the endpoint is gone (connection refused, timed out, a 5xx); any other answer starts the
     * count again. Returns the problem that stops the run once {@link FanoutSettings#maxEndpointFailures()} come in a
     * row, else null.
     *
     * @param resume what the person does to finish the run, ending the problem's sentence
     */
    public DynamoAccessException answered(Throwable error, String resume) {
        var kind = error == null ? null : kindOf(error);
        if (kind != Kind.SERVER_ERROR && kind != Kind.ENDPOINT_UNREACHABLE) {
            endpointFailuresInARow = 0;
            return null;
        }
        if (++endpointFailuresInARow < settings.maxEndpointFailures()) {
            return null;
        }
        var cause = Problems.asAccessException(error);
        return new DynamoAccessException(new ConnectionProblem(Kind.ENDPOINT_UNREACHABLE, "the last " + endpointFailuresInARow
                + " requests failed, so the endpoint seems to be gone (" + cause.problem().message() + "). " + resume,
                cause.problem().detail()), cause);
    }

    /** What kind of problem a failed write was. */
    public static Kind kindOf(Throwable error) {
        var root = Problems.unwrap(error);
        if (root instanceof DynamoAccessException access) {
            return access.problem().kind();
        }
        if (root instanceof java.util.concurrent.CancellationException) {
            return Kind.CANCELLED;
        }
        return Kind.OTHER;
    }
}

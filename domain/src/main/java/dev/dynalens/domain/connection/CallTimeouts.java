package dev.dynalens.domain.connection;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a call to a connection's endpoint may take: one attempt (an HTTP request and its answer), and the whole call
 * with the SDK's retries. A dead or hung endpoint is then reported in seconds: the SDK's defaults (no attempt timeout
 * of their own, three attempts) took 92 s against an endpoint that accepted the connection and never answered.
 *
 * @param attempt one attempt at most; a 1 MB Scan page arrives in well under the default even on a slow link
 * @param total   every attempt of one call together, backoff included
 */
public record CallTimeouts(Duration attempt, Duration total) {
    public static final Duration SHORTEST = Duration.ofMillis(100);
    public static final Duration LONGEST = Duration.ofMinutes(10);
    public static final CallTimeouts DEFAULT = new CallTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(20));

    public CallTimeouts {
        Objects.requireNonNull(attempt, "attempt");
        Objects.requireNonNull(total, "total");
        if (attempt.compareTo(SHORTEST) < 0 || total.compareTo(LONGEST) > 0) {
            throw new IllegalArgumentException("Timeouts are between 0.1 s and 10 minutes");
        }
        if (total.compareTo(attempt) < 0) {
            throw new IllegalArgumentException("The total timeout (" + seconds(total) + " s) is shorter than one attempt's ("
                    + seconds(attempt) + " s)");
        }
    }

    /** From seconds as a person types them ("10", "2.5"). */
    public static CallTimeouts ofSeconds(double attempt, double total) {
        return new CallTimeouts(Duration.ofMillis(Math.round(attempt * 1000)), Duration.ofMillis(Math.round(total * 1000)));
    }

    public boolean isDefault() {
        return equals(DEFAULT);
    }

    /** "10 s" or "2.5 s". */
    public static String seconds(Duration duration) {
        var millis = duration.toMillis();
        return millis % 1000 == 0 ? Long.toString(millis / 1000) : java.math.BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString();
    }

    @Override
    public String toString() {
        return seconds(attempt) + " s an attempt, " + seconds(total) + " s a call";
    }
}

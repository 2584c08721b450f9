package dev.dynalens.usecase.support;

import dev.dynalens.domain.staleness.RuleChoice;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * The last complete read of one table, kept for a while so that finding stale copies reads nothing when the table was
 * just read: by the Collections overview, or by the last detection. One per table tab; thread-safe.
 *
 * <p><b>Current</b> means: a read of every page of this table through this tab's connection, begun less than
 * {@code maxAge} ago (5 minutes in the app), with no write made through this tab since it began (a repair, a commit of
 * staged edits: {@link #invalidate}). Writes by anyone else are not seen; a detection says which read it reused and
 * when, and <b>Read again</b> reads anew. Repairs are conditional on the value detection read, so a stale snapshot
 * never overwrites a newer value.
 */
public final class TableReads implements AutoCloseable {
    /** How long a read stays current in the app. */
    public static final Duration DEFAULT_MAX_AGE = Duration.ofMinutes(5);

    private final Clock clock;
    private final Duration maxAge;
    private TableRead last;

    public TableReads() {
        this(Clock.systemUTC(), DEFAULT_MAX_AGE);
    }

    public TableReads(Clock clock, Duration maxAge) {
        this.clock = clock;
        this.maxAge = maxAge;
    }

    /** Keeps a complete read, letting go of the one before. */
    public synchronized void offer(TableRead read) {
        if (last != null && last != read) {
            last.drop();
        }
        last = read;
    }

    /**
     * The current read of {@code tableName} that holds what {@code rules} need, taken for a detection (which releases
     * it); empty when there is none. An expired read is let go of here.
     */
    public synchronized Optional<TableRead> take(String tableName, RuleChoice rules) {
        if (last == null) {
            return Optional.empty();
        }
        if (!clock.instant().isBefore(last.readAt().plus(maxAge))) {
            last.drop();
            last = null;
            return Optional.empty();
        }
        if (!last.table().name().equals(tableName) || !last.holds(rules) || !last.acquire()) {
            return Optional.empty();
        }
        return Optional.of(last);
    }

    /** The clock reads are aged by. */
    public Clock clock() {
        return clock;
    }

    /** Whether a current read is kept (for a status line); does not take it. */
    public synchronized Optional<String> describeCurrent() {
        if (last == null || !clock.instant().isBefore(last.readAt().plus(maxAge))) {
            return Optional.empty();
        }
        return Optional.of(last.describe(clock.instant()));
    }

    /** A write went through this tab: no read before it is current. */
    public synchronized void invalidate() {
        if (last != null) {
            last.drop();
            last = null;
        }
    }

    /** The tab closed: lets go of the read (its spill file is deleted once no detection uses it). */
    @Override
    public synchronized void close() {
        invalidate();
    }
}

package dev.dynalens.usecase.support;

import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.staleness.StaleScan;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.spill.SpillFile;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A complete read of a table, kept so that a later detection of stale copies reads nothing: the projections of every
 * item ({@link StaleScan}'s partials, in memory or in their spill file), when the read began, and who read it. Closed
 * (its spill file deleted) once released by every detection that uses it and replaced or dropped by its holder.
 */
public final class TableRead {
    private final TableDescription table;
    private final StaleScan scan;
    private final List<StaleScan.Partial> partials;
    private final Instant readAt;
    private final String origin;
    private final SpillFile spill;
    private int users;
    private boolean dropped;
    private boolean closed;

    /**
     * @param readAt when the read began: writes after it may not be in it
     * @param origin who read it, for the person: "the Collections overview", "the last detection"
     * @param spill  its spill file, or null when nothing spilled
     */
    public TableRead(TableDescription table, StaleScan scan, List<StaleScan.Partial> partials, Instant readAt, String origin, SpillFile spill) {
        this.table = Objects.requireNonNull(table, "table");
        this.scan = Objects.requireNonNull(scan, "scan");
        this.partials = List.copyOf(partials);
        this.readAt = Objects.requireNonNull(readAt, "readAt");
        this.origin = Objects.requireNonNull(origin, "origin");
        this.spill = spill;
    }

    public TableDescription table() {
        return table;
    }

    public Instant readAt() {
        return readAt;
    }

    public String origin() {
        return origin;
    }

    public StaleScan scan() {
        return scan;
    }

    public List<StaleScan.Partial> partials() {
        return partials;
    }

    public long items() {
        return partials.stream().mapToLong(StaleScan.Partial::items).sum();
    }

    /** Whether this read holds what a detection by these rules needs. */
    public boolean holds(RuleChoice rules) {
        return scan.holds(rules);
    }

    /** "the Collections overview's read of Blog, 2 min ago (88 items)". */
    public String describe(Instant now) {
        long seconds = Math.max(0, Duration.between(readAt, now).toSeconds());
        var age = seconds < 60 ? seconds + " s ago" : seconds / 60 + " min ago";
        return origin + "'s read of " + table.name() + ", " + age + String.format(java.util.Locale.ROOT, " (%,d items)", items());
    }

    /** Taken by a detection; {@link #release} when it is done. False when already closed. */
    synchronized boolean acquire() {
        if (closed) {
            return false;
        }
        users++;
        return true;
    }

    public synchronized void release() {
        users--;
        closeIfUnused();
    }

    /** Its holder let go of it: closed as soon as no detection uses it. */
    public synchronized void drop() {
        dropped = true;
        closeIfUnused();
    }

    private void closeIfUnused() {
        if (dropped && users <= 0 && !closed) {
            closed = true;
            if (spill != null) {
                spill.close();
            }
        }
    }
}

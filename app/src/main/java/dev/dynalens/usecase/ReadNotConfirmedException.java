package dev.dynalens.usecase;

import dev.dynalens.domain.capacity.ScanEstimate;

/**
 * A read of a table on a production connection that the person did not confirm: refused before anything was read. The
 * app asks first (the Stale copies tab, the SQL tab's sample read), the commands take {@code --confirm-read}.
 */
public final class ReadNotConfirmedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient ScanEstimate estimate;

    /** A whole-table read, with its estimate. */
    public ReadNotConfirmedException(String tableName, ScanEstimate estimate) {
        this(estimate, "Reading all of " + tableName + " on a production connection costs " + estimate.text() + "; confirm the read first");
    }

    private ReadNotConfirmedException(ScanEstimate estimate, String message) {
        super(message);
        this.estimate = estimate;
    }

    /**
     * A read of part of a table (the SQL workbench's sample of its first items).
     *
     * @param what "A sample read of Tracker"
     * @param cost "the first 5000 items, about 2.5 RCU"
     */
    public static ReadNotConfirmedException ofPart(String what, String cost) {
        return new ReadNotConfirmedException(null, what + " on a production connection costs " + cost + "; confirm the read first");
    }

    /** The whole-table read's estimate; null for a read of part of a table. */
    public ScanEstimate estimate() {
        return estimate;
    }
}

package dev.dynalens.usecase;

import dev.dynalens.domain.capacity.ScanEstimate;

/**
 * A whole-table read of a table on a production connection that the person did not confirm: refused before anything
 * was read. The app asks in the Stale copies tab, {@code dynalens stale} takes {@code --confirm-read}.
 */
public final class ReadNotConfirmedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient ScanEstimate estimate;

    public ReadNotConfirmedException(String tableName, ScanEstimate estimate) {
        super("Reading all of " + tableName + " on a production connection costs " + estimate.text() + "; confirm the read first");
        this.estimate = estimate;
    }

    public ScanEstimate estimate() {
        return estimate;
    }
}

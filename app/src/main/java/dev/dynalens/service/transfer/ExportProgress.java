package dev.dynalens.service.transfer;

/**
 * An export's progress so far.
 *
 * @param items          items read and written
 * @param pages          pages read
 * @param estimatedTotal the table's item count as DescribeTable gives it (approximate, updated about every six
 *                       hours), or -1 when unknown or for a Query
 */
public record ExportProgress(long items, int pages, long estimatedTotal) {

    /** Done so far as a fraction of the estimate, at most 1, or -1 when there is no estimate. */
    public double fraction() {
        return estimatedTotal <= 0 ? -1 : Math.min(1, (double) items / estimatedTotal);
    }
}

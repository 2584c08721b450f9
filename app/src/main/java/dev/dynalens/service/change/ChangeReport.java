package dev.dynalens.service.change;

import dev.dynalens.domain.change.ChangeOutcome;
import dev.dynalens.domain.change.ItemChange;
import dev.dynalens.domain.connection.DynamoAccessException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How a bulk change (or its revert) ended.
 *
 * @param counts         the final counts over the whole plan
 * @param notable        items skipped or failed, with why, in plan order
 * @param itemByItem     moves went item by item (put, then delete) because the endpoint has no transactions
 * @param cancelled      the person stopped the run; unsent items stay pending in the journal
 * @param fatal          a problem that stopped the run (credentials, access, missing table, the endpoint gone); null otherwise
 */
public record ChangeReport(ChangeProgress counts, List<ItemReport> notable, Duration elapsed, boolean itemByItem, boolean cancelled,
                           DynamoAccessException fatal) {
    public ChangeReport {
        Objects.requireNonNull(counts, "counts");
        notable = List.copyOf(notable);
        Objects.requireNonNull(elapsed, "elapsed");
    }

    public int pending() {
        return counts.total() - counts.finished();
    }

    public boolean complete() {
        return pending() == 0 && counts.failed() == 0;
    }

    /** One item that was not simply written. */
    public record ItemReport(int index, ItemChange change, ChangeOutcome outcome, String detail) {
    }
}

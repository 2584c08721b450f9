package dev.dynalens.service.load;

import dev.dynalens.domain.item.Item;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How a load ended.
 *
 * @param read     items taken from the source (all of them unless it was cancelled or failed)
 * @param written  items DynamoDB confirmed
 * @param total    items the source announced, or -1
 * @param rejected items not written, each with the reason
 * @param retries  requests sent again after unprocessed items or throttling
 * @param uncertain items not confirmed whose last request got no answer (a 5xx, a broken connection) before the load
 *                 stopped: they may have been written; at most this many more than {@code written} landed
 */
public record LoadReport(Outcome outcome, long read, long written, long total, List<RejectedItem> rejected, long retries,
                         Duration elapsed, long uncertain) {

    public LoadReport(Outcome outcome, long read, long written, long total, List<RejectedItem> rejected, long retries, Duration elapsed) {
        this(outcome, read, written, total, rejected, retries, elapsed, 0);
    }

    public LoadReport {
        Objects.requireNonNull(outcome, "outcome");
        rejected = List.copyOf(rejected);
        Objects.requireNonNull(elapsed, "elapsed");
    }

    public enum Outcome {
        /** Every item was sent; some may be rejected. */
        COMPLETED,
        /** Cancelled: no batch was sent after the cancel; those in flight finished. */
        CANCELLED,
        /** Stopped by a failure that retrying cannot fix (see {@link LoadFailedException}). */
        FAILED
    }

    /** Items neither written nor rejected: left in the source, or dropped by a cancel or failure mid-retry. */
    public long unwritten() {
        return Math.max(total, read) - written - rejected.size();
    }

    /** An item DynamoDB refused or never processed, and why, in words a person can act on. */
    public record RejectedItem(Item item, String reason) {
        public RejectedItem {
            Objects.requireNonNull(item, "item");
            Objects.requireNonNull(reason, "reason");
        }
    }
}

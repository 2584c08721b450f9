package dev.dynalens.usecase;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.capacity.ScanEstimate;
import java.util.Locale;

/**
 * What the one read of a detection took: the requests it sent, the read capacity DynamoDB said they consumed, and what
 * did not fit in memory.
 *
 * @param requests     Scan requests sent (pages), over every segment; 0 when an earlier read was reused
 * @param segments     the Scan's segments
 * @param consumed     the capacity the pages reported (ConsumedCapacity summed); null when the endpoint reports none
 * @param reused       an earlier read was reused: nothing was read
 * @param spilledBytes projections written to the temporary file because they did not fit the memory budget
 */
public record StaleRead(long requests, int segments, CapacityUnits consumed, boolean reused, long spilledBytes) {
    /** Nothing read: an earlier read reused. */
    static StaleRead reusedRead(int segments) {
        return new StaleRead(0, segments, CapacityUnits.ZERO, true, 0);
    }

    /** "3 requests, 12.5 read units consumed" or "3 requests (the endpoint reports no consumed capacity)". */
    public String text() {
        if (reused) {
            return "nothing read (an earlier read reused)";
        }
        var text = String.format(Locale.ROOT, "%,d request%s", requests, requests == 1 ? "" : "s");
        text += consumed == null ? " (the endpoint reports no consumed capacity)" : ", " + ScanEstimate.unitsText(consumed) + " read units consumed";
        return text + spilled();
    }

    /** {@link #text()} for a read of a table's export: "4 requests answered from the export's files, no read capacity of the table". */
    public String textFromExport() {
        if (reused) {
            return text();
        }
        return String.format(Locale.ROOT, "%,d request%s answered from the export's files, no read capacity of the table", requests,
                requests == 1 ? "" : "s") + spilled();
    }

    private String spilled() {
        return spilledBytes > 0 ? String.format(Locale.ROOT, "; %,d MB kept in a temporary file", Math.max(1, spilledBytes >> 20)) : "";
    }
}

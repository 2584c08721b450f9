package dev.dynalens.usecase;

import dev.dynalens.domain.capacity.ScanEstimate;
import dev.dynalens.domain.table.TableDescription;
import java.util.Objects;

/**
 * What a detection will read, said before anything is read: the table, the estimate of its one Scan (or that an
 * earlier read of it is reused and nothing is read), and whether the person has to confirm it.
 *
 * @param estimate   the Scan's segments, read capacity and requests
 * @param production the connection is tagged production: the read needs the person's confirmation
 * @param confirmed  the person confirmed the read
 * @param reusing    which current read of the table will be reused ("the Collections overview's read of Blog, 2 min
 *                   ago"): nothing is read; null when the table is read. Should it no longer be current when the detection
 *                   starts, the table is read after all (and a production table then needs the confirmation)
 * @param segmentsBound why fewer segments are read than the person asked for ({@link ScanEstimate#usableSegments}: "Blog's
 *                   4.2 MB can use at most 5 segments (…), so it is read in 5"); null when the segments are as asked
 */
public record StaleReadPlan(TableDescription table, ScanEstimate estimate, boolean production, boolean confirmed, String reusing,
                            String segmentsBound) {
    public StaleReadPlan {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(estimate, "estimate");
    }

    public String tableName() {
        return table.name();
    }

    /** The same plan, confirmed by the person (the app's confirmation, {@code --confirm-read}). */
    public StaleReadPlan confirm() {
        return new StaleReadPlan(table, estimate, production, true, reusing, segmentsBound);
    }

    /** Whether the detection reads the table at all. */
    public boolean reads() {
        return reusing == null;
    }

    /** Whether the read waits for the person: a production table that will be read and was not confirmed. */
    public boolean needsConfirmation() {
        return production && reads() && !confirmed;
    }

    /** "Reads Blog once: about 12 read units (…), 3 requests" or "Reuses the Collections overview's read of Blog (2 min ago): nothing is read". */
    public String text() {
        if (!reads()) {
            return "Reuses " + reusing + ": nothing is read";
        }
        return "Reads " + table.name() + " once: " + estimate.text();
    }

    /**
     * {@link #text()} for a table read from its export, whose Scans read the export's files: DescribeTable's size is the
     * export's billed size, and no read units are spent. "Reads Blog once from the export's files: no read capacity …".
     */
    public String textFromExport() {
        return reads() ? "Reads " + table.name() + " once from the export's files: no read capacity of the table (S3 bills its GET requests)"
                : text();
    }

}

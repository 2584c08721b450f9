package dev.dynalens.domain.capacity;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.CredentialsSource;
import java.util.Locale;

/**
 * What one full Scan of a table will cost, said before anything is read, from DescribeTable's figures (Developer Guide,
 * "DynamoDB read and write operations" and API reference, Scan):
 * <ul>
 *   <li>a Scan reads every item; each page reads at most 1 MB ({@link SizeLimits#PAGE_BYTES}), so the requests are the
 *       table's size in megabytes, rounded up, per segment of a parallel Scan (every segment reads at least one page);</li>
 *   <li>a page's items are summed and rounded up to 4 KB, and an eventually consistent read of 4 KB costs half a read
 *       unit: about half a unit per 4 KB of the table.</li>
 * </ul>
 * DescribeTable's {@code TableSizeBytes} and {@code ItemCount} are updated about every six hours, so the estimate is of
 * the table as it was then; a new table (and dynalite, which never updates them) says 0 bytes: the size is unknown.
 *
 * @param tableBytes DescribeTable's size of the table
 * @param itemCount  DescribeTable's item count
 * @param segments   the parallel Scan's segments (1: one sequential Scan)
 * @param capacity   the read capacity the Scan should consume (eventually consistent)
 * @param requests   the Scan requests it should send
 */
public record ScanEstimate(long tableBytes, long itemCount, int segments, CapacityUnits capacity, long requests) {
    /** Bytes per segment from which a parallel Scan of DynamoDB itself pays: a sequential Scan reads a page per round trip. */
    public static final long BYTES_PER_SEGMENT = 128L * 1024 * 1024;
    /** At most this many segments. */
    public static final int MAX_SEGMENTS = 16;
    /** A local endpoint's segments, unless the table fits one page (or one processor reads it). */
    public static final int LOCAL_SEGMENTS = 2;
    /** A workspace (a file in memory) gets a segment per this many items, up to the processors: they project in parallel. */
    static final long WORKSPACE_ITEMS_PER_SEGMENT = 50_000;

    public ScanEstimate {
        if (tableBytes < 0 || itemCount < 0 || segments < 1 || requests < 0) {
            throw new IllegalArgumentException("Invalid scan estimate: " + tableBytes + " bytes, " + itemCount + " items, " + segments
                    + " segments, " + requests + " requests");
        }
    }

    /** A full Scan of a table of this size, in {@code segments} segments. */
    public static ScanEstimate of(long tableBytes, long itemCount, int segments) {
        long perSegment = tableBytes / segments;
        long remainder = tableBytes % segments;
        long units = 0;
        long requests = 0;
        for (int s = 0; s < segments; s++) {
            long bytes = perSegment + (s < remainder ? 1 : 0);
            long fullPages = bytes / SizeLimits.PAGE_BYTES;
            long rest = bytes % SizeLimits.PAGE_BYTES;
            units += fullPages * (SizeLimits.PAGE_BYTES / SizeLimits.READ_UNIT_BYTES);
            if (rest > 0 || fullPages == 0) {
                // The last page; a page that reads nothing still counts one unit.
                units += Math.max(1, -Math.floorDiv(-rest, SizeLimits.READ_UNIT_BYTES));
                requests++;
            }
            requests += fullPages;
        }
        return new ScanEstimate(tableBytes, itemCount, segments, CapacityUnits.ofHalves(units), requests);
    }

    /** Whether DescribeTable knew the size: 0 bytes is a table too new for its figures (or an endpoint that never updates them). */
    public boolean sizeKnown() {
        return tableBytes > 0;
    }

    /** Where a table lives, which decides whether segments pay. */
    public enum Endpoint {
        /** DynamoDB itself: segments read in parallel, each page a round trip. */
        DYNAMODB,
        /**
         * A local endpoint (dynalite, DynamoDB Local): one process answers every segment, yet two segments pay, since the
         * client's work on one page (unmarshalling it) overlaps the endpoint's on the next: a bare SDK Scan of 50,000
         * items from dynalite took 0.85 s in one segment, 0.65 s in two and 0.67 s in four ({@code docs/performance.md}).
         */
        LOCAL,
        /** A workspace file in memory: segments let its items be projected on several processors. */
        WORKSPACE;

        /** A workspace has placeholder credentials and no endpoint; a custom endpoint is local unless it is AWS's own. */
        public static Endpoint of(ConnectionProfile profile) {
            var endpoint = profile.endpoint();
            if (endpoint.isEmpty()) {
                return profile.credentials() instanceof CredentialsSource.LocalPlaceholder ? WORKSPACE : DYNAMODB;
            }
            var host = endpoint.get().getHost();
            return host != null && host.toLowerCase(Locale.ROOT).endsWith(".amazonaws.com") ? DYNAMODB : LOCAL;
        }
    }

    /**
     * The segments a one-read of this table uses: one, unless the endpoint gains from parallel segments and the table is
     * large (DynamoDB: 128 MB a segment) or more than a page (a local endpoint, which reads two; dynalite's size is
     * always 0, unknown).
     */
    public static int segmentsFor(Endpoint endpoint, long tableBytes, long itemCount, int processors) {
        return switch (endpoint) {
            case DYNAMODB -> (int) Math.max(1, Math.min(MAX_SEGMENTS, -Math.floorDiv(-tableBytes, BYTES_PER_SEGMENT)));
            // Two requests in flight: the endpoint prepares one segment's page while the client maps and keeps the other's.
            case LOCAL -> processors >= 2 && (tableBytes == 0 || tableBytes > SizeLimits.PAGE_BYTES) ? LOCAL_SEGMENTS : 1;
            case WORKSPACE -> (int) Math.max(1, Math.min(Math.max(1, processors), itemCount / WORKSPACE_ITEMS_PER_SEGMENT));
        };
    }

    /**
     * The most segments a Scan of a table can use. Over DynamoDB's API (DynamoDB, a local endpoint) a segment should read
     * at least about a page (1 MB) of the table, since each costs a request and half a unit however little it reads;
     * when DescribeTable does not know the size (0 bytes), {@link #MAX_SEGMENTS}, the most this app ever chooses itself.
     * A workspace's segments only spread its items over processors: at most one per item, and {@link #MAX_SEGMENTS}.
     * Not bounded by DynamoDB's 1,000,000 TotalSegments: the caller is ({@code ReadRequest.Segment.MAX_TOTAL}).
     */
    public static long usableSegments(Endpoint endpoint, long tableBytes, long itemCount) {
        if (endpoint == Endpoint.WORKSPACE) {
            return Math.max(1, Math.min(MAX_SEGMENTS, itemCount));
        }
        return tableBytes <= 0 ? MAX_SEGMENTS : Math.max(1, -Math.floorDiv(-tableBytes, SizeLimits.PAGE_BYTES));
    }

    /**
     * "about 1,234.5 read units (eventually consistent), 12 requests" or, when DescribeTable does not know the size,
     * "an unknown number of read units (DescribeTable says 0 bytes; it updates the size about every six hours), at least
     * 1 request".
     */
    public String text() {
        var requestsText = String.format(Locale.ROOT, "%,d request%s", requests, requests == 1 ? "" : "s");
        var segmentsText = segments == 1 ? "" : String.format(Locale.ROOT, " in %d parallel segments", segments);
        if (!sizeKnown()) {
            return "an unknown number of read units (DescribeTable says 0 bytes; DynamoDB updates the size about every six hours), at least "
                    + requestsText + segmentsText;
        }
        return String.format(Locale.ROOT, "about %s read units (eventually consistent, %s), %s%s", unitsText(capacity),
                sizeText(tableBytes), requestsText, segmentsText);
    }

    /**
     * The Collections overview's hint before a live table is analysed: "about 12,345 items (2.3 MB): about 294.5 read
     * units" — the units of one sequential Scan, whatever the segments.
     */
    public String overviewText() {
        return String.format(Locale.ROOT, "about %,d item%s (%s): about %s read unit%s", itemCount, itemCount == 1 ? "" : "s",
                sizeText(tableBytes, "B"), capacity, capacity.halves() == 2 ? "" : "s");
    }

    /** 1,234.5 */
    public static String unitsText(CapacityUnits units) {
        var value = units.toBigDecimal();
        var whole = value.toBigInteger();
        var text = String.format(Locale.ROOT, "%,d", whole);
        return units.halves() % 2 == 0 ? text : text + ".5";
    }

    /** 230 MB, 4.2 KB, 12 bytes. */
    public static String sizeText(long bytes) {
        return sizeText(bytes, "bytes");
    }

    private static String sizeText(long bytes, String byteUnit) {
        if (bytes < 1024) {
            return bytes + " " + byteUnit;
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        }
        if (bytes < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.1f GB", bytes / (1024.0 * 1024 * 1024));
    }
}

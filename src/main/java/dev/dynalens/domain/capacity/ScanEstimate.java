package dev.dynalens.domain.capacity;

import java.util.List;
import java.util.Locale;

/**
 * What reading a whole table with a Scan costs, from DynamoDB's own figures in DescribeTable ("DynamoDB updates this
 * value approximately every six hours", TableDescription.TableSizeBytes in the API reference). The pages of a Scan
 * are 1 MB, a multiple of 4 KB, so the units of every page add up to those of the whole size rounded up once;
 * eventually consistent, as the overview reads.
 */
public record ScanEstimate(long items, long bytes, CapacityUnits readUnits) {

    /** @param itemCount and {@code sizeBytes} as DescribeTable gives them (ItemCount, TableSizeBytes) */
    public static ScanEstimate of(long itemCount, long sizeBytes) {
        var bytes = Math.max(0, sizeBytes);
        return new ScanEstimate(Math.max(0, itemCount), bytes, CapacityCalculator.scan(List.of(bytes), ReadConsistency.EVENTUAL));
    }

    /** "about 12,345 items (2.3 MB): about 290 read units" */
    public String text() {
        return String.format(Locale.ROOT, "about %,d item%s (%s): about %s read unit%s", items, items == 1 ? "" : "s", size(bytes),
                readUnits, readUnits.halves() == 2 ? "" : "s");
    }

    private static String size(long bytes) {
        if (bytes < 1024) return bytes + " B";
        if (bytes < 1024 * 1024) return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        if (bytes < 1024L * 1024 * 1024) return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
        return String.format(Locale.ROOT, "%.1f GB", bytes / (1024.0 * 1024 * 1024));
    }
}

package dev.dynalens.domain.exports;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What DynamoDB charges for a full export to S3, per GB of the table's size, in the regions whose price was recorded
 * here: the one place these prices live (docs/exports.md cites them with {@link #AS_OF}). A region not here has an
 * unknown price, said as such, never guessed.
 */
public final class ExportPrices {
    /** When the prices below were recorded. */
    public static final LocalDate AS_OF = LocalDate.of(2026, 12, 3);
    /** An incremental export is billed on at least this much changed data. */
    public static final long INCREMENTAL_MINIMUM_BYTES = 10L << 20;

    /** US dollars per GB (2^30 bytes) of table size, by region. */
    private static final Map<String, BigDecimal> FULL_EXPORT_PER_GB = Map.of("us-east-1", new BigDecimal("0.10"));

    private ExportPrices() {
    }

    /** The price per GB of a full export in {@code region}, when it was recorded here. */
    public static Optional<BigDecimal> fullExportPerGb(String region) {
        return Optional.ofNullable(region == null ? null : FULL_EXPORT_PER_GB.get(region));
    }

    /** The regions whose price is recorded, in order. */
    public static Set<String> regions() {
        return new TreeSet<>(FULL_EXPORT_PER_GB.keySet());
    }
}

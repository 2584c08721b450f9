package dev.dynalens.domain.exports;

import dev.dynalens.domain.table.TableSummaries;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;
import java.util.Optional;

/**
 * What an export will cost, said before it is started. A full export is billed on the table's size (DescribeTable's
 * figure, which DynamoDB updates about every six hours) times the region's price per GB ({@link ExportPrices}); an
 * incremental one on the data that changed in its window, at least 10 MB, which is known only once it ran.
 *
 * @param pricePerGb the region's price per GB of a full export; null where it is not known (and for an incremental one)
 */
public record ExportCost(ExportRequest request, long tableSizeBytes, String region, BigDecimal pricePerGb) {
    private static final BigDecimal GB = BigDecimal.valueOf(1L << 30);
    private static final BigDecimal CENT = new BigDecimal("0.01");

    public ExportCost {
        Objects.requireNonNull(request, "request");
        if (tableSizeBytes < 0) {
            throw new IllegalArgumentException("A table's size is not negative: " + tableSizeBytes);
        }
    }

    /** The cost of {@code request} on a table of {@code tableSizeBytes} in {@code region}. */
    public static ExportCost of(ExportRequest request, long tableSizeBytes, String region) {
        var price = request.type() == ExportType.FULL ? ExportPrices.fullExportPerGb(region).orElse(null) : null;
        return new ExportCost(request, tableSizeBytes, region, price);
    }

    /** The amount in US dollars, to the cent, where it can be known before the export runs: a full export in a priced region. */
    public Optional<BigDecimal> amount() {
        return pricePerGb == null ? Optional.empty() : Optional.of(dollars(tableSizeBytes, pricePerGb));
    }

    /** One or two sentences for a person, said before the export starts. */
    public String text() {
        var table = request.tableName();
        if (request.type() == ExportType.INCREMENTAL) {
            var window = request.incremental();
            return "An incremental export of " + table + " is billed on the data that changed from " + window.from() + " to "
                    + (window.to() == null ? "the latest time with data" : window.to()) + ", at least "
                    + TableSummaries.size(ExportPrices.INCREMENTAL_MINIMUM_BYTES) + "; how much that is is known only once it ran.";
        }
        var size = TableSummaries.size(tableSizeBytes) + " (DescribeTable's size, updated about every six hours)";
        if (pricePerGb == null) {
            return "A full export of " + table + " is billed on its size, " + size + "; its price per GB in " + region
                    + " is not known here (prices recorded " + ExportPrices.AS_OF + " for " + String.join(", ", ExportPrices.regions())
                    + "): see the DynamoDB pricing page.";
        }
        return "A full export of " + table + " costs " + money(amount().orElseThrow(), tableSizeBytes) + ": " + size + " at $"
                + pricePerGb.toPlainString() + " per GB in " + region + " (price of " + ExportPrices.AS_OF + ").";
    }

    /**
     * What a completed export was billed, from its BilledSizeBytes: "billed on 1.2 GB, about $0.12 in us-east-1", or
     * without the amount where the price is not known; empty when DynamoDB gave no billed size.
     */
    public static Optional<String> billed(ExportDescription export, String region) {
        if (export.billedSizeBytes() == null) {
            return Optional.empty();
        }
        var text = "billed on " + TableSummaries.size(export.billedSizeBytes());
        var price = ExportPrices.fullExportPerGb(region);
        if (export.type() == ExportType.FULL && price.isPresent()) {
            text += ", " + money(dollars(export.billedSizeBytes(), price.get()), export.billedSizeBytes()) + " in " + region;
        }
        return Optional.of(text);
    }

    private static BigDecimal dollars(long bytes, BigDecimal perGb) {
        return BigDecimal.valueOf(bytes).multiply(perGb).divide(GB, 2, RoundingMode.HALF_UP);
    }

    /** "about $1.23", or "less than $0.01" for a cost of some bytes that rounds to nothing. */
    private static String money(BigDecimal amount, long bytes) {
        return amount.signum() == 0 && bytes > 0 ? "less than $" + CENT.toPlainString() : "about $" + amount.toPlainString();
    }
}

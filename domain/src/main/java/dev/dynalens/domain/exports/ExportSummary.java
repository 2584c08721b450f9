package dev.dynalens.domain.exports;

import java.util.Objects;

/** One export as ListExports lists it (API reference, ExportSummary); DescribeExport tells the rest. */
public record ExportSummary(String exportArn, ExportStatus status, ExportType type) {
    public ExportSummary {
        Objects.requireNonNull(exportArn, "exportArn");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(type, "type");
    }
}

package dev.dynalens.domain.exports;

import java.time.Instant;
import java.util.Objects;

/**
 * The window of an incremental export (API reference, IncrementalExportSpecification): the changes from {@code from}
 * (inclusive) to {@code to} (exclusive; null for the latest time with data, which DynamoDB picks), each written as
 * {@code viewType} says.
 */
public record IncrementalWindow(Instant from, Instant to, ExportViewType viewType) {
    public IncrementalWindow {
        Objects.requireNonNull(viewType, "viewType");
    }
}

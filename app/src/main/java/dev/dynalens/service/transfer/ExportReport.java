package dev.dynalens.service.transfer;

import dev.dynalens.domain.transfer.TransferFormat;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How an export ended.
 *
 * @param items items written to the file (for a cancelled export: read before the cancel; the file is not written)
 * @param pages Scan or Query pages read
 */
public record ExportReport(Outcome outcome, TransferFormat format, Path file, long items, int pages, Duration elapsed) {
    public ExportReport {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(elapsed, "elapsed");
    }

    public enum Outcome {
        /** Every page was read and the file is complete. */
        COMPLETED,
        /** Cancelled: the file was left as it was (the partial output is deleted). */
        CANCELLED
    }
}

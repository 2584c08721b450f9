package dev.dynalens.service.transfer;

import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.transfer.CsvStyle;
import dev.dynalens.domain.transfer.TransferFormat;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What to export and where.
 *
 * @param read the first Scan or Query page; every following page is read too
 * @param file written only when the export completes (it goes to a temporary file beside it until then);
 *             gzip-compressed when its name ends in {@code .gz}
 * @param csvStyle how a CSV's cells are written; only CSV has a choice
 */
public record ExportRequest(ReadRequest read, TransferFormat format, Path file, CsvStyle csvStyle) {
    /** A typed (lossless) export. */
    public ExportRequest(ReadRequest read, TransferFormat format, Path file) {
        this(read, format, file, CsvStyle.TYPED);
    }

    public ExportRequest {
        Objects.requireNonNull(read, "read");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(csvStyle, "csvStyle");
        if (csvStyle != CsvStyle.TYPED && format != TransferFormat.CSV) {
            throw new IllegalArgumentException("Spreadsheet-safe cells are a CSV choice; " + format.label() + " has none");
        }
        if (read.exclusiveStartKey() != null) {
            throw new IllegalArgumentException("An export starts at the first page");
        }
    }

    /** Every item of a table. */
    public static ExportRequest scan(String tableName, TransferFormat format, Path file) {
        return new ExportRequest(new ReadRequest.Scan(tableName, null, null, null), format, file);
    }
}

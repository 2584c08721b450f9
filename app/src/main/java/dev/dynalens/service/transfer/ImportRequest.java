package dev.dynalens.service.transfer;

import dev.dynalens.domain.transfer.TransferFormat;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What to import and where.
 *
 * @param tableName an existing table
 * @param format    the file's format, or null to tell it from the content (and a {@code .csv} name)
 */
public record ImportRequest(String tableName, Path file, TransferFormat format) {
    public ImportRequest {
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(file, "file");
    }

    public Optional<TransferFormat> givenFormat() {
        return Optional.ofNullable(format);
    }
}

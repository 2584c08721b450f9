package dev.dynalens.export;

import java.util.Objects;

/** One export to read: where it is, and the store that reads its objects. */
public record ExportSource(ExportLocation location, ExportStore store) {
    public ExportSource {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(store, "store");
    }

    /** A local folder's export, read from the file system. */
    public static ExportSource local(ExportLocation location) {
        if (location.isS3()) {
            throw new IllegalArgumentException(location.text() + " is in S3, not a local folder");
        }
        return new ExportSource(location, new LocalExportStore(java.nio.file.Path.of(location.root())));
    }
}

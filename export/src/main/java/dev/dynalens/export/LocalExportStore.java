package dev.dynalens.export;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/** An export copied to a local folder, keys resolved below its root (the folder that holds {@code AWSDynamoDB/}). */
public final class LocalExportStore implements ExportStore {
    private final Path root;

    public LocalExportStore(Path root) {
        this.root = Objects.requireNonNull(root, "root");
    }

    private Path path(String key) {
        var resolved = root.resolve(key).normalize();
        if (!resolved.startsWith(root.normalize())) {
            throw new ExportReadException("The manifest names " + key + ", which is outside " + root);
        }
        return resolved;
    }

    @Override
    public InputStream open(String key) throws IOException {
        return Files.newInputStream(path(key));
    }

    @Override
    public boolean exists(String key) {
        return Files.isRegularFile(path(key));
    }

    @Override
    public String describe(String key) {
        return path(key).toString();
    }

    @Override
    public void close() {
    }
}

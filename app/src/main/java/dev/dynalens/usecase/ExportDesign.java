package dev.dynalens.usecase;

import dev.dynalens.domain.design.DesignExports;
import dev.dynalens.domain.design.TableDesign;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * "Export" of a design: a NoSQL Workbench model (facets, sample items, access patterns) or a dynamodb-onetable schema,
 * written off the caller's thread into {@code FILE.part} and then moved into place, so a failed write leaves no half
 * file under the name asked for.
 */
public final class ExportDesign {
    /** What to write. */
    public enum Format {
        WORKBENCH_MODEL("NoSQL Workbench model", "-model.json"), ONETABLE_SCHEMA("onetable schema", "-schema.json");

        private final String label;
        private final String suffix;

        Format(String label, String suffix) {
            this.label = label;
            this.suffix = suffix;
        }

        String label() {
            return label;
        }

        String extension() {
            return suffix;
        }
    }

    private final Executor background;
    private final Clock clock;

    /** @param background where the file is written (tests pass {@code Runnable::run}) */
    public ExportDesign(Executor background, Clock clock) {
        this.background = Objects.requireNonNull(background, "background");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Writes the design; the future holds the file written, or fails with what stopped it (in words). */
    public CompletableFuture<Path> write(TableDesign design, Format format, Path file) {
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(file, "file");
        if (file.getFileName() == null || file.toString().isBlank()) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    "No file name given: the " + format.label() + " needs a file to be written to"));
        }
        if (Files.isDirectory(file)) {
            // Files.move would replace an empty folder with the file, and fail on a full one
            return CompletableFuture.failedFuture(new IllegalArgumentException(file + " is a folder: give the file to write the "
                    + format.label() + " to, such as " + file.resolve(design.tableName() + format.extension())));
        }
        return CompletableFuture.supplyAsync(() -> {
            var part = file.resolveSibling(file.getFileName() + ".part");
            try {
                var parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                try (var out = Files.newBufferedWriter(part, StandardCharsets.UTF_8)) {
                    switch (format) {
                        case WORKBENCH_MODEL -> DesignExports.workbenchModel(design, out, LocalDateTime.now(clock));
                        case ONETABLE_SCHEMA -> DesignExports.oneTableSchema(design, out);
                    }
                }
                Files.move(part, file, StandardCopyOption.REPLACE_EXISTING);
                return file;
            } catch (IOException e) {
                try {
                    Files.deleteIfExists(part);
                } catch (IOException ignored) {
                    // the write failed already; that is what is reported
                }
                throw new UncheckedIOException("Could not write " + file + ": " + e.getMessage(), e);
            }
        }, background);
    }
}

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
    public enum Format { WORKBENCH_MODEL, ONETABLE_SCHEMA }

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

package dev.dynalens.cli;

import dev.dynalens.domain.workspace.WorkspaceOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Where a command reads a whole table from: a TABLE on a connection, or a file (picocli mixin). */
final class SourceOptions {
    @Parameters(index = "0", arity = "0..1", paramLabel = "TABLE", description = "A table on the connection (not with --file).")
    String table;

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--file", paramLabel = "FILE", description = "Read a file instead of a live table.")
    Path file;

    @Option(names = "--export", paramLabel = "URI", description = "Read the table from its export to S3 instead (no read capacity): "
            + "s3://BUCKET/PREFIX/AWSDynamoDB/<ExportId> or a local copy of that folder; repeat it for incremental exports, in order "
            + "after the full one. With a connection, key-pinned reads go to the live table.")
    List<String> exports = new ArrayList<>();

    @Option(names = "--s3-endpoint", paramLabel = "URL", description = "With --export: an S3-compatible endpoint (path-style).")
    java.net.URI s3Endpoint;

    @Option(names = "--table", paramLabel = "NAME", description = "With --file: which table of the model (default: the first).")
    String fileTable;

    @Option(names = "--key-schema", paramLabel = "PK[,SK]",
            description = "With --file: the key schema of a file that has none, e.g. PK,SK or pk:S,sk:N (default: guessed from the names).")
    String keySchema;

    @Option(names = "--gsi", paramLabel = "NAME=PK[,SK]", description = "With --file: a global secondary index, e.g. GSI1=GSI1PK,GSI1SK (repeatable).")
    List<String> indexes = new ArrayList<>();

    /**
     * The options of a file that can be read straight through ({@code --file} with {@code --key-schema}, nothing else
     * naming a table); empty otherwise, and when the options do not parse: the file is then opened as a workspace,
     * which reports what is wrong with them.
     */
    Optional<WorkspaceOptions> streamableFile() {
        if (file == null || !exports.isEmpty() || table != null || connection.given() || fileTable != null || keySchema == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(WorkspaceOptions.parse(keySchema, indexes));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Checks the combination and opens the session (see {@link TableSource#open}). */
    TableSource.Opened open(CliContext context) {
        return open(context, true);
    }

    /**
     * As {@link #open(CliContext)}; {@code exportProgress} false for a command that draws a progress line of its own
     * (the export's read then shows none).
     */
    TableSource.Opened open(CliContext context, boolean exportProgress) {
        if (!exports.isEmpty()) {
            return TableSource.openExport(context, table, connection, file, exports, s3Endpoint, keySchema, indexes, exportProgress);
        }
        if (s3Endpoint != null) {
            throw new CliException("--s3-endpoint goes with --export");
        }
        return TableSource.open(context, table, connection, file, fileTable, keySchema, indexes);
    }
}

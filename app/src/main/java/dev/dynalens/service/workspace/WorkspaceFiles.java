package dev.dynalens.service.workspace;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.workspace.JsonLinesStream;
import dev.dynalens.domain.workspace.Workspace;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.domain.workspace.WorkspaceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The workspace readers of the domain, on a file: the domain reads the streams it is handed and opens none (it runs
 * where there is no local file system, such as a Spark executor), so the files are opened here.
 */
public final class WorkspaceFiles {
    private WorkspaceFiles() {
    }

    /** {@link WorkspaceReader#read(String, WorkspaceReader.Source, WorkspaceOptions)} of a file. */
    public static Workspace read(Path file, WorkspaceOptions options) throws IOException {
        return WorkspaceReader.read(file.toString(), source(file), options);
    }

    /** {@link JsonLinesStream#read(String, WorkspaceReader.Source, WorkspaceOptions, Function)} of a file. */
    public static Optional<JsonLinesStream.Table> stream(Path file, WorkspaceOptions options,
            Function<JsonLinesStream.Table, Consumer<Item>> start) throws IOException {
        return JsonLinesStream.read(file.toString(), source(file), options, start);
    }

    private static WorkspaceReader.Source source(Path file) {
        return () -> Files.newInputStream(file);
    }
}

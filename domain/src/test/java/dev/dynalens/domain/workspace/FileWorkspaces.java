package dev.dynalens.domain.workspace;

import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/** The domain's tests read workspace files they wrote; the domain itself opens none (the app's WorkspaceFiles does). */
public final class FileWorkspaces {
    private FileWorkspaces() {
    }

    public static Workspace read(Path file, WorkspaceOptions options) throws IOException {
        return WorkspaceReader.read(file.toString(), () -> Files.newInputStream(file), options);
    }

    public static Optional<JsonLinesStream.Table> stream(Path file, WorkspaceOptions options,
            Function<JsonLinesStream.Table, Consumer<Item>> start) throws IOException {
        return JsonLinesStream.read(file.toString(), () -> Files.newInputStream(file), options, start);
    }
}

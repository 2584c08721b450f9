package dev.dynalens.service.workspace;

import dev.dynalens.domain.workspace.LoadProblem;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.domain.workspace.WorkspaceReader;
import dev.dynalens.service.WorkspaceOpener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/** Reads workspace files on a background executor and serves them as {@link WorkspaceSession}s. */
public final class FileWorkspaceOpener implements WorkspaceOpener {
    private final Executor background;

    public FileWorkspaceOpener(Executor background) {
        this.background = background;
    }

    @Override
    public CompletableFuture<OpenedWorkspace> open(Path file, String keySchema, List<String> indexes) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                var options = keySchema == null || keySchema.isBlank() ? WorkspaceOptions.NONE
                        : WorkspaceOptions.parse(keySchema, indexes);
                var workspace = WorkspaceFiles.read(file, options);
                var report = workspace.report();
                var problems = new ArrayList<String>();
                report.errors().stream().map(LoadProblem::toString).forEach(problems::add);
                report.warnings().stream().map(LoadProblem::toString).forEach(problems::add);
                var summary = workspace.format().label() + " · " + workspace.tables().size() + " table(s) · " + report.summary();
                var needsKeySchema = workspace.tables().isEmpty()
                        && report.errors().stream().anyMatch(p -> p.message().contains("key schema"));
                return new OpenedWorkspace(file.getFileName().toString(), file, new WorkspaceSession(workspace, background),
                        summary, problems, needsKeySchema);
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), e);
            }
        }, background);
    }
}

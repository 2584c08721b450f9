package dev.dynalens.service;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Opens a file (a NoSQL Workbench model, DynamoDB JSON lines, `aws dynamodb scan` output) as an
 * offline workspace whose tables are served by a read-only {@link DynamoSession}, so every viewer works
 * on it as on a live table. Reading happens off the calling thread.
 */
public interface WorkspaceOpener {

    CompletableFuture<OpenedWorkspace> open(Path file);

    /**
     * @param summary  one line: format, tables, items
     * @param problems what could not be read (file, line, column, reason) or was read leniently; the rest loaded
     */
    record OpenedWorkspace(String name, Path file, DynamoSession session, String summary, List<String> problems) {
        public OpenedWorkspace {
            problems = List.copyOf(problems);
        }
    }
}

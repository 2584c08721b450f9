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

    default CompletableFuture<OpenedWorkspace> open(Path file) {
        return open(file, null, List.of());
    }

    /**
     * @param keySchema for files that carry none: {@code PK} or {@code PK,SK} (null: from the file, or guessed)
     * @param indexes   GSIs as {@code NAME=PK,SK}
     */
    CompletableFuture<OpenedWorkspace> open(Path file, String keySchema, List<String> indexes);

    /**
     * @param summary  one line: format, tables, items
     * @param problems       what could not be read (file, line, column, reason) or was read leniently; the rest loaded
     * @param needsKeySchema no table could be formed because the file carries no key schema and none could be guessed
     */
    record OpenedWorkspace(String name, Path file, DynamoSession session, String summary, List<String> problems,
                           boolean needsKeySchema) {
        public OpenedWorkspace {
            problems = List.copyOf(problems);
        }
    }
}

package dev.dynalens.domain.workspace;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A file opened instead of a connection: its tables and what loading it reported.
 *
 * @param file   the file as it was named to the reader
 * @param name   the model's name, or the file's name without extensions
 * @param tables one per table of a model; one for other files; none when nothing could be read
 */
public record Workspace(String file, WorkspaceFormat format, String name, List<WorkspaceTable> tables, WorkspaceReport report) {
    public Workspace {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(name, "name");
        tables = List.copyOf(tables);
        Objects.requireNonNull(report, "report");
    }

    public Optional<WorkspaceTable> table(String tableName) {
        return tables.stream().filter(t -> t.name().equals(tableName)).findFirst();
    }

    public List<String> tableNames() {
        return tables.stream().map(WorkspaceTable::name).toList();
    }
}

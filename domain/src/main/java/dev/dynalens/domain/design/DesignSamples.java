package dev.dynalens.domain.design;

import dev.dynalens.domain.workspace.Workspace;
import dev.dynalens.domain.workspace.WorkspaceFormat;
import dev.dynalens.domain.workspace.WorkspaceReport;
import dev.dynalens.domain.workspace.WorkspaceTable;
import java.util.List;

/** A design's sample items as a workspace of one table, with the design's keys and indexes: a source to load from or read. */
public final class DesignSamples {
    private DesignSamples() {
    }

    /** The samples as table {@code tableName}; the workspace is named {@code design:<tableName>}. */
    public static Workspace workspace(TableDesign design, String tableName) {
        var items = design.sampleItems();
        var table = WorkspaceTable.of(tableName, design.keySchema(), design.indexDescriptions(), items);
        var name = "design:" + tableName;
        return new Workspace(name, WorkspaceFormat.WORKBENCH_MODEL, tableName, List.of(table),
                new WorkspaceReport(name, WorkspaceFormat.WORKBENCH_MODEL, items.size(), List.of(), List.of(), 0, 0));
    }
}

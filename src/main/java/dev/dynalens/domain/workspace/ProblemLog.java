package dev.dynalens.domain.workspace;

import java.util.ArrayList;
import java.util.List;

/** Collects the problems of one file while it loads; keeps the first {@link WorkspaceReport#MAX_LISTED} of each kind. */
final class ProblemLog {
    private final String file;
    private final List<LoadProblem> warnings = new ArrayList<>();
    private final List<LoadProblem> errors = new ArrayList<>();
    private long warningCount;
    private long errorCount;

    ProblemLog(String file) {
        this.file = file;
    }

    String file() {
        return file;
    }

    void warn(int line, int column, String message) {
        warningCount++;
        if (warnings.size() < WorkspaceReport.MAX_LISTED) {
            warnings.add(new LoadProblem(file, line, column, message));
        }
    }

    void error(int line, int column, String message) {
        errorCount++;
        if (errors.size() < WorkspaceReport.MAX_LISTED) {
            errors.add(new LoadProblem(file, line, column, message));
        }
    }

    long errorCount() {
        return errorCount;
    }

    WorkspaceReport report(WorkspaceFormat format, long items) {
        return new WorkspaceReport(file, format, items, warnings, errors, warningCount, errorCount);
    }
}

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
    private final java.util.function.Consumer<LoadProblem> onWarning;
    private final java.util.function.Consumer<LoadProblem> onError;

    ProblemLog(String file) {
        this(file, p -> { }, p -> { });
    }

    /** A log that also tells each problem as it happens (an import turns them into entries of its own, in file order). */
    ProblemLog(String file, java.util.function.Consumer<LoadProblem> onWarning, java.util.function.Consumer<LoadProblem> onError) {
        this.file = file;
        this.onWarning = onWarning;
        this.onError = onError;
    }

    String file() {
        return file;
    }

    void warn(int line, int column, String message) {
        warningCount++;
        var problem = new LoadProblem(file, line, column, message);
        if (warnings.size() < WorkspaceReport.MAX_LISTED) {
            warnings.add(problem);
        }
        onWarning.accept(problem);
    }

    void error(int line, int column, String message) {
        errorCount++;
        var problem = new LoadProblem(file, line, column, message);
        if (errors.size() < WorkspaceReport.MAX_LISTED) {
            errors.add(problem);
        }
        onError.accept(problem);
    }

    long errorCount() {
        return errorCount;
    }

    WorkspaceReport report(WorkspaceFormat format, long items) {
        return new WorkspaceReport(file, format, items, warnings, errors, warningCount, errorCount);
    }
}

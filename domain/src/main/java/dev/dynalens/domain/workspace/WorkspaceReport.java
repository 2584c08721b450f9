package dev.dynalens.domain.workspace;

import java.util.List;
import java.util.Objects;

/**
 * What loading a workspace file gave: how many items were loaded, what was read leniently
 * (warnings) and what could not be read (errors: those items or lines were left out, the rest
 * loaded). At most {@link #MAX_LISTED} problems of each kind are listed; the counts are exact.
 *
 * @param items        items loaded, over all tables
 * @param warningCount warnings, listed or not
 * @param errorCount   errors, listed or not
 */
public record WorkspaceReport(String file, WorkspaceFormat format, long items, List<LoadProblem> warnings, List<LoadProblem> errors,
                         long warningCount, long errorCount) {
    public static final int MAX_LISTED = 1_000;

    public WorkspaceReport {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(format, "format");
        warnings = List.copyOf(warnings);
        errors = List.copyOf(errors);
    }

    public boolean hasErrors() {
        return errorCount > 0;
    }

    /** "812 items, 3 warnings, 1 error". */
    public String summary() {
        return items + (items == 1 ? " item" : " items") + ", " + plural(warningCount, "warning") + ", " + plural(errorCount, "error");
    }

    private static String plural(long count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }
}

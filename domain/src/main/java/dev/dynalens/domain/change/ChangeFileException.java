package dev.dynalens.domain.change;

import java.util.List;
import java.util.stream.Collectors;

/** A change file that cannot be used as it is: every problem found, each with its line and column. */
public final class ChangeFileException extends IllegalArgumentException {
    private final transient List<ChangeProblem> problems;

    public ChangeFileException(List<ChangeProblem> problems) {
        super(problems.stream().map(ChangeProblem::toString).collect(Collectors.joining("; ")));
        this.problems = List.copyOf(problems);
    }

    public List<ChangeProblem> problems() {
        return problems;
    }
}

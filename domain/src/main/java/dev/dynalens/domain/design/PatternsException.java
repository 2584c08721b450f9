package dev.dynalens.domain.design;

import java.util.List;

/** A patterns file that cannot be designed from: every problem found, each with its line and column. */
public final class PatternsException extends IllegalArgumentException {
    private final transient List<PatternsProblem> problems;

    public PatternsException(List<PatternsProblem> problems) {
        super(summary(problems));
        this.problems = List.copyOf(problems);
    }

    public PatternsException(PatternsProblem problem) {
        this(List.of(problem));
    }

    public List<PatternsProblem> problems() {
        return problems;
    }

    private static String summary(List<PatternsProblem> problems) {
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("A PatternsException names at least one problem");
        }
        var first = problems.get(0).toString();
        return problems.size() == 1 ? first : first + " (and " + (problems.size() - 1) + " more)";
    }
}

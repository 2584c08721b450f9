package dev.dynalens.domain.connection;

/** A failed request, already translated into a {@link ConnectionProblem}. */
public class DynamoAccessException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient ConnectionProblem problem;

    public DynamoAccessException(ConnectionProblem problem, Throwable cause) {
        super(problem.message(), cause);
        this.problem = problem;
    }

    public ConnectionProblem problem() {
        return problem;
    }
}

package dev.dynalens.domain.staleness;

/** A rule SPEC that does not parse; {@link #position()} is the 0-based offset of the problem. */
public final class RuleSpecException extends IllegalArgumentException {
    private final String spec;
    private final int position;
    private final String problem;

    RuleSpecException(String problem, String spec, int position) {
        super(problem + " at position " + position + " in \"" + spec + "\"\n  " + spec + "\n  " + " ".repeat(position) + "^");
        this.spec = spec;
        this.position = position;
        this.problem = problem;
    }

    public String spec() {
        return spec;
    }

    public int position() {
        return position;
    }

    /** The problem without the position and the echo of the input. */
    public String problem() {
        return problem;
    }
}

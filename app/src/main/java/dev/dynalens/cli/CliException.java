package dev.dynalens.cli;

/** A usage or input problem the person can fix; printed without a stack trace. */
public final class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CliException(String message) {
        super(message);
    }
}

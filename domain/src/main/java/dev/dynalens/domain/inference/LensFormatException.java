package dev.dynalens.domain.inference;

/** A lens file that cannot be read, with what is wrong and where. */
public final class LensFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public LensFormatException(String message) {
        super(message);
    }

    public LensFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}

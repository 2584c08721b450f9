package dev.dynalens.domain.item;

/** A number DynamoDB would refuse: bad syntax, more than 38 significant digits, or out of range. */
public final class InvalidNumberException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public InvalidNumberException(String message) {
        super(message);
    }
}

package dev.dynalens.domain.editing;

/**
 * The guard an item needs is beyond what DynamoDB accepts in one condition expression (4 KB of expression text, 300
 * operators and functions: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Constraints.html
 * "Expression parameters"). Such a change is not written unguarded: it is refused with this explanation.
 */
public final class GuardTooLargeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public GuardTooLargeException(String message) {
        super(message);
    }
}

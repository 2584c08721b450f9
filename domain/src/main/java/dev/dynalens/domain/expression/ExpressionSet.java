package dev.dynalens.domain.expression;

/**
 * The expressions of one request as trees, before rendering: what a builder edits and what parsing a request gives
 * back. Absent expressions are {@code null}.
 */
public record ExpressionSet(Condition keyCondition, UpdateExpression update, Condition condition, Condition filter,
                            Projection projection) {

    public static final ExpressionSet NONE = new ExpressionSet(null, null, null, null, null);

    public static ExpressionSet update(UpdateExpression update, Condition condition) {
        return new ExpressionSet(null, update, condition, null, null);
    }

    public static ExpressionSet condition(Condition condition) {
        return new ExpressionSet(null, null, condition, null, null);
    }
}

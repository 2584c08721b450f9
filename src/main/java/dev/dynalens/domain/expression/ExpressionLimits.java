package dev.dynalens.domain.expression;

import java.nio.charset.StandardCharsets;

/**
 * DynamoDB's limits on the expressions of one request, in one place (Developer Guide, "Service, account, and table
 * quotas in Amazon DynamoDB" → "Expression parameters"): every expression string is at most 4 KB of UTF-8, a
 * placeholder or attribute name at most 255 bytes, one expression at most 300 operators or functions, an IN at most
 * 100 operands, a document path at most 32 levels deep.
 */
public final class ExpressionLimits {
    public static final int MAX_EXPRESSION_BYTES = 4096;
    public static final int MAX_PLACEHOLDER_BYTES = 255;
    public static final int MAX_OPERATORS = 300;
    public static final int MAX_IN_OPERANDS = 100;
    public static final int MAX_PATH_DEPTH = 32;

    private ExpressionLimits() {
    }

    /** The expression's size as DynamoDB counts it: bytes of UTF-8, not characters. */
    public static int bytes(String expression) {
        return expression.getBytes(StandardCharsets.UTF_8).length;
    }

    /** Whether the expression text is within the 4 KB DynamoDB accepts. */
    public static boolean fitsInExpression(String expression) {
        return bytes(expression) <= MAX_EXPRESSION_BYTES;
    }
}

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
    /**
     * The names and values of one request's expressions together: "The maximum length of all substitution variables in
     * an expression is 2 MB. This is the sum of the lengths of all ExpressionAttributeNames and ExpressionAttributeValues"
     * (same page, "Lengths").
     */
    public static final int MAX_SUBSTITUTION_BYTES = 2 * 1024 * 1024;
    /**
     * Not a DynamoDB limit: how deep the parser lets parentheses, NOT and function calls nest. Deeper nesting needs more
     * than {@link #MAX_OPERATORS} operators, or redundant parentheses, which DynamoDB refuses either way.
     */
    public static final int MAX_NESTING = MAX_OPERATORS + 1;
    /**
     * A document (a map or list attribute) nests at most 32 levels deep (Developer Guide, "Supported data types and
     * naming rules": "DynamoDB supports nested attributes up to 32 levels deep"); a top-level map of scalars is one level.
     */
    public static final int MAX_DOCUMENT_DEPTH = 32;

    private ExpressionLimits() {
    }

    /**
     * How deep the item's documents nest: 0 for an item of scalars and sets, 1 for a top-level map or list of scalars.
     * DynamoDB refuses a write of an item deeper than {@link #MAX_DOCUMENT_DEPTH} ("Nesting Levels have exceeded
     * supported limits").
     */
    public static int documentDepth(dev.dynalens.domain.item.Item item) {
        int deepest = 0;
        for (var value : item.attributes().values()) {
            deepest = Math.max(deepest, depth(value));
        }
        return deepest;
    }

    private static int depth(dev.dynalens.domain.item.AttributeValue value) {
        if (value instanceof dev.dynalens.domain.item.AttributeValue.MapValue m) {
            return 1 + m.values().values().stream().mapToInt(ExpressionLimits::depth).max().orElse(0);
        }
        if (value instanceof dev.dynalens.domain.item.AttributeValue.ListValue l) {
            return 1 + l.values().stream().mapToInt(ExpressionLimits::depth).max().orElse(0);
        }
        return 0;
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

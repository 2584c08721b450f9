package dev.dynalens.domain.expression;

import java.util.Objects;

/**
 * One problem with an expression: what kind, in which expression, where (a character offset into that expression's
 * text, or {@code -1} when the problem has no place, such as an unused placeholder or a failure while applying an
 * update), and a message a person can act on.
 *
 * <p>Each kind names the words DynamoDB's {@code ValidationException} uses for the same problem
 * ({@link Kind#dynamoMessage()}), so tests can compare an error found here with the endpoint's answer.
 */
public record ExpressionError(Kind kind, Field field, String message, int position) {

    /** Where a problem is: one of the request's expressions or its placeholder maps. */
    public enum Field {
        KEY_CONDITION("KeyConditionExpression"), UPDATE("UpdateExpression"), CONDITION("ConditionExpression"),
        FILTER("FilterExpression"), PROJECTION("ProjectionExpression"), NAMES("ExpressionAttributeNames"),
        VALUES("ExpressionAttributeValues"), ITEM("Item");

        private final String requestName;

        Field(String requestName) {
            this.requestName = requestName;
        }

        /** The request parameter's name, as DynamoDB and the SDKs spell it. */
        public String requestName() {
            return requestName;
        }
    }

    /** Problems DynamoDB reports as a ValidationException, found before or while an expression is applied. */
    public enum Kind {
        // --- found by parsing and validating the request ---
        SYNTAX("Syntax error"),
        EMPTY_EXPRESSION("The expression can not be empty"),
        UNKNOWN_NAME("An expression attribute name used in the document path is not defined"),
        UNKNOWN_VALUE("An expression attribute value used in expression is not defined"),
        UNUSED_NAME("Value provided in ExpressionAttributeNames unused in expressions"),
        UNUSED_VALUE("Value provided in ExpressionAttributeValues unused in expressions"),
        INVALID_PLACEHOLDER("contains invalid key"),
        RESERVED_WORD("Attribute name is a reserved keyword"),
        UNKNOWN_FUNCTION("Invalid function name"),
        OPERAND_COUNT("Incorrect number of operands for operator or function"),
        PATH_REQUIRED("Operator or function requires a document path"),
        INCORRECT_OPERAND_TYPE("Incorrect operand type for operator or function"),
        INVALID_TYPE_NAME("Invalid attribute type name found"),
        MISUSED_FUNCTION("The function is not allowed to be used this way in an expression"),
        REDUNDANT_PARENTHESES("The expression has redundant parentheses"),
        OPERANDS_NOT_DISTINCT("The first operand must be distinct from the remaining operands"),
        BETWEEN_BOUND_TYPES("The BETWEEN operator requires same data type for lower and upper bounds"),
        BETWEEN_BOUND_ORDER("The BETWEEN operator requires upper bound to be greater than or equal to lower bound"),
        DUPLICATE_CLAUSE("section can only be used once in an update expression"),
        OVERLAPPING_PATHS("Two document paths overlap with each other"),
        CONFLICTING_PATHS("Two document paths conflict with each other"),
        EXPRESSION_TOO_LONG("Expression size has exceeded the maximum allowed size"),
        PLACEHOLDER_TOO_LONG("exceeds the maximum length of 255"),
        TOO_MANY_OPERATORS("exceeds the maximum number of operators or functions"),
        TOO_MANY_IN_OPERANDS("The IN operator has more than 100 operands"),
        PATH_TOO_DEEP("Nesting Levels have exceeded supported limits"),
        /** Our bound on the parser's recursion ({@link ExpressionLimits#MAX_NESTING}); nesting that deep breaks DynamoDB's operator limit. */
        NESTING_TOO_DEEP("exceeds the maximum number of operators or functions"),
        INVALID_KEY_CONDITION("KeyConditionExpression"),
        KEY_ATTRIBUTE_UPDATE("This attribute is part of the key"),
        // --- found while applying an update to an item ---
        INVALID_UPDATE_PATH("The document path provided in the update expression is invalid for update"),
        MISSING_ATTRIBUTE("The provided expression refers to an attribute that does not exist in the item"),
        INCORRECT_DATA_TYPE("An operand in the update expression has an incorrect data type"),
        NUMBER_OVERFLOW("Number overflow. Attempting to store a number with magnitude larger than supported range"),
        NUMBER_UNDERFLOW("Number underflow. Attempting to store a number with magnitude smaller than supported range"),
        NUMBER_PRECISION("Attempting to store more than 38 significant digits in a Number"),
        ITEM_TOO_DEEP("Nesting Levels have exceeded supported limits"),
        ITEM_TOO_LARGE("Item size to update has exceeded the maximum allowed size");

        private final String dynamoMessage;

        Kind(String dynamoMessage) {
            this.dynamoMessage = dynamoMessage;
        }

        /** The words of DynamoDB's (and dynalite's) ValidationException message for this problem. */
        public String dynamoMessage() {
            return dynamoMessage;
        }

        /** Whether DynamoDB finds this problem only when it applies the update to the stored item. */
        public boolean isRuntime() {
            return ordinal() >= INVALID_UPDATE_PATH.ordinal();
        }
    }

    public ExpressionError {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(message, "message");
    }

    public boolean hasPosition() {
        return position >= 0;
    }

    /** "UpdateExpression at 12: message", for a person. */
    @Override
    public String toString() {
        return field.requestName() + (hasPosition() ? " at " + position : "") + ": " + message;
    }
}

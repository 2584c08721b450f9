package dev.dynalens.domain.expression;

/** One lexical token of an expression, with its character span. */
record Token(Type type, String text, int start, int end) {
    enum Type { IDENTIFIER, NAME_PLACEHOLDER, VALUE_PLACEHOLDER, INDEX, DOT, COMMA, LEFT_PAREN, RIGHT_PAREN,
        LEFT_BRACKET, RIGHT_BRACKET, COMPARATOR, PLUS, MINUS, END }

    boolean is(Type t) {
        return type == t;
    }

    /** A case-insensitive keyword (AND, OR, NOT, BETWEEN, IN, SET, REMOVE, ADD, DELETE). */
    boolean isKeyword(String keyword) {
        return type == Type.IDENTIFIER && text.equalsIgnoreCase(keyword);
    }

    String describe() {
        return type == Type.END ? "the end of the expression" : "'" + text + "'";
    }
}

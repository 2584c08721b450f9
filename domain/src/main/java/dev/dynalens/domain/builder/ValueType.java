package dev.dynalens.domain.builder;

/**
 * How a person types a value in a builder row: one of DynamoDB's types entered as text (a set as comma-separated
 * elements or a JSON array, a list or map as DynamoDB JSON), or {@link #JSON}: one whole DynamoDB JSON value such as
 * {@code {"M": {...}}}.
 */
public enum ValueType {
    S, N, B, BOOL, NULL, SS, NS, BS, L, M, JSON;

    /** Whether a row of this type reads its text as several elements (IN candidates are split the same way). */
    public boolean isSet() {
        return this == SS || this == NS || this == BS;
    }

    /** The type of one element of a set of this type, or this type itself. */
    public ValueType elementType() {
        return switch (this) {
            case SS -> S;
            case NS -> N;
            case BS -> B;
            default -> this;
        };
    }
}

package dev.dynalens.domain.inference;

/**
 * What one segment of a key looks like. Every kind but {@link #LITERAL} is a variable: a value that
 * differs from item to item. The kind is a reading aid and a test handle; a template only keeps
 * "literal or variable".
 */
public enum SegmentKind {
    /** A word that names something: {@code CUSTOMER}, {@code profile}, {@code #META}'s {@code META}, or empty. */
    LITERAL,
    /** An integer or decimal: {@code 42}, {@code -1.5}, {@code 1e3}. */
    NUMBER,
    /** 8-4-4-4-12 hexadecimal digits. */
    UUID,
    /** 26 characters of Crockford base32, the first one 0 to 7. */
    ULID,
    /** 27 base62 characters. */
    KSUID,
    /** At least eight hexadecimal digits, one of them a digit. */
    HEX,
    /** {@code 2024-05-01}, {@code 2024-05}, {@code 2024/05/01}. */
    DATE,
    /** {@code 2024-05-01T10:20:30Z}, {@code 2024-05-01 10:20}, or a time of day such as {@code 10:20}. */
    TIMESTAMP,
    /** Something with an {@code @} between a name and a domain. */
    EMAIL,
    /** Words joined by hyphens, not all upper case: {@code my-first-post}. */
    SLUG,
    /** Letters mixed with digits ({@code player001}), a word ending in capitals after lower case ({@code UserA}), or a long random-looking token. */
    TOKEN,
    /** Anything else: spaces, dots, other punctuation. */
    TEXT;

    public boolean isVariable() {
        return this != LITERAL;
    }
}

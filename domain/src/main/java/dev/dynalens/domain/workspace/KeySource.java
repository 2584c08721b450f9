package dev.dynalens.domain.workspace;

/** Where a workspace table's key schema came from. */
public enum KeySource {
    /** The data model declares it. */
    MODEL,
    /** The person gave it (--key-schema, --gsi, or the dialog). */
    OPTIONS,
    /** Guessed from attribute names present on every item (PK/SK, pk/sk…); may be wrong. */
    GUESSED
}

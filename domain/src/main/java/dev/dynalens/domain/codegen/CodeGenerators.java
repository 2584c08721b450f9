package dev.dynalens.domain.codegen;

import java.util.Objects;

/**
 * Writes the UpdateItem call of a {@link CodeRequest} as source code to paste into a program: the update expression,
 * the optional condition, and the names and values maps in the order the expressions introduced them. Every value is
 * written so that it reaches DynamoDB bit for bit (38-digit numbers as text, binary as bytes, sets as sets). See
 * {@code docs/code-generation.md} for what each language's snippet looks like and what it assumes.
 *
 * <p>Only UpdateItem is generated. Without an update expression the call carries just the key and the condition: a
 * conditional check that fails with ConditionalCheckFailedException when the condition does not hold (and, as any
 * UpdateItem, creates an item of only the key when none exists and the condition allows it: "Edits an existing item's
 * attributes, or adds a new item to the table if it does not already exist", API Reference, UpdateItem).
 *
 * <p>An empty names or values map is left out: DynamoDB refuses an empty {@code ExpressionAttributeNames} or
 * {@code ExpressionAttributeValues} with a ValidationException ("ExpressionAttributeValues must not be empty").
 */
public final class CodeGenerators {
    private CodeGenerators() {
    }

    /**
     * The snippet for {@code language}.
     *
     * @throws IllegalArgumentException when the update cannot be written exactly in that language, with a message
     *                                  saying why: a string with an unpaired surrogate (DynamoDB stores UTF-8), a map
     *                                  key {@code __proto__} in JavaScript (lib-dynamodb drops it), a CLI argument of
     *                                  128 KiB or more, or a NUL character in a CLI expression
     */
    public static String generate(Language language, CodeRequest request) {
        Objects.requireNonNull(language, "language");
        Objects.requireNonNull(request, "request");
        return switch (language) {
            case JAVA -> JavaSnippet.write(request);
            case JAVASCRIPT -> JavaScriptSnippet.write(request);
            case PYTHON -> PythonSnippet.write(request);
            case CLI -> CliSnippet.write(request);
        };
    }

    /**
     * The GetItem or Query call of a {@link ReadCodeRequest} in {@code language}, values written as exactly as an
     * update's are (the same value writers).
     *
     * @throws IllegalArgumentException when a value cannot be written exactly in that language, saying why
     */
    public static String generate(Language language, ReadCodeRequest request) {
        Objects.requireNonNull(language, "language");
        Objects.requireNonNull(request, "request");
        return switch (language) {
            case JAVA -> JavaSnippet.write(request);
            case JAVASCRIPT -> JavaScriptSnippet.write(request);
            case PYTHON -> PythonSnippet.write(request);
            case CLI -> CliSnippet.write(request);
        };
    }
}

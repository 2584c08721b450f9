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
 * UpdateItem, creates an item of only the key when none exists and the condition allows it).
 */
public final class CodeGenerators {
    private CodeGenerators() {
    }

    /**
     * The snippet for {@code language}.
     *
     * @throws IllegalArgumentException when a value cannot be written exactly (a string with an unpaired surrogate,
     *                                  which DynamoDB cannot store as UTF-8)
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
}

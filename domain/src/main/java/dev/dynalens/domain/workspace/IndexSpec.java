package dev.dynalens.domain.workspace;

import java.util.Objects;
import java.util.regex.Pattern;

/** A global secondary index as a person types it: {@code GSI1=GSI1PK,GSI1SK} (types as in {@link KeySpec}). */
public record IndexSpec(String name, KeySpec keys) {
    /** DynamoDB rule (API reference, CreateTable / GlobalSecondaryIndex.IndexName): 3 to 255 of a-z A-Z 0-9 _ - . */
    private static final Pattern INDEX_NAME = Pattern.compile("[a-zA-Z0-9_.-]{3,255}");

    public IndexSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(keys, "keys");
    }

    /**
     * Reads {@code NAME=PK} or {@code NAME=PK,SK}.
     *
     * @throws IllegalArgumentException saying what is wrong and how to write it
     */
    public static IndexSpec parse(String text) {
        var equals = text == null ? -1 : text.indexOf('=');
        if (equals < 0) {
            throw new IllegalArgumentException("Index '" + text + "' needs the form NAME=PK or NAME=PK,SK, like GSI1=GSI1PK,GSI1SK");
        }
        var name = text.substring(0, equals).strip();
        if (!isIndexName(name)) {
            throw new IllegalArgumentException("Index '" + text + "': the index name '" + name
                    + "' must be 3 to 255 characters of a-z, A-Z, 0-9, '_', '-' and '.'");
        }
        try {
            return new IndexSpec(name, KeySpec.parse(text.substring(equals + 1)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Index " + name + ": " + e.getMessage(), e);
        }
    }

    static boolean isIndexName(String name) {
        return INDEX_NAME.matcher(name).matches();
    }

    @Override
    public String toString() {
        return name + "=" + keys;
    }
}

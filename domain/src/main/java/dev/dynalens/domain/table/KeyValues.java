package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;

/** Reads a key value typed by a person into the attribute type the key schema declares. */
public final class KeyValues {
    private KeyValues() {
    }

    /**
     * @throws IllegalArgumentException with a message naming the attribute when the text does not fit the type
     */
    public static AttributeValue parse(String attributeName, KeySchema.ScalarType type, String text) {
        if (text == null) {
            throw new IllegalArgumentException("Enter a value for " + attributeName);
        }
        return switch (type) {
            case S -> {
                if (text.isEmpty()) {
                    throw new IllegalArgumentException("Enter a value for " + attributeName + " (key strings cannot be empty)");
                }
                yield new AttributeValue.Str(text);
            }
            case N -> {
                try {
                    yield new AttributeValue.Num(DynamoNumber.parse(text));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(attributeName + " is a number key: " + e.getMessage(), e);
                }
            }
            case B -> {
                try {
                    var bytes = Bytes.fromBase64(text.strip());
                    if (bytes.length() == 0) {
                        throw new IllegalArgumentException("key binaries cannot be empty");
                    }
                    yield new AttributeValue.Bin(bytes);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(attributeName + " is a binary key, enter it as base64: " + e.getMessage(), e);
                }
            }
        };
    }
}

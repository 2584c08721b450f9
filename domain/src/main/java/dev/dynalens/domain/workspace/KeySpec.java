package dev.dynalens.domain.workspace;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A key schema as a person types it for a file that carries none: {@code PK}, {@code PK,SK}, or
 * with types {@code PK:S,SK:N}. A missing type is read from the items.
 *
 * @param partitionKeyType S, N or B, or null to take it from the data
 * @param sortKey          null for a simple primary key
 * @param sortKeyType      S, N or B, or null to take it from the data
 */
public record KeySpec(String partitionKey, KeySchema.ScalarType partitionKeyType, String sortKey, KeySchema.ScalarType sortKeyType) {
    /** DynamoDB rule (Developer Guide, "Service quotas: attribute names"): key attribute names are 1 to 255 bytes. */
    static final int MAX_KEY_NAME_LENGTH = 255;

    public KeySpec {
        Objects.requireNonNull(partitionKey, "partitionKey");
        if (sortKey == null && sortKeyType != null) {
            throw new IllegalArgumentException("A sort key type needs a sort key");
        }
    }

    /**
     * Reads {@code PK}, {@code PK,SK}, {@code PK:S,SK:N}.
     *
     * @throws IllegalArgumentException saying what is wrong and how to write it
     */
    public static KeySpec parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("A key schema names the partition key and, if the table has one, the sort key: "
                    + "PK or PK,SK (a type may follow a colon: PK:S,SK:N)");
        }
        var parts = text.split(",", -1);
        if (parts.length > 2) {
            throw new IllegalArgumentException("Key schema '" + text + "' names " + parts.length
                    + " attributes; a key has a partition key and at most a sort key: PK or PK,SK");
        }
        var pk = attribute(text, parts[0], "partition key");
        var sk = parts.length == 2 ? attribute(text, parts[1], "sort key") : null;
        if (sk != null && sk.name.equals(pk.name)) {
            throw new IllegalArgumentException("Key schema '" + text + "': the partition key and the sort key must be different attributes");
        }
        return new KeySpec(pk.name, pk.type, sk == null ? null : sk.name, sk == null ? null : sk.type);
    }

    private record Attribute(String name, KeySchema.ScalarType type) {
    }

    private static Attribute attribute(String whole, String part, String role) {
        var colon = part.lastIndexOf(':');
        var name = (colon < 0 ? part : part.substring(0, colon)).strip();
        KeySchema.ScalarType type = null;
        if (colon >= 0) {
            var typeText = part.substring(colon + 1).strip();
            try {
                type = KeySchema.ScalarType.valueOf(typeText.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Key schema '" + whole + "': '" + typeText + "' is not a key type for the "
                        + role + "; use S (string), N (number) or B (binary)");
            }
        }
        if (name.isEmpty()) {
            throw new IllegalArgumentException("Key schema '" + whole + "': the " + role + " name is empty");
        }
        if (name.length() > MAX_KEY_NAME_LENGTH) {
            throw new IllegalArgumentException("Key schema '" + whole.substring(0, 40) + "…': the " + role
                    + " name is longer than DynamoDB's " + MAX_KEY_NAME_LENGTH + " characters");
        }
        return new Attribute(name, type);
    }

    /**
     * The key schema this names, for a table of which {@code sample} are items: a type not given is the type of the first
     * sampled item's value of that attribute ({@code S} when no sampled item has it).
     */
    public KeySchema schemaFor(List<Item> sample) {
        var partition = new KeySchema.KeyAttribute(partitionKey, typeOf(partitionKey, partitionKeyType, sample));
        var sort = sortKey == null ? null : new KeySchema.KeyAttribute(sortKey, typeOf(sortKey, sortKeyType, sample));
        return new KeySchema(partition, sort);
    }

    private static KeySchema.ScalarType typeOf(String name, KeySchema.ScalarType given, List<Item> sample) {
        if (given != null) {
            return given;
        }
        for (var item : sample) {
            var value = item.attributes().get(name);
            if (value instanceof AttributeValue.Num) {
                return KeySchema.ScalarType.N;
            }
            if (value instanceof AttributeValue.Bin) {
                return KeySchema.ScalarType.B;
            }
            if (value != null) {
                return KeySchema.ScalarType.S;
            }
        }
        return KeySchema.ScalarType.S;
    }

    /** {@code PK,SK} or {@code PK:S,SK:N}: the form {@link #parse} reads. */
    @Override
    public String toString() {
        var text = partitionKey + (partitionKeyType == null ? "" : ":" + partitionKeyType);
        return sortKey == null ? text : text + "," + sortKey + (sortKeyType == null ? "" : ":" + sortKeyType);
    }
}

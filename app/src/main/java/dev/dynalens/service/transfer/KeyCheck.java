package dev.dynalens.service.transfer;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.Optional;

/**
 * Whether an item can go into a table with this key schema: every item needs the key attributes, of the
 * key schema's scalar types, and a key string or binary value cannot be empty (Developer Guide,
 * "Supported data types and naming rules in Amazon DynamoDB"). Checked before sending, so the reason
 * names the line rather than a batch.
 */
final class KeyCheck {
    private final KeySchema schema;

    KeyCheck(KeySchema schema) {
        this.schema = schema;
    }

    KeySchema schema() {
        return schema;
    }

    /** The item's key as a person reads it: {@code PK="a", SK="b"}. */
    String keyText(Item item) {
        return dev.dynalens.domain.item.KeyText.named(item, schema.partitionKeyName(), schema.sortKeyName());
    }

    /** Why the item cannot be written, or empty when its key is fine. */
    Optional<String> problem(Item item) {
        var partition = problem(item, schema.partitionKey(), "partition key");
        if (partition.isPresent() || schema.sortKey() == null) {
            return partition;
        }
        return problem(item, schema.sortKey(), "sort key");
    }

    private static Optional<String> problem(Item item, KeySchema.KeyAttribute key, String role) {
        var value = item.attributes().get(key.name());
        if (value == null) {
            return Optional.of("The item has no " + role + " " + key.name() + " (" + key.type() + ")");
        }
        var matches = switch (key.type()) {
            case S -> value instanceof AttributeValue.Str;
            case N -> value instanceof AttributeValue.Num;
            case B -> value instanceof AttributeValue.Bin;
        };
        if (!matches) {
            return Optional.of("The " + role + " " + key.name() + " must be " + key.type() + ", not " + value.type());
        }
        if (value instanceof AttributeValue.Str s && s.value().isEmpty() || value instanceof AttributeValue.Bin b && b.value().length() == 0) {
            return Optional.of("The " + role + " " + key.name() + " is empty; key values cannot be empty");
        }
        return Optional.empty();
    }
}

package dev.dynalens.domain.editing;

import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.Objects;

/** The key rules an edited item must keep. */
public final class KeyCheck {
    private KeyCheck() {
    }

    static boolean isKey(String name, KeySchema keySchema) {
        return name.equals(keySchema.partitionKeyName()) || name.equals(keySchema.sortKeyName());
    }

    /**
     * Throws {@link IllegalArgumentException} with a message for a person when the item lacks a key attribute or has
     * one of the wrong type (key attributes are scalars of the declared type:
     * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/HowItWorks.CoreComponents.html#HowItWorks.CoreComponents.PrimaryKey).
     */
    public static void requireKey(Item item, KeySchema keySchema) {
        check(item, keySchema.partitionKey());
        keySchema.sortKeyAttribute().ifPresent(sort -> check(item, sort));
    }

    private static void check(Item item, KeySchema.KeyAttribute key) {
        var value = item.get(key.name()).orElseThrow(() -> new IllegalArgumentException(
                "The item has no key attribute \"" + key.name() + "\" (" + key.type() + ")."));
        var expected = switch (key.type()) {
            case S -> AttributeType.S;
            case N -> AttributeType.N;
            case B -> AttributeType.B;
        };
        if (value.type() != expected) {
            throw new IllegalArgumentException("The key attribute \"" + key.name() + "\" must be of type " + key.type()
                    + ", not " + value.type() + ".");
        }
        var empty = value instanceof dev.dynalens.domain.item.AttributeValue.Str s && s.value().isEmpty()
                || value instanceof dev.dynalens.domain.item.AttributeValue.Bin b && b.value().length() == 0;
        if (empty) {
            // Key values are at least one byte long (Constraints, "Partition key length" / "Sort key length"):
            // https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Constraints.html
            throw new IllegalArgumentException("The key attribute \"" + key.name() + "\" needs a value; it is empty.");
        }
    }

    static void requireSameKey(Item before, Item after, KeySchema keySchema) {
        if (!sameKey(before, after, keySchema)) {
            throw new IllegalArgumentException("The key of an item cannot change in an edit; duplicate the item under "
                    + "the new key and delete the old one instead.");
        }
    }

    public static boolean sameKey(Item a, Item b, KeySchema keySchema) {
        var pk = keySchema.partitionKeyName();
        var sk = keySchema.sortKeyName();
        return Objects.equals(a.key(pk, sk), b.key(pk, sk));
    }
}

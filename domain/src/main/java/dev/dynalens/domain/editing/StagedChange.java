package dev.dynalens.domain.editing;

import dev.dynalens.domain.item.AttributeChange;
import dev.dynalens.domain.item.ItemDiff;
import dev.dynalens.domain.expression.ExpressionLimits;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One change a person has staged but not yet written: an item to create, an item to change (as read and as edited), or
 * an item to delete (as read). Each turns into exactly one guarded write ({@link #toWrite()}): nothing is written
 * unless the item is still as it was read, so a concurrent change is never overwritten.
 */
public sealed interface StagedChange {
    String tableName();

    KeySchema keySchema();

    /** The item as read from the table; empty for a create. */
    Optional<Item> read();

    /** The item the person wants; empty for a delete. */
    Optional<Item> intended();

    /** The primary key of the item this change is about. */
    default Map<String, AttributeValue> key() {
        var item = read().or(this::intended).orElseThrow();
        return item.key(keySchema().partitionKeyName(), keySchema().sortKeyName());
    }

    /** Per-attribute difference from the item as read (everything added for a create, removed for a delete). */
    default List<AttributeChange> diff() {
        return ItemDiff.between(read().orElse(Item.EMPTY), intended().orElse(Item.EMPTY));
    }

    /** The guarded write; a guard beyond DynamoDB's expression limits throws {@link GuardTooLargeException}. */
    ItemWrite toWrite();

    /** Short verb for lists and reports. */
    String verb();

    /** PutItem with {@code attribute_not_exists(partition key)}: fails if an item with this key appeared meanwhile. */
    record Create(String tableName, KeySchema keySchema, Item item) implements StagedChange {
        public Create {
            Objects.requireNonNull(tableName, "tableName");
            Objects.requireNonNull(keySchema, "keySchema");
            Objects.requireNonNull(item, "item");
            KeyCheck.requireKey(item, keySchema);
        }

        @Override public Optional<Item> read() { return Optional.empty(); }
        @Override public Optional<Item> intended() { return Optional.of(item); }
        @Override public String verb() { return "create"; }

        @Override
        public ItemWrite toWrite() {
            var expressions = new ExpressionBuilder();
            // An item exists exactly when its partition key attribute does:
            // https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.ConditionExpressions.html
            expressions.attributeNotExists(keySchema.partitionKeyName());
            var guard = expressions.guard("the new item");
            return new ItemWrite.Put(tableName, item, guard.expression(), guard.names(), guard.values());
        }
    }

    /**
     * UpdateItem that SETs the changed and added attributes and REMOVEs the removed ones, guarded by: the item exists,
     * every attribute read still has the value read, and every attribute being added is still absent. Attributes
     * someone else added meanwhile that this edit does not touch are kept, not wiped (which a whole-item PutItem would
     * do).
     */
    record Update(String tableName, KeySchema keySchema, Item before, Item after) implements StagedChange {
        public Update {
            Objects.requireNonNull(tableName, "tableName");
            Objects.requireNonNull(keySchema, "keySchema");
            Objects.requireNonNull(before, "before");
            Objects.requireNonNull(after, "after");
            KeyCheck.requireKey(before, keySchema);
            KeyCheck.requireKey(after, keySchema);
            KeyCheck.requireSameKey(before, after, keySchema);
        }

        @Override public Optional<Item> read() { return Optional.of(before); }
        @Override public Optional<Item> intended() { return Optional.of(after); }
        @Override public String verb() { return "update"; }

        @Override
        public ItemWrite toWrite() {
            var changes = diff();
            if (changes.isEmpty()) {
                throw new IllegalStateException("Nothing changed in this item; there is nothing to write.");
            }
            var expressions = new ExpressionBuilder();
            var sets = new ArrayList<String>();
            var removes = new ArrayList<String>();
            for (var change : changes) {
                var name = expressions.name(change.name());
                switch (change.kind()) {
                    case ADDED, CHANGED -> sets.add(name + " = " + expressions.value(change.after().orElseThrow()));
                    case REMOVED -> removes.add(name);
                }
            }
            var update = new StringBuilder();
            if (!sets.isEmpty()) update.append("SET ").append(String.join(", ", sets));
            if (!removes.isEmpty()) update.append(update.isEmpty() ? "" : " ").append("REMOVE ").append(String.join(", ", removes));
            Guards.unchanged(expressions, keySchema, before);
            for (var change : changes) {
                if (change.kind() == AttributeChange.Kind.ADDED) expressions.attributeNotExists(change.name());
            }
            var guard = expressions.guard("this item");
            if (!ExpressionLimits.fitsInExpression(update.toString())) {
                throw new GuardTooLargeException("The update expression for this item is longer than DynamoDB's 4 KB.");
            }
            return new ItemWrite.Update(tableName, key(), update.toString(), guard.expression(), guard.names(), guard.values());
        }
    }

    /** DeleteItem guarded like an update: only while the item still has every value read. */
    record Delete(String tableName, KeySchema keySchema, Item before) implements StagedChange {
        public Delete {
            Objects.requireNonNull(tableName, "tableName");
            Objects.requireNonNull(keySchema, "keySchema");
            Objects.requireNonNull(before, "before");
            KeyCheck.requireKey(before, keySchema);
        }

        @Override public Optional<Item> read() { return Optional.of(before); }
        @Override public Optional<Item> intended() { return Optional.empty(); }
        @Override public String verb() { return "delete"; }

        @Override
        public ItemWrite toWrite() {
            var expressions = new ExpressionBuilder();
            Guards.unchanged(expressions, keySchema, before);
            var guard = expressions.guard("this item");
            return new ItemWrite.Delete(tableName, key(), guard.expression(), guard.names(), guard.values());
        }
    }
}

package dev.dynalens.domain.change;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.write.ItemWrite;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** What a change does to one item, as its plan says, with the writes that do it and what they cost. */
public sealed interface ItemChange {

    /** The item's primary key (before the change). */
    Map<String, AttributeValue> key();

    /** The item as the plan read it; null for a restore (no item was there). */
    Item before();

    /** The writes, each conditional on the item still holding what the plan read; none when nothing is written. */
    default List<ItemWrite> writes() {
        return List.of();
    }

    /** WCU of the writes: the table's and every index's the change touches; none when nothing is written. */
    default CapacityUnits writeUnits() {
        return CapacityUnits.ZERO;
    }

    /**
     * Whether the item as read now (strongly consistent) already shows a change's result: after a write whose condition
     * failed, an item that shows it was written by an earlier, interrupted run (or by this run, when an error hid the
     * answer); one that does not was changed by someone else since the plan.
     *
     * @param atKey    the item at the change's key, or null when there is none
     * @param atNewKey for a move, the item at its new key, or null when there is none (ignored otherwise)
     */
    static boolean shows(ItemChange change, Item atKey, Item atNewKey) {
        if (change instanceof ItemChange.Update update) {
            if (atKey == null) {
                return false;
            }
            for (var name : ConditionalWrites.differing(update.before(), update.after())) {
                if (!Objects.equals(update.after().attributes().get(name), atKey.attributes().get(name))) {
                    return false;
                }
            }
            return true;
        } else if (change instanceof ItemChange.Move move) {
            return atKey == null && atNewKey != null && atNewKey.attributes().equals(move.after().attributes());
        } else if (change instanceof ItemChange.Delete) {
            return atKey == null;
        } else if (change instanceof ItemChange.Restore restore) {
            return atKey != null && atKey.attributes().equals(restore.after().attributes());
        }
        return true;
    }

    /** The item is updated in place (one conditional UpdateItem). */
    record Update(Map<String, AttributeValue> key, Item before, Item after, ItemWrite.Update write, CapacityUnits writeUnits)
            implements ItemChange {
        @Override
        public List<ItemWrite> writes() {
            return List.of(write);
        }
    }

    /**
     * A key attribute changes: the item moves to its new key, the new one put (where no item has that key) and the old one
     * deleted (where it still holds what was read), in one transaction where the endpoint has them.
     */
    record Move(Map<String, AttributeValue> key, Item before, Item after, ItemWrite.Put put, ItemWrite.Delete delete,
                CapacityUnits writeUnits) implements ItemChange {
        @Override
        public List<ItemWrite> writes() {
            return List.of(put, delete);
        }

        /** The item's key after the move. */
        public Map<String, AttributeValue> newKey() {
            var key = new java.util.LinkedHashMap<String, AttributeValue>();
            delete.key().keySet().forEach(name -> key.put(name, after.attributes().get(name)));
            return key;
        }

        /**
         * Without a transaction the put goes first; when the old item then turns out changed since the plan, this takes
         * the put back: the new item deleted where it still holds every attribute that was put.
         */
        public ItemWrite.Delete takeBack() {
            var keyNames = delete.key().keySet();
            var holding = ConditionalWrites.holding(keyNames.iterator().next(),
                    ConditionalWrites.wholeItemOr(after, ConditionalWrites.differing(before, after), keyNames), after);
            return new ItemWrite.Delete(put.tableName(), newKey(), holding.text(), holding.names(), holding.values());
        }
    }

    /** The item is deleted (where it still holds what was read). */
    record Delete(Map<String, AttributeValue> key, Item before, ItemWrite.Delete write, CapacityUnits writeUnits) implements ItemChange {
        @Override
        public List<ItemWrite> writes() {
            return List.of(write);
        }
    }

    /** Nothing is written: the item already is as the change would make it, or a template names an attribute it lacks. */
    record Unchanged(Map<String, AttributeValue> key, Item before, Why why, String detail) implements ItemChange {
        /** Why an item is left as it is. */
        public enum Why {
            /** a template names an attribute the item does not have ({@code detail}: which) */
            MISSING_ATTRIBUTE,
            /** the change would write what the item already holds */
            ALREADY_SO
        }
    }

    /**
     * An item put back where no item has its key: the revert of a delete ({@link RevertPlanner}).
     *
     * @param after the item as it is put
     */
    record Restore(Map<String, AttributeValue> key, Item after, ItemWrite.Put write, CapacityUnits writeUnits) implements ItemChange {
        @Override
        public List<ItemWrite> writes() {
            return List.of(write);
        }

        @Override
        public Item before() {
            return null;
        }
    }

    /** The change would make an item DynamoDB refuses (over 400 KB, nested deeper than 32, a key of the wrong type). */
    record Refused(Map<String, AttributeValue> key, Item before, String reason) implements ItemChange {
    }
}

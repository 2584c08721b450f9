package dev.dynalens.domain.table;

import dev.dynalens.domain.capacity.ItemSizeCalculator;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;

/**
 * An item's size as DynamoDB counts it against the 400 KB item limit and the 1 MB page limit. Kept
 * for the callers that only need the number; the rule lives in {@link ItemSizeCalculator}.
 */
public final class ItemSize {
    private ItemSize() {
    }

    public static long of(Item item) {
        return ItemSizeCalculator.sizeOf(item);
    }

    public static long of(AttributeValue value) {
        return ItemSizeCalculator.sizeOf(value);
    }

    /** UTF-8 length without encoding the string. */
    public static long utf8Length(String s) {
        return ItemSizeCalculator.utf8Length(s);
    }
}

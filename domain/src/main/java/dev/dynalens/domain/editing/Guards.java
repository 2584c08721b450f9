package dev.dynalens.domain.editing;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;

/** The optimistic-concurrency guard shared by updates and deletes. */
final class Guards {
    private Guards() {
    }

    /**
     * The item exists and every non-key attribute still has the value that was read. The key attributes need no
     * comparison: the write addresses the item by them. An attribute someone added meanwhile does not fail this guard
     * (a condition cannot say "no other attributes"); an update keeps such attributes, and a delete removes them with
     * the item, as a plain DeleteItem would.
     */
    static void unchanged(ExpressionBuilder expressions, KeySchema keySchema, Item read) {
        expressions.attributeExists(keySchema.partitionKeyName());
        read.attributes().forEach((name, value) -> {
            if (!KeyCheck.isKey(name, keySchema)) expressions.equalsValue(expressions.name(name), value);
        });
    }
}

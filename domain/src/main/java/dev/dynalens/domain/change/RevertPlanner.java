package dev.dynalens.domain.change;

import dev.dynalens.domain.capacity.CapacityCalculator;
import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ItemSize;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.write.ItemWrite;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What reverting one item of a change does ({@code dynalens change revert}): the writes that put the item back as it was
 * before the change, each conditional on the item still holding what the change wrote, so an item changed since is
 * reported, never overwritten. Pure: no read, no write.
 * <ul>
 * <li>an item updated in place gets the inverse update: the attributes the change set or removed go back, conditional on
 * each still holding what the change wrote;</li>
 * <li>a moved item moves back: the old item is put where no item has its key, and the new one deleted where it still
 * holds every attribute the change wrote (a move, as the change's: one transaction where the endpoint has them);</li>
 * <li>a deleted item is put back where no item has its key.</li>
 * </ul>
 */
public final class RevertPlanner {
    private final TableDescription table;
    private final KeySchema keys;
    private final IndexWriteUnits indexUnits;

    public RevertPlanner(TableDescription table) {
        this.table = Objects.requireNonNull(table, "table");
        this.keys = table.keySchema();
        this.indexUnits = new IndexWriteUnits(table);
    }

    /** The revert of one entry of an undo file. */
    public ItemChange plan(UndoEntry entry) {
        var before = entry.before();
        var after = entry.after();
        long beforeBytes = ItemSize.of(before);
        if (after == null) {
            var put = new ItemWrite.Put(table.name(), before, "attribute_not_exists(#pk)", Map.of("#pk", keys.partitionKeyName()), Map.of());
            return new ItemChange.Restore(entry.key(), before, put, CapacityCalculator.putItem(beforeBytes, OptionalLong.empty())
                    .plus(indexUnits.of(null, before)));
        }
        long afterBytes = ItemSize.of(after);
        var newKey = after.key(keys.partitionKeyName(), keys.sortKeyName());
        if (!newKey.equals(entry.key())) {
            var holding = ConditionalWrites.holding(keys.partitionKeyName(),
                    ConditionalWrites.wholeItemOr(after, ConditionalWrites.differing(before, after), keys.attributeNames()), after);
            var put = new ItemWrite.Put(table.name(), before, "attribute_not_exists(#pk)", Map.of("#pk", keys.partitionKeyName()), Map.of());
            var delete = new ItemWrite.Delete(table.name(), newKey, holding.text(), holding.names(), holding.values());
            CapacityUnits units = CapacityCalculator.transactionalWrite(CapacityCalculator.putItem(beforeBytes, OptionalLong.empty()))
                    .plus(CapacityCalculator.transactionalWrite(CapacityCalculator.deleteItem(OptionalLong.of(afterBytes))))
                    .plus(indexUnits.of(after, null)).plus(indexUnits.of(null, before));
            return new ItemChange.Move(newKey, after, before, put, delete, units);
        }
        var differing = ConditionalWrites.differing(before, after);
        differing.removeAll(keys.attributeNames());
        var holding = ConditionalWrites.holding(keys.partitionKeyName(), differing, after);
        var update = ConditionalWrites.update(table.name(), entry.key(), after, before, holding);
        var units = CapacityCalculator.updateItem(OptionalLong.of(afterBytes), beforeBytes).plus(indexUnits.of(after, before));
        return new ItemChange.Update(entry.key(), after, before, update, units);
    }
}

package dev.dynalens.domain.change;

import dev.dynalens.domain.capacity.CapacityCalculator;
import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.capacity.SizeLimits;
import dev.dynalens.domain.design.ValueTemplate;
import dev.dynalens.domain.expression.ExpressionLimits;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.ItemSize;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.write.ItemWrite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What a change does to each item it selects: the item after it, the conditional writes that make it so, and what they
 * cost in write units, the table's and every global secondary index's it touches. Pure: no read, no write.
 *
 * <p>Every write is conditional on the item still holding what the plan read, so an item changed since the plan is
 * skipped, never overwritten: the item must exist, and each attribute the change reads or writes must still hold its
 * value (or still be absent). A delete, and the delete of a move, check every attribute of the item (up to {@value #MAX_CHECKED} of them; beyond
 * that, those the change reads).
 */
public final class ChangePlanner {
    /** A condition on more attributes than this would approach DynamoDB's 300 operators in one expression. */
    static final int MAX_CHECKED = ConditionalWrites.MAX_CHECKED;
    private final ChangeSpec spec;
    private final TableDescription table;
    private final KeySchema keys;
    private final IndexWriteUnits indexUnits;

    /**
     * @throws ChangeFileException when the change cannot apply to this table, each problem with its place in the file: a
     *                             key attribute removed or renamed, or set from a template that can only make a value of
     *                             another type
     */
    public ChangePlanner(ChangeSpec spec, TableDescription table) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.table = Objects.requireNonNull(table, "table");
        this.keys = table.keySchema();
        this.indexUnits = new IndexWriteUnits(table);
        var problems = new ArrayList<ChangeProblem>();
        for (var removed : spec.remove()) {
            if (keys.attributeNames().contains(removed)) {
                problems.add(new ChangeProblem(spec.position("remove." + removed), "'" + removed + "' is a key attribute of "
                        + table.name() + ": an item cannot lose its key"));
            }
        }
        for (var renamed : spec.rename().keySet()) {
            if (keys.attributeNames().contains(renamed)) {
                problems.add(new ChangeProblem(spec.position("rename." + renamed), "'" + renamed + "' is a key attribute of "
                        + table.name() + ": set the new key attribute with a template instead, which moves each item"));
            }
        }
        for (var entry : spec.set().entrySet()) {
            var type = keyType(entry.getKey());
            if (type != null && type != KeySchema.ScalarType.S && entry.getValue().singleAttribute().isEmpty()) {
                problems.add(new ChangeProblem(spec.position("set." + entry.getKey()), "'" + entry.getKey() + "' is a key of type "
                        + type + ", and the template " + render(entry.getValue()) + " makes a string; a number or binary key is set "
                        + "from one attribute, such as {" + "amount}"));
            }
        }
        if (!problems.isEmpty()) {
            throw new ChangeFileException(problems);
        }
    }

    /** The type a key attribute of the table or of one of its indexes has, or null for an attribute that is no key. */
    private KeySchema.ScalarType keyType(String attribute) {
        var indexKeys = new ArrayList<IndexKey>(List.of(keys.asIndexKey()));
        table.indexes().forEach(index -> indexKeys.add(index.key()));
        for (var key : indexKeys) {
            var found = key.attribute(attribute);
            if (found.isPresent()) {
                return found.get().type();
            }
        }
        return null;
    }

    /** What the change does to one item the plan read. */
    public ItemChange plan(Item before) {
        var key = before.key(keys.partitionKeyName(), keys.sortKeyName());
        if (spec.delete()) {
            var condition = ConditionalWrites.holding(keys.partitionKeyName(), checked(before, true), before);
            var delete = new ItemWrite.Delete(table.name(), key, condition.text(), condition.names(), condition.values());
            return new ItemChange.Delete(key, before, delete, CapacityCalculator.deleteItem(OptionalLong.of(ItemSize.of(before)))
                    .plus(indexUnits(before, null)));
        }
        var after = new LinkedHashMap<>(before.attributes());
        for (var entry : spec.set().entrySet()) {
            AttributeValue value;
            try {
                value = entry.getValue().fill(name -> before.attributes().get(name));
            } catch (IllegalArgumentException e) {
                var missing = entry.getValue().attributes().stream().filter(name -> !before.has(name)).findFirst();
                if (missing.isPresent()) {
                    return new ItemChange.Unchanged(key, before, ItemChange.Unchanged.Why.MISSING_ATTRIBUTE, missing.get());
                }
                return new ItemChange.Refused(key, before, entry.getKey() + ": " + e.getMessage());
            }
            var type = keyType(entry.getKey());
            if (type != null && !ofType(value, type)) {
                return new ItemChange.Refused(key, before, entry.getKey() + " is a key of type " + type + "; the template makes "
                        + dev.dynalens.domain.item.ValueText.literal(value) + ", of another type");
            }
            after.put(entry.getKey(), value);
        }
        spec.remove().forEach(after::remove);
        for (var entry : spec.rename().entrySet()) {
            var value = before.attributes().get(entry.getKey());
            if (value == null) {
                return new ItemChange.Unchanged(key, before, ItemChange.Unchanged.Why.MISSING_ATTRIBUTE, entry.getKey());
            }
            after.remove(entry.getKey());
            after.put(entry.getValue(), value);
        }
        var afterItem = new Item(after);
        if (afterItem.attributes().equals(before.attributes())) {
            return new ItemChange.Unchanged(key, before, ItemChange.Unchanged.Why.ALREADY_SO, "");
        }
        long afterBytes = ItemSize.of(afterItem);
        if (afterBytes > SizeLimits.MAX_ITEM_BYTES) {
            return new ItemChange.Refused(key, before, "the item would be " + afterBytes + " bytes, over DynamoDB's 400 KB");
        }
        if (ExpressionLimits.documentDepth(afterItem) > ExpressionLimits.MAX_DOCUMENT_DEPTH) {
            return new ItemChange.Refused(key, before, "the item would nest deeper than DynamoDB's 32 levels");
        }
        var newKey = afterItem.key(keys.partitionKeyName(), keys.sortKeyName());
        if (!newKey.equals(key)) {
            // the put writes every attribute as read, so the delete checks every one: a change made since is never lost
            var condition = ConditionalWrites.holding(keys.partitionKeyName(), checked(before, true), before);
            var put = new ItemWrite.Put(table.name(), afterItem, "attribute_not_exists(#pk)", Map.of("#pk", keys.partitionKeyName()), Map.of());
            var delete = new ItemWrite.Delete(table.name(), key, condition.text(), condition.names(), condition.values());
            var units = CapacityCalculator.transactionalWrite(CapacityCalculator.putItem(afterBytes, OptionalLong.empty()))
                    .plus(CapacityCalculator.transactionalWrite(CapacityCalculator.deleteItem(OptionalLong.of(ItemSize.of(before)))))
                    .plus(indexUnits(before, null)).plus(indexUnits(null, afterItem));
            return new ItemChange.Move(key, before, afterItem, put, delete, units);
        }
        var condition = ConditionalWrites.holding(keys.partitionKeyName(), checked(before, false), before);
        var update = ConditionalWrites.update(table.name(), key, before, afterItem, condition);
        var units = CapacityCalculator.updateItem(OptionalLong.of(ItemSize.of(before)), afterBytes).plus(indexUnits(before, afterItem));
        return new ItemChange.Update(key, before, afterItem, update, units);
    }

    private static boolean ofType(AttributeValue value, KeySchema.ScalarType type) {
        return switch (type) {
            case S -> value instanceof AttributeValue.Str;
            case N -> value instanceof AttributeValue.Num;
            case B -> value instanceof AttributeValue.Bin;
        };
    }

    /** The attributes a write checks: every attribute of the item for a delete or a move (within bounds), else those read or written. */
    private Set<String> checked(Item before, boolean wholeItem) {
        var readOrWritten = new LinkedHashSet<String>(spec.reads());
        readOrWritten.addAll(spec.writes());
        if (wholeItem) {
            return ConditionalWrites.wholeItemOr(before, readOrWritten, keys.attributeNames());
        }
        var checked = new LinkedHashSet<String>(List.copyOf(readOrWritten).subList(0, Math.min(readOrWritten.size(), MAX_CHECKED)));
        keys.attributeNames().forEach(checked::remove);
        return checked;
    }

    /** What the change costs the table's global secondary indexes ({@link IndexWriteUnits}). */
    CapacityUnits indexUnits(Item before, Item after) {
        return indexUnits.of(before, after);
    }

    private static String render(ValueTemplate template) {
        var text = new StringBuilder();
        for (var part : template.parts()) {
            text.append(part instanceof ValueTemplate.Text t ? t.text() : "{" + ((ValueTemplate.Value) part).attribute() + "}");
        }
        return text.toString();
    }
}

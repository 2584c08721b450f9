package dev.dynalens.domain.change;

import dev.dynalens.domain.capacity.CapacityCalculator;
import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.capacity.SizeLimits;
import dev.dynalens.domain.design.ValueTemplate;
import dev.dynalens.domain.expression.ExpressionLimits;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
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
 * value (or still be absent). A delete checks every attribute of the item (up to {@value #MAX_CHECKED} of them; beyond
 * that, those the change reads).
 */
public final class ChangePlanner {
    /** A condition on more attributes than this would approach DynamoDB's 300 operators in one expression. */
    static final int MAX_CHECKED = 100;
    private final ChangeSpec spec;
    private final TableDescription table;
    private final KeySchema keys;

    /**
     * @throws ChangeFileException when the change cannot apply to this table, each problem with its place in the file: a
     *                             key attribute removed or renamed, or set from a template that can only make a value of
     *                             another type
     */
    public ChangePlanner(ChangeSpec spec, TableDescription table) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.table = Objects.requireNonNull(table, "table");
        this.keys = table.keySchema();
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
            var condition = new Condition(checked(before, true), before);
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
        var condition = new Condition(checked(before, false), before);
        if (!newKey.equals(key)) {
            var put = new ItemWrite.Put(table.name(), afterItem, "attribute_not_exists(#pk)", Map.of("#pk", keys.partitionKeyName()), Map.of());
            var delete = new ItemWrite.Delete(table.name(), key, condition.text(), condition.names(), condition.values());
            var units = CapacityCalculator.transactionalWrite(CapacityCalculator.putItem(afterBytes, OptionalLong.empty()))
                    .plus(CapacityCalculator.transactionalWrite(CapacityCalculator.deleteItem(OptionalLong.of(ItemSize.of(before)))))
                    .plus(indexUnits(before, null)).plus(indexUnits(null, afterItem));
            return new ItemChange.Move(key, before, afterItem, put, delete, units);
        }
        var update = update(before, afterItem, condition);
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

    /** The attributes a write checks: every attribute of the item for a delete (within bounds), else those read or written. */
    private Set<String> checked(Item before, boolean wholeItem) {
        var checked = new LinkedHashSet<String>();
        if (wholeItem && before.attributes().size() <= MAX_CHECKED) {
            checked.addAll(before.attributes().keySet());
        } else {
            checked.addAll(spec.reads());
            checked.addAll(spec.writes());
            if (checked.size() > MAX_CHECKED) {
                checked = new LinkedHashSet<>(List.copyOf(checked).subList(0, MAX_CHECKED));
            }
        }
        keys.attributeNames().forEach(checked::remove);
        return checked;
    }

    /** {@code attribute_exists(#k0) AND #c0 = :c0 AND attribute_not_exists(#c1) …}: the item still holds what was read. */
    private final class Condition {
        private final StringBuilder text = new StringBuilder();
        private final Map<String, String> names = new LinkedHashMap<>();
        private final Map<String, AttributeValue> values = new LinkedHashMap<>();

        Condition(Set<String> attributes, Item before) {
            names.put("#k0", keys.partitionKeyName());
            text.append("attribute_exists(#k0)");
            int i = 0;
            for (var name : attributes) {
                var placeholder = "#c" + i;
                names.put(placeholder, name);
                var value = before.attributes().get(name);
                if (value == null) {
                    text.append(" AND attribute_not_exists(").append(placeholder).append(')');
                } else {
                    values.put(":c" + i, value);
                    text.append(" AND ").append(placeholder).append(" = :c").append(i);
                }
                i++;
            }
        }

        String text() {
            return text.toString();
        }

        Map<String, String> names() {
            return names;
        }

        Map<String, AttributeValue> values() {
            return values;
        }
    }

    /** {@code SET #u0 = :u0 … REMOVE #u3 …} from the difference of the two items, under the condition given. */
    private ItemWrite.Update update(Item before, Item after, Condition condition) {
        var names = new LinkedHashMap<>(condition.names());
        var values = new LinkedHashMap<>(condition.values());
        var sets = new ArrayList<String>();
        var removes = new ArrayList<String>();
        int i = 0;
        for (var entry : after.attributes().entrySet()) {
            if (!entry.getValue().equals(before.attributes().get(entry.getKey()))) {
                names.put("#u" + i, entry.getKey());
                values.put(":u" + i, entry.getValue());
                sets.add("#u" + i + " = :u" + i);
                i++;
            }
        }
        for (var name : before.attributes().keySet()) {
            if (!after.has(name)) {
                names.put("#u" + i, name);
                removes.add("#u" + i);
                i++;
            }
        }
        var expression = new StringBuilder();
        if (!sets.isEmpty()) {
            expression.append("SET ").append(String.join(", ", sets));
        }
        if (!removes.isEmpty()) {
            expression.append(expression.isEmpty() ? "" : " ").append("REMOVE ").append(String.join(", ", removes));
        }
        var key = before.key(keys.partitionKeyName(), keys.sortKeyName());
        return new ItemWrite.Update(table.name(), key, expression.toString(), condition.text(), names, values);
    }

    /**
     * What the change costs the global secondary indexes: an index entry written for each index the item enters, leaves
     * (a delete), or stays in with another key (a delete and a put) or other projected values (one write); each
     * entry's write units from its size (its projected attributes). A null item is one that is not there (before a put,
     * after a delete).
     */
    CapacityUnits indexUnits(Item before, Item after) {
        var units = CapacityUnits.ZERO;
        for (var index : table.globalSecondaryIndexes()) {
            var was = before == null ? null : entry(before, index);
            var is = after == null ? null : entry(after, index);
            if (was == null && is == null) {
                continue;
            }
            if (was == null) {
                units = units.plus(CapacityCalculator.putItem(ItemSize.of(is), OptionalLong.empty()));
            } else if (is == null) {
                units = units.plus(CapacityCalculator.deleteItem(OptionalLong.of(ItemSize.of(was))));
            } else if (!indexKey(was, index).equals(indexKey(is, index))) {
                units = units.plus(CapacityCalculator.deleteItem(OptionalLong.of(ItemSize.of(was))))
                        .plus(CapacityCalculator.putItem(ItemSize.of(is), OptionalLong.empty()));
            } else if (!was.equals(is)) {
                units = units.plus(CapacityCalculator.updateItem(OptionalLong.of(ItemSize.of(was)), ItemSize.of(is)));
            }
        }
        return units;
    }

    /** The item's entry in an index (the attributes it projects), or null when the item lacks the index's keys. */
    private Item entry(Item item, IndexDescription index) {
        for (var name : index.key().attributeNames()) {
            if (!item.has(name)) {
                return null;
            }
        }
        if (index.projection() == IndexDescription.Projection.ALL) {
            return item;
        }
        var projected = new LinkedHashMap<String, AttributeValue>();
        item.attributes().forEach((name, value) -> {
            if (keys.attributeNames().contains(name) || index.key().attributeNames().contains(name)
                    || index.projection() == IndexDescription.Projection.INCLUDE && index.nonKeyAttributes().contains(name)) {
                projected.put(name, value);
            }
        });
        return new Item(projected);
    }

    private static Map<String, AttributeValue> indexKey(Item entry, IndexDescription index) {
        var key = new LinkedHashMap<String, AttributeValue>();
        index.key().attributeNames().forEach(name -> key.put(name, entry.attributes().get(name)));
        return key;
    }

    private static String render(ValueTemplate template) {
        var text = new StringBuilder();
        for (var part : template.parts()) {
            text.append(part instanceof ValueTemplate.Text t ? t.text() : "{" + ((ValueTemplate.Value) part).attribute() + "}");
        }
        return text.toString();
    }
}

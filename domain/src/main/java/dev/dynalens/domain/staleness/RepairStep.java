package dev.dynalens.domain.staleness;

import dev.dynalens.domain.table.Placeholders;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.write.ItemWrite;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One guarded repair: set the copy at {@code copyPath} of the item with {@code key} to {@code newValue}, but only
 * while it still holds {@code oldValue}, the value detection read. A copy changed since then (by its owner, or
 * by an earlier run of the same plan) fails the condition and is left alone.
 *
 * @param rule the rule SPEC that found the copy, for the report
 */
public record RepairStep(Map<String, AttributeValue> key, AttributePath copyPath, AttributeValue oldValue,
                         AttributeValue newValue, String rule) {
    public RepairStep {
        key = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(key, "key")));
        Objects.requireNonNull(copyPath, "copyPath");
        Objects.requireNonNull(oldValue, "oldValue");
        Objects.requireNonNull(newValue, "newValue");
        Objects.requireNonNull(rule, "rule");
        if (oldValue.equals(newValue)) {
            throw new IllegalArgumentException("A repair must change the copy; old and new value are equal");
        }
    }

    /**
     * {@code SET #c0.#c1 = :new} with {@code ConditionExpression #c0.#c1 = :old}. Every name is a placeholder, so no
     * reserved word or odd character (dots, dashes) in an attribute name can break the expression; list positions
     * are written as {@code [n]}, which DynamoDB takes literally (Developer Guide, "Specifying item attributes when
     * using expressions": document paths).
     */
    public ItemWrite.Update toUpdate(String tableName) {
        var placeholders = Placeholders.numbered("#c", ":c");
        var path = placeholders.path(copyPath);
        placeholders.value(":new", newValue);
        placeholders.value(":old", oldValue);
        return new ItemWrite.Update(tableName, key, "SET " + path + " = :new", path + " = :old", placeholders.names(), placeholders.values());
    }
}

package dev.dynalens.domain.change;

import dev.dynalens.domain.design.SourcePosition;
import dev.dynalens.domain.design.ValueTemplate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A bulk change as a file says it (docs/changes.md): which items ({@code where}: an entity type as the lens names it,
 * and/or a condition in the SQL workbench's syntax) and what happens to each: attributes set from value templates over
 * the item's own attributes (written as the design planner writes them: {@code STATUS#{status}}), removed, renamed, or the
 * item deleted.
 *
 * @param table     the table's name
 * @param entity    the entity type the change applies to, or null for every item the condition selects
 * @param condition the condition, as written, or null
 * @param set       attribute → template, in the file's order
 * @param remove    attributes removed
 * @param rename    attribute → its new name
 * @param delete    the matched items are deleted instead
 * @param positions where each part is in the file ({@code table}, {@code where.entity}, {@code where.condition},
 *                  {@code set.NAME}, {@code remove.NAME}, {@code rename.NAME}, {@code delete}), for a problem found later
 */
public record ChangeSpec(String table, String entity, String condition, Map<String, ValueTemplate> set, List<String> remove,
                         Map<String, String> rename, boolean delete, Map<String, SourcePosition> positions) {
    public ChangeSpec {
        Objects.requireNonNull(table, "table");
        set = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(set));
        remove = List.copyOf(remove);
        rename = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(rename));
        positions = Map.copyOf(positions);
    }

    /** The condition, read into a DynamoDB condition; empty when the file gives none. */
    public java.util.Optional<WhereCondition> whereCondition() {
        return condition == null ? java.util.Optional.empty() : java.util.Optional.of(WhereCondition.parse(condition));
    }

    /** Where a part of the file is ({@link SourcePosition#NONE} when not known). */
    public SourcePosition position(String part) {
        return positions.getOrDefault(part, SourcePosition.NONE);
    }

    /** The attributes the change reads from each item: the templates' attributes and the renamed ones. */
    public Set<String> reads() {
        var reads = new LinkedHashSet<String>();
        set.values().forEach(template -> reads.addAll(template.attributes()));
        reads.addAll(rename.keySet());
        return reads;
    }

    /** The attributes the change writes (sets, removes, renames from and to); none for a delete. */
    public Set<String> writes() {
        var writes = new LinkedHashSet<String>(set.keySet());
        writes.addAll(remove);
        writes.addAll(rename.keySet());
        writes.addAll(rename.values());
        return writes;
    }

    /** "set GSI2PK, GSI2SK; remove legacyFlag; rename cust_id → customerId", or "delete". */
    public String describe() {
        if (delete) {
            return "delete";
        }
        var parts = new ArrayList<String>();
        if (!set.isEmpty()) {
            parts.add("set " + String.join(", ", set.keySet()));
        }
        if (!remove.isEmpty()) {
            parts.add("remove " + String.join(", ", remove));
        }
        if (!rename.isEmpty()) {
            parts.add("rename " + String.join(", ", rename.entrySet().stream().map(e -> e.getKey() + " → " + e.getValue()).toList()));
        }
        return String.join("; ", parts);
    }
}

package dev.dynalens.domain.builder;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.List;

/** What an update changes in an item, attribute by attribute (top-level attributes; a nested change shows its attribute). */
public final class ItemDiff {
    private ItemDiff() {
    }

    public enum Kind { ADDED, REMOVED, CHANGED }

    /** One changed attribute; {@code before} is null when added, {@code after} when removed. */
    public record Change(String attribute, Kind kind, AttributeValue before, AttributeValue after) {
    }

    /** The changes from {@code before} to {@code after}: first the attributes of {@code before} in order, then the new ones. */
    public static List<Change> between(Item before, Item after) {
        var changes = new ArrayList<Change>();
        before.attributes().forEach((name, old) -> {
            var now = after.attributes().get(name);
            if (now == null) {
                changes.add(new Change(name, Kind.REMOVED, old, null));
            } else if (!now.equals(old)) {
                changes.add(new Change(name, Kind.CHANGED, old, now));
            }
        });
        after.attributes().forEach((name, now) -> {
            if (!before.attributes().containsKey(name)) {
                changes.add(new Change(name, Kind.ADDED, null, now));
            }
        });
        return changes;
    }
}

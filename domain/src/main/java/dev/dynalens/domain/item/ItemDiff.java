package dev.dynalens.domain.item;

import java.util.ArrayList;
import java.util.List;

/**
 * Attribute-by-attribute difference of two versions of one item: what a staged edit changes, what an update would do
 * in the expression builder's preview, what a conflict found. Top-level attributes; a nested change shows its attribute.
 */
public final class ItemDiff {
    private ItemDiff() {
    }

    /**
     * The attributes added, removed or changed from {@code before} to {@code after}: changed and removed ones in the
     * order of {@code before}, then the added ones in the order of {@code after}. Numbers compare by value, as DynamoDB
     * compares them ({@code 1.50} equals {@code 1.5}); everything else exactly.
     */
    public static List<AttributeChange> between(Item before, Item after) {
        var changes = new ArrayList<AttributeChange>();
        before.attributes().forEach((name, old) -> {
            var now = after.attributes().get(name);
            if (now == null) {
                changes.add(AttributeChange.removed(name, old));
            } else if (!old.equals(now)) {
                changes.add(AttributeChange.changed(name, old, now));
            }
        });
        after.attributes().forEach((name, now) -> {
            if (!before.has(name)) changes.add(AttributeChange.added(name, now));
        });
        return List.copyOf(changes);
    }

    /** One line per change, {@code + name: value}, {@code - name: value}, {@code ~ name: old → new}. */
    public static List<String> lines(List<AttributeChange> changes) {
        return changes.stream().map(ItemDiff::line).toList();
    }

    public static String line(AttributeChange change) {
        return switch (change.kind()) {
            case ADDED -> "+ " + change.name() + ": " + text(change.after().orElseThrow());
            case REMOVED -> "- " + change.name() + ": " + text(change.before().orElseThrow());
            case CHANGED -> "~ " + change.name() + ": " + text(change.before().orElseThrow()) + " → " + text(change.after().orElseThrow());
        };
    }

    private static String text(AttributeValue value) {
        return ValueText.literal(value);
    }
}

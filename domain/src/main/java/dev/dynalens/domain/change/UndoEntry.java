package dev.dynalens.domain.change;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.Map;
import java.util.Objects;

/**
 * One item a change wrote, as its undo file records it: its key and its image before the change, and after it (null for
 * an item the change deleted). An {@code after} under another key is an item the change moved.
 */
public record UndoEntry(Map<String, AttributeValue> key, Item before, Item after) {
    public UndoEntry {
        key = Map.copyOf(Objects.requireNonNull(key, "key"));
        Objects.requireNonNull(before, "before");
    }

    /** The entry of a change that writes, from its plan; empty for one that writes nothing. */
    public static java.util.Optional<UndoEntry> of(ItemChange change) {
        if (change instanceof ItemChange.Update u) {
            return java.util.Optional.of(new UndoEntry(u.key(), u.before(), u.after()));
        } else if (change instanceof ItemChange.Move m) {
            return java.util.Optional.of(new UndoEntry(m.key(), m.before(), m.after()));
        } else if (change instanceof ItemChange.Delete d) {
            return java.util.Optional.of(new UndoEntry(d.key(), d.before(), null));
        }
        return java.util.Optional.empty();
    }
}

package dev.dynalens.export;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The incremental exports' changes folded in order: for each key changed in any window, its last image, or its removal.
 * A full export's item whose key changed is replaced by what this holds (or dropped); the images of keys the full
 * export lacked are items of their own. Held in memory: an incremental export is a window of at most a day of writes.
 */
final class ChangeSet {
    /** A deleted item. */
    private static final Item DELETED = new Item(Map.of("__deleted__", AttributeValue.nul()));
    private final Map<String, Item> changes = new java.util.LinkedHashMap<>();
    private List<String> keyNames;

    void apply(ExportRecord.Change change, String where) {
        var names = List.copyOf(new TreeSet<>(change.keys().keySet()));
        if (keyNames == null) {
            keyNames = names;
        } else if (!keyNames.equals(names)) {
            throw new ExportReadException(where + ": a change keyed by " + names + " in a table keyed by " + keyNames);
        }
        changes.put(keyText(change.keys()), change.newImage() == null ? DELETED : change.newImage());
    }

    boolean isEmpty() {
        return changes.isEmpty();
    }

    int size() {
        return changes.size();
    }

    /** The key attributes' names, sorted, as the changes give them; empty with no change. */
    Optional<List<String>> keyNames() {
        return Optional.ofNullable(keyNames);
    }

    /** Whether a full export's item was changed after it (so the change, not the item, stands). */
    boolean changed(Item item) {
        if (keyNames == null) {
            return false;
        }
        var key = new HashMap<String, AttributeValue>();
        for (var name : keyNames) {
            var value = item.attributes().get(name);
            if (value == null) {
                return false;
            }
            key.put(name, value);
        }
        return changes.containsKey(keyText(key));
    }

    /** The images of the changed keys that were not deleted: every item a change leaves in the table. */
    List<Item> images() {
        var images = new ArrayList<Item>();
        for (var image : changes.values()) {
            if (image != DELETED) {
                images.add(image);
            }
        }
        return images;
    }

    private static String keyText(Map<String, AttributeValue> key) {
        var text = new StringBuilder();
        for (var name : new TreeSet<>(key.keySet())) {
            text.append(name).append('=').append(DynamoJsonCodec.writeValue(key.get(name))).append('\u0000');
        }
        return text.toString();
    }
}

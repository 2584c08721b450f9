package dev.dynalens.export;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.Map;
import java.util.Objects;

/** One line of a data file: an item of a full export, or a change of an incremental one. */
sealed interface ExportRecord {

    /** An item of a full export ({@code {"Item": …}}). */
    record Full(Item item) implements ExportRecord {
        public Full {
            Objects.requireNonNull(item, "item");
        }
    }

    /**
     * A change of an incremental export: the item's key and its image after the window, or null when it was deleted (a
     * record with no {@code NewImage}).
     */
    record Change(Map<String, AttributeValue> keys, Item newImage) implements ExportRecord {
        public Change {
            keys = Map.copyOf(keys);
        }
    }
}

package dev.dynalens.domain.inference;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.Optional;

/**
 * How a table names its items and reads their keys: what the passes that come after naming (rule inference, detection
 * of stale copies) ask. An {@link EntityClassifier} that has read the table answers it (on its one thread), and so does
 * the {@link TableNaming} frozen from it or merged from the parts of a table (on any thread, on any machine).
 */
public interface Naming {
    TableKeys keys();

    /** The entity name of an item. */
    String entityOf(Item item);

    /** The partition-key template of an item, if it has a partition key. */
    Optional<KeyTemplate> partitionKeyTemplateOf(Item item);

    /** The sort-key template of an item, if it has a sort key. */
    Optional<KeyTemplate> sortKeyTemplateOf(Item item);

    /** The template of an attribute's key value (an index's key, or any attribute's). */
    Optional<KeyTemplate> templateOf(String attribute, AttributeValue value);
}

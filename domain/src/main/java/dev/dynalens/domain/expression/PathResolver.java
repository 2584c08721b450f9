package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;

/** Finds the value a document path names in an item. */
final class PathResolver {
    private PathResolver() {
    }

    /** The value at the path, or null when any step is missing, out of range or of the wrong kind. */
    static AttributeValue resolve(Item item, AttributePath path) {
        AttributeValue current = item.attributes().get(path.attributeName());
        for (int i = 1; i < path.elements().size() && current != null; i++) {
            current = step(current, path.elements().get(i));
        }
        return current;
    }

    static AttributeValue step(AttributeValue container, AttributePath.Element element) {
        if (element instanceof AttributePath.Key key && container instanceof AttributeValue.MapValue map) {
            return map.values().get(key.name());
        }
        if (element instanceof AttributePath.Index index && container instanceof AttributeValue.ListValue list) {
            return index.index() < list.values().size() ? list.values().get(index.index()) : null;
        }
        return null;
    }
}

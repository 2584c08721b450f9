package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Applies a ProjectionExpression to an item as DynamoDB does (Developer Guide, "Projection expressions"): only the
 * named paths are kept; a nested path keeps the maps around it, holding only what was named; list elements named by
 * position come back as a list of those elements, in position order. A path the item lacks is left out.
 */
public final class ProjectionEvaluator {
    private ProjectionEvaluator() {
    }

    public static Item project(Item item, Projection projection) {
        var root = new Node();
        for (var path : projection.paths()) {
            if (PathResolver.resolve(item, path) != null) {
                root.add(path.elements(), 0);
            }
        }
        var out = new LinkedHashMap<String, AttributeValue>();
        root.keys.forEach((name, node) -> out.put(name, node.build(item.attributes().get(name))));
        return new Item(out);
    }

    /** The paths kept below one value: by key (maps) or by position (lists); a leaf keeps the whole value. */
    private static final class Node {
        final Map<String, Node> keys = new LinkedHashMap<>();
        final TreeMap<Integer, Node> positions = new TreeMap<>();
        boolean whole;

        void add(List<AttributePath.Element> elements, int at) {
            if (at == elements.size()) {
                whole = true;
                return;
            }
            var element = elements.get(at);
            Node child;
            if (element instanceof AttributePath.Key key) {
                child = keys.computeIfAbsent(key.name(), k -> new Node());
            } else if (element instanceof AttributePath.Index index) {
                child = positions.computeIfAbsent(index.index(), k -> new Node());
            } else {
                throw new IllegalStateException("unexpected " + element.getClass());
            }
            child.add(elements, at + 1);
        }

        AttributeValue build(AttributeValue value) {
            if (whole || value == null) {
                return value;
            }
            if (value instanceof AttributeValue.MapValue map && !keys.isEmpty()) {
                var out = new LinkedHashMap<String, AttributeValue>();
                keys.forEach((name, node) -> {
                    var inner = map.values().get(name);
                    if (inner != null) {
                        out.put(name, node.build(inner));
                    }
                });
                return new AttributeValue.MapValue(out);
            }
            if (value instanceof AttributeValue.ListValue list && !positions.isEmpty()) {
                var out = new ArrayList<AttributeValue>();
                positions.forEach((position, node) -> {
                    if (position < list.values().size()) {
                        out.add(node.build(list.values().get(position)));
                    }
                });
                return new AttributeValue.ListValue(out);
            }
            return value;
        }
    }
}

package dev.dynalens.domain.staleness;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.staleness.DenormalizationRule.KeyPart;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * An item's string and number leaves as parallel arrays (cheaper than a map on the hot path), and how inference collects
 * them in both passes ({@link RuleInference}, {@link SourceIndex}).
 */
final class Leaves {
    AttributePath[] paths = new AttributePath[16];
    AttributeValue[] values = new AttributeValue[16];
    /** The path's node where it has one (pass 2), else null. */
    PathNode[] nodes = new PathNode[16];
    int size;

    void add(AttributePath path, AttributeValue value) {
        add(path, null, value);
    }

    void add(AttributePath path, PathNode node, AttributeValue value) {
        if (size == paths.length) {
            paths = Arrays.copyOf(paths, size * 2);
            values = Arrays.copyOf(values, size * 2);
            nodes = Arrays.copyOf(nodes, size * 2);
        }
        paths[size] = path;
        nodes[size] = node;
        values[size++] = value;
    }


    static void collect(PathNode node, AttributeValue value, int depth, int maxDepth, Leaves out) {
        if (value instanceof AttributeValue.Str s) {
            out.add(node.path, node, s);
        } else if (value instanceof AttributeValue.Num n) {
            out.add(node.path, node, n);
        } else if (value instanceof AttributeValue.MapValue map && depth < maxDepth) {
            map.values().forEach((name, child) -> collect(node.child(name), child, depth + 1, maxDepth, out));
        }
    }

    static void collect(AttributePath path, AttributeValue value, int depth, int maxDepth, Leaves out) {
        if (value instanceof AttributeValue.Str s) {
            out.add(path, s);
        } else if (value instanceof AttributeValue.Num n) {
            out.add(path, n);
        } else if (value instanceof AttributeValue.MapValue map && depth < maxDepth) {
            map.values().forEach((name, child) -> collect(path.key(name), child, depth + 1, maxDepth, out));
        }
    }

    /**
     * A leaf path and the paths below it, each made once: items of an entity have the same few attribute names. A map
     * with more keys than {@link #MAX_CHILDREN} (keys that are ids) has the further ones made afresh, so this stays small.
     */
    static final class PathNode {
        static final int MAX_CHILDREN = 1024;
        final AttributePath path;
        private Map<String, PathNode> children;
        private KeyPart whole;

        PathNode(AttributePath path) {
            this.path = path;
        }

        /** The path's whole value as a key part, made once. */
        KeyPart whole() {
            if (whole == null) {
                whole = new KeyPart(path, 0);
            }
            return whole;
        }

        PathNode child(String name) {
            if (children == null) {
                children = new HashMap<>();
            }
            var child = children.get(name);
            if (child == null) {
                child = new PathNode(path == null ? AttributePath.of(name) : path.key(name));
                if (children.size() < MAX_CHILDREN) {
                    children.put(name, child);
                }
            }
            return child;
        }
    }
}

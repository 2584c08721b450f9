package dev.dynalens.domain.workspace;

import dev.dynalens.domain.item.AttributePath.Trail;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads items written in DynamoDB JSON by people and tools that were not strict about it, the way a
 * person would read them, and says where it had to.
 *
 * <p>A typed value ({@code {"S": "x"}}, {@code {"M": {...}}}) is read as DynamoDB reads it. Where a
 * typed value is expected but the JSON is something else, it is read as plain JSON: a string is S,
 * a number N, true/false BOOL, null NULL, an array L, an object M (AWS's ConnectedVehicles model
 * puts plain JSON inside "M"). A map wrapped twice, {@code {"M": {"M": {...}}}}, is read as one map
 * (AWS's GamePlayerProfiles model) unless the inner object is itself a typed value, which makes it a
 * map with an attribute named M. Small slips are mended: a number given as a JSON number, a set with
 * repeated elements; an empty set, which DynamoDB cannot store, is left out. Each of these is a
 * {@link Leniency}; nothing makes an item unreadable.
 */
final class LenientItems {
    static final Set<String> TYPES = Set.of("S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS");

    enum Kind {
        PLAIN("plain JSON where DynamoDB JSON was expected, read as plain values"),
        DOUBLE_MAP("a map wrapped twice, {\"M\": {\"M\": {…}}}, read as one map"),
        JSON_NUMBER("a number given as a JSON number instead of a string"),
        NOT_A_STRING("\"S\" with a value that is not a string, read as its text"),
        BOOL_AS_STRING("\"BOOL\" with \"true\" or \"false\" as a string"),
        NULL_NOT_TRUE("\"NULL\" with a value other than true, read as null"),
        BAD_NUMBER("a number DynamoDB cannot store, read as a string"),
        BAD_BASE64("a binary value that is not base64, read as a string"),
        EMPTY_SET("an empty set, left out (DynamoDB has no empty sets)"),
        SET_DUPLICATES("a set with repeated elements, each kept once"),
        DUPLICATE_NAME("a name given twice, the last value kept"),
        WRONG_CONTENT("a type descriptor whose content is not of that type, read as plain JSON");

        final String description;

        Kind(String description) {
            this.description = description;
        }

        /**
         * Whether reading a key attribute this way would change what the file says the key is: its type ({"N": "notnum"}
         * read as a string, {"S": 5} as the string "5"), or which of two values it is. An import refuses such an item.
         */
        boolean changesAKey() {
            return switch (this) {
                case NOT_A_STRING, BOOL_AS_STRING, NULL_NOT_TRUE, BAD_NUMBER, BAD_BASE64, DUPLICATE_NAME, WRONG_CONTENT -> true;
                case PLAIN, DOUBLE_MAP, JSON_NUMBER, EMPTY_SET, SET_DUPLICATES -> false;
            };
        }

        /** What was read, in a sentence's words. */
        String description() {
            return description;
        }
    }

    /**
     * One place where the reading was lenient.
     *
     * @param attribute the top-level attribute it is in, or null for the item as a whole
     */
    record Leniency(Kind kind, String path, String attribute, int line, int column) {
    }

    private final List<Leniency> leniencies = new ArrayList<>();

    private LenientItems() {
    }

    /** Reads an item (the object of attribute names to typed values), recording every leniency in {@code out}. */
    static Item item(JsonTree.Obj object, List<Leniency> out) {
        var reader = new LenientItems();
        var attributes = reader.typedEntries(object, Trail.ROOT);
        out.addAll(reader.leniencies);
        return new Item(attributes);
    }

    /** One sentence for one item's leniencies, grouped by kind: "… at a.b, c; … at d". */
    static String describe(List<Leniency> leniencies) {
        var byKind = new TreeMap<Kind, List<String>>();
        for (var leniency : leniencies) {
            var paths = byKind.computeIfAbsent(leniency.kind(), k -> new ArrayList<>());
            if (!paths.contains(leniency.path())) {
                paths.add(leniency.path());
            }
        }
        return byKind.entrySet().stream().map(e -> e.getKey().description + " at " + paths(e.getValue()))
                .collect(Collectors.joining("; "));
    }

    private static String paths(List<String> paths) {
        final int shown = 5;
        var text = String.join(", ", paths.subList(0, Math.min(shown, paths.size())));
        return paths.size() <= shown ? text : text + " and " + (paths.size() - shown) + " more";
    }

    // ---- typed reading ----

    private Map<String, AttributeValue> typedEntries(JsonTree.Obj object, Trail path) {
        return entries(object, path, this::typed);
    }

    private Map<String, AttributeValue> entries(JsonTree.Obj object, Trail path, ValueReader reader) {
        var map = new LinkedHashMap<String, AttributeValue>();
        for (int i = 0; i < object.size(); i++) {
            var name = object.names().get(i);
            var valueNode = object.values().get(i);
            var at = path.attribute(name);
            var value = reader.read(valueNode, at);
            if (map.containsKey(name)) {
                note(Kind.DUPLICATE_NAME, at, valueNode);
                map.remove(name);
            }
            if (value != null) {
                map.put(name, value);
            }
        }
        return map;
    }

    @FunctionalInterface
    private interface ValueReader {
        /** The value, or null to leave it out. */
        AttributeValue read(JsonTree node, Trail path);
    }

    /** A value where DynamoDB JSON expects a typed value; null when it is to be left out. */
    private AttributeValue typed(JsonTree node, Trail path) {
        if (node instanceof JsonTree.Obj object && object.size() == 1 && TYPES.contains(object.names().get(0))) {
            var read = typedContent(object.names().get(0), object.values().get(0), path);
            if (read != NOT_TYPED) {
                return read;
            }
            note(Kind.WRONG_CONTENT, path, node);
            return plain(node, path);
        }
        note(Kind.PLAIN, path, node);
        return plain(node, path);
    }

    /**
     * Returned (compared by identity) for content that does not fit its type descriptor at all, such as
     * {"S": [1]}: the whole object is then read as plain JSON.
     */
    private static final AttributeValue NOT_TYPED = new AttributeValue.Str("not a typed value");

    private AttributeValue typedContent(String type, JsonTree content, Trail path) {
        return switch (type) {
            case "S" -> {
                if (content instanceof JsonTree.Scalar s && s.isString()) {
                    yield new AttributeValue.Str(s.text());
                }
                if (content instanceof JsonTree.Scalar s && (s.isNumber() || s.isBoolean())) {
                    note(Kind.NOT_A_STRING, path, content);
                    yield new AttributeValue.Str(s.text());
                }
                yield NOT_TYPED;
            }
            case "N" -> {
                if (content instanceof JsonTree.Scalar s && (s.isString() || s.isNumber())) {
                    if (s.isNumber()) {
                        note(Kind.JSON_NUMBER, path, content);
                    }
                    yield number(s, path);
                }
                yield NOT_TYPED;
            }
            case "B" -> {
                if (content instanceof JsonTree.Scalar s && s.isString()) {
                    yield binary(s, path);
                }
                yield NOT_TYPED;
            }
            case "BOOL" -> {
                if (content instanceof JsonTree.Scalar s && s.isBoolean()) {
                    yield AttributeValue.bool(Boolean.parseBoolean(s.text()));
                }
                if (content instanceof JsonTree.Scalar s && s.isString() && (s.text().equals("true") || s.text().equals("false"))) {
                    note(Kind.BOOL_AS_STRING, path, content);
                    yield AttributeValue.bool(Boolean.parseBoolean(s.text()));
                }
                yield NOT_TYPED;
            }
            case "NULL" -> {
                if (content instanceof JsonTree.Scalar s) {
                    if (!s.text().equals("true")) {
                        note(Kind.NULL_NOT_TRUE, path, content);
                    }
                    yield AttributeValue.nul();
                }
                yield NOT_TYPED;
            }
            case "L" -> {
                if (content instanceof JsonTree.Arr array) {
                    var values = new ArrayList<AttributeValue>();
                    for (int i = 0; i < array.elements().size(); i++) {
                        var value = typed(array.elements().get(i), path.element(i));
                        if (value != null) {
                            values.add(value);
                        }
                    }
                    yield new AttributeValue.ListValue(values);
                }
                yield NOT_TYPED;
            }
            case "M" -> {
                if (content instanceof JsonTree.Obj object) {
                    yield new AttributeValue.MapValue(typedEntries(unwrapDoubleMap(object, path), path));
                }
                yield NOT_TYPED;
            }
            case "SS" -> set(content, path, "SS", s -> s.isString() ? s.text() : null);
            case "NS" -> set(content, path, "NS", s -> {
                if (!s.isString() && !s.isNumber()) {
                    return null;
                }
                try {
                    return DynamoNumber.parse(s.text());
                } catch (IllegalArgumentException e) {
                    return null;
                }
            });
            case "BS" -> set(content, path, "BS", s -> {
                if (!s.isString()) {
                    return null;
                }
                try {
                    return Bytes.fromBase64(s.text());
                } catch (IllegalArgumentException e) {
                    return null;
                }
            });
            default -> NOT_TYPED;
        };
    }

    /**
     * {"M": {"M": {"HP": {"N": "50"}}}}: the content of the outer M is an object whose only entry is
     * M, and that entry is not a typed value, so it cannot be a map with an attribute named M.
     */
    private JsonTree.Obj unwrapDoubleMap(JsonTree.Obj content, Trail path) {
        var current = content;
        while (current.size() == 1 && current.names().get(0).equals("M")
                && current.values().get(0) instanceof JsonTree.Obj inner && !isTypedShape(inner)) {
            note(Kind.DOUBLE_MAP, path, current);
            current = inner;
        }
        return current;
    }

    private static boolean isTypedShape(JsonTree.Obj object) {
        return object.size() == 1 && TYPES.contains(object.names().get(0));
    }

    private <T> AttributeValue set(JsonTree content, Trail path, String type, Function<JsonTree.Scalar, T> element) {
        if (!(content instanceof JsonTree.Arr array)) {
            return NOT_TYPED;
        }
        var elements = new LinkedHashSet<T>();
        boolean repeated = false;
        boolean jsonNumbers = false;
        for (var node : array.elements()) {
            if (!(node instanceof JsonTree.Scalar scalar)) {
                return NOT_TYPED;
            }
            var value = element.apply(scalar);
            if (value == null) {
                return NOT_TYPED;
            }
            jsonNumbers |= scalar.isNumber();
            repeated |= !elements.add(value);
        }
        if (jsonNumbers) {
            note(Kind.JSON_NUMBER, path, content);
        }
        if (repeated) {
            note(Kind.SET_DUPLICATES, path, content);
        }
        if (elements.isEmpty()) {
            note(Kind.EMPTY_SET, path, content);
            return null;
        }
        @SuppressWarnings("unchecked")
        AttributeValue set = switch (type) {
            case "SS" -> new AttributeValue.StringSet((Set<String>) elements);
            case "NS" -> new AttributeValue.NumberSet((Set<DynamoNumber>) elements);
            default -> new AttributeValue.BinarySet((Set<Bytes>) elements);
        };
        return set;
    }

    private AttributeValue number(JsonTree.Scalar scalar, Trail path) {
        try {
            return new AttributeValue.Num(DynamoNumber.parse(scalar.text()));
        } catch (IllegalArgumentException e) {
            note(Kind.BAD_NUMBER, path, scalar);
            return new AttributeValue.Str(scalar.text());
        }
    }

    private AttributeValue binary(JsonTree.Scalar scalar, Trail path) {
        try {
            return new AttributeValue.Bin(Bytes.fromBase64(scalar.text()));
        } catch (IllegalArgumentException e) {
            note(Kind.BAD_BASE64, path, scalar);
            return new AttributeValue.Str(scalar.text());
        }
    }

    // ---- plain reading ----

    private AttributeValue plain(JsonTree node, Trail path) {
        if (node instanceof JsonTree.Scalar s && s.isString()) {
            return new AttributeValue.Str(s.text());
        } else if (node instanceof JsonTree.Scalar s && s.isNumber()) {
            return number(s, path);
        } else if (node instanceof JsonTree.Scalar s && s.isBoolean()) {
            return AttributeValue.bool(Boolean.parseBoolean(s.text()));
        } else if (node instanceof JsonTree.Scalar) {
            return AttributeValue.nul();
        } else if (node instanceof JsonTree.Arr array) {
            var values = new ArrayList<AttributeValue>();
            for (int i = 0; i < array.elements().size(); i++) {
                values.add(plain(array.elements().get(i), path.element(i)));
            }
            return new AttributeValue.ListValue(values);
        } else if (node instanceof JsonTree.Obj object) {
            return new AttributeValue.MapValue(entries(object, path, this::plain));
        } else {
            throw new IllegalStateException("unexpected " + node.getClass());
        }
    }

    private void note(Kind kind, Trail path, JsonTree node) {
        leniencies.add(new Leniency(kind, path.isRoot() ? "(item)" : path.toString(), attributeOf(path), node.line(), node.column()));
    }

    /** The top-level attribute a path is in, or null for the item itself. */
    private static String attributeOf(Trail path) {
        if (path.isRoot()) {
            return null;
        }
        var step = path;
        while (!step.parent().isRoot()) {
            step = step.parent();
        }
        return step.name();
    }

}

package dev.dynalens.domain.change;

import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.design.SourcePosition;
import dev.dynalens.domain.design.SourceTree;
import dev.dynalens.domain.design.SourceTree.ListNode;
import dev.dynalens.domain.design.SourceTree.MapNode;
import dev.dynalens.domain.design.SourceTree.Node;
import dev.dynalens.domain.design.SourceTree.ScalarNode;
import dev.dynalens.domain.design.ValueTemplate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads a change file (YAML or JSON): {@code table}, {@code where} ({@code entity} and/or {@code condition}), and
 * {@code set}, {@code remove}, {@code rename}, or {@code delete: true}. Every problem is reported with its line and column,
 * all at once, before anything is read or written.
 */
public final class ChangeFileReader {
    private static final List<String> TOP_KEYS = List.of("table", "where", "set", "remove", "rename", "delete");
    private static final List<String> WHERE_KEYS = List.of("entity", "condition");
    private final List<ChangeProblem> problems = new ArrayList<>();
    private final Map<String, SourcePosition> positions = new HashMap<>();

    private ChangeFileReader() {
    }

    /**
     * @throws ChangeFileException with every problem found
     */
    public static ChangeSpec read(String text) {
        return new ChangeFileReader().readFile(text);
    }

    private ChangeSpec readFile(String text) {
        Node root;
        try {
            root = SourceTree.read(text, this::problem);
        } catch (SourceTree.SyntaxException e) {
            throw new ChangeFileException(List.of(new ChangeProblem(e.position(), e.getMessage())));
        }
        if (!(root instanceof MapNode top)) {
            throw new ChangeFileException(List.of(new ChangeProblem(root == null ? new SourcePosition(1, 1) : root.position(),
                    "a change file is a map with table, where, and set, remove, rename or delete")));
        }
        unknownKeys(top, TOP_KEYS, "a change file has");
        var table = requiredText(top, "table", "the table the change is for");
        String entity = null;
        String condition = null;
        var where = top.value("where");
        if (where == null) {
            problem(top.position(), "where is missing: an entity type and/or a condition choose the items to change "
                    + "(a change of every item says so: where: {condition: \"attribute_exists(PK)\"})");
        } else if (where instanceof MapNode whereMap) {
            unknownKeys(whereMap, WHERE_KEYS, "where has");
            entity = optionalText(whereMap, "entity", "where.entity");
            condition = optionalText(whereMap, "condition", "where.condition");
            if (condition != null) {
                try {
                    WhereCondition.parse(condition);
                } catch (WhereCondition.Invalid e) {
                    var at = positions.get("where.condition");
                    problem(within(text, at, e.offset()), "the condition: " + e.getMessage() + " (column " + (e.offset() + 1)
                            + " of the condition)");
                }
            }
            if (entity == null && condition == null) {
                problem(whereMap.position(), "where names an entity type, a condition, or both");
            }
        } else {
            problem(where.position(), "where is a map: entity and/or condition");
        }
        var set = set(top.value("set"));
        var remove = names(top.value("remove"), "remove");
        var rename = rename(top.value("rename"));
        boolean delete = delete(top.value("delete"));
        if (delete && (!set.isEmpty() || !remove.isEmpty() || !rename.isEmpty())) {
            problem(positions.get("delete"), "delete: true deletes the items; it goes with no set, remove or rename");
        }
        if (!delete && Stream.of("set", "remove", "rename", "delete").noneMatch(top.entries()::containsKey)) {
            problem(top.position(), "the change does nothing: give set, remove, rename or delete: true");
        }
        for (var removed : remove) {
            if (set.containsKey(removed)) {
                problem(positions.get("remove." + removed), "'" + removed + "' is both set (" + positions.get("set." + removed)
                        + ") and removed");
            }
        }
        var targets = new HashMap<String, String>();
        for (var entry : rename.entrySet()) {
            var from = entry.getKey();
            var to = entry.getValue();
            var at = positions.get("rename." + from);
            if (set.containsKey(from) || remove.contains(from)) {
                problem(at, "'" + from + "' is renamed and also " + (set.containsKey(from) ? "set" : "removed"));
            }
            if (set.containsKey(to) || rename.containsKey(to)) {
                problem(at, "'" + from + "' is renamed to '" + to + "', which the change also " + (set.containsKey(to) ? "sets" : "renames"));
            }
            if (from.equals(to)) {
                problem(at, "'" + from + "' is renamed to itself");
            }
            var other = targets.put(to, from);
            if (other != null) {
                problem(at, "'" + from + "' and '" + other + "' are both renamed to '" + to + "'");
            }
        }
        if (!problems.isEmpty()) {
            throw new ChangeFileException(problems);
        }
        return new ChangeSpec(table, entity, condition, set, remove, rename, delete, positions);
    }

    /** Where a character of a scalar is: its line, and its column moved past a quote the scalar is written in. */
    private static SourcePosition within(String text, SourcePosition scalar, int offset) {
        if (scalar == null || !scalar.known()) {
            return SourcePosition.NONE;
        }
        var lines = text.split("\n", -1);
        int column = scalar.column();
        if (scalar.line() <= lines.length) {
            var line = lines[scalar.line() - 1];
            if (column - 1 < line.length() && (line.charAt(column - 1) == '"' || line.charAt(column - 1) == '\'')) {
                column++;
            }
        }
        return new SourcePosition(scalar.line(), column + offset);
    }

    private Map<String, ValueTemplate> set(Node node) {
        var set = new LinkedHashMap<String, ValueTemplate>();
        if (node == null) {
            return set;
        }
        if (!(node instanceof MapNode map)) {
            problem(node.position(), "set is a map of attribute names to value templates, such as GSI2PK: \"STATUS#{status}\"");
            return set;
        }
        for (var entry : map.entries().entrySet()) {
            var name = entry.getKey();
            positions.put("set." + name, entry.getValue().keyPosition());
            if (!(entry.getValue().value() instanceof ScalarNode scalar) || scalar.token() == JsonToken.VALUE_NULL) {
                problem(entry.getValue().value().position(), "the value of " + name + " is a template, such as \"STATUS#{status}\"");
                continue;
            }
            try {
                var template = ValueTemplate.parse(scalar.text());
                if (template.parts().stream().anyMatch(p -> p instanceof ValueTemplate.Value v && v.bound() != ValueTemplate.Bound.VALUE)) {
                    problem(scalar.position(), "the template of " + name + " takes the item's own attributes ({attr}); a bound "
                            + "(:from, :to) is for an access pattern's range");
                    continue;
                }
                set.put(name, template);
            } catch (IllegalArgumentException e) {
                problem(scalar.position(), "the template of " + name + ": " + e.getMessage());
            }
        }
        return set;
    }

    private List<String> names(Node node, String what) {
        var names = new ArrayList<String>();
        if (node == null) {
            return names;
        }
        if (!(node instanceof ListNode list)) {
            problem(node.position(), what + " is a list of attribute names, such as [legacyFlag]");
            return names;
        }
        for (var element : list.elements()) {
            if (!(element instanceof ScalarNode scalar) || scalar.text().isBlank()) {
                problem(element.position(), what + " lists attribute names");
                continue;
            }
            if (names.contains(scalar.text())) {
                problem(element.position(), "'" + scalar.text() + "' is listed twice");
                continue;
            }
            positions.put(what + "." + scalar.text(), element.position());
            names.add(scalar.text());
        }
        return names;
    }

    private Map<String, String> rename(Node node) {
        var rename = new LinkedHashMap<String, String>();
        if (node == null) {
            return rename;
        }
        if (!(node instanceof MapNode map)) {
            problem(node.position(), "rename is a map of attribute names to their new names, such as {cust_id: customerId}");
            return rename;
        }
        for (var entry : map.entries().entrySet()) {
            positions.put("rename." + entry.getKey(), entry.getValue().keyPosition());
            if (!(entry.getValue().value() instanceof ScalarNode scalar) || scalar.text().isBlank()) {
                problem(entry.getValue().value().position(), "the new name of " + entry.getKey() + " is an attribute name");
                continue;
            }
            rename.put(entry.getKey(), scalar.text());
        }
        return rename;
    }

    private boolean delete(Node node) {
        if (node == null) {
            return false;
        }
        positions.put("delete", node.position());
        if (node instanceof ScalarNode scalar && (scalar.token() == JsonToken.VALUE_TRUE || scalar.token() == JsonToken.VALUE_FALSE)) {
            return scalar.token() == JsonToken.VALUE_TRUE;
        }
        problem(node.position(), "delete is true or false");
        return false;
    }

    private String requiredText(MapNode map, String key, String what) {
        var node = map.value(key);
        if (node == null) {
            problem(map.position(), key + " is missing: " + what);
            return "";
        }
        positions.put(key, node.position());
        if (!(node instanceof ScalarNode scalar) || scalar.text().isBlank() || scalar.token() == JsonToken.VALUE_NULL) {
            problem(node.position(), key + " is a name");
            return "";
        }
        return scalar.text();
    }

    private String optionalText(MapNode map, String key, String part) {
        var node = map.value(key);
        if (node == null) {
            return null;
        }
        positions.put(part, node.position());
        if (!(node instanceof ScalarNode scalar) || scalar.text().isBlank() || scalar.token() == JsonToken.VALUE_NULL) {
            problem(node.position(), part + " is text");
            return null;
        }
        return scalar.text();
    }

    private void unknownKeys(MapNode map, List<String> known, String what) {
        for (var entry : map.entries().entrySet()) {
            if (!known.contains(entry.getKey())) {
                problem(entry.getValue().keyPosition(), "unknown key '" + entry.getKey() + "': " + what + " " + String.join(", ", known));
            }
        }
    }

    private void problem(SourcePosition position, String message) {
        problems.add(new ChangeProblem(position == null ? SourcePosition.NONE : position, message));
    }
}

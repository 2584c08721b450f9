package dev.dynalens.domain.design;

import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.design.SourceTree.ListNode;
import dev.dynalens.domain.design.SourceTree.MapNode;
import dev.dynalens.domain.design.SourceTree.Node;
import dev.dynalens.domain.design.SourceTree.ScalarNode;
import dev.dynalens.domain.item.AttributeType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a patterns file, JSON or YAML of the same shape, into a {@link PatternsFile}. Every problem is collected with
 * its line and column (a syntax error, an unknown key, an unknown attribute, a pattern that names no entity, a range
 * on an attribute also given by equality…) and thrown together as one {@link PatternsException}; nothing else
 * escapes. Text whose first character is <code>{</code> is read as JSON, anything else as YAML.
 *
 * <pre>{@code
 * entities:
 *   Customer: {id: [customerId], attributes: {customerId: S, email: S}}
 * accessPatterns:
 *   - {name: customerByEmail, entity: Customer, equals: [email]}
 * }</pre>
 */
public final class PatternsReader {
    private static final List<String> TOP_KEYS = List.of("table", "entities", "accessPatterns");
    private static final List<String> ENTITY_KEYS = List.of("id", "attributes", "count", "itemSize");
    private static final List<String> PATTERN_KEYS = List.of("name", "entity", "entities", "equals", "between", "sortBy",
            "descending", "limit", "reads", "writes");

    private final List<PatternsProblem> problems = new ArrayList<>();
    private final Map<String, SourcePosition> positions = new LinkedHashMap<>();

    private PatternsReader() {
    }

    /**
     * @throws PatternsException with every problem found, each with its position
     */
    public static PatternsFile read(String text) {
        return new PatternsReader().readFile(text);
    }

    /** Whether the text is read as JSON (else YAML). */
    public static boolean isJson(String text) {
        return SourceTree.isJson(text);
    }

    private PatternsFile readFile(String text) {
        Node root;
        try {
            root = SourceTree.read(text, this::problem);
        } catch (SourceTree.SyntaxException e) {
            throw new PatternsException(new PatternsProblem(e.position(), e.getMessage()));
        }
        if (!(root instanceof MapNode top)) {
            throw new PatternsException(new PatternsProblem(root == null ? new SourcePosition(1, 1) : root.position(),
                    "a patterns file is a map with entities and accessPatterns"));
        }
        unknownKeys(top, TOP_KEYS, "a patterns file has");
        String table = top.entries().containsKey("table") ? scalar(top.value("table"), "table") : null;
        var entities = entities(top);
        var patterns = patterns(top, entities);
        if (!problems.isEmpty()) {
            throw new PatternsException(problems);
        }
        return new PatternsFile(table, entities, patterns, positions);
    }

    // --- entities ---

    private List<EntitySpec> entities(MapNode top) {
        var node = top.value("entities");
        if (node == null) {
            problem(top.position(), "no entities: a patterns file lists its entities under 'entities'");
            return List.of();
        }
        if (!(node instanceof MapNode map)) {
            problem(node.position(), "entities is a map of entity names to their id and attributes");
            return List.of();
        }
        var entities = new ArrayList<EntitySpec>();
        for (var entry : map.entries().entrySet()) {
            var name = entry.getKey();
            var keyPosition = entry.getValue().keyPosition();
            positions.put(PatternsFile.path("entities", name), keyPosition);
            if (name.isBlank()) {
                problem(keyPosition, "an entity has a blank name");
            }
            var entity = entity(name, entry.getValue().value());
            if (entity != null) {
                entities.add(entity);
            }
        }
        return entities;
    }

    private EntitySpec entity(String name, Node node) {
        if (!(node instanceof MapNode map)) {
            problem(node.position(), "entity " + name + " is a map with id and attributes");
            return null;
        }
        unknownKeys(map, ENTITY_KEYS, "an entity has");
        var attributes = new LinkedHashMap<String, AttributeType>();
        var attributesNode = map.value("attributes");
        if (attributesNode == null) {
            problem(map.position(), "entity " + name + " has no attributes");
        } else if (!(attributesNode instanceof MapNode attributeMap)) {
            problem(attributesNode.position(), "the attributes of " + name + " are a map of names to types (S, N, B, BOOL, L, M, SS, NS, BS)");
        } else {
            for (var entry : attributeMap.entries().entrySet()) {
                var attribute = entry.getKey();
                positions.put(PatternsFile.path("entities", name, "attributes", attribute), entry.getValue().keyPosition());
                var typeText = scalar(entry.getValue().value(), "the type of " + attribute);
                if (typeText == null) {
                    continue;
                }
                try {
                    attributes.put(attribute, AttributeType.valueOf(typeText.strip().toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    problem(entry.getValue().value().position(), "unknown type '" + typeText + "' of " + name + "." + attribute
                            + " (types: S, N, B, BOOL, L, M, SS, NS, BS)");
                }
            }
            if (attributeMap.entries().isEmpty()) {
                problem(attributeMap.position(), "entity " + name + " has no attributes");
            }
        }
        var id = new ArrayList<String>();
        var idNode = map.value("id");
        if (idNode != null) {
            for (var element : names(idNode, "the id of " + name)) {
                var attribute = element.text();
                positions.put(PatternsFile.path("entities", name, "id", attribute), element.position());
                if (id.contains(attribute)) {
                    problem(element.position(), attribute + " is named twice in the id of " + name);
                } else if (attributesNode instanceof MapNode && !attributes.containsKey(attribute)) {
                    problem(element.position(), unknownAttribute(attribute, name, attributes.keySet()));
                } else {
                    id.add(attribute);
                }
            }
        }
        long count = wholeNumber(map.value("count"), "count of " + name);
        long itemSize = wholeNumber(map.value("itemSize"), "itemSize of " + name);
        return new EntitySpec(name, id, attributes, count, itemSize);
    }

    // --- access patterns ---

    private List<AccessPattern> patterns(MapNode top, List<EntitySpec> entities) {
        var node = top.value("accessPatterns");
        if (node == null) {
            problem(top.position(), "no accessPatterns: list the ways the application reads under 'accessPatterns'");
            return List.of();
        }
        if (!(node instanceof ListNode list)) {
            problem(node.position(), "accessPatterns is a list of patterns");
            return List.of();
        }
        var byName = new LinkedHashMap<String, EntitySpec>();
        entities.forEach(e -> byName.put(e.name(), e));
        var names = new HashSet<String>();
        var patterns = new ArrayList<AccessPattern>();
        for (var element : list.elements()) {
            var pattern = pattern(element, byName, names);
            if (pattern != null) {
                patterns.add(pattern);
            }
        }
        return patterns;
    }

    private AccessPattern pattern(Node node, Map<String, EntitySpec> entities, Set<String> names) {
        if (!(node instanceof MapNode map)) {
            problem(node.position(), "an access pattern is a map: {name: …, entity: …, equals: […]}");
            return null;
        }
        unknownKeys(map, PATTERN_KEYS, "an access pattern has");
        var name = map.value("name") == null ? null : scalar(map.value("name"), "name");
        if (name == null || name.isBlank()) {
            problem(map.position(), "an access pattern has no name");
            return null;
        }
        var path = PatternsFile.path("accessPatterns", name);
        positions.put(path, map.value("name").position());
        if (!names.add(name)) {
            problem(map.value("name").position(), "a second pattern named " + name);
            return null;
        }
        var returned = new ArrayList<String>();
        var entityNode = map.value("entity");
        var entitiesNode = map.value("entities");
        if (entityNode != null && entitiesNode != null) {
            problem(entitiesNode.position(), name + " gives both entity and entities: one entity, or the entities of an item collection");
        }
        if (entityNode != null) {
            var entity = scalar(entityNode, "entity");
            positions.put(PatternsFile.path(path, "entity"), entityNode.position());
            if (entity != null) {
                returned.add(knownEntity(entity, entityNode.position(), entities, name));
            }
        } else if (entitiesNode != null) {
            for (var element : names(entitiesNode, "the entities of " + name)) {
                positions.put(PatternsFile.path(path, "entities", element.text()), element.position());
                if (returned.contains(element.text())) {
                    problem(element.position(), element.text() + " is named twice in the entities of " + name);
                } else {
                    returned.add(knownEntity(element.text(), element.position(), entities, name));
                }
            }
        }
        if (returned.isEmpty()) {
            if (entityNode == null && entitiesNode == null) {
                problem(map.position(), "pattern " + name + " names no entity: give entity (or entities, for an item collection)");
            }
            return null;
        }
        if (returned.contains(null)) {
            return null;
        }
        var returnedSpecs = returned.stream().map(entities::get).toList();
        var equals = new ArrayList<String>();
        var equalsNode = map.value("equals");
        if (equalsNode != null) {
            for (var element : names(equalsNode, "equals of " + name)) {
                positions.put(PatternsFile.path(path, "equals", element.text()), element.position());
                if (equals.contains(element.text())) {
                    problem(element.position(), element.text() + " is named twice in equals of " + name);
                } else if (knownAttribute(element.text(), element.position(), returnedSpecs)) {
                    equals.add(element.text());
                }
            }
        }
        var between = attribute(map, "between", path, returnedSpecs);
        var sortBy = attribute(map, "sortBy", path, returnedSpecs);
        if (between != null && equals.contains(between)) {
            problem(map.value("between").position(), between + " is given both by equality and as a range in " + name);
        }
        if (sortBy != null && equals.contains(sortBy)) {
            problem(map.value("sortBy").position(), "sorting " + name + " by " + sortBy + ", which equals gives one value, orders nothing");
        }
        var descending = flag(map.value("descending"), "descending");
        if (descending && sortBy == null && between == null && map.value("descending") != null) {
            problem(map.value("descending").position(), "descending needs sortBy (or between) in " + name);
        }
        long limit = wholeNumber(map.value("limit"), "limit of " + name);
        if (map.value("limit") != null) {
            positions.put(PatternsFile.path(path, "limit"), map.value("limit").position());
            if (limit == 0) {
                problem(map.value("limit").position(), "the limit of " + name + " is at least 1");
            }
            if (limit > Integer.MAX_VALUE) {
                problem(map.value("limit").position(), "the limit of " + name + " is too large");
                limit = 0;
            }
        }
        double reads = rate(map.value("reads"), "reads of " + name);
        double writes = rate(map.value("writes"), "writes of " + name);
        return new AccessPattern(name, returned, equals, between, sortBy, descending, (int) limit, reads, writes);
    }

    private String knownEntity(String entity, SourcePosition position, Map<String, EntitySpec> entities, String pattern) {
        if (entities.containsKey(entity)) {
            return entity;
        }
        problem(position, "pattern " + pattern + " names unknown entity '" + entity + "'"
                + (entities.isEmpty() ? "" : " (entities: " + String.join(", ", entities.keySet()) + ")"));
        return null;
    }

    private boolean knownAttribute(String attribute, SourcePosition position, List<EntitySpec> entities) {
        for (var entity : entities) {
            if (!entity.has(attribute)) {
                problem(position, unknownAttribute(attribute, entity.name(), entity.attributes().keySet()));
                return false;
            }
        }
        return true;
    }

    private String attribute(MapNode map, String key, String path, List<EntitySpec> entities) {
        var node = map.value(key);
        if (node == null) {
            return null;
        }
        var attribute = scalar(node, key);
        if (attribute == null) {
            return null;
        }
        positions.put(PatternsFile.path(path, key), node.position());
        return knownAttribute(attribute, node.position(), entities) ? attribute : null;
    }

    private static String unknownAttribute(String attribute, String entity, Set<String> known) {
        var hint = known.stream().filter(k -> k.equalsIgnoreCase(attribute)).findFirst()
                .map(k -> "; did you mean " + k + "?").orElse(known.isEmpty() ? "" : " (its attributes: " + String.join(", ", known) + ")");
        return "unknown attribute '" + attribute + "' of " + entity + hint;
    }

    // --- scalars ---

    private void unknownKeys(MapNode map, List<String> known, String what) {
        for (var entry : map.entries().entrySet()) {
            if (!known.contains(entry.getKey())) {
                var similar = known.stream().filter(k -> k.equalsIgnoreCase(entry.getKey())).findFirst();
                problem(entry.getValue().keyPosition(), "unknown key '" + entry.getKey() + "'"
                        + similar.map(k -> "; did you mean " + k + "?").orElse(" (" + what + " " + String.join(", ", known) + ")"));
            }
        }
    }

    private String scalar(Node node, String what) {
        if (node instanceof ScalarNode scalar && scalar.token() != JsonToken.VALUE_NULL) {
            return scalar.text();
        }
        problem(node.position(), what + " is a single value");
        return null;
    }

    /** A list of names, or one name on its own. */
    private List<ScalarNode> names(Node node, String what) {
        var names = new ArrayList<ScalarNode>();
        var elements = node instanceof ListNode list ? list.elements() : List.of(node);
        for (var element : elements) {
            // Any scalar: YAML reads a name such as 'on' or 'y' as a boolean, and its text is the name.
            if (element instanceof ScalarNode scalar && scalar.token() != JsonToken.VALUE_NULL && !scalar.text().isBlank()) {
                names.add(scalar);
            } else {
                problem(element.position(), what + " are attribute names");
            }
        }
        return names;
    }

    private long wholeNumber(Node node, String what) {
        if (node == null) {
            return 0;
        }
        if (node instanceof ScalarNode scalar && scalar.token() == JsonToken.VALUE_NUMBER_INT) {
            try {
                long value = Long.parseLong(scalar.text());
                if (value >= 0) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // too large: reported below
            }
        }
        problem(node.position(), what + " is a whole number, 0 or more");
        return 0;
    }

    private double rate(Node node, String what) {
        if (node == null) {
            return 0;
        }
        if (node instanceof ScalarNode scalar && (scalar.token() == JsonToken.VALUE_NUMBER_INT || scalar.token() == JsonToken.VALUE_NUMBER_FLOAT)) {
            var value = Double.parseDouble(scalar.text());
            if (value >= 0 && Double.isFinite(value)) {
                return value;
            }
        }
        problem(node.position(), what + " is a number of requests per second, 0 or more");
        return 0;
    }

    private boolean flag(Node node, String what) {
        if (node == null) {
            return false;
        }
        if (node instanceof ScalarNode scalar && (scalar.token() == JsonToken.VALUE_TRUE || scalar.token() == JsonToken.VALUE_FALSE)) {
            return scalar.token() == JsonToken.VALUE_TRUE;
        }
        problem(node.position(), what + " is true or false");
        return false;
    }

    private void problem(SourcePosition position, String message) {
        problems.add(new PatternsProblem(position, message));
    }
}

package dev.dynalens.domain.design;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a patterns file says: its entities and access patterns, and where each thing was written, so that a problem
 * found later (an attribute the table does not have) still names its line and column.
 *
 * @param table     the table's name, if the file gives one (null otherwise)
 * @param positions where things are, by {@link #path path}; empty for input that came from no file
 */
public record PatternsFile(String table, List<EntitySpec> entities, List<AccessPattern> accessPatterns,
                           Map<String, SourcePosition> positions) {
    public PatternsFile {
        entities = List.copyOf(entities);
        accessPatterns = List.copyOf(accessPatterns);
        positions = Collections.unmodifiableMap(new LinkedHashMap<>(positions));
    }

    public PatternsFile(List<EntitySpec> entities, List<AccessPattern> accessPatterns) {
        this(null, entities, accessPatterns, Map.of());
    }

    public Optional<EntitySpec> entity(String name) {
        return entities.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    public EntitySpec requireEntity(String name) {
        return entity(name).orElseThrow(() -> new IllegalArgumentException("No entity " + name));
    }

    public Optional<String> tableName() {
        return Optional.ofNullable(table);
    }

    /**
     * The path of something in the file, the key of {@link #positions}: {@code entities.Customer},
     * {@code entities.Customer.attributes.email}, {@code accessPatterns.getCustomer.equals.customerId}.
     */
    public static String path(String... steps) {
        return String.join(".", steps);
    }

    /** Where the thing at {@code path} was written, or the nearest enclosing thing's position; NONE when unknown. */
    public SourcePosition positionOf(String path) {
        var current = path;
        while (true) {
            var found = positions.get(current);
            if (found != null) {
                return found;
            }
            int dot = current.lastIndexOf('.');
            if (dot < 0) {
                return SourcePosition.NONE;
            }
            current = current.substring(0, dot);
        }
    }

    /** A problem at the thing at {@code path}. */
    public PatternsProblem problemAt(String path, String message) {
        return new PatternsProblem(positionOf(path), message);
    }

    public PatternsFile withoutPositions() {
        return new PatternsFile(table, entities, accessPatterns, Map.of());
    }

    public PatternsFile with(List<EntitySpec> newEntities, List<AccessPattern> newPatterns) {
        return new PatternsFile(table, newEntities, newPatterns, Map.of());
    }

    /** The positions of a file (to equal a file read again, positions aside). */
    @Override
    public boolean equals(Object o) {
        return o instanceof PatternsFile other && Objects.equals(table, other.table) && entities.equals(other.entities)
                && accessPatterns.equals(other.accessPatterns);
    }

    @Override
    public int hashCode() {
        return Objects.hash(table, entities, accessPatterns);
    }
}

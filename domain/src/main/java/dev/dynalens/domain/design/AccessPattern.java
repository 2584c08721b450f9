package dev.dynalens.domain.design;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One way the application reads: the entity (or entities, for an item collection) it returns, the attributes given by
 * equality, an optional range and the order the results must come in.
 *
 * @param entities  one entity, or several returned by one request (an item collection)
 * @param equals    attributes given by equality
 * @param between   an attribute given as an inclusive range (from, to), or null
 * @param sortBy    the attribute the results are ordered by, or null
 * @param descending largest first (for {@code sortBy}, or for the range when there is no {@code sortBy})
 * @param limit     at most this many results, or 0 for all
 * @param reads     requests per second, for the cost (0 when not given)
 * @param writes    puts per second of the pattern's entity, for the cost (0 when not given)
 */
public record AccessPattern(String name, List<String> entities, List<String> equals, String between, String sortBy,
                            boolean descending, int limit, double reads, double writes) {
    public AccessPattern {
        Objects.requireNonNull(name, "name");
        entities = List.copyOf(entities);
        equals = List.copyOf(equals);
        if (entities.isEmpty()) {
            throw new IllegalArgumentException("A pattern returns at least one entity");
        }
        if (limit < 0 || reads < 0 || writes < 0) {
            throw new IllegalArgumentException("limit, reads and writes are not negative");
        }
    }

    public static AccessPattern of(String name, String entity, List<String> equals) {
        return new AccessPattern(name, List.of(entity), equals, null, null, false, 0, 0, 0);
    }

    /** The entity of a one-entity pattern; the first of an item collection's. */
    public String entity() {
        return entities.get(0);
    }

    public boolean isCollection() {
        return entities.size() > 1;
    }

    /** The attribute the results are ordered by: {@code sortBy}, else the range's. */
    public Optional<String> orderAttribute() {
        return Optional.ofNullable(sortBy != null ? sortBy : between);
    }

    public Optional<String> range() {
        return Optional.ofNullable(between);
    }

    public Optional<String> sort() {
        return Optional.ofNullable(sortBy);
    }

    public AccessPattern withName(String newName) {
        return new AccessPattern(newName, entities, equals, between, sortBy, descending, limit, reads, writes);
    }
}

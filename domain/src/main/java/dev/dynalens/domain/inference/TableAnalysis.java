package dev.dynalens.domain.inference;

import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.KeySchema;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What {@link Analyzer} found in a table: its entities, the meanings of its indexes and its
 * adjacency lists. A snapshot: later items do not change it.
 *
 * @param typeAttributeName the type attribute in use, or null when names come from the keys
 * @param revision          the classifier's revision when this was taken
 */
public record TableAnalysis(
        String table,
        KeySchema keySchema,
        long itemCount,
        String typeAttributeName,
        int revision,
        List<Entity> entities,
        List<Index> indexes,
        List<Relationship> relationships) {

    public TableAnalysis {
        entities = List.copyOf(entities);
        indexes = List.copyOf(indexes);
        relationships = List.copyOf(relationships);
    }

    public Optional<String> typeAttribute() {
        return Optional.ofNullable(typeAttributeName);
    }

    public Optional<Entity> entity(String name) {
        return entities.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    public Optional<Index> index(String name) {
        return indexes.stream().filter(i -> i.name().equals(name)).findFirst();
    }

    /** Entity name to item count, most items first. */
    public Map<String, Long> entityCounts() {
        return entities.stream().collect(Collectors.toMap(Entity::name, Entity::count, (a, b) -> a, LinkedHashMap::new));
    }

    /**
     * One entity type.
     *
     * @param attributes every attribute seen on its items (key attributes included), most frequent first
     * @param indexes    index name to the number of its items that the index holds, for indexes holding any
     */
    /**
     * Item sizes of an entity type as DynamoDB counts them ({@code ItemSizeCalculator}), when the analyzer was asked
     * to measure them ({@link Analyzer#measuringItemSizes()}); {@code items} is 0 otherwise.
     */
    public record Sizes(long items, long totalBytes, long largestBytes) {
        public static final Sizes NOT_MEASURED = new Sizes(0, 0, 0);

        public boolean measured() {
            return items > 0;
        }

        /** Rounded to the nearest byte; 0 when not measured. */
        public long averageBytes() {
            return items == 0 ? 0 : Math.round((double) totalBytes / items);
        }
    }

    public record Entity(EntityShape shape, List<Attribute> attributes, Map<String, Long> indexes, Sizes sizes) {
        public Entity {
            attributes = List.copyOf(attributes);
            indexes = Collections.unmodifiableMap(new LinkedHashMap<>(indexes));
            sizes = sizes == null ? Sizes.NOT_MEASURED : sizes;
        }

        public Entity(EntityShape shape, List<Attribute> attributes, Map<String, Long> indexes) {
            this(shape, attributes, indexes, Sizes.NOT_MEASURED);
        }

        public String name() {
            return shape.name();
        }

        public EntityShape.Kind kind() {
            return shape.kind();
        }

        public long count() {
            return shape.count();
        }

        public String pkTemplate() {
            return shape.pkTemplate();
        }

        public Optional<String> skTemplate() {
            return shape.skTemplate();
        }

        public Optional<Attribute> attribute(String name) {
            return attributes.stream().filter(a -> a.name().equals(name)).findFirst();
        }
    }

    /**
     * An attribute of an entity: the types its values had (more than one when the data is mixed)
     * and on how many of the entity's items it was present.
     */
    public record Attribute(String name, Set<AttributeType> types, long count) {
        public Attribute {
            types = types.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(types));
        }

        /** {@code N}, or {@code N|S} when mixed. */
        public String typeLabel() {
            return types.stream().map(Enum::name).collect(Collectors.joining("|"));
        }
    }

    /**
     * A secondary index and what its partition keys mean.
     *
     * @param itemCount how many items the index holds (items with all its key attributes)
     */
    public record Index(String name, KeySchema keySchema, long itemCount, List<Meaning> meanings) {
        public Index {
            meanings = List.copyOf(meanings);
        }
    }

    /** In an index, partition keys of this template belong to this entity ({@code STATUS#{}} → ORDER). */
    public record Meaning(String pkTemplate, String entity, long count) {
    }

    /**
     * Two edge entities whose keys mirror each other: {@code USER#a}/{@code TEAM#b} and
     * {@code TEAM#b}/{@code USER#a}.
     *
     * @param entity              the direction with more items
     * @param reverseEntity       the other direction (the same name when both directions share one)
     * @param edges               items of {@code entity}
     * @param reverseEdges        items of {@code reverseEntity}
     * @param mirrored            edges present in both directions, each pair counted once
     * @param missingReverseCount items whose mirror is absent
     * @param missingReverse      their keys (attribute name to value), at most
     *                            {@link Analyzer#MAX_MISSING_REVERSE_KEYS}, sorted
     */
    public record Relationship(
            Kind kind,
            String entity,
            String reverseEntity,
            long edges,
            long reverseEdges,
            long mirrored,
            long missingReverseCount,
            List<Map<String, AttributeValue>> missingReverse) {

        public Relationship {
            missingReverse = missingReverse.stream().map(key -> Collections.unmodifiableMap(new LinkedHashMap<>(key))).toList();
        }

        public enum Kind { ADJACENCY }

        public List<String> entities() {
            return List.of(entity, reverseEntity);
        }

        /** Logical edges: each mirrored pair once, plus each edge without its mirror. */
        public long edgeCount() {
            return mirrored + missingReverseCount;
        }
    }
}

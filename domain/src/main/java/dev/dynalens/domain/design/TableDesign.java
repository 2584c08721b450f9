package dev.dynalens.domain.design;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A single-table design made from a patterns file: the table's keys and indexes, each entity's key templates, the one
 * request per pattern with its cost, sample items with their keys, and the warnings, each choice with its reason.
 * Whether it works is for the proof to show ({@code ProveDesign}): a design is not valid until every pattern passed.
 *
 * @param accessPatterns the one request per pattern, in the file's order: the access patterns of a design
 * @param samples        the sample items in entity order, each with its entity
 * @param file           the patterns file the design was made from (what each pattern asks: {@link #patternSpec})
 */
public record TableDesign(String tableName, KeySchema keySchema, List<IndexDesign> indexes, List<EntityDesign> entities,
                          List<PatternDesign> accessPatterns, List<Sample> samples, List<String> reasons, List<String> warnings,
                          PatternsFile file) {

    /** A sample item and the entity it is of. */
    public record Sample(String entity, Item item) {
        public Sample {
            Objects.requireNonNull(entity, "entity");
            Objects.requireNonNull(item, "item");
        }
    }

    public TableDesign {
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(keySchema, "keySchema");
        indexes = List.copyOf(indexes);
        entities = List.copyOf(entities);
        accessPatterns = List.copyOf(accessPatterns);
        samples = List.copyOf(samples);
        reasons = List.copyOf(reasons);
        warnings = List.copyOf(warnings);
        Objects.requireNonNull(file, "file");
    }

    /** Every key attribute with its type, the table's first: {@code PK: S, SK: S, GSI1PK: S, GSI1SK: S}. */
    public Map<String, KeySchema.ScalarType> attributeTypes() {
        var types = new LinkedHashMap<String, KeySchema.ScalarType>();
        add(types, keySchema.asIndexKey());
        indexes.forEach(index -> add(types, index.key()));
        return types;
    }

    private static void add(Map<String, KeySchema.ScalarType> types, IndexKey key) {
        key.partition().forEach(attribute -> types.put(attribute.name(), attribute.type()));
        key.sort().forEach(attribute -> types.put(attribute.name(), attribute.type()));
    }

    public List<Item> sampleItems() {
        return samples.stream().map(Sample::item).toList();
    }

    /** Entity name to its sample items, in entity order. */
    public Map<String, List<Item>> samplesByEntity() {
        var byEntity = new LinkedHashMap<String, List<Item>>();
        entities.forEach(e -> byEntity.put(e.name(), new ArrayList<>()));
        samples.forEach(s -> byEntity.computeIfAbsent(s.entity(), k -> new ArrayList<>()).add(s.item()));
        return byEntity;
    }

    public Optional<EntityDesign> entity(String name) {
        return entities.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    public Optional<PatternDesign> pattern(String name) {
        return accessPatterns.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** What the file asked of a pattern of the design (its entities, equalities, range, order, limit). */
    public Optional<AccessPattern> patternSpec(String name) {
        return file.accessPatterns().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The key of the table (null) or of one of its indexes. */
    public IndexKey indexKey(String indexName) {
        if (indexName == null) {
            return keySchema.asIndexKey();
        }
        return indexes.stream().filter(i -> i.name().equals(indexName)).findFirst().map(IndexDesign::key)
                .orElseThrow(() -> new IllegalArgumentException("The design has no index " + indexName));
    }

    /** Every pattern served by one GetItem or Query (none needs a Scan). */
    public boolean servesEveryPattern() {
        return accessPatterns.stream().allMatch(PatternDesign::served);
    }

    /** What CreateTable needs for this design under a name: on-demand, its GSIs with every attribute projected. */
    public CreateTableSpec createTableSpec(String name) {
        var gsis = indexes.stream().map(IndexDesign::toIndexDescription).toList();
        return new CreateTableSpec(name, keySchema, gsis);
    }

    /** The design's table as DescribeTable would show it (no items counted). */
    public List<IndexDescription> indexDescriptions() {
        return indexes.stream().map(IndexDesign::toIndexDescription).toList();
    }
}

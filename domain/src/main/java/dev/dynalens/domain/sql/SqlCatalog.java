package dev.dynalens.domain.sql;

import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TemplateCount;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.table.TableDescription;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the SQL workbench knows of one DynamoDB table: its description (keys, indexes, size and count as DescribeTable
 * gives them) and its tables: every entity type the analysis found, named as the app shows it, and the whole table under
 * its own name. {@code source} says where the entity types came from, so a person knows what they rest on.
 */
public record SqlCatalog(TableDescription description, List<SqlEntity> tables, EntitySource source, String scansFrom) {

    /** A catalog of a table whose Scans read the table itself. */
    public SqlCatalog(TableDescription description, List<SqlEntity> tables, EntitySource source) {
        this(description, tables, source, null);
    }

    /**
     * The same catalog, its Scans answered from elsewhere than the table, at no read capacity: a table read from its
     * export ("export 0176…-abcd as of 2026-11-30T10:00:00Z"), which the plan names.
     */
    public SqlCatalog withScansFrom(String source) {
        return new SqlCatalog(description, tables, this.source, source);
    }

    /**
     * Where the entity types came from.
     *
     * @param analysedAt     when the analysis ran (null when not known)
     * @param itemsAnalysed  how many items it read
     * @param tableItemCount the table's item count at the time, as DescribeTable gave it
     * @param how            "current analysis", "kept analysis", "sample read"…
     * @param wholeTable     the analysis read every item of the table (a sample that reached the end, a full analysis),
     *                       so its count and sizes are the table's
     */
    public record EntitySource(String how, Instant analysedAt, long itemsAnalysed, long tableItemCount, boolean wholeTable) {
        /** A source that may have read only part of the table. */
        public EntitySource(String how, Instant analysedAt, long itemsAnalysed, long tableItemCount) {
            this(how, analysedAt, itemsAnalysed, tableItemCount, false);
        }
    }

    public SqlCatalog {
        Objects.requireNonNull(description, "description");
        tables = List.copyOf(tables);
        Objects.requireNonNull(source, "source");
    }

    public String tableName() {
        return description.name();
    }

    /**
     * Whether the table's size is known: DescribeTable gave it (DynamoDB updates it about every six hours, so a young
     * table, or an endpoint such as dynalite, says 0 bytes), or the entity types come from a read of every item.
     */
    public boolean sizeKnown() {
        return description.sizeBytes() > 0 || source.wholeTable();
    }

    /** The whole table's entry: every item, its count and average size as far as they are known. */
    public SqlEntity wholeTable() {
        return tables.stream().filter(SqlEntity::wholeTable).findFirst()
                .orElseGet(() -> new SqlEntity(description.name(), true, List.of(), List.of(), List.of(), description.itemCount(), 0));
    }

    public Optional<SqlEntity> table(String name) {
        return tables.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    /**
     * The catalog of an analysed table. An entity type named like the table itself is left out: that name is the whole
     * table's.
     */
    public static SqlCatalog of(TableDescription description, TableAnalysis analysis, EntitySource source) {
        var tables = new ArrayList<SqlEntity>();
        var whole = new LinkedHashMap<String, Set<AttributeType>>();
        addKeys(whole, description);
        long bytes = 0;
        long measured = 0;
        for (var entity : analysis.entities()) {
            for (var attribute : entity.attributes()) {
                whole.computeIfAbsent(attribute.name(), n -> EnumSet.noneOf(AttributeType.class)).addAll(attribute.types());
            }
            bytes += entity.sizes().totalBytes();
            measured += entity.sizes().items();
        }
        // rounded half up, as Math.round of the quotient would, in whole numbers: no double on the way
        tables.add(new SqlEntity(description.name(), true, List.of(), List.of(), attributes(whole),
                Math.max(description.itemCount(), analysis.itemCount()), measured == 0 ? 0 : (2 * bytes + measured) / (2 * measured)));
        for (var entity : analysis.entities()) {
            if (entity.name().equals(description.name())) {
                continue;
            }
            var columns = new LinkedHashMap<String, Set<AttributeType>>();
            addKeys(columns, description);
            for (var attribute : entity.attributes()) {
                columns.computeIfAbsent(attribute.name(), n -> EnumSet.noneOf(AttributeType.class)).addAll(attribute.types());
            }
            tables.add(new SqlEntity(entity.name(), false, templates(entity.shape().pkTemplates()),
                    templates(entity.shape().skTemplates()), attributes(columns), entity.count(), entity.sizes().averageBytes()));
        }
        return new SqlCatalog(description, tables, source);
    }

    /** The key attributes of the table and its indexes come first, with their key types, whether seen or not. */
    private static void addKeys(Map<String, Set<AttributeType>> columns, TableDescription description) {
        addKey(columns, description.keySchema().partitionKey());
        description.keySchema().sortKeyAttribute().ifPresent(k -> addKey(columns, k));
        for (var index : description.indexes()) {
            index.key().partition().forEach(k -> addKey(columns, k));
            index.key().sort().forEach(k -> addKey(columns, k));
        }
    }

    private static void addKey(Map<String, Set<AttributeType>> columns, dev.dynalens.domain.table.KeySchema.KeyAttribute key) {
        columns.computeIfAbsent(key.name(), n -> EnumSet.noneOf(AttributeType.class)).add(AttributeType.valueOf(key.type().name()));
    }

    private static List<SqlAttribute> attributes(Map<String, Set<AttributeType>> columns) {
        return columns.entrySet().stream().map(e -> new SqlAttribute(e.getKey(), e.getValue())).toList();
    }

    private static List<String> templates(List<TemplateCount> counts) {
        return counts.stream().map(TemplateCount::template).toList();
    }
}

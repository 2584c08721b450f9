package dev.dynalens.domain.inference;

import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What inference needs to know about a table: its key schema and the key schemas of its indexes.
 *
 * @param tableName a name for entities that keys cannot name (a table keyed by bare ids); may be null
 * @param keySchema the table's primary key
 * @param indexes   index name to key schema, in the table's order
 */
public record TableKeys(String tableName, KeySchema keySchema, Map<String, KeySchema> indexes) {
    public TableKeys {
        Objects.requireNonNull(keySchema, "keySchema");
        indexes = Collections.unmodifiableMap(new LinkedHashMap<>(indexes == null ? Map.of() : indexes));
    }

    public static TableKeys of(KeySchema keySchema) {
        return new TableKeys(null, keySchema, Map.of());
    }

    /**
     * Global indexes first, then local ones, as DescribeTable lists them. An index of a multi-attribute key is left out:
     * inference learns what a key attribute of one index holds (GSI1PK = USER#{id}), and the attributes of such a key are
     * the items' own attributes, learned as attributes (issue 27; their meaning per entity type is decision 10's step 10).
     */
    public static TableKeys from(TableDescription table) {
        var indexes = new LinkedHashMap<String, KeySchema>();
        for (IndexDescription index : table.indexes()) {
            index.key().asKeySchema().ifPresent(keys -> indexes.put(index.name(), keys));
        }
        return new TableKeys(table.name(), table.keySchema(), indexes);
    }

    /** Every key attribute of the table and of its indexes, each once: the table's first, then each index's in order. */
    public List<String> keyAttributeNames() {
        var names = new LinkedHashSet<String>(keySchema.attributeNames());
        indexes.values().forEach(index -> names.addAll(index.attributeNames()));
        return List.copyOf(names);
    }

    public TableKeys withIndex(String name, KeySchema schema) {
        var copy = new LinkedHashMap<>(indexes);
        copy.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(schema, "schema"));
        return new TableKeys(tableName, keySchema, copy);
    }

    public TableKeys withTableName(String name) {
        return new TableKeys(name, keySchema, indexes);
    }
}

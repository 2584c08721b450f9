package dev.dynalens.domain.table;

import java.util.List;
import java.util.Objects;

/** What is needed to create an on-demand table with its global secondary indexes. */
public record CreateTableSpec(String tableName, KeySchema keySchema, List<IndexDescription> globalSecondaryIndexes) {
    public CreateTableSpec {
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(keySchema, "keySchema");
        globalSecondaryIndexes = globalSecondaryIndexes == null ? List.of() : List.copyOf(globalSecondaryIndexes);
    }
}

package dev.dynalens.service;

import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.sql.SqlEntity;
import java.util.List;
import java.util.Optional;

/**
 * The entity types the SQL workbench last learnt for a table (from an analysis or a sample read), kept in the config
 * folder with their age and the table's item count at the time, so knowing them costs a read once, not per query.
 */
public interface EntityTypesStore {

    /** What was kept for the table, empty when nothing (or nothing readable) was. */
    Optional<Kept> load(String scope, String table);

    void save(String scope, String table, Kept kept);

    record Kept(List<SqlEntity> tables, SqlCatalog.EntitySource source) {
        public Kept {
            tables = List.copyOf(tables);
        }
    }
}

package dev.dynalens.ui.sql;

import dev.dynalens.domain.sql.SqlCatalog;
import java.util.List;
import java.util.TreeSet;

/** The SQL editor's completion: the entity and attribute names of the table that start with what was typed. */
final class SqlCompletions {
    private SqlCompletions() {
    }

    /** The names starting with {@code prefix} (not the prefix itself), sorted; none before the entity types are known. */
    static List<String> of(SqlCatalog catalog, String prefix) {
        if (catalog == null) {
            return List.of();
        }
        var names = new TreeSet<String>();
        catalog.tables().forEach(t -> {
            names.add(t.name());
            t.attributes().forEach(a -> names.add(a.name()));
        });
        return names.stream().filter(n -> n.startsWith(prefix) && !n.equals(prefix)).toList();
    }
}

package dev.dynalens.domain.appstate;

import java.util.Objects;

/** A named Scan/Query form kept for one table of one connection. */
public record SavedQuery(String name, String connectionId, String table, BrowserForm form) {
    public SavedQuery {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(connectionId, "connectionId");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(form, "form");
        name = name.strip();
        if (name.isEmpty()) {
            throw new IllegalArgumentException("A saved query needs a name.");
        }
    }

    public boolean belongsTo(String connection, String tableName) {
        return connectionId.equals(connection) && table.equals(tableName);
    }
}

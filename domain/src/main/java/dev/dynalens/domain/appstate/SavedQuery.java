package dev.dynalens.domain.appstate;

import java.util.Objects;

/**
 * A named query kept for one table of one connection: a Scan/Query form of the table browser, or a statement of the
 * SQL tab (exactly one of {@code form} and {@code statement}).
 */
public record SavedQuery(String name, String connectionId, String table, BrowserForm form, SavedStatement statement) {
    public SavedQuery {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(connectionId, "connectionId");
        Objects.requireNonNull(table, "table");
        if ((form == null) == (statement == null)) {
            throw new IllegalArgumentException("A saved query holds a Scan/Query form or an SQL statement, not " + (form == null ? "neither" : "both"));
        }
        name = name.strip();
        if (name.isEmpty()) {
            throw new IllegalArgumentException("A saved query needs a name.");
        }
    }

    /** A saved Scan/Query form. */
    public SavedQuery(String name, String connectionId, String table, BrowserForm form) {
        this(name, connectionId, table, Objects.requireNonNull(form, "form"), null);
    }

    /** A saved statement of the SQL tab. */
    public SavedQuery(String name, String connectionId, String table, SavedStatement statement) {
        this(name, connectionId, table, null, Objects.requireNonNull(statement, "statement"));
    }

    public boolean belongsTo(String connection, String tableName) {
        return connectionId.equals(connection) && table.equals(tableName);
    }

    /** Whether it is the SQL tab's (a statement) rather than the browser's (a form). */
    public boolean isStatement() {
        return statement != null;
    }

    /** The same query, kept for another connection (an imported file's queries become the importing connection's). */
    public SavedQuery onConnection(String connection) {
        return new SavedQuery(name, connection, table, form, statement);
    }

    /** One line for lists: the form's description, or the statement's text. */
    public String describe() {
        return form != null ? form.describe() : statement.describe();
    }
}

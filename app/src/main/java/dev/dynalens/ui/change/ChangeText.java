package dev.dynalens.ui.change;

import dev.dynalens.domain.sql.SelectWhere;

/**
 * The change file the dialog starts from: the table, the {@code where} it was opened on (an entity type of the
 * Collections overview, a SQL statement's FROM and WHERE), and the actions as comments to edit.
 */
public final class ChangeText {
    private ChangeText() {
    }

    /**
     * @param entity     the entity type, or null
     * @param condition  the condition in the SQL workbench's WHERE syntax, or null
     * @param attributes what the entity type's items hold, said in a comment ("title, authorId, tags"); null for none
     */
    public static String starting(String table, String entity, String condition, String attributes) {
        var text = new StringBuilder("table: ").append(quoted(table)).append('\n').append("where:\n");
        if (entity != null) {
            text.append("  entity: ").append(quoted(entity)).append('\n');
        }
        if (condition != null) {
            text.append("  condition: ").append(quoted(condition)).append('\n');
        } else {
            text.append("  # condition: \"status = 'DRAFT' AND attribute_not_exists(GSI2PK)\"\n");
        }
        if (attributes != null && !attributes.isBlank()) {
            text.append("# ").append(entity == null ? "its items" : entity + " items").append(" have: ").append(attributes.strip()).append('\n');
        }
        return text.append("""
                # what changes: set (templates over the item's own attributes), remove, rename; or delete: true alone
                # set:
                #   GSI2PK: "STATUS#{status}"
                # remove: [legacyFlag]
                # rename: {cust_id: customerId}
                """).toString();
    }

    /**
     * The change file of a SQL statement: its FROM as {@code where.entity} (not when it names the table itself, which is
     * every item) and its WHERE as {@code where.condition} ({@link SelectWhere}); a statement that is not a SELECT of one
     * table gives the table alone, with a comment saying why.
     */
    public static String fromStatement(String table, String statement) {
        var select = SelectWhere.of(statement == null ? "" : statement);
        if (select.isEmpty()) {
            return "# the SQL tab's statement is not a SELECT of one table: say which items in where\n" + starting(table, null, null, null);
        }
        var from = select.get().from();
        return starting(table, from.equalsIgnoreCase(table) ? null : from, select.get().where(), null);
    }

    /**
     * A YAML scalar holding {@code value} exactly. Double quotes unless the value holds one or a backslash (then single
     * quotes, where only a quote is doubled), so that a column the reader reports inside a condition falls on its character.
     */
    static String quoted(String value) {
        var flat = value.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
        if (flat.indexOf('"') < 0 && flat.indexOf('\\') < 0) {
            return "\"" + flat + "\"";
        }
        return "'" + flat.replace("'", "''") + "'";
    }

    /** The offset in {@code text} of a 1-based line and column (clamped to the text), to put the caret on a problem. */
    public static int offset(String text, int line, int column) {
        int at = 0;
        for (int l = 1; l < line && at < text.length(); l++) {
            int end = text.indexOf('\n', at);
            if (end < 0) {
                return text.length();
            }
            at = end + 1;
        }
        int end = text.indexOf('\n', at);
        int lineEnd = end < 0 ? text.length() : end;
        return Math.min(lineEnd, at + Math.max(0, column - 1));
    }
}

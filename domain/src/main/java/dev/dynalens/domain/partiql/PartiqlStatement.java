package dev.dynalens.domain.partiql;

import dev.dynalens.domain.item.AttributeValue;
import java.util.List;
import java.util.Objects;

/**
 * One statement in DynamoDB's PartiQL dialect with its {@code ?} parameters, as ExecuteStatement,
 * BatchExecuteStatement and ExecuteTransaction send it. What it does (its first keyword) and the table it names are
 * read when it is made, so the write guard can tell a write from a read before anything is sent.
 *
 * @throws PartiqlException when the statement is not one of SELECT, INSERT, UPDATE, DELETE or names no table
 */
public record PartiqlStatement(String text, List<AttributeValue> parameters, Kind kind, String tableName, String indexName) {

    /** DynamoDB's PartiQL statements (Developer Guide, "PartiQL statements for DynamoDB"). */
    public enum Kind {
        SELECT, INSERT, UPDATE, DELETE;

        public boolean writes() {
            return this != SELECT;
        }
    }

    public PartiqlStatement {
        Objects.requireNonNull(text, "text");
        parameters = List.copyOf(parameters);
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(tableName, "tableName");
    }

    public static PartiqlStatement of(String text, List<AttributeValue> parameters) {
        var head = PartiqlText.head(text);
        return new PartiqlStatement(text, parameters, head.kind(), head.tableName(), head.indexName());
    }

    public static PartiqlStatement of(String text) {
        return of(text, List.of());
    }

    public boolean writes() {
        return kind.writes();
    }
}

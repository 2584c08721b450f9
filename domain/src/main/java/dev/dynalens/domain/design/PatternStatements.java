package dev.dynalens.domain.design;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.domain.table.ReadRequest;
import java.util.Map;

/**
 * A pattern's request as a PartiQL SELECT for DynamoDB, what the SQL workbench runs: the table (or {@code "table"."index"}),
 * the key condition in the WHERE clause ({@code begins_with} and {@code BETWEEN} included), and ORDER BY the sort key
 * where the pattern reads largest first. Strings are single-quoted with quotes doubled, numbers written as they are.
 * PartiQL has no LIMIT: the pattern's limit is the request's Limit, which the workbench takes on its own.
 */
public final class PatternStatements {
    private PatternStatements() {
    }

    /** @param keys the key of the table or index the pattern reads (its sort key orders a descending read) */
    public static String select(String tableName, IndexKey keys, PatternDesign pattern, Map<String, AttributeValue> parameters) {
        var from = "\"" + tableName + "\"" + (pattern.index() == null ? "" : ".\"" + pattern.index() + "\"");
        if (!pattern.served()) {
            return "SELECT * FROM " + from;
        }
        ReadRequest.Query query = pattern.operation() == ReadOperation.QUERY ? PatternRequests.query(tableName, pattern, parameters) : null;
        var condition = pattern.condition();
        var where = new StringBuilder("\"" + condition.partitionKey() + "\" = " + literal(condition.partitionValue(parameters::get)));
        var sort = condition.sortCondition(parameters::get);
        if (sort != null) {
            var sk = "\"" + condition.sortKey() + "\"";
            where.append(" AND ").append(switch (sort.operator()) {
                case BEGINS_WITH -> "begins_with(" + sk + ", " + literal(sort.value()) + ")";
                case BETWEEN -> sk + " BETWEEN " + literal(sort.value()) + " AND " + literal(sort.upperBound());
                default -> sk + " " + sort.operator().symbol() + " " + literal(sort.value());
            });
        }
        var order = query != null && !query.scanIndexForward() && keys.hasSortKey()
                ? " ORDER BY \"" + keys.requireSingle(pattern.index(), "a descending pattern's PartiQL statement").sortKeyName() + "\" DESC" : "";
        return "SELECT * FROM " + from + " WHERE " + where + order;
    }

    private static String literal(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return "'" + s.value().replace("'", "''") + "'";
        }
        if (value instanceof AttributeValue.Num n) {
            return n.value().text();
        }
        throw new IllegalArgumentException("A " + value.type() + " value is no key");
    }
}

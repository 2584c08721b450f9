package dev.dynalens.domain.sql;

import dev.dynalens.domain.expression.Condition;
import java.util.List;
import java.util.Objects;

/**
 * What a query needs from one table, in DynamoDB's terms, before a request is chosen: the conditions its rows must meet
 * (each one a DynamoDB condition that means what the SQL predicate meant), the attributes it reads, the order it wants
 * on the sort key and how many rows at most.
 *
 * @param attributes top-level attributes to read, or null for every attribute
 * @param order      the order wanted on the sort key of the request that serves it
 * @param limit      the most rows wanted, or null
 * @param wholeCollection read the partition's whole item collection, every condition checked on the desktop: another read
 *                        of the query (the other side of a join) takes its rows from the same Query
 */
public record ReadShape(SqlEntity entity, List<Condition> conditions, List<String> attributes, Order order, Integer limit,
                        boolean wholeCollection) {
    public enum Order { ANY, FORWARD, BACKWARD }

    public ReadShape {
        Objects.requireNonNull(entity, "entity");
        conditions = List.copyOf(conditions);
        attributes = attributes == null ? null : List.copyOf(attributes);
        Objects.requireNonNull(order, "order");
    }

    public ReadShape(SqlEntity entity, List<Condition> conditions, List<String> attributes, Order order, Integer limit) {
        this(entity, conditions, attributes, order, limit, false);
    }

    public static ReadShape all(SqlEntity entity) {
        return new ReadShape(entity, List.of(), null, Order.ANY, null);
    }
}

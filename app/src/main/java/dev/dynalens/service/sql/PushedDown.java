package dev.dynalens.service.sql;

import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.sql.ReadShape;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * What the planner rules pushed into one table's read, in Calcite's terms: the columns read (positions in the
 * table's row type, which the node's row type is built from), the conditions in DynamoDB's terms, the order wanted on
 * the sort key and the most rows wanted. {@link DynamoAccess#shape} gives the domain's {@link ReadShape} of it
 * (attribute names and the entity type), which is what {@code AccessPlanner} plans from.
 */
record PushedDown(List<Integer> columns, boolean projected, List<Condition> conditions, ReadShape.Order order, Integer limit,
                  boolean wholeCollection) {
    PushedDown {
        columns = List.copyOf(columns);
        conditions = List.copyOf(conditions);
    }

    static PushedDown all(int columnCount) {
        return new PushedDown(IntStream.range(0, columnCount).boxed().toList(), false, List.of(), ReadShape.Order.ANY, null, false);
    }

    PushedDown withConditions(List<Condition> more) {
        var all = new ArrayList<>(conditions);
        all.addAll(more);
        return new PushedDown(columns, projected, all, order, limit, wholeCollection);
    }

    PushedDown withColumns(List<Integer> kept) {
        return new PushedDown(kept, true, conditions, order, limit, wholeCollection);
    }

    PushedDown withOrder(ReadShape.Order wanted) {
        return new PushedDown(columns, projected, conditions, wanted, limit, wholeCollection);
    }

    PushedDown withLimit(int rows) {
        return new PushedDown(columns, projected, conditions, order, limit == null ? rows : Math.min(limit, rows), wholeCollection);
    }

    /** Reads the whole item collection, shared with the other side of a join that reads the same partition. */
    PushedDown sharingCollection() {
        return new PushedDown(columns, projected, conditions, order, limit, true);
    }
}

package dev.dynalens.service.sql;

import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.sql.ReadShape;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * What the planner rules pushed into one table's read: the columns read (positions in the table's columns), the
 * conditions in DynamoDB's terms, the order wanted on the sort key and the most rows wanted.
 */
record ScanSpec(List<Integer> columns, boolean projected, List<Condition> conditions, ReadShape.Order order, Integer limit,
                boolean wholeCollection) {
    ScanSpec {
        columns = List.copyOf(columns);
        conditions = List.copyOf(conditions);
    }

    static ScanSpec all(int columnCount) {
        return new ScanSpec(IntStream.range(0, columnCount).boxed().toList(), false, List.of(), ReadShape.Order.ANY, null, false);
    }

    ScanSpec withConditions(List<Condition> more) {
        var all = new ArrayList<>(conditions);
        all.addAll(more);
        return new ScanSpec(columns, projected, all, order, limit, wholeCollection);
    }

    ScanSpec withColumns(List<Integer> kept) {
        return new ScanSpec(kept, true, conditions, order, limit, wholeCollection);
    }

    ScanSpec withOrder(ReadShape.Order wanted) {
        return new ScanSpec(columns, projected, conditions, wanted, limit, wholeCollection);
    }

    ScanSpec withLimit(int rows) {
        return new ScanSpec(columns, projected, conditions, order, limit == null ? rows : Math.min(limit, rows), wholeCollection);
    }

    /** Reads the whole item collection, shared with the other side of a join that reads the same partition. */
    ScanSpec sharingCollection() {
        return new ScanSpec(columns, projected, conditions, order, limit, true);
    }
}

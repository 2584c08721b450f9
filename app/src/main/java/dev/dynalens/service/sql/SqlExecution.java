package dev.dynalens.service.sql;

import dev.dynalens.domain.table.ConsumedCapacity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * A statement running: its rows, pulled one at a time (each a list of cells: a DynamoDB value, a number too large for
 * DynamoDB as a {@link java.math.BigDecimal}, or null), what it has consumed so far, and its cancellation. Not
 * thread-safe except {@link #cancel()}, which any thread may call.
 */
public final class SqlExecution implements AutoCloseable {
    private final SqlPlan plan;
    private final SqlRun run;
    private final Enumerator<Object> rows;
    private List<Object> current;

    @SuppressWarnings("unchecked")
    SqlExecution(SqlPlan plan, SqlRun run, Enumerable<?> enumerable) {
        this.plan = plan;
        this.run = run;
        this.rows = (Enumerator<Object>) enumerable.enumerator();
    }

    public SqlPlan plan() {
        return plan;
    }

    /** Moves to the next row; false after the last. Sends requests as the rows need them. */
    public boolean next() {
        if (!rows.moveNext()) {
            current = null;
            return false;
        }
        var row = rows.current();
        var width = plan.columns().size();
        var cells = new ArrayList<Object>(width);
        if (row instanceof Object[] values && width != 1) {
            for (var value : values) {
                cells.add(SqlTypes.toCell(value));
            }
        } else {
            cells.add(SqlTypes.toCell(row instanceof Object[] one && one.length == 1 ? one[0] : row));
        }
        current = Collections.unmodifiableList(cells);
        return true;
    }

    public List<Object> row() {
        return current;
    }

    public void cancel() {
        run.cancel();
    }

    public boolean cancelled() {
        return run.cancelled();
    }

    public ConsumedCapacity consumed() {
        return run.consumed();
    }

    /** Requests sent so far (each page of a Query or Scan counts). */
    public long requests() {
        return run.requests();
    }

    public long itemsRead() {
        return run.itemsRead();
    }

    @Override
    public void close() {
        rows.close();
    }
}

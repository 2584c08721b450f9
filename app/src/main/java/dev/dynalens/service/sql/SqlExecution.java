package dev.dynalens.service.sql;

import dev.dynalens.domain.table.ConsumedCapacity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
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
    private final Supplier<Enumerable<?>> bind;
    private Enumerator<Object> rows;
    private List<Object> current;

    /**
     * @param bind binds the compiled plan to the run: done at the first {@link #next()}, since binding an aggregate
     *             already reads, and what it reads belongs to the run this execution reports on
     */
    SqlExecution(SqlPlan plan, SqlRun run, Supplier<Enumerable<?>> bind) {
        this.plan = plan;
        this.run = run;
        this.bind = bind;
    }

    public SqlPlan plan() {
        return plan;
    }

    /** Moves to the next row; false after the last. Sends requests as the rows need them. */
    @SuppressWarnings("unchecked")
    public boolean next() {
        if (rows == null) {
            rows = (Enumerator<Object>) bind.get().enumerator();
        }
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

    /** Whether the run stopped because what it consumed passed its budget: its rows are then only the first. */
    public boolean stoppedAtBudget() {
        return run.stoppedAtBudget();
    }

    /** The entity types whose reads were sent more than once, with how many times more (empty: each read once). */
    public Map<String, Integer> rereads() {
        return run.rereads();
    }

    /** Bytes of reads kept for a join that did not fit in memory and went to a temporary file. */
    public long spilledBytes() {
        return run.spilledBytes();
    }

    @Override
    public void close() {
        try {
            if (rows != null) {
                rows.close();
            }
        } finally {
            run.close();
        }
    }
}

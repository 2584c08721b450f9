package dev.dynalens.service.sql;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.sql.PlannedRequest;
import dev.dynalens.domain.sql.SqlCatalog;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;

/**
 * A planned statement: its result columns, every request it will send with its estimated read capacity, whether it
 * Scans, and the plan as text ({@code EXPLAIN PLAN}, the reads with their requests). Nothing has been sent yet.
 */
public final class SqlPlan {
    private final String statement;
    private final SqlCatalog catalog;
    private final List<String> columns;
    private final List<PlannedRequest> requests;
    private final String explain;
    private final EnumerableRel root;
    private final long planningNanos;
    private Compiled compiled;

    /** The plan's generated code, compiled once (Janino takes tens of milliseconds), and the reads it was handed. */
    record Compiled(org.apache.calcite.runtime.Bindable<?> bindable, java.util.Map<String, Object> parameters) {
        Compiled {
            parameters = java.util.Map.copyOf(parameters);
        }
    }

    SqlPlan(String statement, SqlCatalog catalog, List<String> columns, List<PlannedRequest> requests, String explain,
            EnumerableRel root, long planningNanos) {
        this.statement = statement;
        this.catalog = catalog;
        this.columns = List.copyOf(columns);
        this.requests = List.copyOf(requests);
        this.explain = explain;
        this.root = root;
        this.planningNanos = planningNanos;
    }

    public String statement() {
        return statement;
    }

    public SqlCatalog catalog() {
        return catalog;
    }

    public List<String> columns() {
        return columns;
    }

    /** Every request, in the order the reads start; a BatchGetItem of a join is listed with its expected batches. */
    public List<PlannedRequest> requests() {
        return requests;
    }

    public CapacityUnits estimatedRcu() {
        return PlannedRequest.totalRcu(requests);
    }

    /** Whether a request reads a table whose size is not known: the estimate is then a floor. */
    public boolean sizeUnknown() {
        return PlannedRequest.anySizeUnknown(requests);
    }

    public boolean scans() {
        return requests.stream().anyMatch(PlannedRequest::isScan);
    }

    /** The relational plan as Calcite writes it, each DynamoDB read with its requests: what plan tests read. */
    public String explain() {
        return explain;
    }

    public long planningNanos() {
        return planningNanos;
    }

    EnumerableRel root() {
        return root;
    }

    synchronized Compiled compiled(java.util.function.Supplier<Compiled> compile) {
        if (compiled == null) {
            compiled = compile.get();
        }
        return compiled;
    }
}

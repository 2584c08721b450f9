package dev.dynalens.service.sql;

import dev.dynalens.domain.sql.AccessPlan;
import dev.dynalens.domain.sql.AccessPlanner;
import dev.dynalens.domain.sql.ReadShape;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;

/**
 * The read of one table of the query, a logical operator (convention NONE, so every rule over logical operators sees
 * it; {@link DynamoRead} is its enumerable form): what the rules pushed into it ({@link ScanSpec}) and the requests that serve it,
 * chosen by {@link AccessPlanner}. It decides, as Calcite's {@code CassandraFilter} does for a partition, whether the
 * read hits one partition and in which order rows come; its cost is the read capacity the requests are expected to
 * consume, so the planner prefers a Query to a Scan and a GetItem to a Query.
 */
final class DynamoScan extends TableScan {

    /** What makes a Scan lose to every Query, GetItem and BatchGetItem in the planner's comparison. */
    static final double SCAN_PENALTY = 1e9;

    private final EntityTable entityTable;
    private final ScanSpec spec;
    private AccessPlan plan;

    DynamoScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, EntityTable entityTable, ScanSpec spec) {
        super(cluster, traits, List.of(), table);
        this.entityTable = entityTable;
        this.spec = spec;
    }

    EntityTable entityTable() {
        return entityTable;
    }

    ScanSpec spec() {
        return spec;
    }

    DynamoScan with(ScanSpec newSpec) {
        return new DynamoScan(getCluster(), getTraitSet(), getTable(), entityTable, newSpec);
    }

    DynamoScan with(ScanSpec newSpec, RelTraitSet traits) {
        return new DynamoScan(getCluster(), traits, getTable(), entityTable, newSpec);
    }

    /** The requests that serve this read, as planned now. */
    AccessPlan accessPlan() {
        if (plan == null) {
            plan = AccessPlanner.plan(entityTable.catalog(), shape(spec));
        }
        return plan;
    }

    ReadShape shape(ScanSpec of) {
        var columns = entityTable.columns();
        List<String> attributes = of.projected() ? of.columns().stream().map(i -> columns.get(i).name()).toList() : null;
        return new ReadShape(entityTable.entity(), of.conditions(), attributes, of.order(), of.limit(), of.wholeCollection());
    }

    /** The name of the attribute behind one of this read's output fields. */
    String attributeOf(int field) {
        return entityTable.columns().get(spec.columns().get(field)).name();
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new DynamoScan(getCluster(), traitSet, getTable(), entityTable, spec);
    }

    @Override
    public RelDataType deriveRowType() {
        var full = table.getRowType().getFieldList();
        var builder = getCluster().getTypeFactory().builder();
        for (var column : spec.columns()) {
            builder.add(full.get(column));
        }
        return builder.build();
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        var writer = super.explainTerms(pw);
        if (spec.projected()) {
            writer.item("columns", getRowType().getFieldNames());
        }
        var requests = accessPlan().requests();
        for (int i = 0; i < requests.size(); i++) {
            writer.item("request" + (requests.size() == 1 ? "" : String.valueOf(i + 1)), requests.get(i).summary());
        }
        if (accessPlan().desktopCondition() != null) {
            writer.item("desktop", accessPlan().desktopCondition().toString());
        }
        if (spec.order() != ReadShape.Order.ANY) {
            writer.item("order", spec.order());
        }
        if (spec.limit() != null) {
            writer.item("limit", spec.limit());
        }
        if (spec.wholeCollection()) {
            writer.item("shared", "one Query of the item collection serves both sides of the join");
        }
        return writer;
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        var rows = (double) Math.max(1, accessPlan().estimatedRows());
        // each condition DynamoDB or the desktop applies is taken to keep a quarter of the rows
        rows = Math.max(1, rows * Math.pow(0.25, spec.conditions().size()));
        return spec.limit() == null ? rows : Math.min(rows, spec.limit());
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        // Calcite's costs are doubles; halves of a unit are exact in one
        var rcu = accessPlan().estimatedRcu().halves() / 2.0;
        if (spec.wholeCollection()) {
            rcu /= 2; // one Query serves both sides of the join: each pays half
        }
        var rows = estimateRowCount(mq);
        // capacity first; then fewer rows and fewer columns carried win a tie (a filter or projection pushed down). A Scan
        // costs more than any keyed read whatever the estimate: a small table grows, and its keys stay keys.
        var scanPenalty = accessPlan().scans() ? SCAN_PENALTY : 0;
        var measure = scanPenalty + rcu * 1000 + rows * 0.01 + spec.columns().size() * 0.0001;
        return planner.getCostFactory().makeCost(measure, rows, 0);
    }
}

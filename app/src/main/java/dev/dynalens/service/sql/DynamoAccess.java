package dev.dynalens.service.sql;

import dev.dynalens.domain.sql.AccessPlan;
import dev.dynalens.domain.sql.AccessPlanner;
import dev.dynalens.domain.sql.ConditionText;
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
 * How one table of the query is accessed, a logical operator (convention NONE, so every rule over logical operators
 * sees it; {@link DynamoRead} is its enumerable form): what the rules pushed into it ({@link PushedDown}) and the
 * requests that serve it, chosen by {@link AccessPlanner}: a GetItem, BatchGetItem, Query or Scan. It decides, as Calcite's {@code CassandraFilter} does for a partition, whether the
 * read hits one partition and in which order rows come; its cost is the read capacity the requests are expected to
 * consume, so the planner prefers a Query to a Scan and a GetItem to a Query.
 */
final class DynamoAccess extends TableScan {

    /** What makes a Scan lose to every Query, GetItem and BatchGetItem in the planner's comparison. */
    static final double SCAN_PENALTY = 1e9;

    private final EntityTable entityTable;
    private final PushedDown pushed;
    private AccessPlan plan;

    DynamoAccess(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, EntityTable entityTable, PushedDown pushed) {
        super(cluster, traits, List.of(), table);
        this.entityTable = entityTable;
        this.pushed = pushed;
    }

    EntityTable entityTable() {
        return entityTable;
    }

    PushedDown pushed() {
        return pushed;
    }

    DynamoAccess with(PushedDown newPushed) {
        return new DynamoAccess(getCluster(), getTraitSet(), getTable(), entityTable, newPushed);
    }

    DynamoAccess with(PushedDown newPushed, RelTraitSet traits) {
        return new DynamoAccess(getCluster(), traits, getTable(), entityTable, newPushed);
    }

    /** The requests that serve this read, as planned now. */
    AccessPlan accessPlan() {
        if (plan == null) {
            plan = AccessPlanner.plan(entityTable.catalog(), shape(pushed));
        }
        return plan;
    }

    ReadShape shape(PushedDown of) {
        var columns = entityTable.columns();
        List<String> attributes = of.projected() ? of.columns().stream().map(i -> columns.get(i).name()).toList() : null;
        return new ReadShape(entityTable.entity(), of.conditions(), attributes, of.order(), of.limit(), of.wholeCollection());
    }

    /** The name of the attribute behind one of this read's output fields. */
    String attributeOf(int field) {
        return entityTable.columns().get(pushed.columns().get(field)).name();
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new DynamoAccess(getCluster(), traitSet, getTable(), entityTable, pushed);
    }

    @Override
    public RelDataType deriveRowType() {
        var full = table.getRowType().getFieldList();
        var builder = getCluster().getTypeFactory().builder();
        for (var column : pushed.columns()) {
            builder.add(full.get(column));
        }
        return builder.build();
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        var writer = super.explainTerms(pw);
        if (pushed.projected()) {
            writer.item("columns", getRowType().getFieldNames());
        }
        var requests = accessPlan().requests();
        for (int i = 0; i < requests.size(); i++) {
            writer.item("request" + (requests.size() == 1 ? "" : String.valueOf(i + 1)), requests.get(i).summary());
        }
        if (accessPlan().desktopCondition() != null) {
            writer.item("desktop", ConditionText.of(accessPlan().desktopCondition()));
        }
        if (pushed.order() != ReadShape.Order.ANY) {
            writer.item("order", pushed.order());
        }
        if (pushed.limit() != null) {
            writer.item("limit", pushed.limit());
        }
        if (pushed.wholeCollection()) {
            writer.item("shared", "one Query of the item collection serves both sides of the join");
        }
        return writer;
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        var rows = (double) Math.max(1, accessPlan().estimatedRows());
        // each condition DynamoDB or the desktop applies is taken to keep a quarter of the rows
        rows = Math.max(1, rows * Math.pow(0.25, pushed.conditions().size()));
        return pushed.limit() == null ? rows : Math.min(rows, pushed.limit());
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        // Calcite's costs are doubles; halves of a unit are exact in one
        var rcu = accessPlan().estimatedRcu().halves() / 2.0;
        if (pushed.wholeCollection()) {
            rcu /= 2; // one Query serves both sides of the join: each pays half
        }
        var rows = estimateRowCount(mq);
        // capacity first; then fewer rows and fewer columns carried win a tie (a filter or projection pushed down). A Scan
        // costs more than any keyed read whatever the estimate: a small table grows, and its keys stay keys.
        var scanPenalty = accessPlan().scans() ? SCAN_PENALTY : 0;
        var measure = scanPenalty + rcu * 1000 + rows * 0.01 + pushed.columns().size() * 0.0001;
        return planner.getCostFactory().makeCost(measure, rows, 0);
    }
}

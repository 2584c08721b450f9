package dev.dynalens.service.sql;

import dev.dynalens.domain.capacity.CapacityCalculator;
import dev.dynalens.domain.capacity.ReadConsistency;
import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.sql.AccessPlanner;
import dev.dynalens.domain.sql.PlannedRequest;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.ReadExpressions;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A join whose right side is fetched by key: the left rows give the right side's full primary key (its partition key,
 * and its sort key from the left rows or pinned by the query: {@code u.PK = 'USER#' || p.ownerId AND u.SK = 'PROFILE'}),
 * so the right items are read with BatchGetItem, 100 keys a request, instead of a Query or Scan of the right table.
 *
 * @param partitionKeyField the left field holding the right side's partition key value
 * @param sortKeyField      the left field holding its sort key value, or -1 when the query pins it (or there is none)
 */
final class LookupJoin extends SingleRel implements EnumerableRel {
    private static final java.lang.reflect.Method JOIN;

    static {
        try {
            JOIN = LookupRead.class.getMethod("join", Object.class, org.apache.calcite.DataContext.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final DynamoAccess right;
    private final int partitionKeyField;
    private final int sortKeyField;
    private final JoinRelType joinType;
    private final RelDataType joinRowType;
    /** How often the join runs: more than once inside the inner side of a nested-loop join (once per outer row). */
    private final long runs;

    LookupJoin(RelOptCluster cluster, RelTraitSet traits, RelNode left, DynamoAccess right, int partitionKeyField, int sortKeyField,
               JoinRelType joinType, RelDataType joinRowType) {
        this(cluster, traits, left, right, partitionKeyField, sortKeyField, joinType, joinRowType, 1);
    }

    private LookupJoin(RelOptCluster cluster, RelTraitSet traits, RelNode left, DynamoAccess right, int partitionKeyField,
                       int sortKeyField, JoinRelType joinType, RelDataType joinRowType, long runs) {
        super(cluster, traits, left);
        this.right = right;
        this.partitionKeyField = partitionKeyField;
        this.sortKeyField = sortKeyField;
        this.joinType = joinType;
        this.joinRowType = joinRowType;
        this.runs = Math.max(1, runs);
    }

    /**
     * The same join, run about {@code times} times: its per-key requests are not kept (only whole reads are), so the plan
     * says they are sent again, and counts them.
     */
    LookupJoin runningTimes(long times) {
        return new LookupJoin(getCluster(), getTraitSet(), getInput(), right, partitionKeyField, sortKeyField, joinType, joinRowType, times);
    }

    DynamoAccess right() {
        return right;
    }

    @Override
    protected RelDataType deriveRowType() {
        return joinRowType;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new LookupJoin(getCluster(), traitSet, sole(inputs), right, partitionKeyField, sortKeyField, joinType, joinRowType, runs);
    }

    /** Whether the right side is read with a Query per partition key (the left rows do not give its sort key). */
    boolean queryPerKey() {
        var keys = right.entityTable().catalog().description().keySchema();
        return keys.sortKey() != null && sortKeyField < 0
                && LookupRead.pinnedSortKey(right.entityTable().catalog(), right.pushed().conditions()) == null;
    }

    /**
     * The requests as the plan shows them: their number depends on the left rows, so it is estimated. BatchGetItem
     * batches of 100 keys, or, without the sort key, one Query per partition key (as the planner would send it for one).
     */
    PlannedRequest plannedRequest(RelMetadataQuery mq) {
        var once = plannedOnce(mq);
        if (runs <= 1) {
            return once;
        }
        return once.withEstimatedRcu(once.estimatedRcu().times(runs)).withNote(once.note() + "; sent again for every row of the "
                + "outer side of the join around it, ≈ " + runs + " times, counted in the estimate");
    }

    private PlannedRequest plannedOnce(RelMetadataQuery mq) {
        var rows = Math.max(1, Math.round(mq.getRowCount(getInput())));
        var entity = right.entityTable().entity();
        var catalog = right.entityTable().catalog();
        var keys = catalog.description().keySchema();
        if (queryPerKey()) {
            var conditions = new ArrayList<>(right.pushed().conditions());
            conditions.add(Condition.equal(keys.partitionKeyName(), AttributeValue.s("…")));
            var one = AccessPlanner.plan(catalog, right.shape(right.pushed().withConditions(List.of())
                    .withConditions(conditions))).requests().getFirst();
            return one.withEstimatedRcu(one.estimatedRcu().times(rows)).withNote("≈ " + rows + " request(s), one per "
                    + keys.partitionKeyName() + " the other side's rows give (:pk from each), for " + entity.name());
        }
        var batches = (rows + BatchGetRequest.MAX_KEYS - 1) / BatchGetRequest.MAX_KEYS;
        var itemBytes = entity.averageItemBytes() > 0 ? entity.averageItemBytes() : 1024;
        var keyText = keys.partitionKeyName() + (!keys.hasSortKey() ? "" : ", " + keys.sortKeyName());
        return PlannedRequest.batchGetItem(catalog.tableName(), List.of(), ReadExpressions.NONE,
                CapacityCalculator.getItem(itemBytes, ReadConsistency.EVENTUAL).times(rows))
                .withNote("≈ " + batches + " request(s) of up to 100 keys (" + keyText + ") taken from the "
                + rows + " expected row(s) of the other side, for " + entity.name());
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("joinType", joinType.lowerName).item("key", "left $" + partitionKeyField
                        + (sortKeyField >= 0 ? ", $" + sortKeyField : ""))
                .item("request", plannedRequest(getCluster().getMetadataQuery()).summary())
                .item("right", right.getTable().getQualifiedName());
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return mq.getRowCount(getInput());
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        var request = plannedRequest(mq);
        return planner.getCostFactory().makeCost(request.estimatedRcu().halves() / 2.0 * 1000 + mq.getRowCount(getInput()) * 0.01,
                mq.getRowCount(getInput()), 0);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        var left = implementor.visitChild(this, 0, (EnumerableRel) getInput(), Prefer.ARRAY);
        var physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), pref.preferArray());
        var table = right.entityTable();
        var types = getCluster().getTypeFactory();
        var columns = right.pushed().columns().stream().map(i -> new LeafRead.Column(table.columns().get(i).name(),
                table.columnType(i, types))).toList();
        var leftWidth = getInput().getRowType().getFieldCount();
        var runtime = new LookupRead(table.catalog(), table.entity(), right.pushed().conditions(), columns, partitionKeyField,
                sortKeyField, joinType == JoinRelType.LEFT, leftWidth, left.physType.getFormat() == JavaRowFormat.SCALAR,
                physType.getFormat() == JavaRowFormat.SCALAR);
        var builder = new BlockBuilder();
        var leftRows = builder.append("left", left.block);
        var stashed = implementor.stash(runtime, LookupRead.class);
        var joined = builder.append("joined", Expressions.call(stashed, JOIN, leftRows, implementor.getRootExpression()));
        builder.add(Expressions.return_(null, joined));
        return implementor.result(physType, builder.toBlock());
    }

    static List<Integer> keyFields(LookupJoin join) {
        var fields = new ArrayList<Integer>(List.of(join.partitionKeyField));
        if (join.sortKeyField >= 0) {
            fields.add(join.sortKeyField);
        }
        return fields;
    }
}

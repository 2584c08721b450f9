package dev.dynalens.service.sql;

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
import org.apache.calcite.rel.AbstractRelNode;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A planned {@link DynamoAccess} as an enumerable operator: where DynamoDB's requests meet Calcite's operators (joins,
 * aggregates, residual filters). The generated code asks the read, handed over through the implementor's stash, for
 * its rows when the query runs.
 */
final class DynamoRead extends AbstractRelNode implements EnumerableRel {
    private final DynamoAccess access;

    DynamoRead(RelOptCluster cluster, RelTraitSet traits, DynamoAccess access) {
        super(cluster, traits);
        this.access = access;
    }

    DynamoAccess access() {
        return access;
    }

    @Override
    protected RelDataType deriveRowType() {
        return access.getRowType();
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new DynamoRead(getCluster(), traitSet, access);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return access.explainTerms(super.explainTerms(pw));
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return access.estimateRowCount(mq);
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        return access.computeSelfCost(planner, mq);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        var physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), pref.preferArray());
        var table = access.entityTable();
        var types = getCluster().getTypeFactory();
        var columns = access.pushed().columns().stream().map(i -> new LeafRead.Column(table.columns().get(i).name(),
                table.columnType(i, types))).toList();
        var read = new LeafRead(table.catalog(), table.entity(), access.accessPlan(), columns, physType.getFormat() == JavaRowFormat.SCALAR);
        var builder = new BlockBuilder();
        var stashed = implementor.stash(read, LeafRead.class);
        var enumerable = builder.append("enumerable", Expressions.call(stashed, "enumerable", implementor.getRootExpression()));
        builder.add(Expressions.return_(null, enumerable));
        return implementor.result(physType, builder.toBlock());
    }
}

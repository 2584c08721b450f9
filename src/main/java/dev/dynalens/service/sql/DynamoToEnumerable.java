package dev.dynalens.service.sql;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterImpl;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * Where a DynamoDB read meets Calcite's enumerable operators (joins, aggregates, residual filters): the generated code
 * asks the read, handed over through the implementor's stash, for its rows when the query runs.
 */
final class DynamoToEnumerable extends ConverterImpl implements EnumerableRel {
    DynamoToEnumerable(RelOptCluster cluster, RelTraitSet traits, RelNode input) {
        super(cluster, ConventionTraitDef.INSTANCE, traits, input);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new DynamoToEnumerable(getCluster(), traitSet, sole(inputs));
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        var cost = super.computeSelfCost(planner, mq);
        return cost == null ? null : cost.multiplyBy(0.1);
    }

    DynamoScan scan() {
        return (DynamoScan) getInput();
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        var physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), pref.preferArray());
        var scan = scan();
        var table = scan.entityTable();
        var types = getCluster().getTypeFactory();
        var columns = scan.spec().columns().stream().map(i -> new LeafRead.Column(table.columns().get(i).name(),
                table.columnType(i, types))).toList();
        var read = new LeafRead(table.catalog(), table.entity(), scan.accessPlan(), columns, physType.getFormat() == JavaRowFormat.SCALAR);
        var builder = new BlockBuilder();
        var stashed = implementor.stash(read, LeafRead.class);
        var enumerable = builder.append("enumerable", Expressions.call(stashed, "enumerable", implementor.getRootExpression()));
        builder.add(Expressions.return_(null, enumerable));
        return implementor.result(physType, builder.toBlock());
    }
}

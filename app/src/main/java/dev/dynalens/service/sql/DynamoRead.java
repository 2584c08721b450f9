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
    private final boolean kept;

    DynamoRead(RelOptCluster cluster, RelTraitSet traits, DynamoAccess access) {
        this(cluster, traits, access, false);
    }

    /** @param kept an operator above enumerates this read more than once: it is sent once and kept ({@link ReadOnce}) */
    DynamoRead(RelOptCluster cluster, RelTraitSet traits, DynamoAccess access, boolean kept) {
        super(cluster, traits);
        this.access = access;
        this.kept = kept;
    }

    DynamoAccess access() {
        return access;
    }

    boolean kept() {
        return kept;
    }

    /** The same read, sent once and kept for an operator that enumerates it again. */
    DynamoRead keptForRereads() {
        return kept ? this : new DynamoRead(getCluster(), getTraitSet(), access, true);
    }

    @Override
    protected RelDataType deriveRowType() {
        return access.getRowType();
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new DynamoRead(getCluster(), traitSet, access, kept);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return access.explainTerms(super.explainTerms(pw)).itemIf("kept", "read once for the rows of the other side", kept);
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
        var read = new LeafRead(table.catalog(), table.entity(), access.accessPlan(), columns, physType.getFormat() == JavaRowFormat.SCALAR, kept);
        var builder = new BlockBuilder();
        var stashed = implementor.stash(read, LeafRead.class);
        var enumerable = builder.append("enumerable", Expressions.call(stashed, "enumerable", implementor.getRootExpression()));
        builder.add(Expressions.return_(null, enumerable));
        return implementor.result(physType, builder.toBlock());
    }
}

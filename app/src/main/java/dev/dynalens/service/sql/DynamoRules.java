package dev.dynalens.service.sql;

import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.sql.AccessPlan;
import dev.dynalens.domain.sql.AccessPlanner;
import dev.dynalens.domain.sql.ReadShape;
import dev.dynalens.domain.table.ReadOperation;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;

/**
 * The planner rules of the DynamoDB adapter, one per thing pushed into a read (the model: Calcite's
 * {@code CassandraRules}): a filter's conditions, a projection's columns, a sort on the sort key and a limit. Each fires
 * only when the push-down is exact; what it cannot push stays above the read, on the desktop.
 */
final class DynamoRules {
    private DynamoRules() {
    }

    static List<RelOptRule> all() {
        return List.of(FilterRule.INSTANCE, ProjectRule.INSTANCE, SortRule.INSTANCE, LookupJoinRule.INSTANCE, SameCollectionRule.INSTANCE,
                ToEnumerableRule.INSTANCE);
    }

    /** Pushes every conjunct DynamoDB evaluates as SQL does into the read; the others stay in a filter above it. */
    @SuppressWarnings("deprecation")
    static final class FilterRule extends RelOptRule {
        static final FilterRule INSTANCE = new FilterRule();

        private FilterRule() {
            super(operand(LogicalFilter.class, operand(DynamoAccess.class, none())), "DynamoFilterRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalFilter filter = call.rel(0);
            DynamoAccess scan = call.rel(1);
            var rexBuilder = filter.getCluster().getRexBuilder();
            var condition = RexUtil.expandSearch(rexBuilder, null, filter.getCondition());
            var pushed = new ArrayList<Condition>();
            var kept = new ArrayList<RexNode>();
            for (var conjunct : RelOptUtil.conjunctions(condition)) {
                PredicateTranslator.translate(conjunct, scan).ifPresentOrElse(pushed::add, () -> kept.add(conjunct));
            }
            if (pushed.isEmpty()) {
                return;
            }
            RelNode read = scan.with(scan.pushed().withConditions(pushed));
            call.transformTo(kept.isEmpty() ? read : LogicalFilter.create(read, RexUtil.composeConjunction(rexBuilder, kept)));
        }
    }

    /** Reads only the columns a projection uses (a ProjectionExpression); the projection's expressions stay above. */
    @SuppressWarnings("deprecation")
    static final class ProjectRule extends RelOptRule {
        static final ProjectRule INSTANCE = new ProjectRule();

        private ProjectRule() {
            super(operand(LogicalProject.class, operand(DynamoAccess.class, none())), "DynamoProjectRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalProject project = call.rel(0);
            DynamoAccess scan = call.rel(1);
            var used = RelOptUtil.InputFinder.bits(project.getProjects(), null);
            var fieldCount = scan.getRowType().getFieldCount();
            var kept = new ArrayList<Integer>();
            var positions = new int[fieldCount];
            if (isPermutation(project.getProjects())) {
                // plain columns: read them in the projection's order, so no projection is left above the read
                for (var expression : project.getProjects()) {
                    var field = ((RexInputRef) expression).getIndex();
                    positions[field] = kept.size();
                    kept.add(scan.pushed().columns().get(field));
                }
            } else {
                for (int field : used) {
                    positions[field] = kept.size();
                    kept.add(scan.pushed().columns().get(field));
                }
            }
            if (kept.equals(scan.pushed().columns()) && scan.pushed().projected()) {
                return;
            }
            if (kept.isEmpty()) {
                // COUNT(*) reads no attribute, but a read has to return something: the partition key
                kept.add(0);
            }
            var read = scan.with(scan.pushed().withColumns(kept));
            var remapped = new ArrayList<RexNode>();
            var shuttle = new RexShuttle() {
                @Override
                public RexNode visitInputRef(RexInputRef ref) {
                    return new RexInputRef(positions[ref.getIndex()], ref.getType());
                }
            };
            for (var expression : project.getProjects()) {
                remapped.add(expression.accept(shuttle));
            }
            var identity = remapped.size() == kept.size() && RexUtil.isIdentity(remapped, read.getRowType())
                    && project.getRowType().getFieldNames().equals(read.getRowType().getFieldNames());
            call.transformTo(identity ? read : LogicalProject.create(read, project.getHints(), remapped, project.getRowType(),
                    project.getVariablesSet()));
        }
    }

    private static boolean isPermutation(List<RexNode> expressions) {
        var seen = new java.util.HashSet<Integer>();
        for (var expression : expressions) {
            if (!(expression instanceof RexInputRef ref) || !seen.add(ref.getIndex())) {
                return false;
            }
        }
        return !expressions.isEmpty();
    }

    /**
     * Pushes a LIMIT into the read (it stops reading once it has the rows), and an ORDER BY on the sort key of a
     * single-partition Query into ScanIndexForward.
     */
    @SuppressWarnings("deprecation")
    static final class SortRule extends RelOptRule {
        static final SortRule INSTANCE = new SortRule();

        private SortRule() {
            super(operand(Sort.class, operand(DynamoAccess.class, none())), "DynamoSortRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            Sort sort = call.rel(0);
            DynamoAccess scan = call.rel(1);
            if (sort.offset != null || sort.getConvention() != org.apache.calcite.plan.Convention.NONE) {
                return;
            }
            Integer fetch = sort.fetch instanceof RexLiteral literal ? literal.getValueAs(Integer.class) : null;
            if (sort.fetch != null && fetch == null) {
                return;
            }
            var collations = sort.getCollation().getFieldCollations();
            if (collations.isEmpty()) {
                if (fetch != null) {
                    call.transformTo(scan.with(scan.pushed().withLimit(fetch)));
                }
                return;
            }
            if (collations.size() != 1) {
                return;
            }
            var field = collations.getFirst();
            var order = field.direction == RelFieldCollation.Direction.ASCENDING ? ReadShape.Order.FORWARD
                    : field.direction == RelFieldCollation.Direction.DESCENDING ? ReadShape.Order.BACKWARD : null;
            if (order == null) {
                return;
            }
            var spec = scan.pushed().withOrder(order);
            if (fetch != null) {
                spec = spec.withLimit(fetch);
            }
            var plan = AccessPlanner.plan(scan.entityTable().catalog(), scan.shape(spec));
            if (!servesOrder(plan, scan, field.getFieldIndex())) {
                return;
            }
            var traits = scan.getTraitSet().replace(RelCollations.of(field));
            call.transformTo(scan.with(spec, traits));
        }

        /** One Query, on the index whose sort key the ORDER BY names: DynamoDB returns that order itself. */
        private static boolean servesOrder(AccessPlan plan, DynamoAccess scan, int field) {
            if (plan.operation() != ReadOperation.QUERY || !plan.ordered() || plan.reads().size() != 1) {
                return false;
            }
            var query = (dev.dynalens.domain.table.ReadRequest.Query) plan.reads().getFirst();
            // nulls: every item a Query returns has the sort key, so NULLS FIRST/LAST changes nothing
            return query.sortKeyName() != null && query.sortKeyName().equals(scan.attributeOf(field));
        }
    }

    /**
     * A join whose condition gives the right side's full primary key from the left rows becomes a {@link LookupJoin}:
     * the right items are fetched with BatchGetItem by key instead of being read whole and hashed.
     */
    @SuppressWarnings("deprecation")
    static final class LookupJoinRule extends RelOptRule {
        static final LookupJoinRule INSTANCE = new LookupJoinRule();

        private LookupJoinRule() {
            super(operand(org.apache.calcite.rel.logical.LogicalJoin.class, operand(RelNode.class, any()),
                    operand(DynamoAccess.class, none())), "DynamoLookupJoinRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            org.apache.calcite.rel.logical.LogicalJoin join = call.rel(0);
            DynamoAccess right = call.rel(2);
            var type = join.getJoinType();
            if (type != org.apache.calcite.rel.core.JoinRelType.INNER && type != org.apache.calcite.rel.core.JoinRelType.LEFT
                    || right.pushed().order() != ReadShape.Order.ANY || right.pushed().limit() != null) {
                return;
            }
            var leftWidth = join.getLeft().getRowType().getFieldCount();
            var keys = right.entityTable().catalog().description().keySchema();
            int pkField = -1;
            int skField = -1;
            var rest = new ArrayList<RexNode>();
            for (var conjunct : RelOptUtil.conjunctions(join.getCondition())) {
                var pair = equiPair(conjunct, leftWidth);
                if (pair != null) {
                    var attribute = right.attributeOf(pair[1] - leftWidth);
                    if (attribute.equals(keys.partitionKeyName()) && pkField < 0) {
                        pkField = pair[0];
                        continue;
                    }
                    if (attribute.equals(keys.sortKeyName()) && skField < 0) {
                        skField = pair[0];
                        continue;
                    }
                }
                rest.add(conjunct);
            }
            // without the sort key the right side is read with one Query per partition key the left rows give
            if (pkField < 0 || !rest.isEmpty() && type != org.apache.calcite.rel.core.JoinRelType.INNER) {
                return;
            }
            var traits = join.getTraitSet().replace(EnumerableConvention.INSTANCE);
            var left = convert(join.getLeft(), join.getLeft().getTraitSet().replace(EnumerableConvention.INSTANCE));
            RelNode lookup = new LookupJoin(join.getCluster(), traits, left, right, pkField, skField, type, join.getRowType());
            if (!rest.isEmpty()) {
                lookup = LogicalFilter.create(lookup, RexUtil.composeConjunction(join.getCluster().getRexBuilder(), rest));
            }
            call.transformTo(lookup);
        }

        /** {@code left field = right field} (either way round, a string cast of the right key allowed): their indexes. */
        private static int[] equiPair(RexNode conjunct, int leftWidth) {
            if (!(conjunct instanceof org.apache.calcite.rex.RexCall call) || call.getKind() != org.apache.calcite.sql.SqlKind.EQUALS) {
                return null;
            }
            var a = field(call.getOperands().get(0));
            var b = field(call.getOperands().get(1));
            if (a < 0 || b < 0) {
                return null;
            }
            if (a < leftWidth && b >= leftWidth) {
                return new int[] {a, b};
            }
            if (b < leftWidth && a >= leftWidth) {
                return new int[] {b, a};
            }
            return null;
        }

        private static int field(RexNode node) {
            if (node instanceof RexInputRef ref) {
                return ref.getIndex();
            }
            if (node instanceof org.apache.calcite.rex.RexCall cast && cast.getKind() == org.apache.calcite.sql.SqlKind.CAST
                    && cast.getOperands().getFirst() instanceof RexInputRef ref
                    && org.apache.calcite.sql.type.SqlTypeUtil.inCharFamily(cast.getType())
                    && org.apache.calcite.sql.type.SqlTypeUtil.inCharFamily(ref.getType())) {
                return ref.getIndex();
            }
            return -1;
        }
    }

    /**
     * Both sides of a join Query the same partition of the table: one Query of the whole item collection serves both
     * (each side checks its own entity type and conditions on the desktop), when that costs less than two Queries.
     */
    @SuppressWarnings("deprecation")
    static final class SameCollectionRule extends RelOptRule {
        static final SameCollectionRule INSTANCE = new SameCollectionRule();

        private SameCollectionRule() {
            super(operand(org.apache.calcite.rel.logical.LogicalJoin.class, operand(DynamoAccess.class, none()),
                    operand(DynamoAccess.class, none())), "DynamoSameCollectionRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            org.apache.calcite.rel.logical.LogicalJoin join = call.rel(0);
            DynamoAccess left = call.rel(1);
            DynamoAccess right = call.rel(2);
            if (!partition(left).isPresent() || !partition(left).equals(partition(right))
                    || left.entityTable().catalog() != right.entityTable().catalog()) {
                return;
            }
            call.transformTo(join.copy(join.getTraitSet(), List.of(left.with(left.pushed().sharingCollection()),
                    right.with(right.pushed().sharingCollection()))));
        }

        /** The one partition a read Queries on the table itself, when it is one Query with no order or limit of its own. */
        private static java.util.Optional<dev.dynalens.domain.item.AttributeValue> partition(DynamoAccess scan) {
            var spec = scan.pushed();
            var plan = scan.accessPlan();
            if (spec.wholeCollection() || spec.order() != ReadShape.Order.ANY || spec.limit() != null || plan.operation() != ReadOperation.QUERY
                    || plan.indexName() != null || plan.reads().size() != 1) {
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(((dev.dynalens.domain.table.ReadRequest.Query) plan.reads().getFirst()).partitionKeyValue());
        }
    }

    /** A read becomes an enumerable that sends its requests when the query runs. */
    @SuppressWarnings("deprecation")
    static final class ToEnumerableRule extends ConverterRule {
        static final ToEnumerableRule INSTANCE = new ToEnumerableRule();

        private ToEnumerableRule() {
            super(DynamoAccess.class, org.apache.calcite.plan.Convention.NONE, EnumerableConvention.INSTANCE, "DynamoToEnumerableRule");
        }

        @Override
        public RelNode convert(RelNode rel) {
            var traits = rel.getTraitSet().replace(EnumerableConvention.INSTANCE);
            return new DynamoRead(rel.getCluster(), traits, (DynamoAccess) rel);
        }
    }
}

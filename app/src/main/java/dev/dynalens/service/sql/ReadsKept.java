package dev.dynalens.service.sql;

import java.util.ArrayList;
import org.apache.calcite.adapter.enumerable.EnumerableBatchNestedLoopJoin;
import org.apache.calcite.adapter.enumerable.EnumerableCorrelate;
import org.apache.calcite.adapter.enumerable.EnumerableNestedLoopJoin;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.rel.RelNode;

/**
 * Marks the reads an operator enumerates more than once, so that each is sent once and kept for the run (and a lookup
 * join's per-key requests, which are not kept, are counted as often as they are sent): the inner
 * side of a nested-loop join (Calcite enumerates it again for every row of the outer side) or of a batched one (every
 * batch), and the right side of a correlate. A hash or merge join reads each side once and needs nothing kept. Without
 * this, {@code JOIN … ON o.total > u.score} sent the Scan of one side once per row of the other.
 */
final class ReadsKept {
    private ReadsKept() {
    }

    static EnumerableRel mark(EnumerableRel root) {
        return (EnumerableRel) mark(root, 1);
    }

    /**
     * @param runs how often {@code node} is enumerated: more than once below the inner side of a nested-loop join. A
     *             whole read there is kept; a lookup join's per-key requests are not, so it is told how often it runs
     */
    private static RelNode mark(RelNode node, long runs) {
        if (node instanceof DynamoRead read) {
            return runs > 1 ? read.keptForRereads() : read;
        }
        RelNode self = node instanceof LookupJoin lookup && runs > 1 ? lookup.runningTimes(runs) : node;
        var inputs = self.getInputs();
        var marked = new ArrayList<RelNode>(inputs.size());
        var changed = self != node;
        for (int i = 0; i < inputs.size(); i++) {
            var input = inputs.get(i);
            var times = runs;
            if (i > 0 && enumeratesInnerAgain(self)) {
                var outerRows = self.getCluster().getMetadataQuery().getRowCount(inputs.get(0));
                long each = Math.max(2, Math.round(outerRows == null ? 2 : outerRows));
                times = runs > Long.MAX_VALUE / each ? Long.MAX_VALUE : runs * each;
            }
            var next = mark(input, times);
            changed |= next != input;
            marked.add(next);
        }
        return changed ? self.copy(self.getTraitSet(), marked) : self;
    }

    private static boolean enumeratesInnerAgain(RelNode node) {
        return node instanceof EnumerableNestedLoopJoin || node instanceof EnumerableBatchNestedLoopJoin
                || node instanceof EnumerableCorrelate;
    }
}

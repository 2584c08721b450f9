package dev.dynalens.service.sql;

import java.util.ArrayList;
import org.apache.calcite.adapter.enumerable.EnumerableBatchNestedLoopJoin;
import org.apache.calcite.adapter.enumerable.EnumerableCorrelate;
import org.apache.calcite.adapter.enumerable.EnumerableNestedLoopJoin;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.rel.RelNode;

/**
 * Marks the reads an operator enumerates more than once, so that each is sent once and kept for the run: the inner
 * side of a nested-loop join (Calcite enumerates it again for every row of the outer side) or of a batched one (every
 * batch), and the right side of a correlate. A hash or merge join reads each side once and needs nothing kept. Without
 * this, {@code JOIN … ON o.total > u.score} sent the Scan of one side once per row of the other.
 */
final class ReadsKept {
    private ReadsKept() {
    }

    static EnumerableRel mark(EnumerableRel root) {
        return (EnumerableRel) mark(root, false);
    }

    private static RelNode mark(RelNode node, boolean reread) {
        if (node instanceof DynamoRead read) {
            return reread ? read.keptForRereads() : read;
        }
        var inputs = node.getInputs();
        var marked = new ArrayList<RelNode>(inputs.size());
        var changed = false;
        for (int i = 0; i < inputs.size(); i++) {
            var input = inputs.get(i);
            var again = reread || i > 0 && enumeratesInnerAgain(node);
            var next = mark(input, again);
            changed |= next != input;
            marked.add(next);
        }
        return changed ? node.copy(node.getTraitSet(), marked) : node;
    }

    private static boolean enumeratesInnerAgain(RelNode node) {
        return node instanceof EnumerableNestedLoopJoin || node instanceof EnumerableBatchNestedLoopJoin
                || node instanceof EnumerableCorrelate;
    }
}

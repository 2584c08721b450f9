package dev.dynalens.service.fanout;

import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.staleness.RepairOutcome;
import dev.dynalens.domain.staleness.RepairStep;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How a fan-out ended.
 *
 * @param counts       the final counts over the whole plan
 * @param notable      steps skipped or failed, with why, in plan order
 * @param sentThisRun  update requests this run sent that DynamoDB applied
 * @param cancelled    the person stopped the run; unsent steps stay pending in the journal
 * @param fatal        a problem that stopped the run (credentials, access, missing table); null otherwise
 * @param outcomes     each step's outcome in plan order (this run's or an earlier one's); null for a step still pending
 */
public record FanoutReport(FanoutProgress counts, List<StepReport> notable, int sentThisRun, Duration elapsed, boolean cancelled,
                           DynamoAccessException fatal, List<RepairOutcome> outcomes) {
    public FanoutReport {
        Objects.requireNonNull(counts, "counts");
        notable = List.copyOf(notable);
        outcomes = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(outcomes));
        Objects.requireNonNull(elapsed, "elapsed");
    }

    public int pending() {
        return counts.total() - counts.finished();
    }

    public boolean complete() {
        return pending() == 0 && counts.failed() == 0;
    }

    /** One step that did not simply update. */
    public record StepReport(int index, RepairStep step, RepairOutcome outcome, String detail) {
    }
}

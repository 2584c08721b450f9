package dev.dynalens.ui.sql;

import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.usecase.RunSql;

/** The SQL tab's status line after a run: rows, requests, the estimate beside what was consumed, the path and the note. */
final class RunSummary {
    private RunSummary() {
    }

    static String of(RunSql.Outcome outcome) {
        var estimate = outcome.plan() == null ? "" : " · estimated " + (outcome.plan().sizeUnknown() ? "at least " : "")
                + outcome.plan().estimatedRcu() + " RCU";
        var consumed = outcome.consumed().reported() ? " · consumed " + ConsumedCapacity.text(outcome.consumedRcu()) + " RCU"
                : " · consumption not reported";
        var ending = outcome.stoppedAtBudget() || outcome.complete() || outcome.truncated() ? "" : " · cancelled";
        return (outcome.stoppedAtBudget() ? "Incomplete: " : "") + outcome.rows().size() + " row(s) · " + outcome.requests() + " request(s)"
                + estimate + consumed + " · ran as " + outcome.path() + (outcome.note().isEmpty() ? "" : " · " + outcome.note()) + ending;
    }
}

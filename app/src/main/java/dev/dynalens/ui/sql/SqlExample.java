package dev.dynalens.ui.sql;

import dev.dynalens.domain.sql.PlannedRequest;
import dev.dynalens.service.sql.SqlPlan;
import java.util.stream.Collectors;

/**
 * A statement to start from, as the SQL tab offers it while its editor is empty.
 *
 * @param purpose   what it shows ("one USER by its key")
 * @param statement the SQL
 * @param plan      what it plans into, in one line ({@code GetItem · 0.5 RCU})
 */
public record SqlExample(String purpose, String statement, String plan) {

    /** The plan's requests by operation, in order, and its estimate. */
    static String summary(SqlPlan plan) {
        if (plan == null) {
            return "";
        }
        var operations = plan.requests().stream().map(r -> r.operation().label()).collect(Collectors.joining(" + "));
        return operations + " · " + (PlannedRequest.anySizeUnknown(plan.requests()) ? "at least " : "") + plan.estimatedRcu() + " RCU";
    }
}

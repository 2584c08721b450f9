package dev.dynalens.domain.sql;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * The budget gate: a plan whose estimate passes the limit, or that Scans a production-tagged table, runs only once the
 * person agreed (the app asks; the command line needs {@code --max-rcu} at or above the estimate). Pure.
 */
public final class BudgetGate {
    /** The limit when none is set, in read capacity units. */
    public static final BigDecimal DEFAULT_MAX_RCU = BigDecimal.valueOf(1000);

    private BudgetGate() {
    }

    /** Why the plan needs the person's agreement, or empty when it may run as it is. */
    public static Optional<String> check(List<PlannedRequest> requests, BigDecimal maxRcu, boolean productionTable) {
        var estimate = PlannedRequest.totalRcu(requests);
        var scans = requests.stream().filter(PlannedRequest::isScan).toList();
        if (estimate.toBigDecimal().compareTo(maxRcu) > 0) {
            return Optional.of("The plan is estimated at " + estimate + " RCU, more than the limit of "
                    + maxRcu.stripTrailingZeros().toPlainString() + " RCU"
                    + (scans.isEmpty() ? "" : " (it Scans " + scans.get(0).tableName() + ")"));
        }
        if (productionTable && !scans.isEmpty()) {
            return Optional.of("The plan Scans " + scans.get(0).tableName() + " on a production-tagged connection (estimated "
                    + estimate + " RCU)");
        }
        return Optional.empty();
    }
}

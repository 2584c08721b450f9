package dev.dynalens.domain.sql;

import java.util.List;
import java.util.Optional;

/**
 * The budget gate: a plan whose estimate passes the limit, or that Scans a production-tagged table, runs only once the
 * person agreed (the app asks; the command line needs {@code --max-rcu} at or above the estimate). Pure.
 */
public final class BudgetGate {
    /** The limit when none is set, in read capacity units. */
    public static final double DEFAULT_MAX_RCU = 1000;

    private BudgetGate() {
    }

    /** Why the plan needs the person's agreement, or empty when it may run as it is. */
    public static Optional<String> check(List<PlannedRequest> requests, double maxRcu, boolean productionTable) {
        var estimate = requests.stream().mapToDouble(PlannedRequest::estimatedRcu).sum();
        var scans = requests.stream().filter(PlannedRequest::isScan).toList();
        if (estimate > maxRcu) {
            return Optional.of("The plan is estimated at " + Rcu.text(estimate) + " RCU, more than the limit of " + Rcu.text(maxRcu) + " RCU"
                    + (scans.isEmpty() ? "" : " (it Scans " + scans.get(0).tableName() + ")"));
        }
        if (productionTable && !scans.isEmpty()) {
            return Optional.of("The plan Scans " + scans.get(0).tableName() + " on a production-tagged connection (estimated "
                    + Rcu.text(estimate) + " RCU)");
        }
        return Optional.empty();
    }
}

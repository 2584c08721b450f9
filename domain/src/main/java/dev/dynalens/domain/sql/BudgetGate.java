package dev.dynalens.domain.sql;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * The budget gate: a plan whose estimate passes the limit, whose size is unknown (counted as over the limit), or that
 * Scans a production-tagged table, runs only once the person agreed (the app asks; the command line needs
 * {@code --max-rcu} at or above the estimate, and any {@code --max-rcu} for an unknown size: it caps what the run
 * consumes). Pure.
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
        var unknown = requests.stream().filter(PlannedRequest::sizeUnknown).findFirst();
        if (unknown.isPresent()) {
            // unknown counts as over the budget: nothing says the read fits in it
            return Optional.of("The plan Scans " + unknown.get().tableName()
                    + ", whose size is unknown (DescribeTable says 0 bytes, which DynamoDB updates about every six hours, and the"
                    + " entity types come from a sample that did not read it all): at least " + estimate + " RCU, perhaps far more");
        }
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

package dev.dynalens.service.change;

import dev.dynalens.service.fanout.FanoutSettings;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * How a bulk change paces itself.
 *
 * @param pacing            items in flight at most (halved on throttling, then climbing back), retries and their backoff,
 *                          and the failures in a row after which the endpoint is taken for gone: as the fan-out's
 * @param maxUnitsPerSecond the write budget: write units per second at most, the table's and its indexes' as the plan
 *                          counts them; null for none
 */
public record ChangeSettings(FanoutSettings pacing, BigDecimal maxUnitsPerSecond) {
    public static final ChangeSettings DEFAULTS = new ChangeSettings(FanoutSettings.DEFAULTS, null);

    public ChangeSettings {
        Objects.requireNonNull(pacing, "pacing");
        if (maxUnitsPerSecond != null && maxUnitsPerSecond.signum() <= 0) {
            throw new IllegalArgumentException("the write budget must be above 0: " + maxUnitsPerSecond);
        }
    }

    public ChangeSettings withBudget(BigDecimal unitsPerSecond) {
        return new ChangeSettings(pacing, unitsPerSecond);
    }

    public ChangeSettings withPacing(FanoutSettings value) {
        return new ChangeSettings(value, maxUnitsPerSecond);
    }
}

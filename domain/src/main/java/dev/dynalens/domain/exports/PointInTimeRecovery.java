package dev.dynalens.domain.exports;

import java.time.Instant;

/**
 * A table's point-in-time recovery, as DescribeContinuousBackups and UpdateContinuousBackups answer (API reference,
 * PointInTimeRecoveryDescription). An export is made from it: without it there is none, and an export's times lie
 * within {@code earliestRestorable} and {@code latestRestorable} (typically five minutes ago).
 *
 * @param recoveryPeriodInDays how far back it reaches (1 to 35 days); null where DynamoDB did not say
 */
public record PointInTimeRecovery(boolean enabled, Instant earliestRestorable, Instant latestRestorable, Integer recoveryPeriodInDays) {

    public static PointInTimeRecovery disabled() {
        return new PointInTimeRecovery(false, null, null, null);
    }

    /** Whether {@code time} is within the window, as far as DynamoDB said it (an unsaid bound holds). */
    public boolean reaches(Instant time) {
        return enabled && (earliestRestorable == null || !time.isBefore(earliestRestorable));
    }
}

package dev.dynalens.domain.sql;

import java.math.BigDecimal;

/** Read capacity as a person reads it: halves exact ({@code 0.5}, {@code 12}, {@code 1234.5}). */
public final class Rcu {
    private Rcu() {
    }

    public static String text(double units) {
        if (Double.isNaN(units)) {
            return "?";
        }
        return BigDecimal.valueOf(units).stripTrailingZeros().toPlainString();
    }

    /** DynamoDB's rounding for reads: 4 KB units, rounded up, half a unit each for an eventually consistent read. */
    public static double forBytes(long bytes) {
        long units = Math.max(1, (bytes + 4095) / 4096);
        return units / 2.0;
    }
}

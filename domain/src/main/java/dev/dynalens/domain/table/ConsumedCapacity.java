package dev.dynalens.domain.table;

import java.math.BigDecimal;

/** Capacity units a request consumed, as the endpoint reported them (total, table and indexes). */
public record ConsumedCapacity(double capacityUnits, Double readCapacityUnits, Double writeCapacityUnits) {
    public static final ConsumedCapacity NOT_REPORTED = new ConsumedCapacity(Double.NaN, null, null);

    public boolean reported() {
        return !Double.isNaN(capacityUnits);
    }

    /** A reported amount as a person reads it ({@code 0.5}, {@code 12}); {@code ?} when none was reported. */
    public static String text(double units) {
        return Double.isNaN(units) ? "?" : BigDecimal.valueOf(units).stripTrailingZeros().toPlainString();
    }

    public ConsumedCapacity plus(ConsumedCapacity other) {
        if (!other.reported()) return this;
        if (!reported()) return other;
        return new ConsumedCapacity(capacityUnits + other.capacityUnits, sum(readCapacityUnits, other.readCapacityUnits),
                sum(writeCapacityUnits, other.writeCapacityUnits));
    }

    private static Double sum(Double a, Double b) {
        if (a == null) return b;
        if (b == null) return a;
        return a + b;
    }
}

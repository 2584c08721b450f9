package dev.dynalens.domain.capacity;

import java.math.BigDecimal;

/**
 * A number of read or write capacity units, exact: every amount DynamoDB charges is a multiple of
 * one half (an eventually consistent read of 4 KB), so it is kept as a count of halves and never
 * goes through floating point.
 */
public record CapacityUnits(long halves) implements Comparable<CapacityUnits> {
    public static final CapacityUnits ZERO = new CapacityUnits(0);

    public CapacityUnits {
        if (halves < 0) {
            throw new IllegalArgumentException("Capacity units cannot be negative: " + halves + " halves");
        }
    }

    public static CapacityUnits ofHalves(long halves) {
        return new CapacityUnits(halves);
    }

    public static CapacityUnits of(long units) {
        return new CapacityUnits(Math.multiplyExact(units, 2));
    }

    public CapacityUnits plus(CapacityUnits other) {
        return new CapacityUnits(Math.addExact(halves, other.halves));
    }

    public CapacityUnits times(long factor) {
        return new CapacityUnits(Math.multiplyExact(halves, factor));
    }

    public static CapacityUnits max(CapacityUnits a, CapacityUnits b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    public BigDecimal toBigDecimal() {
        return halves % 2 == 0 ? BigDecimal.valueOf(halves / 2) : BigDecimal.valueOf(halves).divide(BigDecimal.valueOf(2));
    }

    /** Whether a reported amount (a double from the wire, exact for multiples of 0.5) equals this one. */
    public boolean equalsReported(double reported) {
        return reported * 2 == halves;
    }

    @Override
    public int compareTo(CapacityUnits other) {
        return Long.compare(halves, other.halves);
    }

    /** As JSON prints it: 0.5, 1, 2.5. */
    @Override
    public String toString() {
        return toBigDecimal().toPlainString();
    }
}

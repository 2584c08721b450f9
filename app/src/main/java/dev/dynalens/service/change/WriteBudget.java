package dev.dynalens.service.change;

import dev.dynalens.domain.capacity.CapacityUnits;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * A write budget in write units per second: each write is given the moment it may be sent, so that the units sent by any
 * moment never run ahead of the budget (a schedule kept in virtual time: each write starts where the previous one's units
 * end). Without a budget every write may go at once, and the run is paced only by what the table takes.
 */
final class WriteBudget {
    private final double unitsPerSecond;
    private final LongSupplier nanoTime;
    private long nextFree;
    private boolean started;

    /** @param unitsPerSecond null for no budget */
    WriteBudget(BigDecimal unitsPerSecond, LongSupplier nanoTime) {
        // a pace, not a DynamoDB number: a double is exact enough for a schedule in nanoseconds
        this.unitsPerSecond = unitsPerSecond == null ? 0 : unitsPerSecond.doubleValue();
        this.nanoTime = nanoTime;
    }

    boolean limited() {
        return unitsPerSecond > 0;
    }

    /** How long to wait before sending a write of {@code units}; the units are counted as spent from then. */
    Duration reserve(CapacityUnits units) {
        if (!limited()) {
            return Duration.ZERO;
        }
        long now = nanoTime.getAsLong();
        long start = started ? Math.max(now, nextFree) : now;
        started = true;
        nextFree = start + (long) (units.toBigDecimal().doubleValue() / unitsPerSecond * 1e9);
        return Duration.ofNanos(start - now);
    }
}

package dev.dynalens.service.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.capacity.CapacityUnits;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class WriteBudgetTest {
    @Test
    void eachWriteStartsWhereThePreviousOnesUnitsEnd_andTimeSpentIdleIsNotSavedUp() {
        var now = new AtomicLong();
        var budget = new WriteBudget(new BigDecimal("10"), now::get);

        assertThat(budget.reserve(CapacityUnits.of(1))).isEqualTo(Duration.ZERO);
        assertThat(budget.reserve(CapacityUnits.of(2))).isEqualTo(Duration.ofMillis(100));
        assertThat(budget.reserve(CapacityUnits.ofHalves(1))).isEqualTo(Duration.ofMillis(300));
        // a second of nothing: the next write goes at once, and does not make up for the quiet second with a burst
        now.set(Duration.ofSeconds(2).toNanos());
        assertThat(budget.reserve(CapacityUnits.of(5))).isEqualTo(Duration.ZERO);
        assertThat(budget.reserve(CapacityUnits.of(1))).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void withoutABudgetNothingWaits() {
        var budget = new WriteBudget(null, () -> 0);
        assertThat(budget.limited()).isFalse();
        assertThat(budget.reserve(CapacityUnits.of(1000))).isEqualTo(Duration.ZERO);
    }
}

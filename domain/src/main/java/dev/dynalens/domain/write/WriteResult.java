package dev.dynalens.domain.write;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import java.util.Objects;
import java.util.Optional;

/**
 * What a single-item write did. A write whose condition did not hold is not an error here: it is the answer a
 * guarded write exists to give ({@link Status#CONDITION_FAILED}), and nothing was written.
 *
 * @param returned for an applied Update the item after it; for a Put or Delete the item before it (absent when there
 *                 was none); absent when the condition failed
 */
public record WriteResult(Status status, Optional<Item> returned, ConsumedCapacity capacity) {
    public enum Status { APPLIED, CONDITION_FAILED }

    public WriteResult {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(returned, "returned");
        Objects.requireNonNull(capacity, "capacity");
    }

    public boolean applied() {
        return status == Status.APPLIED;
    }
}

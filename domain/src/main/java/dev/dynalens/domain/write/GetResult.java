package dev.dynalens.domain.write;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import java.util.Objects;
import java.util.Optional;

/** A GetItem answer: the item when it exists, and the capacity the read consumed. */
public record GetResult(Optional<Item> item, ConsumedCapacity capacity) {
    public GetResult {
        Objects.requireNonNull(item, "item");
        Objects.requireNonNull(capacity, "capacity");
    }
}

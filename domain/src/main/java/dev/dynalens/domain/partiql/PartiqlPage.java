package dev.dynalens.domain.partiql;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One answer of ExecuteStatement: the items of a SELECT (none for a write), the NextToken to ask for the next page
 * (null on the last one; a SELECT reads at most 1 MB per call, so a full answer can take many), and the capacity.
 */
public record PartiqlPage(List<Item> items, String nextToken, ConsumedCapacity capacity) {
    public PartiqlPage {
        items = List.copyOf(items);
        nextToken = nextToken == null || nextToken.isEmpty() ? null : nextToken;
        Objects.requireNonNull(capacity, "capacity");
    }

    public Optional<String> next() {
        return Optional.ofNullable(nextToken);
    }
}

package dev.dynalens.domain.design;

import dev.dynalens.domain.capacity.CapacityUnits;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One entity in a design: how each of its key attributes is made ({@code PK = CUSTOMER#{customerId}}), why, and what
 * putting one item costs.
 *
 * @param keys       key attribute to template: the table's keys first, then each index's it is written into
 * @param indexes    the indexes it is written into
 * @param itemBytes  the size of one item used for the costs: the given itemSize, else the largest sample item
 * @param wcuPerPut  a PutItem of one item: the table's write and one per index it is written into
 * @param wcuPerSecond at the write rate its patterns give, or null when none gives one
 */
public record EntityDesign(String name, Map<String, ValueTemplate> keys, List<String> indexes, List<String> reasons,
                           long itemBytes, CapacityUnits wcuPerPut, CapacityUnits wcuPerSecond) {
    public EntityDesign {
        Objects.requireNonNull(name, "name");
        keys = Collections.unmodifiableMap(new LinkedHashMap<>(keys));
        indexes = List.copyOf(indexes);
        reasons = List.copyOf(reasons);
        Objects.requireNonNull(wcuPerPut, "wcuPerPut");
    }
}

package dev.dynalens.domain.capacity;

/** Reading one item with GetItem (three ways) and writing it with PutItem (as a new item, alone or in a transaction). */
public record ItemCost(CapacityUnits eventualRead, CapacityUnits strongRead, CapacityUnits transactionalRead,
                       CapacityUnits write, CapacityUnits transactionalWrite) {
}

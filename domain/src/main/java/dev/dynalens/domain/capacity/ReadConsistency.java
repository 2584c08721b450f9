package dev.dynalens.domain.capacity;

/**
 * How a read is made, which sets what one 4 KB unit of it costs (Developer Guide, "DynamoDB read and
 * write operations": "A strongly consistent read request of an item up to 4 KB requires one read unit.
 * An eventually consistent read request ... requires one-half read unit. A transactional read request
 * ... requires two read units.").
 */
public enum ReadConsistency {
    EVENTUAL(1), STRONG(2), TRANSACTIONAL(4);

    private final long halvesPerUnit;

    ReadConsistency(long halvesPerUnit) {
        this.halvesPerUnit = halvesPerUnit;
    }

    CapacityUnits cost(long fourKilobyteUnits) {
        return CapacityUnits.ofHalves(Math.multiplyExact(fourKilobyteUnits, halvesPerUnit));
    }
}

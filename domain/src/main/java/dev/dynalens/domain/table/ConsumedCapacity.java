package dev.dynalens.domain.table;

/** Capacity units a request consumed, as the endpoint reported them (total, table and indexes). */
public record ConsumedCapacity(double capacityUnits, Double readCapacityUnits, Double writeCapacityUnits) {
    public static final ConsumedCapacity NOT_REPORTED = new ConsumedCapacity(Double.NaN, null, null);

    public boolean reported() {
        return !Double.isNaN(capacityUnits);
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

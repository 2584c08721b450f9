package dev.dynalens.domain.table;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What DescribeTable (and DescribeTimeToLive where the endpoint has it) tells about a table.
 * Counts and sizes are DynamoDB's approximate figures, updated about every six hours.
 */
public record TableDescription(
        String name,
        KeySchema keySchema,
        List<IndexDescription> globalSecondaryIndexes,
        List<IndexDescription> localSecondaryIndexes,
        long itemCount,
        long sizeBytes,
        BillingMode billingMode,
        Long readCapacityUnits,
        Long writeCapacityUnits,
        String status,
        TimeToLive timeToLive) {

    public TableDescription {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(keySchema, "keySchema");
        globalSecondaryIndexes = globalSecondaryIndexes == null ? List.of() : List.copyOf(globalSecondaryIndexes);
        localSecondaryIndexes = localSecondaryIndexes == null ? List.of() : List.copyOf(localSecondaryIndexes);
        Objects.requireNonNull(billingMode, "billingMode");
        Objects.requireNonNull(timeToLive, "timeToLive");
    }

    public enum BillingMode { PROVISIONED, PAY_PER_REQUEST }

    /** TTL status: the attribute when enabled, or why it is not known. */
    public record TimeToLive(Status status, String attributeName) {
        public enum Status { ENABLED, ENABLING, DISABLED, DISABLING, UNSUPPORTED_BY_ENDPOINT, UNKNOWN }

        public static TimeToLive unsupported() {
            return new TimeToLive(Status.UNSUPPORTED_BY_ENDPOINT, null);
        }

        public Optional<String> attribute() {
            return Optional.ofNullable(attributeName);
        }
    }

    /** All indexes, global first. */
    public List<IndexDescription> indexes() {
        var all = new java.util.ArrayList<IndexDescription>(globalSecondaryIndexes);
        all.addAll(localSecondaryIndexes);
        return List.copyOf(all);
    }

    public Optional<IndexDescription> index(String indexName) {
        return indexes().stream().filter(i -> i.name().equals(indexName)).findFirst();
    }

    /** The key of the table (null) or of the named index. */
    public IndexKey indexKey(String indexName) {
        if (indexName == null) {
            return keySchema.asIndexKey();
        }
        return index(indexName).map(IndexDescription::key)
                .orElseThrow(() -> new IllegalArgumentException("Table " + name + " has no index named " + indexName));
    }
}

package dev.dynalens.service.aws;

import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.table.TableDescription.TimeToLive;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;

/** DescribeTable and DescribeTimeToLive responses to a {@link TableDescription}. Pure. */
final class DescriptionMapper {
    private DescriptionMapper() {
    }

    static TableDescription toTableDescription(software.amazon.awssdk.services.dynamodb.model.TableDescription table,
                                               TimeToLive timeToLive) {
        var types = table.attributeDefinitions().stream()
                .collect(Collectors.toMap(AttributeDefinition::attributeName, AttributeDefinition::attributeTypeAsString,
                        (a, b) -> a));
        var billingMode = billingMode(table);
        var throughput = table.provisionedThroughput();
        boolean provisioned = billingMode == TableDescription.BillingMode.PROVISIONED && throughput != null;
        return new TableDescription(
                table.tableName(),
                tableKey(table.tableName(), table.keySchema(), types),
                table.globalSecondaryIndexes().stream().map(gsi -> globalIndex(gsi, types)).toList(),
                table.localSecondaryIndexes().stream().map(lsi -> localIndex(lsi, types)).toList(),
                orZero(table.itemCount()),
                orZero(table.tableSizeBytes()),
                billingMode,
                provisioned ? throughput.readCapacityUnits() : null,
                provisioned ? throughput.writeCapacityUnits() : null,
                table.tableStatusAsString(),
                timeToLive);
    }

    /** A table created before on-demand existed has no billing mode summary: it is provisioned (API reference, BillingModeSummary). */
    static TableDescription.BillingMode billingMode(software.amazon.awssdk.services.dynamodb.model.TableDescription table) {
        var summary = table.billingModeSummary();
        return summary != null && summary.billingMode() == BillingMode.PAY_PER_REQUEST
                ? TableDescription.BillingMode.PAY_PER_REQUEST
                : TableDescription.BillingMode.PROVISIONED;
    }

    static TimeToLive toTimeToLive(DescribeTimeToLiveResponse response) {
        var description = response.timeToLiveDescription();
        if (description == null || description.timeToLiveStatus() == null) {
            return new TimeToLive(TimeToLive.Status.UNKNOWN, null);
        }
        var status = switch (description.timeToLiveStatus()) {
            case ENABLED -> TimeToLive.Status.ENABLED;
            case ENABLING -> TimeToLive.Status.ENABLING;
            case DISABLED -> TimeToLive.Status.DISABLED;
            case DISABLING -> TimeToLive.Status.DISABLING;
            case UNKNOWN_TO_SDK_VERSION -> TimeToLive.Status.UNKNOWN;
        };
        return new TimeToLive(status, description.attributeName());
    }

    /** Backfilling is given only while a new index is CREATING; absent, it is not backfilling. */
    static IndexDescription globalIndex(GlobalSecondaryIndexDescription index, Map<String, String> types) {
        var projection = index.projection();
        return new IndexDescription(index.indexName(), IndexDescription.Kind.GLOBAL, indexKey(index.keySchema(), types),
                projection(projection), nonKeyAttributes(projection), index.itemCount(), index.indexSizeBytes(),
                index.indexStatusAsString(), Boolean.TRUE.equals(index.backfilling()));
    }

    private static IndexDescription localIndex(LocalSecondaryIndexDescription index, Map<String, String> types) {
        var projection = index.projection();
        // A local index has no status of its own: it lives and dies with its table.
        return new IndexDescription(index.indexName(), IndexDescription.Kind.LOCAL, indexKey(index.keySchema(), types),
                projection(projection), nonKeyAttributes(projection), index.itemCount(), index.indexSizeBytes(), null);
    }

    /**
     * Every element of a KeySchema: the HASH ones in order are the partition key, the RANGE ones in order the sort key.
     * A global index may have up to four of each (docs/expressions.md, Multi-attribute GSI keys, rules 1, 2 and 8); each
     * attribute's type is the one AttributeDefinitions gives it.
     */
    static IndexKey indexKey(List<KeySchemaElement> elements, Map<String, String> types) {
        Function<KeySchemaElement, KeySchema.KeyAttribute> attribute = e ->
                new KeySchema.KeyAttribute(e.attributeName(), scalarType(types.get(e.attributeName())));
        var partition = elements.stream().filter(e -> e.keyType() == KeyType.HASH).map(attribute).toList();
        if (partition.isEmpty()) {
            throw new IllegalArgumentException("The key schema has no partition (HASH) key: " + elements);
        }
        var sort = elements.stream().filter(e -> e.keyType() == KeyType.RANGE).map(attribute).toList();
        return new IndexKey(partition, sort);
    }

    /** The table's own key: one HASH element and at most one RANGE element (API reference, CreateTable, KeySchema). */
    static KeySchema tableKey(String tableName, List<KeySchemaElement> elements, Map<String, String> types) {
        var key = indexKey(elements, types);
        return key.asKeySchema().orElseThrow(() -> new IllegalArgumentException("Table " + tableName + " has a key of "
                + (key.partition().size() > 1 ? key.partition().size() + " partition (HASH) attributes (" + String.join(", ", key.partitionNames())
                : key.sort().size() + " sort (RANGE) attributes (" + String.join(", ", key.sortNames()))
                + "); a table's key has one partition attribute and at most one sort attribute"));
    }

    private static KeySchema.ScalarType scalarType(String type) {
        if (type == null) {
            // DescribeTable always defines key attributes; should an endpoint not, S is the least surprising guess.
            return KeySchema.ScalarType.S;
        }
        return KeySchema.ScalarType.valueOf(type);
    }

    private static IndexDescription.Projection projection(Projection projection) {
        if (projection == null || projection.projectionType() == null) {
            return IndexDescription.Projection.ALL;
        }
        return switch (projection.projectionType()) {
            case KEYS_ONLY -> IndexDescription.Projection.KEYS_ONLY;
            case INCLUDE -> IndexDescription.Projection.INCLUDE;
            case ALL, UNKNOWN_TO_SDK_VERSION -> IndexDescription.Projection.ALL;
        };
    }

    private static List<String> nonKeyAttributes(Projection projection) {
        return projection == null ? List.of() : projection.nonKeyAttributes();
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }
}

package dev.dynalens.service.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription.BillingMode;
import dev.dynalens.domain.table.TableDescription.TimeToLive;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingModeSummary;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputDescription;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;

class DescriptionMapperTest {
    private static final TimeToLive TTL = new TimeToLive(TimeToLive.Status.ENABLED, "expiresAt");

    private static TableDescription.Builder table() {
        return TableDescription.builder()
                .tableName("orders")
                .tableStatus("ACTIVE")
                .attributeDefinitions(
                        AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("sk").attributeType(ScalarAttributeType.N).build(),
                        AttributeDefinition.builder().attributeName("status").attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("created").attributeType(ScalarAttributeType.B).build())
                .keySchema(key("sk", KeyType.RANGE), key("pk", KeyType.HASH))
                .itemCount(1234L)
                .tableSizeBytes(56789L);
    }

    @Test
    void onDemandTable_withIndexes() {
        var sdk = table()
                .billingModeSummary(BillingModeSummary.builder().billingMode("PAY_PER_REQUEST").build())
                .provisionedThroughput(ProvisionedThroughputDescription.builder().readCapacityUnits(0L).writeCapacityUnits(0L).build())
                .globalSecondaryIndexes(GlobalSecondaryIndexDescription.builder().indexName("byStatus")
                        .keySchema(key("status", KeyType.HASH), key("sk", KeyType.RANGE))
                        .projection(Projection.builder().projectionType(ProjectionType.INCLUDE).nonKeyAttributes("total").build())
                        .indexStatus("ACTIVE").itemCount(10L).indexSizeBytes(100L).build())
                .localSecondaryIndexes(LocalSecondaryIndexDescription.builder().indexName("byCreated")
                        .keySchema(key("pk", KeyType.HASH), key("created", KeyType.RANGE))
                        .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build())
                        .itemCount(7L).indexSizeBytes(70L).build())
                .build();

        var description = DescriptionMapper.toTableDescription(sdk, TTL);

        assertEquals("orders", description.name());
        assertEquals(new KeySchema(new KeySchema.KeyAttribute("pk", KeySchema.ScalarType.S),
                new KeySchema.KeyAttribute("sk", KeySchema.ScalarType.N)), description.keySchema());
        assertEquals(BillingMode.PAY_PER_REQUEST, description.billingMode());
        assertNull(description.readCapacityUnits(), "on-demand tables have no provisioned capacity");
        assertNull(description.writeCapacityUnits());
        assertEquals(1234L, description.itemCount());
        assertEquals(56789L, description.sizeBytes());
        assertEquals("ACTIVE", description.status());
        assertEquals(TTL, description.timeToLive());
        assertEquals(new IndexDescription("byStatus", IndexDescription.Kind.GLOBAL,
                new KeySchema(new KeySchema.KeyAttribute("status", KeySchema.ScalarType.S),
                        new KeySchema.KeyAttribute("sk", KeySchema.ScalarType.N)),
                IndexDescription.Projection.INCLUDE, List.of("total"), 10L, 100L, "ACTIVE"),
                description.globalSecondaryIndexes().get(0));
        assertEquals(new IndexDescription("byCreated", IndexDescription.Kind.LOCAL,
                new KeySchema(new KeySchema.KeyAttribute("pk", KeySchema.ScalarType.S),
                        new KeySchema.KeyAttribute("created", KeySchema.ScalarType.B)),
                IndexDescription.Projection.KEYS_ONLY, List.of(), 7L, 70L, null),
                description.localSecondaryIndexes().get(0));
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            CREATING, true,  CREATING, true
            CREATING, false, CREATING, false
            CREATING,      , CREATING, false
            ACTIVE,        , ACTIVE,   false
            """)
    void aGlobalIndex_saysItsStatus_andWhetherItIsBackfilling(String sdkStatus, Boolean backfilling, String status, boolean expected) {
        var sdk = table().globalSecondaryIndexes(GlobalSecondaryIndexDescription.builder().indexName("byStatus")
                .keySchema(key("status", KeyType.HASH)).projection(Projection.builder().projectionType(ProjectionType.ALL).build())
                .indexStatus(sdkStatus).backfilling(backfilling).build()).build();

        var index = DescriptionMapper.toTableDescription(sdk, TTL).globalSecondaryIndexes().getFirst();

        assertEquals(status, index.status());
        assertEquals(expected, index.backfilling());
        assertEquals(status.equals("ACTIVE"), index.active());
    }

    @Test
    void noBillingModeSummary_meansProvisioned() {
        var sdk = table()
                .provisionedThroughput(ProvisionedThroughputDescription.builder().readCapacityUnits(5L).writeCapacityUnits(3L).build())
                .build();

        var description = DescriptionMapper.toTableDescription(sdk, TTL);

        assertEquals(BillingMode.PROVISIONED, description.billingMode());
        assertEquals(5L, description.readCapacityUnits());
        assertEquals(3L, description.writeCapacityUnits());
    }

    @Test
    void missingCounts_areZero() {
        var description = DescriptionMapper.toTableDescription(table().itemCount(null).tableSizeBytes(null).build(), TTL);

        assertEquals(0, description.itemCount());
        assertEquals(0, description.sizeBytes());
        assertEquals(List.of(), description.indexes());
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            ENABLED,   expiresAt, ENABLED
            ENABLING,  expiresAt, ENABLING
            DISABLED,  ,          DISABLED
            DISABLING, expiresAt, DISABLING
            SOMETHING, ,          UNKNOWN
            """)
    void timeToLive_statuses(String sdkStatus, String attribute, TimeToLive.Status expected) {
        var response = DescribeTimeToLiveResponse.builder().timeToLiveDescription(
                TimeToLiveDescription.builder().timeToLiveStatus(sdkStatus).attributeName(attribute).build()).build();

        assertEquals(new TimeToLive(expected, attribute), DescriptionMapper.toTimeToLive(response));
    }

    @Test
    void timeToLive_withoutDescription_isUnknown() {
        assertEquals(TimeToLive.Status.UNKNOWN,
                DescriptionMapper.toTimeToLive(DescribeTimeToLiveResponse.builder().build()).status());
    }

    /**
     * docs/expressions.md, Multi-attribute GSI keys, rules 1, 2 and 8: every HASH and every RANGE element, in order, each
     * with its type from AttributeDefinitions. Before, the first HASH and the first RANGE were kept and the rest dropped.
     */
    @Test
    void aMultiAttributeIndex_keepsEveryKeyAttribute_inOrder_withItsType() {
        var sdk = table()
                .attributeDefinitions(
                        AttributeDefinition.builder().attributeName("matchId").attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("tournamentId").attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("region").attributeType(ScalarAttributeType.B).build(),
                        AttributeDefinition.builder().attributeName("round").attributeType(ScalarAttributeType.N).build(),
                        AttributeDefinition.builder().attributeName("bracket").attributeType(ScalarAttributeType.S).build())
                .keySchema(key("matchId", KeyType.HASH))
                .globalSecondaryIndexes(GlobalSecondaryIndexDescription.builder().indexName("TournamentRegionIndex")
                        .keySchema(key("tournamentId", KeyType.HASH), key("region", KeyType.HASH), key("round", KeyType.RANGE),
                                key("bracket", KeyType.RANGE), key("matchId", KeyType.RANGE))
                        .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).indexStatus("ACTIVE").build())
                .build();

        var index = DescriptionMapper.toTableDescription(sdk, TTL).index("TournamentRegionIndex").orElseThrow();

        assertEquals(new IndexKey(
                List.of(new KeySchema.KeyAttribute("tournamentId", KeySchema.ScalarType.S), new KeySchema.KeyAttribute("region", KeySchema.ScalarType.B)),
                List.of(new KeySchema.KeyAttribute("round", KeySchema.ScalarType.N), new KeySchema.KeyAttribute("bracket", KeySchema.ScalarType.S),
                        new KeySchema.KeyAttribute("matchId", KeySchema.ScalarType.S))), index.key());
    }

    @Test
    void aTableKeyOfTwoHashElements_isRefusedWithASentence_notReadAsItsFirst() {
        var sdk = table().keySchema(key("pk", KeyType.HASH), key("status", KeyType.HASH)).build();

        var error = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> DescriptionMapper.toTableDescription(sdk, TTL));
        assertEquals("Table orders has a key of 2 partition (HASH) attributes (pk, status); a table's key has one partition attribute "
                + "and at most one sort attribute", error.getMessage());
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }
}

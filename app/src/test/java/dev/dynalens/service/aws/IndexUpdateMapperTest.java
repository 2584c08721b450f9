package dev.dynalens.service.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.table.CreateIndexSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;

class IndexUpdateMapperTest {
    private static final IndexDescription BY_STATUS = new IndexDescription("GSI2", IndexDescription.Kind.GLOBAL,
            new KeySchema(new KeySchema.KeyAttribute("GSI2PK", KeySchema.ScalarType.S), new KeySchema.KeyAttribute("GSI2SK", KeySchema.ScalarType.N)),
            IndexDescription.Projection.ALL, List.of(), null, null, null);

    @Test
    void anOnDemandTablesIndex_isOneCreate_withItsKeyAttributesDefined_andNoThroughput() {
        var request = IndexUpdateMapper.createGlobalIndex(CreateIndexSpec.onDemand("Orders", BY_STATUS));

        assertThat(request.tableName()).isEqualTo("Orders");
        assertThat(request.attributeDefinitions()).containsExactly(
                AttributeDefinition.builder().attributeName("GSI2PK").attributeType(ScalarAttributeType.S).build(),
                AttributeDefinition.builder().attributeName("GSI2SK").attributeType(ScalarAttributeType.N).build());
        assertThat(request.globalSecondaryIndexUpdates()).hasSize(1);
        var create = request.globalSecondaryIndexUpdates().getFirst().create();
        assertThat(create.indexName()).isEqualTo("GSI2");
        assertThat(create.keySchema()).containsExactly(key("GSI2PK", KeyType.HASH), key("GSI2SK", KeyType.RANGE));
        assertThat(create.projection().projectionType()).isEqualTo(ProjectionType.ALL);
        assertThat(create.provisionedThroughput()).isNull();
        assertThat(request.provisionedThroughput()).isNull();
        assertThat(request.billingMode()).isNull();
    }

    @Test
    void aProvisionedTablesIndex_hasItsOwnThroughput_andAnIncludeProjectionItsAttributes() {
        var include = new IndexDescription("ByCustomer", IndexDescription.Kind.GLOBAL, KeySchema.of("customerId", null),
                IndexDescription.Projection.INCLUDE, List.of("total", "status"), null, null, null);

        var create = IndexUpdateMapper.createGlobalIndex(new CreateIndexSpec("Orders", include, 5L, 10L)).globalSecondaryIndexUpdates()
                .getFirst().create();

        assertThat(create.keySchema()).containsExactly(key("customerId", KeyType.HASH));
        assertThat(create.provisionedThroughput().readCapacityUnits()).isEqualTo(5L);
        assertThat(create.provisionedThroughput().writeCapacityUnits()).isEqualTo(10L);
        assertThat(create.projection().nonKeyAttributes()).containsExactly("total", "status");
    }

    @Test
    void theAnswer_givesTheNewIndex_creatingAndBackfilling_withItsKeyTypes() {
        var response = UpdateTableResponse.builder().tableDescription(TableDescription.builder().tableName("Orders")
                .attributeDefinitions(definition("PK", ScalarAttributeType.S), definition("GSI2PK", ScalarAttributeType.S),
                        definition("GSI2SK", ScalarAttributeType.N))
                .globalSecondaryIndexes(GlobalSecondaryIndexDescription.builder().indexName("GSI2")
                        .keySchema(key("GSI2PK", KeyType.HASH), key("GSI2SK", KeyType.RANGE))
                        .projection(Projection.builder().projectionType(ProjectionType.ALL).build())
                        .indexStatus("CREATING").backfilling(true).build()).build()).build();

        var index = IndexUpdateMapper.createdIndex(response, "GSI2").orElseThrow();

        assertThat(index.key()).isEqualTo(BY_STATUS.key());
        assertThat(index.status()).isEqualTo("CREATING");
        assertThat(index.backfilling()).isTrue();
        assertThat(index.active()).isFalse();
    }

    @Test
    void anAnswerWithoutTheIndex_saysItWasNotCreated() {
        var response = UpdateTableResponse.builder().tableDescription(TableDescription.builder().tableName("Orders").build()).build();

        assertThat(IndexUpdateMapper.createdIndex(response, "GSI2")).isEmpty();
    }

    @Test
    void aLocalIndex_orHalfAThroughput_isRefusedBeforeAnyRequest() {
        var local = new IndexDescription("L", IndexDescription.Kind.LOCAL, KeySchema.of("PK", "x"), IndexDescription.Projection.ALL,
                List.of(), null, null, null);

        assertThatThrownBy(() -> CreateIndexSpec.onDemand("Orders", local)).hasMessage(
                "Index L is local: a local index is created with its table, never added");
        assertThatThrownBy(() -> new CreateIndexSpec("Orders", BY_STATUS, 5L, null)).hasMessage(
                "An index's provisioned throughput gives both read and write capacity, or neither");
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition definition(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }
}

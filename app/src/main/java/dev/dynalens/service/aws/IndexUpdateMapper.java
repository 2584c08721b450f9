package dev.dynalens.service.aws;

import dev.dynalens.domain.table.CreateIndexSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;

/** UpdateTable that adds a global secondary index, and the new index read from its answer. Pure. */
final class IndexUpdateMapper {
    private IndexUpdateMapper() {
    }

    /**
     * One GlobalSecondaryIndexUpdates Create. AttributeDefinitions holds the new index's key attributes only: the API
     * reference (UpdateTable) asks for them when an index is added, and the table's own are defined already. An on-demand
     * table's index has no ProvisionedThroughput (DynamoDB refuses one there); a provisioned table's index must have it.
     */
    static UpdateTableRequest createGlobalIndex(CreateIndexSpec spec) {
        var index = spec.index();
        var create = CreateGlobalSecondaryIndexAction.builder()
                .indexName(index.name())
                .keySchema(RequestMapper.keySchema(index.keySchema()))
                .projection(RequestMapper.projection(index));
        if (spec.provisioned()) {
            create.provisionedThroughput(ProvisionedThroughput.builder()
                    .readCapacityUnits(spec.readCapacityUnits()).writeCapacityUnits(spec.writeCapacityUnits()).build());
        }
        return UpdateTableRequest.builder()
                .tableName(spec.tableName())
                .attributeDefinitions(attributeDefinitions(index.keySchema()))
                .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().create(create.build()).build())
                .build();
    }

    private static List<AttributeDefinition> attributeDefinitions(KeySchema keys) {
        var attributes = new ArrayList<KeySchema.KeyAttribute>();
        attributes.add(keys.partitionKey());
        keys.sortKeyAttribute().ifPresent(attributes::add);
        return attributes.stream().map(attribute -> AttributeDefinition.builder().attributeName(attribute.name())
                .attributeType(ScalarAttributeType.fromValue(attribute.type().name())).build()).toList();
    }

    /**
     * The new index as UpdateTable's answer describes it (CREATING, its Backfilling if given); empty when the answer does not
     * list it, which means the endpoint did not create it (dynalite 4.0.0 takes a Create and ignores it).
     */
    static Optional<IndexDescription> createdIndex(UpdateTableResponse response, String indexName) {
        var table = response.tableDescription();
        if (table == null) {
            return Optional.empty();
        }
        Map<String, String> types = table.attributeDefinitions().stream()
                .collect(Collectors.toMap(AttributeDefinition::attributeName, AttributeDefinition::attributeTypeAsString, (a, b) -> a));
        return table.globalSecondaryIndexes().stream().filter(index -> indexName.equals(index.indexName())).findFirst()
                .map(index -> DescriptionMapper.globalIndex(index, types));
    }
}

package dev.dynalens.service.aws;

import dev.dynalens.domain.table.CreateIndexSpec;
import dev.dynalens.domain.table.IndexDescription;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
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
        var throughput = spec.provisioned() ? ProvisionedThroughput.builder().readCapacityUnits(spec.readCapacityUnits())
                .writeCapacityUnits(spec.writeCapacityUnits()).build() : null;
        return RequestMapper.createGlobalIndex(spec.tableName(), spec.index(), throughput);
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

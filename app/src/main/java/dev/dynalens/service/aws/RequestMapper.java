package dev.dynalens.service.aws;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.KeyConditionExpression;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.ReadRequests;
import dev.dynalens.domain.table.SortKeyCondition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;

/** Builds SDK requests from domain values. Pure: no client, no I/O. */
final class RequestMapper {
    private RequestMapper() {
    }

    static ScanRequest scan(ReadRequest.Scan request) {
        var expressions = request.expressions();
        var segment = request.segment();
        return ScanRequest.builder()
                .tableName(request.tableName())
                .indexName(request.indexName())
                .limit(request.limit())
                .exclusiveStartKey(AttributeValueMapper.keyToSdk(request.exclusiveStartKey()))
                .filterExpression(expressions.filterExpression())
                .projectionExpression(expressions.projectionExpression())
                // DynamoDB refuses an empty ExpressionAttributeNames or ExpressionAttributeValues map.
                .expressionAttributeNames(expressions.names().isEmpty() ? null : expressions.names())
                .expressionAttributeValues(expressions.values().isEmpty() ? null : AttributeValueMapper.toSdk(expressions.values()))
                .segment(segment == null ? null : segment.index())
                .totalSegments(segment == null ? null : segment.total())
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
    }

    static QueryRequest query(ReadRequest.Query request) {
        var condition = keyCondition(request);
        var expressions = request.expressions();
        return QueryRequest.builder()
                .tableName(request.tableName())
                .indexName(request.indexName())
                .keyConditionExpression(condition.expression())
                .filterExpression(expressions.filterExpression())
                .projectionExpression(expressions.projectionExpression())
                .expressionAttributeNames(merged(condition.names(), expressions.names()))
                .expressionAttributeValues(AttributeValueMapper.toSdk(merged(condition.values(), expressions.values())))
                .scanIndexForward(request.scanIndexForward())
                .limit(request.limit())
                .exclusiveStartKey(AttributeValueMapper.keyToSdk(request.exclusiveStartKey()))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
    }

    /** The key condition's placeholders and the filter's share one map on the wire; one placeholder means one thing. */
    private static <V> Map<String, V> merged(Map<String, V> keyCondition, Map<String, V> expressions) {
        var all = new LinkedHashMap<>(keyCondition);
        expressions.forEach((placeholder, value) -> {
            var previous = all.putIfAbsent(placeholder, value);
            if (previous != null && !previous.equals(value)) {
                throw new IllegalArgumentException("The placeholder " + placeholder + " stands for two things in one request");
            }
        });
        return all;
    }

    static software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest batchGet(dev.dynalens.domain.table.BatchGetRequest request) {
        var keys = software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes.builder()
                .keys(request.keys().stream().map(AttributeValueMapper::toSdk).toList())
                .projectionExpression(request.projectionExpression())
                .expressionAttributeNames(request.names().isEmpty() ? null : request.names())
                .consistentRead(request.consistentRead() ? Boolean.TRUE : null)
                .build();
        return software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest.builder()
                .requestItems(Map.of(request.tableName(), keys))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
    }

    static dev.dynalens.domain.table.BatchGetResult fromBatchGet(software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse response,
                                                                 String tableName) {
        var items = response.responses().getOrDefault(tableName, List.of()).stream().map(AttributeValueMapper::toItem).toList();
        var unprocessed = response.unprocessedKeys().get(tableName);
        List<Map<String, AttributeValue>> keys = unprocessed == null || !unprocessed.hasKeys() ? List.of()
                : unprocessed.keys().stream().map(AttributeValueMapper::keyFromSdk).toList();
        var capacity = dev.dynalens.domain.table.ConsumedCapacity.NOT_REPORTED;
        if (response.hasConsumedCapacity()) {
            for (var perTable : response.consumedCapacity()) {
                capacity = capacity.plus(PageMapper.consumedCapacity(perTable));
            }
        }
        return new dev.dynalens.domain.table.BatchGetResult(items, keys, capacity);
    }

    /** The key condition as the domain writes it ({@link ReadRequests#keyConditionExpression}). */
    static KeyConditionExpression keyCondition(ReadRequest.Query request) {
        return ReadRequests.keyConditionExpression(request);
    }

    static ListTablesRequest listTables(String exclusiveStartTableName, int pageSize) {
        return ListTablesRequest.builder().exclusiveStartTableName(exclusiveStartTableName).limit(pageSize).build();
    }

    static DescribeTableRequest describeTable(String tableName) {
        return DescribeTableRequest.builder().tableName(tableName).build();
    }

    static DescribeTimeToLiveRequest describeTimeToLive(String tableName) {
        return DescribeTimeToLiveRequest.builder().tableName(tableName).build();
    }

    static DeleteTableRequest deleteTable(String tableName) {
        return DeleteTableRequest.builder().tableName(tableName).build();
    }

    static PutItemRequest putItem(String tableName, Item item) {
        return PutItemRequest.builder().tableName(tableName).item(AttributeValueMapper.toSdk(item.attributes())).build();
    }

    /** DynamoDB's limit for one BatchWriteItem call. */
    static final int BATCH_WRITE_LIMIT = 25;

    static software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest batchPut(String tableName, java.util.List<Item> items) {
        if (items.isEmpty() || items.size() > BATCH_WRITE_LIMIT) {
            throw new IllegalArgumentException("BatchWriteItem takes 1 to " + BATCH_WRITE_LIMIT + " items, not " + items.size());
        }
        var requests = items.stream().map(item -> software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
                .putRequest(p -> p.item(AttributeValueMapper.toSdk(item.attributes()))).build()).toList();
        return software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest.builder()
                .requestItems(java.util.Map.of(tableName, requests)).build();
    }

    /** The put requests DynamoDB did not process, back as items. */
    static java.util.List<Item> unprocessedPuts(software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse response,
                                                String tableName) {
        var unprocessed = response.unprocessedItems().getOrDefault(tableName, java.util.List.of());
        return unprocessed.stream().filter(w -> w.putRequest() != null)
                .map(w -> AttributeValueMapper.toItem(w.putRequest().item())).toList();
    }

    static DeleteItemRequest deleteItem(String tableName, Map<String, AttributeValue> key) {
        return DeleteItemRequest.builder().tableName(tableName).key(AttributeValueMapper.toSdk(key)).build();
    }

    /**
     * An on-demand table. Entries of kind LOCAL become local secondary indexes, the others global ones.
     *
     * @throws IllegalArgumentException when one attribute is a key with two different types
     */
    static CreateTableRequest createTable(CreateTableSpec spec) {
        var builder = CreateTableRequest.builder()
                .tableName(spec.tableName())
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(keySchema(spec.keySchema()))
                .attributeDefinitions(attributeDefinitions(spec));
        var global = new ArrayList<GlobalSecondaryIndex>();
        var local = new ArrayList<LocalSecondaryIndex>();
        for (var index : spec.globalSecondaryIndexes()) {
            if (index.kind() == IndexDescription.Kind.LOCAL) {
                local.add(LocalSecondaryIndex.builder().indexName(index.name())
                        .keySchema(keySchema(index.key())).projection(projection(index)).build());
            } else {
                global.add(GlobalSecondaryIndex.builder().indexName(index.name())
                        .keySchema(keySchema(index.key())).projection(projection(index)).build());
            }
        }
        // DynamoDB refuses an empty index list, so an absent one is left out.
        if (!global.isEmpty()) {
            builder.globalSecondaryIndexes(global);
        }
        if (!local.isEmpty()) {
            builder.localSecondaryIndexes(local);
        }
        return builder.build();
    }

    /**
     * UpdateTable adding a global index to an on-demand table (API reference, UpdateTable and
     * CreateGlobalSecondaryIndexAction): its KeySchema with every element, the HASH ones first, and an AttributeDefinition
     * for each of its key attributes. A multi-attribute index needs no backfill: DynamoDB indexes the items' own attributes
     * (docs/expressions.md, Multi-attribute GSI keys, rule 7).
     */
    static UpdateTableRequest createGlobalIndex(String tableName, IndexDescription index) {
        return createGlobalIndex(tableName, index, null);
    }

    /**
     * UpdateTable adding one global index, its key attributes defined (every one of a multi-attribute key); a provisioned
     * table's index has its throughput, an on-demand table's none (DynamoDB refuses one there).
     *
     * @param throughput null for an on-demand table
     */
    static UpdateTableRequest createGlobalIndex(String tableName, IndexDescription index,
                                                software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput throughput) {
        if (index.kind() != IndexDescription.Kind.GLOBAL) {
            throw new IllegalArgumentException("UpdateTable adds global indexes only; local index " + index.name()
                    + " is made with its table");
        }
        var types = new LinkedHashMap<String, KeySchema.ScalarType>();
        addKeyAttributes(types, index.key());
        var create = CreateGlobalSecondaryIndexAction.builder().indexName(index.name()).keySchema(keySchema(index.key()))
                .projection(projection(index));
        if (throughput != null) {
            create.provisionedThroughput(throughput);
        }
        return UpdateTableRequest.builder().tableName(tableName)
                .attributeDefinitions(types.entrySet().stream().map(e -> AttributeDefinition.builder().attributeName(e.getKey())
                        .attributeType(ScalarAttributeType.fromValue(e.getValue().name())).build()).toList())
                .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().create(create.build()).build())
                .build();
    }

    static List<KeySchemaElement> keySchema(KeySchema schema) {
        return keySchema(schema.asIndexKey());
    }

    /**
     * Every key attribute as a KeySchema element: the HASH ones first, then the RANGE ones, each side in order. The order
     * is the key (Developer Guide, GSI.html, Multi-attribute key schema): the partition attributes are hashed together in
     * it and items sort by the sort attributes in it.
     */
    static List<KeySchemaElement> keySchema(IndexKey key) {
        var elements = new ArrayList<KeySchemaElement>(key.partition().size() + key.sort().size());
        key.partition().forEach(a -> elements.add(KeySchemaElement.builder().attributeName(a.name()).keyType(KeyType.HASH).build()));
        key.sort().forEach(a -> elements.add(KeySchemaElement.builder().attributeName(a.name()).keyType(KeyType.RANGE).build()));
        return elements;
    }

    static Projection projection(IndexDescription index) {
        var projection = Projection.builder().projectionType(switch (index.projection()) {
            case ALL -> ProjectionType.ALL;
            case KEYS_ONLY -> ProjectionType.KEYS_ONLY;
            case INCLUDE -> ProjectionType.INCLUDE;
        });
        if (index.projection() == IndexDescription.Projection.INCLUDE) {
            projection.nonKeyAttributes(index.nonKeyAttributes());
        }
        return projection.build();
    }

    /** Every key attribute of the table and its indexes, once (DynamoDB refuses unused or repeated definitions). */
    private static List<AttributeDefinition> attributeDefinitions(CreateTableSpec spec) {
        var types = new LinkedHashMap<String, KeySchema.ScalarType>();
        addKeyAttributes(types, spec.keySchema().asIndexKey());
        spec.globalSecondaryIndexes().forEach(index -> addKeyAttributes(types, index.key()));
        return types.entrySet().stream()
                .map(e -> AttributeDefinition.builder().attributeName(e.getKey())
                        .attributeType(ScalarAttributeType.fromValue(e.getValue().name())).build())
                .toList();
    }

    private static void addKeyAttributes(Map<String, KeySchema.ScalarType> types, IndexKey key) {
        key.partition().forEach(attribute -> addKeyAttribute(types, attribute));
        key.sort().forEach(attribute -> addKeyAttribute(types, attribute));
    }

    private static void addKeyAttribute(Map<String, KeySchema.ScalarType> types, KeySchema.KeyAttribute attribute) {
        var previous = types.putIfAbsent(attribute.name(), attribute.type());
        if (previous != null && previous != attribute.type()) {
            throw new IllegalArgumentException("Attribute '" + attribute.name() + "' is a key of type " + previous
                    + " and of type " + attribute.type() + "; a table gives each attribute one type");
        }
    }
}

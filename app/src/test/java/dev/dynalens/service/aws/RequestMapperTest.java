package dev.dynalens.service.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.ReadExpressions;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

class RequestMapperTest {
    private static final Map<String, AttributeValue> START_KEY = Map.of("pk", AttributeValue.s("a"), "sk", AttributeValue.n(3));

    private static ReadRequest.Query query(SortKeyCondition condition) {
        return ReadRequest.Query.of("orders", "pk", AttributeValue.s("customer#1")).withSortKey("sk", condition);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            EQ          | #pk = :pk AND #sk = :sk
            LT          | #pk = :pk AND #sk < :sk
            LE          | #pk = :pk AND #sk <= :sk
            GT          | #pk = :pk AND #sk > :sk
            GE          | #pk = :pk AND #sk >= :sk
            BEGINS_WITH | #pk = :pk AND begins_with(#sk, :sk)
            """)
    void keyCondition_singleValueOperators(SortKeyCondition.Operator operator, String expected) {
        var condition = RequestMapper.keyCondition(query(SortKeyCondition.of(operator, AttributeValue.s("order#5"))));

        assertEquals(expected, condition.expression());
        assertEquals(Map.of("#pk", "pk", "#sk", "sk"), condition.names());
        assertEquals(Map.of(":pk", AttributeValue.s("customer#1"), ":sk", AttributeValue.s("order#5")), condition.values());
    }

    @Test
    void keyCondition_between_usesTwoValues() {
        var condition = RequestMapper.keyCondition(query(SortKeyCondition.between(AttributeValue.n(1), AttributeValue.n(9))));

        assertEquals("#pk = :pk AND #sk BETWEEN :sk AND :sk2", condition.expression());
        assertEquals(Map.of(":pk", AttributeValue.s("customer#1"), ":sk", AttributeValue.n(1), ":sk2", AttributeValue.n(9)),
                condition.values());
    }

    @Test
    void keyCondition_withoutSortKeyCondition_namesOnlyThePartitionKey() {
        var condition = RequestMapper.keyCondition(query(null));

        assertEquals("#pk = :pk", condition.expression());
        assertEquals(Map.of("#pk", "pk"), condition.names());
        assertEquals(Map.of(":pk", AttributeValue.s("customer#1")), condition.values());
    }

    @Test
    void keyCondition_reservedWordsAreSafeBehindPlaceholders() {
        var request = ReadRequest.Query.of("t", "status", AttributeValue.s("x"))
                .withSortKey("date", SortKeyCondition.of(SortKeyCondition.Operator.GT, AttributeValue.s("2024")));

        var condition = RequestMapper.keyCondition(request);

        assertFalse(condition.expression().contains("status"));
        assertEquals(Map.of("#pk", "status", "#sk", "date"), condition.names());
    }

    @Test
    void query_carriesIndexDirectionLimitStartKeyAndCapacity() {
        var request = ReadRequest.Query.of("orders", "status", AttributeValue.s("open")).onIndex("byStatus")
                .withSortKey("sk", SortKeyCondition.of(SortKeyCondition.Operator.BEGINS_WITH, AttributeValue.s("2024-")))
                        .withScanIndexForward(false).withLimit(25).withExclusiveStartKey(START_KEY);

        var sdk = RequestMapper.query(request);

        assertEquals("orders", sdk.tableName());
        assertEquals("byStatus", sdk.indexName());
        assertEquals("#pk = :pk AND begins_with(#sk, :sk)", sdk.keyConditionExpression());
        assertEquals("open", sdk.expressionAttributeValues().get(":pk").s());
        assertEquals("2024-", sdk.expressionAttributeValues().get(":sk").s());
        assertFalse(sdk.scanIndexForward());
        assertEquals(25, sdk.limit());
        assertEquals(AttributeValueMapper.toSdk(START_KEY), sdk.exclusiveStartKey());
        assertEquals(ReturnConsumedCapacity.TOTAL, sdk.returnConsumedCapacity());
    }

    @Test
    void scan_firstPageOfBaseTable_sendsNoStartKeyNoIndexNoLimit() {
        var sdk = RequestMapper.scan(new ReadRequest.Scan("orders", null, null, null));

        assertEquals("orders", sdk.tableName());
        assertNull(sdk.indexName());
        assertNull(sdk.limit());
        assertFalse(sdk.hasExclusiveStartKey());
        assertEquals(ReturnConsumedCapacity.TOTAL, sdk.returnConsumedCapacity());
    }

    @Test
    void query_withFilterAndProjection_sharesOneNameAndValueMapWithTheKeyCondition() {
        var expressions = new ReadExpressions("#status = :v1 AND price > :v2", "title, #status",
                Map.of("#status", "status"), Map.of(":v1", AttributeValue.s("open"), ":v2", AttributeValue.n("1E-130")));
        var request = ReadRequest.Query.of("orders", "pk", AttributeValue.s("customer#1")).withSortKey("sk").withExpressions(expressions);

        var sdk = RequestMapper.query(request);

        assertEquals("#pk = :pk", sdk.keyConditionExpression());
        assertEquals("#status = :v1 AND price > :v2", sdk.filterExpression());
        assertEquals("title, #status", sdk.projectionExpression());
        assertEquals(Map.of("#pk", "pk", "#status", "status"), sdk.expressionAttributeNames());
        assertEquals("1E-130", sdk.expressionAttributeValues().get(":v2").n());
        assertEquals("customer#1", sdk.expressionAttributeValues().get(":pk").s());
    }

    @Test
    void query_refusesAPlaceholderThatStandsForTwoThings() {
        var expressions = new ReadExpressions("#pk = :v1", null, Map.of("#pk", "other"), Map.of(":v1", AttributeValue.s("x")));
        var request = ReadRequest.Query.of("orders", "pk", AttributeValue.s("a")).withExpressions(expressions);

        assertThrows(IllegalArgumentException.class, () -> RequestMapper.query(request));
    }

    @Test
    void scan_withFilterAndProjection_sendsThem_andNoEmptyMaps() {
        var filtered = RequestMapper.scan(new ReadRequest.Scan("orders", null, null, null,
                new ReadExpressions("begins_with(pk, :v1)", null, Map.of(), Map.of(":v1", AttributeValue.s("USER#")))));
        var projected = RequestMapper.scan(new ReadRequest.Scan("orders", null, null, null,
                new ReadExpressions(null, "pk, sk", Map.of(), Map.of())));

        assertEquals("begins_with(pk, :v1)", filtered.filterExpression());
        assertFalse(filtered.hasExpressionAttributeNames());
        assertEquals("USER#", filtered.expressionAttributeValues().get(":v1").s());
        assertEquals("pk, sk", projected.projectionExpression());
        assertNull(projected.filterExpression());
        assertFalse(projected.hasExpressionAttributeValues());
    }

    @Test
    void batchGet_sendsTheKeysOfOneTableWithProjectionAndCapacity() {
        var keys = List.<Map<String, AttributeValue>>of(Map.of("pk", AttributeValue.s("USER#1"), "sk", AttributeValue.s("PROFILE")),
                Map.of("pk", AttributeValue.s("USER#2"), "sk", AttributeValue.s("PROFILE")));

        var sdk = RequestMapper.batchGet(new BatchGetRequest("orders", keys, "#n1, pk", Map.of("#n1", "name"), false));

        var perTable = sdk.requestItems().get("orders");
        assertEquals(2, perTable.keys().size());
        assertEquals("USER#2", perTable.keys().get(1).get("pk").s());
        assertEquals("#n1, pk", perTable.projectionExpression());
        assertEquals(Map.of("#n1", "name"), perTable.expressionAttributeNames());
        assertNull(perTable.consistentRead());
        assertEquals(ReturnConsumedCapacity.TOTAL, sdk.returnConsumedCapacity());
    }

    @Test
    void batchGet_refusesMoreThanAHundredKeysAndDuplicates() {
        var many = java.util.stream.IntStream.range(0, 101).mapToObj(i -> Map.<String, AttributeValue>of("pk", AttributeValue.s("K" + i))).toList();
        var twice = List.<Map<String, AttributeValue>>of(Map.of("pk", AttributeValue.s("A")), Map.of("pk", AttributeValue.s("A")));

        assertThrows(IllegalArgumentException.class, () -> BatchGetRequest.of("orders", many));
        assertThrows(IllegalArgumentException.class, () -> BatchGetRequest.of("orders", twice));
    }

    @Test
    void batchGetResponse_givesItemsAndUnprocessedKeys() {
        var response = software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse.builder()
                .responses(Map.of("orders", List.of(AttributeValueMapper.toSdk(Map.of("pk", AttributeValue.s("A"), "n", AttributeValue.n("9.9999999999999999999999999999999999999E+125"))))))
                .unprocessedKeys(Map.of("orders", software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes.builder()
                        .keys(List.of(AttributeValueMapper.toSdk(Map.of("pk", AttributeValue.s("B"))))).build()))
                .build();

        var result = RequestMapper.fromBatchGet(response, "orders");

        assertEquals(1, result.items().size());
        assertEquals(AttributeValue.n("9.9999999999999999999999999999999999999E+125"), result.items().getFirst().attributes().get("n"));
        assertEquals(List.<Map<String, AttributeValue>>of(Map.of("pk", AttributeValue.s("B"))), result.unprocessedKeys());
        assertFalse(result.capacity().reported());
    }

    @Test
    void scan_laterPageOfIndex_sendsStartKeyIndexAndLimit() {
        var sdk = RequestMapper.scan(new ReadRequest.Scan("orders", "byStatus", 10, START_KEY));

        assertEquals("byStatus", sdk.indexName());
        assertEquals(10, sdk.limit());
        assertEquals(AttributeValueMapper.toSdk(START_KEY), sdk.exclusiveStartKey());
    }

    @Test
    void listTables_sendsCursorAndPageSize() {
        var sdk = RequestMapper.listTables("orders", 3);

        assertEquals("orders", sdk.exclusiveStartTableName());
        assertEquals(3, sdk.limit());
    }

    @Test
    void putAndDeleteItem_carryTheAttributes() {
        var item = Item.of(Map.of("pk", AttributeValue.s("a"), "n", AttributeValue.n("12345678901234567890123456789012345678")));

        assertEquals(AttributeValueMapper.toSdk(item.attributes()), RequestMapper.putItem("t", item).item());
        assertEquals(Map.of("pk", AttributeValueMapper.toSdk(AttributeValue.s("a"))),
                RequestMapper.deleteItem("t", Map.of("pk", AttributeValue.s("a"))).key());
    }

    @Test
    void createTable_isOnDemandWithGlobalIndexesAndEachKeyAttributeDefinedOnce() {
        var table = new KeySchema(new KeySchema.KeyAttribute("pk", KeySchema.ScalarType.S),
                new KeySchema.KeyAttribute("sk", KeySchema.ScalarType.N));
        var byStatus = new IndexDescription("byStatus", IndexDescription.Kind.GLOBAL,
                new KeySchema(new KeySchema.KeyAttribute("status", KeySchema.ScalarType.S),
                        new KeySchema.KeyAttribute("sk", KeySchema.ScalarType.N)),
                IndexDescription.Projection.INCLUDE, List.of("total", "customer"), null, null, null);
        var keysOnly = new IndexDescription("bySk", IndexDescription.Kind.GLOBAL,
                new KeySchema(new KeySchema.KeyAttribute("sk", KeySchema.ScalarType.N), null),
                IndexDescription.Projection.KEYS_ONLY, List.of(), null, null, null);

        var sdk = RequestMapper.createTable(new CreateTableSpec("orders", table, List.of(byStatus, keysOnly)));

        assertEquals("orders", sdk.tableName());
        assertEquals(BillingMode.PAY_PER_REQUEST, sdk.billingMode());
        assertEquals(List.of(key("pk", KeyType.HASH), key("sk", KeyType.RANGE)), sdk.keySchema());
        assertEquals(List.of(definition("pk", ScalarAttributeType.S), definition("sk", ScalarAttributeType.N),
                definition("status", ScalarAttributeType.S)), sdk.attributeDefinitions());
        assertEquals(2, sdk.globalSecondaryIndexes().size());
        var include = sdk.globalSecondaryIndexes().get(0);
        assertEquals("byStatus", include.indexName());
        assertEquals(ProjectionType.INCLUDE, include.projection().projectionType());
        assertEquals(List.of("total", "customer"), include.projection().nonKeyAttributes());
        var keys = sdk.globalSecondaryIndexes().get(1);
        assertEquals(ProjectionType.KEYS_ONLY, keys.projection().projectionType());
        assertFalse(keys.projection().hasNonKeyAttributes(), "only INCLUDE may name non-key attributes");
        assertFalse(sdk.hasLocalSecondaryIndexes());
        assertNull(sdk.provisionedThroughput());
    }

    @Test
    void createTable_withoutIndexes_sendsNoIndexList() {
        var sdk = RequestMapper.createTable(new CreateTableSpec("t", KeySchema.of("pk", null), List.of()));

        assertFalse(sdk.hasGlobalSecondaryIndexes());
        assertEquals(List.of(definition("pk", ScalarAttributeType.S)), sdk.attributeDefinitions());
    }

    @Test
    void createTable_localKindBecomesALocalIndex() {
        var lsi = new IndexDescription("byDate", IndexDescription.Kind.LOCAL, KeySchema.of("pk", "date"),
                IndexDescription.Projection.ALL, null, null, null, null);

        var sdk = RequestMapper.createTable(new CreateTableSpec("t", KeySchema.of("pk", "sk"), List.of(lsi)));

        assertTrue(sdk.hasLocalSecondaryIndexes());
        assertEquals("byDate", sdk.localSecondaryIndexes().get(0).indexName());
        assertFalse(sdk.hasGlobalSecondaryIndexes());
    }

    @Test
    void createTable_refusesOneAttributeWithTwoKeyTypes() {
        var index = new IndexDescription("bad", IndexDescription.Kind.GLOBAL,
                new KeySchema(new KeySchema.KeyAttribute("pk", KeySchema.ScalarType.N), null),
                IndexDescription.Projection.ALL, null, null, null, null);

        var error = assertThrows(IllegalArgumentException.class,
                () -> RequestMapper.createTable(new CreateTableSpec("t", KeySchema.of("pk", null), List.of(index))));
        assertTrue(error.getMessage().contains("'pk'"), error.getMessage());
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition definition(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }
}

package dev.dynalens.service.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.partiql.PartiqlUnsupportedException;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.ReadExpressions;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.SortKeyCondition.Operator;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.workspace.WorkspaceReport;
import dev.dynalens.domain.workspace.Workspace;
import dev.dynalens.domain.workspace.WorkspaceFormat;
import dev.dynalens.domain.workspace.WorkspaceTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** Scan and Query on a workspace as DynamoDB answers them, over a small shop table. */
class WorkspaceSessionTest {
    static final KeySchema TABLE_KEYS = KeySchema.of("PK", "SK");
    static final KeySchema GSI1_KEYS = new KeySchema(new KeySchema.KeyAttribute("GSI1PK", KeySchema.ScalarType.S),
            new KeySchema.KeyAttribute("GSI1SK", KeySchema.ScalarType.N));
    static final IndexDescription GSI1 = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, GSI1_KEYS,
            IndexDescription.Projection.KEYS_ONLY, List.of(), null, null, null);
    static final IndexDescription BY_KIND = new IndexDescription("ByKind", IndexDescription.Kind.GLOBAL, KeySchema.of("kind", null),
            IndexDescription.Projection.INCLUDE, List.of("total"), null, null, null);

    static Item item(String pk, String sk, Object... more) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s(sk));
        for (int i = 0; i < more.length; i += 2) {
            attributes.put((String) more[i], more[i + 1] instanceof Integer n ? AttributeValue.n(n) : AttributeValue.s((String) more[i + 1]));
        }
        return new Item(attributes);
    }

    static final List<Item> SHOP = List.of(
            item("CUSTOMER#1", "PROFILE", "name", "Ada", "kind", "customer"),
            item("CUSTOMER#1", "ORDER#002", "total", 20, "GSI1PK", "STATUS#SHIPPED", "GSI1SK", 1, "kind", "order"),
            item("CUSTOMER#1", "ORDER#001", "total", 10, "GSI1PK", "STATUS#OPEN", "GSI1SK", 3, "kind", "order"),
            item("CUSTOMER#2", "ORDER#001", "total", 7, "GSI1PK", "STATUS#OPEN", "GSI1SK", 2),
            item("CUSTOMER#1", "ORDER#010", "total", 5, "GSI1PK", "STATUS#OPEN", "GSI1SK", 2),
            item("CUSTOMER#1", "ORDERX"),
            item("CUSTOMER#1", "ORDER#ü"));

    private final WorkspaceSession session = session(SHOP);

    static WorkspaceSession session(List<Item> items) {
        var table = WorkspaceTable.of("Shop", TABLE_KEYS, List.of(GSI1, BY_KIND), items);
        var workspace = new Workspace("shop.jsonl", WorkspaceFormat.DYNAMODB_JSON_LINES, "shop", List.of(table),
                new WorkspaceReport("shop.jsonl", WorkspaceFormat.DYNAMODB_JSON_LINES, items.size(), List.of(), List.of(), 0, 0));
        return new WorkspaceSession(workspace, Runnable::run);
    }

    private static ReadRequest.Query query(String index, String pkName, String pk, String skName, SortKeyCondition condition,
                                           boolean forward, Integer limit) {
        return ReadRequest.Query.of("Shop", pkName, AttributeValue.s(pk)).onIndex(index).withSortKey(skName, condition)
                .withScanIndexForward(forward).withLimit(limit);
    }

    private static ReadRequest.Query customer1(SortKeyCondition condition, boolean forward, Integer limit) {
        return query(null, "PK", "CUSTOMER#1", "SK", condition, forward, limit);
    }

    private Page read(ReadRequest request) {
        return session.read(request).join();
    }

    private static List<String> sortKeys(Page page) {
        return page.items().stream().map(i -> ((AttributeValue.Str) i.get("SK").orElseThrow()).value()).toList();
    }

    /** Every page of a request, following LastEvaluatedKey. */
    static List<Page> allPages(WorkspaceSession session, ReadRequest first) {
        var pages = new ArrayList<Page>();
        ReadRequest request = first;
        while (request != null) {
            var page = session.read(request).join();
            pages.add(page);
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
            assertThat(pages).hasSizeLessThan(1000);
        }
        return pages;
    }

    // ---- Query ----

    @Test
    void query_readsAPartitionInUtf8ByteOrderOfTheSortKey() {
        assertThat(sortKeys(read(customer1(null, true, null))))
                .containsExactly("ORDER#001", "ORDER#002", "ORDER#010", "ORDER#ü", "ORDERX", "PROFILE");
    }

    @Test
    void query_appliesEachSortKeyOperator() {
        var s = (java.util.function.Function<String, AttributeValue>) AttributeValue::s;
        assertThat(sortKeys(read(customer1(SortKeyCondition.of(Operator.EQ, s.apply("ORDER#002")), true, null)))).containsExactly("ORDER#002");
        assertThat(sortKeys(read(customer1(SortKeyCondition.of(Operator.LT, s.apply("ORDER#010")), true, null))))
                .containsExactly("ORDER#001", "ORDER#002");
        assertThat(sortKeys(read(customer1(SortKeyCondition.of(Operator.LE, s.apply("ORDER#010")), true, null))))
                .containsExactly("ORDER#001", "ORDER#002", "ORDER#010");
        assertThat(sortKeys(read(customer1(SortKeyCondition.of(Operator.GT, s.apply("ORDER#ü")), true, null))))
                .containsExactly("ORDERX", "PROFILE");
        assertThat(sortKeys(read(customer1(SortKeyCondition.of(Operator.GE, s.apply("ORDER#ü")), true, null))))
                .containsExactly("ORDER#ü", "ORDERX", "PROFILE");
        assertThat(sortKeys(read(customer1(SortKeyCondition.of(Operator.BEGINS_WITH, s.apply("ORDER#")), true, null))))
                .containsExactly("ORDER#001", "ORDER#002", "ORDER#010", "ORDER#ü");
        assertThat(sortKeys(read(customer1(SortKeyCondition.between(s.apply("ORDER#002"), s.apply("ORDER#ü")), true, null))))
                .containsExactly("ORDER#002", "ORDER#010", "ORDER#ü");
        assertThat(sortKeys(read(customer1(SortKeyCondition.of(Operator.BEGINS_WITH, s.apply("Z")), true, null)))).isEmpty();
        assertThat(read(query(null, "PK", "CUSTOMER#9", "SK", null, true, null)).items()).isEmpty();
    }

    @Test
    void query_pagesBackwards_withLimit_andALastEvaluatedKeyOnEveryFullPage() {
        var pages = allPages(session, customer1(null, false, 2));

        assertThat(pages).extracting(WorkspaceSessionTest::sortKeys).containsExactly(
                List.of("PROFILE", "ORDERX"), List.of("ORDER#ü", "ORDER#010"), List.of("ORDER#002", "ORDER#001"), List.of());
        assertThat(pages.get(0).lastEvaluatedKey()).isEqualTo(Map.of("PK", AttributeValue.s("CUSTOMER#1"), "SK", AttributeValue.s("ORDERX")));
        assertThat(pages.get(2).lastEvaluatedKey()).isEqualTo(Map.of("PK", AttributeValue.s("CUSTOMER#1"), "SK", AttributeValue.s("ORDER#001")));
        assertThat(pages.get(3).hasMore()).isFalse();
        assertThat(pages.get(0).consumedCapacity().reported()).isFalse();
        assertThat(pages.get(0).scannedCount()).isEqualTo(2);
    }

    @Test
    void query_onAnIndex_isSparse_orderedByTheIndexSortKey_projected_andPagesWithTableAndIndexKeys() {
        var pages = allPages(session, query("GSI1", "GSI1PK", "STATUS#OPEN", "GSI1SK", null, true, 1));

        // Numbers order numerically; equal index keys (2) order by the table's keys.
        assertThat(pages.stream().flatMap(p -> p.items().stream()).toList()).containsExactly(
                keysOnly(SHOP.get(4)), keysOnly(SHOP.get(3)), keysOnly(SHOP.get(2)));
        assertThat(pages.get(0).lastEvaluatedKey()).isEqualTo(Map.of("PK", AttributeValue.s("CUSTOMER#1"), "SK", AttributeValue.s("ORDER#010"),
                "GSI1PK", AttributeValue.s("STATUS#OPEN"), "GSI1SK", AttributeValue.n(2)));
        var between = read(query("GSI1", "GSI1PK", "STATUS#OPEN", "GSI1SK",
                SortKeyCondition.between(AttributeValue.n("2.5"), AttributeValue.n(3)), false, null));
        assertThat(between.items()).containsExactly(keysOnly(SHOP.get(2)));
    }

    @Test
    void anIncludeProjection_addsItsAttributesToTheKeys() {
        var page = read(query("ByKind", "kind", "order", null, null, true, null));

        assertThat(page.items()).containsExactly(
                new Item(Map.of("PK", AttributeValue.s("CUSTOMER#1"), "SK", AttributeValue.s("ORDER#001"), "kind", AttributeValue.s("order"),
                        "total", AttributeValue.n(10))),
                new Item(Map.of("PK", AttributeValue.s("CUSTOMER#1"), "SK", AttributeValue.s("ORDER#002"), "kind", AttributeValue.s("order"),
                        "total", AttributeValue.n(20))));
    }

    private static Item keysOnly(Item item) {
        var keys = new LinkedHashMap<String, AttributeValue>();
        for (var name : List.of("PK", "SK", "GSI1PK", "GSI1SK")) {
            keys.put(name, item.get(name).orElseThrow());
        }
        return new Item(keys);
    }

    // ---- Scan ----

    @Test
    void scan_readsInFileOrder_andPagesStably() {
        var pages = allPages(session, new ReadRequest.Scan("Shop", null, 3, null));

        assertThat(pages.stream().flatMap(p -> p.items().stream()).toList()).containsExactlyElementsOf(SHOP);
        assertThat(pages).extracting(p -> p.items().size()).containsExactly(3, 3, 1);
        assertThat(pages.get(0).lastEvaluatedKey()).isEqualTo(SHOP.get(2).key("PK", "SK"));
    }

    @Test
    void aFilter_dropsItemsAfterTheyAreRead_soLimitAndScannedCountCountThemAll() {
        var filter = new ReadExpressions("#t > :v1", "SK, #t", Map.of("#t", "total"), Map.of(":v1", AttributeValue.n(6)));

        var pages = allPages(session, ReadRequest.Query.of("Shop", "PK", AttributeValue.s("CUSTOMER#1")).withSortKey("SK").withLimit(3)
                .withExpressions(filter));

        // a full page carries a LastEvaluatedKey even when nothing follows, so a third, empty page ends the read
        assertThat(pages).extracting(Page::scannedCount).containsExactly(3, 3, 0);
        assertThat(pages.stream().flatMap(p -> p.items().stream()).toList()).containsExactly(
                Item.of(Map.of("SK", AttributeValue.s("ORDER#001"), "total", AttributeValue.n(10))),
                Item.of(Map.of("SK", AttributeValue.s("ORDER#002"), "total", AttributeValue.n(20))));
    }

    @Test
    void batchGet_findsTheItemsThatExist_projected() {
        var keys = List.<Map<String, AttributeValue>>of(SHOP.get(0).key("PK", "SK"), Map.of("PK", AttributeValue.s("NOPE"), "SK", AttributeValue.s("X")),
                SHOP.get(3).key("PK", "SK"));

        var result = session.batchGet(new BatchGetRequest("Shop", keys, "PK, #n", Map.of("#n", "name"), false)).join();

        assertThat(result.items()).containsExactly(Item.of(Map.of("PK", AttributeValue.s("CUSTOMER#1"), "name", AttributeValue.s("Ada"))),
                Item.of(Map.of("PK", AttributeValue.s("CUSTOMER#2"))));
        assertThat(result.unprocessedKeys()).isEmpty();
    }

    @Test
    void partiql_selectsSayTheWorkspaceHasNoEndpoint_andWritesAreRefused() {
        assertThat(session.executeStatement(PartiqlStatement.of("SELECT * FROM Shop"), false, null, null))
                .failsWithin(java.time.Duration.ZERO).withThrowableThat().havingCause().isInstanceOf(PartiqlUnsupportedException.class);
        assertProblem(session.executeStatement(PartiqlStatement.of("DELETE FROM Shop WHERE PK = 'a' AND SK = 'b'"), false, null, null),
                ConnectionProblem.Kind.READ_ONLY, "Workspace file shop.jsonl is read-only in this version: PartiQL DELETE on Shop was refused");
    }

    @Test
    void scan_ofAnIndex_holdsOnlyItsItems_projected() {
        var pages = allPages(session, new ReadRequest.Scan("Shop", "GSI1", 2, null));

        assertThat(pages.stream().flatMap(p -> p.items().stream()).toList())
                .containsExactly(keysOnly(SHOP.get(1)), keysOnly(SHOP.get(2)), keysOnly(SHOP.get(3)), keysOnly(SHOP.get(4)));
        assertThat(pages.get(0).lastEvaluatedKey()).containsOnlyKeys("PK", "SK", "GSI1PK", "GSI1SK");
    }

    @Test
    void pages_endAtOneMegabyte() {
        var big = "x".repeat(100_000);
        var items = new ArrayList<Item>();
        for (int i = 0; i < 25; i++) {
            items.add(item("P", String.format("%02d", i), "blob", big));
        }
        var pages = allPages(session(items), ReadRequest.Query.of("Shop", "PK", AttributeValue.s("P")).withSortKey("SK"));

        assertThat(pages).extracting(p -> p.items().size()).containsExactly(11, 11, 3);
    }

    // ---- the table ----

    @Test
    void describe_showsTheFileAsAnOnDemandTable() {
        var description = session.describeTable("Shop").join();

        assertThat(description.itemCount()).isEqualTo(7);
        assertThat(description.billingMode()).isEqualTo(TableDescription.BillingMode.PAY_PER_REQUEST);
        assertThat(description.timeToLive().status()).isEqualTo(TableDescription.TimeToLive.Status.UNSUPPORTED_BY_ENDPOINT);
        assertThat(description.status()).isEqualTo("ACTIVE");
        assertThat(description.index("GSI1").orElseThrow().itemCount()).isEqualTo(4);
        assertThat(description.index("ByKind").orElseThrow().itemCount()).isEqualTo(3);
        assertThat(description.sizeBytes()).isPositive();
        assertThat(session.listTables().join()).containsExactly("Shop");
        assertThat(session.profile().readOnly()).isTrue();
        assertThat(session.profile().name()).isEqualTo("shop.jsonl");
    }

    // ---- what DynamoDB refuses ----

    @Test
    void requestsDynamoDbRefuses_failAsValidationProblems() {
        assertProblem(session.read(query("GSI9", "x", "y", null, null, true, null)), ConnectionProblem.Kind.VALIDATION,
                "The table does not have the specified index: GSI9");
        assertProblem(session.read(query(null, "SK", "x", null, null, true, null)), ConnectionProblem.Kind.VALIDATION,
                "Query condition missed key schema element: PK");
        assertProblem(session.read(ReadRequest.Query.of("Shop", "PK", AttributeValue.n(1)).withSortKey("SK")),
                ConnectionProblem.Kind.VALIDATION, "One or more parameter values were invalid: Condition parameter type does not match schema type");
        assertProblem(session.read(customer1(SortKeyCondition.between(AttributeValue.s("b"), AttributeValue.s("a")), true, null)),
                ConnectionProblem.Kind.VALIDATION, "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound");
        assertProblem(session.read(query("ByKind", "kind", "order", "SK", SortKeyCondition.of(Operator.EQ, AttributeValue.s("x")), true, null)),
                ConnectionProblem.Kind.VALIDATION, "Query key condition not supported");
        assertProblem(session.read(customer1(null, true, 0)), ConnectionProblem.Kind.VALIDATION,
                "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
        assertProblem(session.read(query(null, "PK", "", null, null, true, null)), ConnectionProblem.Kind.VALIDATION,
                "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: PK");
    }

    @Test
    void startKeysOutsideTheQuery_areRefused() {
        var otherPartition = customer1(null, true, null).withExclusiveStartKey(SHOP.get(3).key("PK", "SK"));
        var outsideCondition = customer1(SortKeyCondition.of(Operator.BEGINS_WITH, AttributeValue.s("ORDER#")), true, null)
                .withExclusiveStartKey(SHOP.get(0).key("PK", "SK"));
        var missingIndexKeys = query("GSI1", "GSI1PK", "STATUS#OPEN", null, null, true, null)
                .withExclusiveStartKey(SHOP.get(2).key("PK", "SK"));
        var unknownItem = new ReadRequest.Scan("Shop", null, null, Map.of("PK", AttributeValue.s("nobody"), "SK", AttributeValue.s("x")));

        assertProblem(session.read(otherPartition), ConnectionProblem.Kind.VALIDATION,
                "The provided starting key is outside query boundaries based on provided conditions");
        assertProblem(session.read(outsideCondition), ConnectionProblem.Kind.VALIDATION,
                "The provided starting key does not match the range key predicate");
        assertProblem(session.read(missingIndexKeys), ConnectionProblem.Kind.VALIDATION, "The provided starting key is invalid");
        assertProblem(session.read(unknownItem), ConnectionProblem.Kind.VALIDATION,
                "The provided starting key is invalid: no item of this workspace table has that key");
    }

    @Test
    void anUnknownTable_isNotFound_namingTheWorkspacesTables() {
        assertProblem(session.describeTable("Orders"), ConnectionProblem.Kind.TABLE_NOT_FOUND,
                "Table 'Orders' is not in workspace shop.jsonl (its tables: Shop)");
        assertProblem(session.read(new ReadRequest.Scan("Orders", null, null, null)), ConnectionProblem.Kind.TABLE_NOT_FOUND,
                "Table 'Orders' is not in workspace shop.jsonl (its tables: Shop)");
    }

    @Test
    void everyWrite_isRefused_becauseWorkspacesAreReadOnly() {
        var item = SHOP.getFirst();
        assertProblem(session.putItem("Shop", item), ConnectionProblem.Kind.READ_ONLY,
                "Workspace file shop.jsonl is read-only in this version: PutItem on Shop was refused");
        assertProblem(session.deleteItem("Shop", item.key("PK", "SK")), ConnectionProblem.Kind.READ_ONLY,
                "Workspace file shop.jsonl is read-only in this version: DeleteItem on Shop was refused");
        assertProblem(session.batchPut("Shop", List.of(item)), ConnectionProblem.Kind.READ_ONLY,
                "Workspace file shop.jsonl is read-only in this version: BatchWriteItem on Shop was refused");
        assertProblem(session.createTable(new CreateTableSpec("T", TABLE_KEYS, List.of())), ConnectionProblem.Kind.READ_ONLY,
                "Workspace file shop.jsonl is read-only in this version: CreateTable T was refused");
        assertProblem(session.deleteTable("Shop"), ConnectionProblem.Kind.READ_ONLY,
                "Workspace file shop.jsonl is read-only in this version: DeleteTable Shop was refused");
    }

    @Test
    void aClosedSession_refusesFurtherCalls() {
        session.close();
        assertProblem(session.listTables(), ConnectionProblem.Kind.OTHER, "Workspace shop.jsonl is closed");
    }

    static void assertProblem(CompletableFuture<?> future, ConnectionProblem.Kind kind, String message) {
        assertThatThrownBy(future::join).isInstanceOf(CompletionException.class).cause()
                .isInstanceOfSatisfying(DynamoAccessException.class, e -> {
                    assertThat(e.problem().kind()).isEqualTo(kind);
                    assertThat(e.problem().message()).isEqualTo(message);
                });
    }
}

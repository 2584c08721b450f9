package dev.dynalens.service.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.service.load.Backoff;
import dev.dynalens.testsupport.SqlTrackerData;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.BatchGetResult;
import dev.dynalens.service.DynamoSession;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine on a workspace: what each plan sends (read as EXPLAIN text and as its requests) and what comes back.
 * One engine is shared: Calcite's first query generates code for seconds, later ones reuse it.
 */
class SqlEngineTest {
    private static final ExecutorService PAGES = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "sql pages");
        t.setDaemon(true);
        return t;
    });
    private static final SqlEngine ENGINE = new SqlEngine();
    private static final List<Item> ITEMS = SqlTrackerData.items();
    private static final SqlCatalog CATALOG = SqlTrackerData.catalog(ITEMS);

    @AfterAll
    static void stop() {
        PAGES.shutdownNow();
    }

    private static SqlPlan plan(String sql) {
        return ENGINE.plan(sql, CATALOG);
    }

    private static List<List<Object>> rows(String sql) {
        return rows(sql, SqlTrackerData.session(ITEMS));
    }

    private static List<List<Object>> rows(String sql, List<Item> items) {
        var rows = new ArrayList<List<Object>>();
        try (var execution = ENGINE.start(ENGINE.plan(sql, SqlTrackerData.catalog(items)), SqlTrackerData.session(items), PAGES)) {
            while (execution.next()) {
                rows.add(execution.row());
            }
        }
        return rows;
    }

    private static List<List<Object>> rows(String sql, DynamoSession session) {
        var rows = new ArrayList<List<Object>>();
        try (var execution = ENGINE.start(plan(sql), session, PAGES)) {
            while (execution.next()) {
                rows.add(execution.row());
            }
        }
        return rows;
    }

    private static List<String> operations(SqlPlan plan) {
        return plan.requests().stream().map(r -> r.operation().label()).toList();
    }

    private static AttributeValue s(String value) {
        return AttributeValue.s(value);
    }

    // ---- plans ----

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "SELECT title FROM PROJECT WHERE PK = 'ORG#acme'",
            "SELECT title FROM PROJECT WHERE PK = 'ORG#acme' AND SK BETWEEN 'PROJECT#a' AND 'PROJECT#z'",
            "SELECT name FROM \"USER\" WHERE PK = 'USER#u1' AND SK = 'PROFILE'",
            "SELECT name FROM \"USER\" WHERE PK IN ('USER#u1', 'USER#u3') AND SK = 'PROFILE'",
            "SELECT title FROM TASK WHERE GSI1PK = 'USER#u2'",
            "SELECT SK FROM Tracker WHERE PK = 'PROJECT#p1' AND begins_with(SK, 'TASK#') AND points > 1",
            "SELECT p.title, u.name FROM PROJECT p JOIN \"USER\" u ON u.PK = 'USER#' || p.ownerId AND u.SK = 'PROFILE' WHERE p.PK = 'ORG#acme'",
            "SELECT t.title, p.title FROM PROJECT p JOIN TASK t ON t.PK = 'PROJECT#' || substring(p.SK from 9) WHERE p.PK = 'ORG#acme'",
            "SELECT status, COUNT(*) FROM PROJECT WHERE PK = 'ORG#acme' GROUP BY status"})
    void keyPinnedQueries_neverScan(String sql) {
        assertThat(operations(plan(sql))).isNotEmpty().doesNotContain("Scan");
    }

    @Test
    void aPartitionPinnedSelect_isOneQuery_narrowedToTheEntitysSortKeys_withItsProjection() {
        var plan = plan("SELECT title, ownerId FROM PROJECT WHERE PK = 'ORG#acme'");

        assertThat(plan.explain()).contains("DynamoRead(table=[[PROJECT]], columns=[[title, ownerId]], "
                + "request=[Query Tracker · #pk = :pk AND begins_with(#sk, :sk) · projection title, ownerId, PK, SK · 0.5 RCU])");
        var query = plan.requests().getFirst();
        assertThat(query.values()).containsEntry(":pk", s("ORG#acme")).containsEntry(":sk", s("PROJECT#"));
        assertThat(query.names()).containsEntry("#pk", "PK").containsEntry("#sk", "SK");
    }

    @Test
    void bothKeysPinned_isAGetItem_andAnInList_aBatchGetItem() {
        assertThat(plan("SELECT name FROM \"USER\" WHERE PK = 'USER#u1' AND SK = 'PROFILE'").requests())
                .singleElement().satisfies(r -> {
                    assertThat(r.operation().label()).isEqualTo("GetItem");
                    assertThat(r.keys()).containsExactly(Map.of("PK", s("USER#u1"), "SK", s("PROFILE")));
                });
        assertThat(plan("SELECT name FROM \"USER\" WHERE PK IN ('USER#u1', 'USER#u2') AND SK = 'PROFILE'").requests())
                .singleElement().satisfies(r -> {
                    assertThat(r.operation().label()).isEqualTo("BatchGetItem");
                    assertThat(r.keys()).hasSize(2);
                    assertThat(r.projection()).isEqualTo("#name, PK, SK");
                });
    }

    @Test
    void anIndexKeyPredicate_queriesTheIndex() {
        assertThat(plan("SELECT title FROM TASK WHERE GSI1PK = 'USER#u2'").requests()).singleElement()
                .satisfies(r -> {
                    assertThat(r.operation().label()).isEqualTo("Query");
                    assertThat(r.indexName()).isEqualTo("GSI1");
                });
    }

    @Test
    void aPredicateIsSplit_theKeyPartIntoTheKeyCondition_theRestIntoTheFilterOrOntoTheDesktop() {
        var plan = plan("SELECT title FROM TASK WHERE PK = 'PROJECT#p1' AND points >= 3 AND upper(title) = 'INVOICES'");

        var query = plan.requests().getFirst();
        assertThat(query.keyCondition()).isEqualTo("#pk = :pk AND begins_with(#sk, :sk)");
        assertThat(query.filter()).isEqualTo("points >= :v1");
        assertThat(plan.explain()).contains("EnumerableCalc").contains("UPPER");
        assertThat(rows("SELECT title FROM TASK WHERE PK = 'PROJECT#p1' AND points >= 3 AND upper(title) = 'INVOICES'"))
                .containsExactly(List.of(s("Invoices")));
    }

    @Test
    void orderByTheSortKeyAndLimit_arePushedIntoTheQuery() {
        var plan = plan("SELECT title FROM TASK WHERE PK = 'PROJECT#p1' ORDER BY SK DESC LIMIT 1");

        assertThat(plan.explain()).doesNotContain("EnumerableSort").contains("order=[BACKWARD]").contains("limit=[1]")
                .contains("descending");
        assertThat(rows("SELECT title FROM TASK WHERE PK = 'PROJECT#p1' ORDER BY SK DESC LIMIT 1")).containsExactly(List.of(s("Billing revamp")));
    }

    @Test
    void aScan_saysWhy_andWhatWouldAvoidIt() {
        var scan = plan("SELECT title FROM PROJECT WHERE status = 'open'").requests().getFirst();

        assertThat(scan.operation().label()).isEqualTo("Scan");
        assertThat(scan.filter()).isEqualTo("#status = :v1 AND begins_with(PK, :v2) AND begins_with(SK, :v3)");
        assertThat(scan.note()).isEqualTo("No = or IN on the partition key PK or on an index's partition key (GSI1PK (GSI1)), so every item "
                + "of the table is read. A predicate PK = 'ORG#…' or one on GSI1PK would let it Query.");
    }

    @Test
    void notEqual_keepsSqlsMeaning_itemsWithoutTheAttributeAreNotRows() {
        var plan = plan("SELECT title FROM PROJECT WHERE status <> 'open'");

        assertThat(plan.requests().getFirst().filter()).startsWith("(attribute_type(#status, :v1) AND #status <> :v2)");
        assertThat(rows("SELECT title FROM PROJECT WHERE status <> 'open'")).containsExactly(List.of(s("Search")));
    }

    @Test
    void aJoinByFullKey_fetchesTheOtherSideWithBatchGetItem() {
        var sql = "SELECT p.title, u.name FROM PROJECT p JOIN \"USER\" u ON u.PK = 'USER#' || p.ownerId AND u.SK = 'PROFILE' "
                + "WHERE p.PK = 'ORG#acme'";

        assertThat(operations(plan(sql))).containsExactly("Query", "BatchGetItem");
        assertThat(plan(sql).explain()).contains("LookupJoin").doesNotContain("HashJoin");
        assertThat(rows(sql)).containsExactlyInAnyOrder(List.of(s("Billing revamp"), s("Mara Vance")), List.of(s("Search"), s("Ines Roy")));
    }

    @Test
    void aJoinGivingOnlyThePartitionKey_queriesEachPartition() {
        var sql = "SELECT t.title, p.title AS project FROM PROJECT p JOIN TASK t ON t.PK = 'PROJECT#' || substring(p.SK from 9) "
                + "WHERE p.PK = 'ORG#acme'";

        assertThat(operations(plan(sql))).containsExactly("Query", "Query");
        assertThat(rows(sql)).containsExactlyInAnyOrder(List.of(s("Invoices"), s("Billing revamp")),
                List.of(s("Billing revamp"), s("Billing revamp")), List.of(s("Ranking"), s("Search")));
    }

    @Test
    void bothSidesInOneItemCollection_areServedByOneQuery() {
        var items = List.of(SqlTrackerData.item("PK", "ORG#acme", "SK", "#PROFILE", "name", "Acme"),
                SqlTrackerData.item("PK", "ORG#acme", "SK", "PROJECT#p1", "title", "Billing"),
                SqlTrackerData.item("PK", "ORG#acme", "SK", "PROJECT#p2", "title", "Search"),
                SqlTrackerData.item("PK", "ORG#zeta", "SK", "#PROFILE", "name", "Zeta"),
                SqlTrackerData.item("PK", "ORG#zeta", "SK", "PROJECT#p3", "title", "Mobile"));
        var catalog = SqlTrackerData.catalog(items);
        var sql = "SELECT o.name, p.title FROM ORG o JOIN PROJECT p ON p.PK = o.PK WHERE o.PK = 'ORG#acme'";
        var plan = ENGINE.plan(sql, catalog);
        var counted = new dev.dynalens.testsupport.FakeDynamoSession(dev.dynalens.domain.connection.ConnectionProfile.local("w",
                java.net.URI.create("http://127.0.0.1:1")));
        var workspace = SqlTrackerData.session(items);
        counted.responder = request -> workspace.read(request).join();

        var rows = new ArrayList<List<Object>>();
        try (var execution = ENGINE.start(plan, counted, PAGES)) {
            while (execution.next()) {
                rows.add(execution.row());
            }
        }

        assertThat(operations(plan)).containsExactly("Query");
        assertThat(plan.requests().getFirst().keyCondition()).isEqualTo("#pk = :pk");
        assertThat(plan.explain()).contains("shared=[one Query of the item collection serves both sides of the join]");
        assertThat(counted.reads).hasSize(1);
        assertThat(rows).containsExactlyInAnyOrder(List.of(s("Acme"), s("Billing")), List.of(s("Acme"), s("Search")));
    }

    @Test
    void longInLists_stayWithinDynamoDbsLimits_asTheWorkspaceEngineChecksThem() {
        var statuses = new ArrayList<String>();
        var keys = new ArrayList<String>();
        for (int i = 0; i < 1999; i++) {
            statuses.add("'state-" + i + "'");
            keys.add("'ORG#nobody-" + i + "'");
        }
        statuses.add("'open'");
        keys.add("'ORG#zeta'");
        var byStatus = "SELECT title FROM PROJECT WHERE status IN (" + String.join(", ", statuses) + ") ORDER BY title";
        var byKey = "SELECT title FROM PROJECT WHERE PK IN (" + String.join(", ", keys) + ")";

        // before: a FilterExpression of 2,000 ORs, which the workspace refuses as DynamoDB does (over 4 KB)
        assertThat(plan(byStatus).requests()).singleElement().satisfies(r -> {
            assertThat(r.filter()).isEqualTo("begins_with(PK, :v1) AND begins_with(SK, :v2)");
            assertThat(r.note()).contains("Checked on the desktop").contains("status IN (\"state-0\", \"state-1\", \"state-2\", … 2,000 values)");
        });
        assertThat(plan(byStatus).explain()).contains("desktop=[status IN (\"state-0\", \"state-1\", \"state-2\", … 2,000 values)]");
        assertThat(rows(byStatus)).containsExactly(List.of(s("Billing revamp")), List.of(s("Mobile app")));
        // before: a Scan with the same 2,000 ORs on PK; now a Query per partition
        assertThat(operations(plan(byKey))).hasSize(2000).containsOnly("Query");
        assertThat(rows(byKey)).containsExactly(List.of(s("Mobile app")));
    }

    @Test
    void resultColumns_areNamedAsWritten_andQualifiedWhereTwoWouldBeAlike() {
        var join = "FROM PROJECT p JOIN \"USER\" u ON u.PK = 'USER#' || p.ownerId AND u.SK = 'PROFILE' WHERE p.PK = 'ORG#acme'";

        // before: SK, SK0 (Calcite makes a second name unique with a digit)
        assertThat(plan("SELECT p.SK, u.SK, u.name " + join).columns()).containsExactly("p.SK", "u.SK", "name");
        assertThat(plan("SELECT * " + join).columns()).containsExactly("p.PK", "p.SK", "p.GSI1PK", "p.GSI1SK", "budget", "ownerId", "status",
                "title", "u.PK", "u.SK", "u.GSI1PK", "u.GSI1SK", "active", "name", "avatar", "email", "nickname");
        // before: title (the alias was lost with the projection the read took over)
        assertThat(plan("SELECT title AS name FROM PROJECT").columns()).containsExactly("name");
        // before: EXPR$1
        assertThat(plan("SELECT status, COUNT(*), SUM(budget)\n / 2 FROM PROJECT GROUP BY status").columns())
                .containsExactly("status", "COUNT(*)", "SUM(budget) / 2");
        assertThat(plan("SELECT t.assignee.id, t.tags[0], p.title, t.title FROM TASK t JOIN PROJECT p ON t.title = p.title").columns())
                .containsExactly("id", "t.tags[0]", "p.title", "t.title");
        assertThat(plan("SELECT t.assignee.id, a.id FROM TASK t JOIN (SELECT PK AS id FROM PROJECT) a ON t.PK = a.id").columns())
                .containsExactly("t.assignee.id", "a.id");
        // two aliases written alike stay alike
        assertThat(plan("SELECT p.title AS x, u.name AS x " + join).columns()).containsExactly("x", "x");
    }

    @Test
    void aJoinWithoutKeys_isAHashJoin() {
        var sql = "SELECT t.title FROM TASK t JOIN PROJECT p ON t.title = p.title";

        assertThat(plan(sql).explain()).contains("EnumerableHashJoin");
        assertThat(rows(sql)).containsExactly(List.of(s("Billing revamp")));
    }

    @Test
    void aBatchOfMoreThanAHundredKeys_isSplit_andUnprocessedKeysAreAskedAgain() {
        var many = new ArrayList<Item>();
        var keys = new ArrayList<String>();
        for (int i = 0; i < 150; i++) {
            many.add(SqlTrackerData.item("PK", "USER#x" + i, "SK", "PROFILE", "name", "n" + i));
            keys.add("'USER#x" + i + "'");
        }
        var catalog = SqlTrackerData.catalog(many);
        var workspace = SqlTrackerData.session(many);
        var calls = new ArrayList<Integer>();
        var session = new UnprocessedOnce(workspace, calls);
        var sql = "SELECT name FROM \"USER\" WHERE PK IN (" + String.join(", ", keys.subList(0, 100)) + ") AND SK = 'PROFILE'";
        var plan = ENGINE.plan(sql, catalog);
        var pauses = new AtomicInteger();
        // the jitter is drawn once per wait: counting the draws counts the waits
        var backoff = new Backoff(Duration.ZERO, Duration.ZERO, () -> {
            pauses.incrementAndGet();
            return 0.0;
        });

        var rows = new ArrayList<List<Object>>();
        try (var execution = ENGINE.start(plan, session, PAGES, backoff, RunLimits.uncapped())) {
            while (execution.next()) {
                rows.add(execution.row());
            }
        }

        assertThat(rows).hasSize(100);
        assertThat(calls).containsExactly(100, 50);
        assertThat(pauses).hasValue(1);
    }

    /** A session whose first BatchGetItem leaves half the keys unprocessed, as a throttled table does. */
    private record UnprocessedOnce(DynamoSession delegate, List<Integer> calls) implements DynamoSession {
        @Override
        public CompletableFuture<BatchGetResult> batchGet(BatchGetRequest request) {
            calls.add(request.keys().size());
            if (calls.size() == 1) {
                var half = request.keys().size() / 2;
                return delegate.batchGet(request.withKeys(request.keys().subList(0, half)))
                        .thenApply(r -> new BatchGetResult(r.items(), request.keys().subList(half, request.keys().size()), r.capacity()));
            }
            return delegate.batchGet(request);
        }

        // ---- the rest passes through ----
        @Override public dev.dynalens.domain.connection.ConnectionProfile profile() { return delegate.profile(); }
        @Override public CompletableFuture<Void> testConnection() { return delegate.testConnection(); }
        @Override public CompletableFuture<List<String>> listTables() { return delegate.listTables(); }
        @Override public CompletableFuture<dev.dynalens.domain.table.TableDescription> describeTable(String t) { return delegate.describeTable(t); }
        @Override public CompletableFuture<dev.dynalens.domain.table.Page> read(dev.dynalens.domain.table.ReadRequest r) { return delegate.read(r); }
        @Override public CompletableFuture<Void> createTable(dev.dynalens.domain.table.CreateTableSpec s) { return delegate.createTable(s); }
        @Override public CompletableFuture<Void> deleteTable(String t) { return delegate.deleteTable(t); }
        @Override public CompletableFuture<Void> putItem(String t, Item i) { return delegate.putItem(t, i); }
        @Override public CompletableFuture<Void> deleteItem(String t, Map<String, AttributeValue> k) { return delegate.deleteItem(t, k); }
        @Override public CompletableFuture<List<Item>> batchPut(String t, List<Item> i) { return delegate.batchPut(t, i); }
        @Override public CompletableFuture<dev.dynalens.domain.write.GetResult> getItem(String t, Map<String, AttributeValue> k, boolean c) {
            return delegate.getItem(t, k, c);
        }
        @Override public CompletableFuture<dev.dynalens.domain.write.WriteResult> write(dev.dynalens.domain.write.ItemWrite w) { return delegate.write(w); }
        @Override public CompletableFuture<dev.dynalens.domain.write.TransactionResult> transactWrite(List<dev.dynalens.domain.write.ItemWrite> w, String t) {
            return delegate.transactWrite(w, t);
        }
        @Override public CompletableFuture<dev.dynalens.domain.partiql.PartiqlPage> executeStatement(dev.dynalens.domain.partiql.PartiqlStatement s,
                boolean c, Integer l, String n) { return delegate.executeStatement(s, c, l, n); }
        @Override public CompletableFuture<dev.dynalens.domain.partiql.PartiqlBatchResult> batchExecuteStatement(
                List<dev.dynalens.domain.partiql.PartiqlStatement> s) { return delegate.batchExecuteStatement(s); }
        @Override public CompletableFuture<dev.dynalens.domain.partiql.PartiqlTransactionResult> executeTransaction(
                List<dev.dynalens.domain.partiql.PartiqlStatement> s, String t) { return delegate.executeTransaction(s, t); }
        @Override public void close() { delegate.close(); }
    }

    // ---- values ----

    @Test
    void everyAttributeType_comesBackWhole() {
        var bytes = new byte[] {0, 1, (byte) 0xfe};
        var item = SqlTrackerData.item("PK", "THING#1", "SK", "THING", "s", "text", "n", AttributeValue.n("-0.5"), "b", AttributeValue.b(bytes),
                "bool", AttributeValue.bool(false), "nul", AttributeValue.nul(),
                "l", AttributeValue.l(AttributeValue.s("a"), AttributeValue.n(1)),
                "m", AttributeValue.m(Map.of("k", AttributeValue.ss("x", "y"))),
                "ss", AttributeValue.ss("p", "q"), "ns", AttributeValue.ns("1", SqlTrackerData.BIG),
                "bs", new AttributeValue.BinarySet(java.util.Set.of(Bytes.of(bytes))));
        var items = List.of(item);
        var catalog = SqlTrackerData.catalog(items);
        var plan = ENGINE.plan("SELECT s, n, b, bool, nul, l, m, ss, ns, bs FROM THING WHERE PK = 'THING#1' AND SK = 'THING'", catalog);

        var rows = new ArrayList<List<Object>>();
        try (var execution = ENGINE.start(plan, SqlTrackerData.session(items), PAGES)) {
            while (execution.next()) {
                rows.add(execution.row());
            }
        }

        var expected = new ArrayList<Object>(List.of(item.attributes().get("s"), item.attributes().get("n"), item.attributes().get("b"),
                item.attributes().get("bool")));
        expected.add(null);
        expected.addAll(List.of(item.attributes().get("l"), item.attributes().get("m"), item.attributes().get("ss"),
                item.attributes().get("ns"), item.attributes().get("bs")));
        assertThat(rows).containsExactly(expected);
    }

    @Test
    void documentPaths_readAsInDynamoDbsPartiql_positionsFromZero() {
        assertThat(rows("SELECT t.assignee.id, t.tags[0], tags[1] FROM TASK t WHERE t.PK = 'PROJECT#p1' AND t.SK = 'TASK#t1'"))
                .containsExactly(List.of(s("u2"), s("billing"), s("urgent")));
        var plan = plan("SELECT title FROM TASK t WHERE t.assignee.id = 'u3'");
        assertThat(plan.requests().getFirst().filter()).startsWith("assignee.id = :v1");
        assertThat(rows("SELECT title FROM TASK t WHERE t.assignee.id = 'u3'")).containsExactly(List.of(s("Billing revamp")));
    }

    @Test
    void aListPositionInAWhere_isPushedAsDynamoDbWritesIt_notAnAssertionError() {
        var plan = plan("SELECT title FROM TASK WHERE tags[0] = 'billing'");
        assertThat(plan.requests().getFirst().filter()).startsWith("tags[0] = :v1");
        assertThat(rows("SELECT title FROM TASK WHERE tags[0] = 'billing'")).containsExactly(List.of(s("Invoices")));

        var items = List.of(SqlTrackerData.item("PK", "THING#1", "SK", "THING", "meta",
                        AttributeValue.m(Map.of("l", AttributeValue.l(AttributeValue.s("a"), AttributeValue.s("b"))))),
                SqlTrackerData.item("PK", "THING#2", "SK", "THING", "meta", AttributeValue.m(Map.of("l", AttributeValue.l(AttributeValue.s("b"))))));
        assertThat(ENGINE.plan("SELECT PK FROM THING WHERE meta.l[0] = 'a'", SqlTrackerData.catalog(items)).requests().getFirst().filter())
                .startsWith("meta.l[0] = :v1");
        assertThat(rows("SELECT PK FROM THING WHERE meta.l[0] = 'a'", items)).containsExactly(List.of(s("THING#1")));
        assertThat(rows("SELECT PK FROM THING WHERE meta.l[1] = 'b' OR meta.l[0] = 'b' ORDER BY PK", items))
                .containsExactly(List.of(s("THING#1")), List.of(s("THING#2")));
        // positions DynamoDB has no path for read nothing, on the desktop
        for (var position : List.of("99999999999", "1.5")) {
            var sql = "SELECT PK FROM THING WHERE meta.l[" + position + "] = 'a'";
            assertThat(ENGINE.plan(sql, SqlTrackerData.catalog(items)).requests().getFirst().filter()).as(sql).doesNotContain("meta");
            assertThat(rows(sql, items)).as(sql).isEmpty();
        }
    }

    @Test
    void numbersAtTheExtremes_filterExactly() {
        for (var number : List.of(SqlTrackerData.BIG, SqlTrackerData.TINY, SqlTrackerData.HUGE)) {
            var sql = "SELECT budget FROM PROJECT WHERE budget = " + number;
            assertThat(plan(sql).requests().getFirst().values()).containsValue(AttributeValue.n(number));
            assertThat(rows(sql)).as(number).containsExactly(List.of(AttributeValue.n(number)));
        }
        assertThat(rows("SELECT title FROM PROJECT WHERE budget > 1E-130 AND budget < 12345678901234567890123456789012345679"))
                .containsExactly(List.of(s("Billing revamp")));
    }

    @Test
    void aggregatesAtTheExtremes_areExact() {
        var sum = new BigDecimal(SqlTrackerData.BIG).add(new BigDecimal(SqlTrackerData.TINY)).add(new BigDecimal(SqlTrackerData.HUGE));

        var rows = rows("SELECT SUM(budget), MIN(budget), MAX(budget), COUNT(budget) FROM PROJECT");

        assertThat(rows).hasSize(1);
        var row = rows.getFirst();
        assertThat(row.get(0)).isInstanceOf(BigDecimal.class);
        assertThat((BigDecimal) row.get(0)).isEqualByComparingTo(sum);
        assertThat(row.get(1)).isEqualTo(AttributeValue.n(SqlTrackerData.TINY));
        assertThat(row.get(2)).isEqualTo(new AttributeValue.Num(DynamoNumber.parse(SqlTrackerData.HUGE)));
        assertThat(row.get(3)).isEqualTo(AttributeValue.n(3));
    }

    @Test
    void division_keeps38SignificantDigits_roundedHalfToEven_asTheIssueFoundIt() {
        var items = List.of(SqlTrackerData.item("PK", "ORG#o", "SK", "ORDER#1", "amount", AttributeValue.n("-75308642197530864219753086421975308643")),
                SqlTrackerData.item("PK", "ORG#o", "SK", "ORDER#2", "amount", AttributeValue.n("-0.5")),
                SqlTrackerData.item("PK", "ORG#o", "SK", "ORDER#3", "amount", AttributeValue.n("23456789012345678901234567890123456789")));

        // -75308642197530864219753086421975308643.5 / 5 = -15061728439506172843950617284395061728.7: 39 digits, the last rounded
        assertThat(rows("SELECT SUM(amount) / 5 FROM \"ORDER\" WHERE SK < 'ORDER#3'", items))
                .containsExactly(List.of(AttributeValue.n("-15061728439506172843950617284395061729")));
        // a tie goes to the even digit: ...394.5 -> ...394
        assertThat(rows("SELECT amount / 2 FROM \"ORDER\" WHERE PK = 'ORG#o' AND SK = 'ORDER#3'", items))
                .containsExactly(List.of(AttributeValue.n("11728394506172839450617283945061728394")));
        // a number by an integer column, an integer by a number: both exact
        assertThat(rows("SELECT amount / 3, COUNT(*) / amount FROM \"ORDER\" WHERE PK = 'ORG#o' AND SK = 'ORDER#2' GROUP BY amount", items))
                .containsExactly(List.of(AttributeValue.n("-0.16666666666666666666666666666666666667"), AttributeValue.n("-2")));
        // SQL's integer division stays one
        assertThat(rows("SELECT COUNT(*) / 2 FROM \"ORDER\"", items)).containsExactly(List.of(AttributeValue.n(1)));
        assertThat(plan("SELECT budget / 3 FROM PROJECT").explain()).doesNotContain("DOUBLE");
    }

    @Test
    void average_plans_andIsExact() {
        var sum = new BigDecimal(SqlTrackerData.BIG).add(new BigDecimal(SqlTrackerData.TINY)).add(new BigDecimal(SqlTrackerData.HUGE));

        assertThat(rows("SELECT AVG(budget) FROM PROJECT"))
                .containsExactly(List.of(AttributeValue.n(sum.divide(BigDecimal.valueOf(3), new java.math.MathContext(38, java.math.RoundingMode.HALF_EVEN)).toString())));
        // 3, 5 and 1.5 points; the task without tags is no row of an average
        assertThat(rows("SELECT AVG(points), AVG(size(tags)), AVG(DISTINCT points), COUNT(*) FROM TASK"))
                .containsExactly(List.of(AttributeValue.n("3.1666666666666666666666666666666666667"), AttributeValue.n("1.5"),
                        AttributeValue.n("3.1666666666666666666666666666666666667"), AttributeValue.n(3)));
        assertThat(rows("SELECT PK, AVG(points) FROM TASK GROUP BY PK ORDER BY PK"))
                .containsExactly(List.of(s("PROJECT#p1"), AttributeValue.n(4)), List.of(s("PROJECT#p2"), AttributeValue.n("1.5")));
        var none = rows("SELECT AVG(points) FROM TASK WHERE points > 100");
        assertThat(none).hasSize(1);
        assertThat(none.getFirst()).containsExactly((Object) null);
        assertThat(plan("SELECT AVG(budget) FROM PROJECT").explain()).doesNotContain("DOUBLE");
    }

    @Test
    void distinctAggregates_plan_besideOthers() {
        assertThat(rows("SELECT COUNT(DISTINCT status), COUNT(*), SUM(budget) FROM PROJECT"))
                .containsExactly(List.of(AttributeValue.n(2), AttributeValue.n(3),
                        new BigDecimal(SqlTrackerData.BIG).add(new BigDecimal(SqlTrackerData.TINY)).add(new BigDecimal(SqlTrackerData.HUGE))));
    }

    @Test
    void aJoinOnNumbersAtTheExtremes_matchesExactly() {
        var items = new ArrayList<Item>();
        for (var number : List.of(SqlTrackerData.BIG, SqlTrackerData.TINY, SqlTrackerData.HUGE, "12345678901234567890123456789012345677")) {
            items.add(SqlTrackerData.item("PK", "A#" + number, "SK", "A", "n", AttributeValue.n(number)));
            items.add(SqlTrackerData.item("PK", "B#" + number, "SK", "B", "m", AttributeValue.n(number)));
        }
        items.removeLast();
        var catalog = SqlTrackerData.catalog(items);
        var plan = ENGINE.plan("SELECT a.n FROM A a JOIN B b ON a.n = b.m ORDER BY a.n", catalog);

        var rows = new ArrayList<List<Object>>();
        try (var execution = ENGINE.start(plan, SqlTrackerData.session(items), PAGES)) {
            while (execution.next()) {
                rows.add(execution.row());
            }
        }

        assertThat(rows).containsExactly(List.of(AttributeValue.n(SqlTrackerData.TINY)), List.of(AttributeValue.n(SqlTrackerData.BIG)),
                List.of(new AttributeValue.Num(DynamoNumber.parse(SqlTrackerData.HUGE))));
    }

    @Test
    void noDoubleOnThePath_evenForAnApproximateLiteral() {
        assertThat(plan("SELECT budget FROM PROJECT WHERE budget = 1E-130").explain()).doesNotContain("DOUBLE");
        assertThat(plan("SELECT budget * 2 AS twice, budget + 1 AS more FROM PROJECT").explain()).doesNotContain("DOUBLE");
    }

    // ---- errors and cancel ----

    @Test
    void errors_sayWhere() {
        assertThatThrownBy(() -> plan("SELECT title\nFROM PROJECT WHERE")).isInstanceOfSatisfying(SqlException.class, e -> {
            assertThat(e.position().line()).isEqualTo(2);
            assertThat(e.position().column()).isEqualTo(18);
        });
        assertThatThrownBy(() -> plan("SELECT title FROM TASK WHERE contains(tags, 'x') AND nope = 1"))
                .isInstanceOfSatisfying(SqlException.class, e -> {
                    assertThat(e).hasMessageContaining("Column 'nope' not found");
                    assertThat(e.position().column()).isEqualTo(54);
                });
        assertThatThrownBy(() -> plan("SELECT * FROM USER")).isInstanceOf(SqlException.class).hasMessageContaining("USER");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"DELETE FROM PROJECT WHERE PK = 'ORG#acme'", "INSERT INTO PROJECT (PK, SK) VALUES ('ORG#x', 'PROJECT#x')",
            "UPDATE PROJECT SET title = 'x' WHERE PK = 'ORG#acme'",
            "MERGE INTO PROJECT p USING PROJECT q ON p.PK = q.PK WHEN MATCHED THEN UPDATE SET title = 'x'"})
    void aWrite_isASentenceThatPointsToPartiql_notAPlannerDump(String sql) {
        assertThatThrownBy(() -> plan("\n  " + sql)).isInstanceOfSatisfying(SqlException.class, e -> {
            assertThat(e.getMessage()).startsWith("SQL mode reads; " + sql.substring(0, sql.indexOf(' ')) + " writes")
                    .contains("--partiql").doesNotContain("\n").doesNotContain("Logical").doesNotContain("RelSubset");
            assertThat(e.position().line()).isEqualTo(2);
            assertThat(e.position().column()).isEqualTo(3);
        });
    }

    @Test
    void otherStatementsAndMissingAggregates_areSentences() {
        assertThatThrownBy(() -> plan("EXPLAIN PLAN FOR SELECT title FROM PROJECT")).isInstanceOfSatisfying(SqlException.class, e -> {
            assertThat(e).hasMessageContaining("--explain");
            assertThat(e.position().column()).isEqualTo(1);
        });
        assertThatThrownBy(() -> plan("SELECT status, STDDEV_POP(budget) FROM PROJECT GROUP BY status"))
                .isInstanceOfSatisfying(SqlException.class, e -> {
                    assertThat(e.getMessage()).startsWith("STDDEV_POP is not an aggregate the workbench computes").doesNotContain("\n");
                    assertThat(e.position().column()).isEqualTo(16);
                });
    }

    @Test
    void windowAggregates_plan() {
        assertThat(rows("SELECT title, AVG(points) OVER (PARTITION BY PK) FROM TASK ORDER BY title"))
                .containsExactly(List.of(s("Billing revamp"), AttributeValue.n(4)), List.of(s("Invoices"), AttributeValue.n(4)),
                        List.of(s("Ranking"), AttributeValue.n("1.5")));
    }

    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', textBlock = """
            SELECT title FROM PROJECT WHERE title > 5                | 41 | Cannot compare title, a string, with 5, a number: DynamoDB compares values of one type only. Write '5' to compare with the string
            SELECT title FROM PROJECT WHERE budget > 'a'             | 42 | Cannot compare budget, a number, with 'a', a string: DynamoDB compares values of one type only
            SELECT title FROM PROJECT WHERE budget = '7'             | 42 | Cannot compare budget, a number, with '7', a string: DynamoDB compares values of one type only. Write 7 (no quotes) to compare with the number
            SELECT title FROM PROJECT WHERE budget IN (1, 'b')       | 47 | Cannot compare budget, a number, with 'b', a string: DynamoDB compares values of one type only
            SELECT title FROM PROJECT WHERE title BETWEEN 1 AND 2    | 47 | Cannot compare title, a string, with 1, a number: DynamoDB compares values of one type only. Write '1' to compare with the string
            SELECT title FROM PROJECT WHERE budget = upper(title)    | 33 | Cannot compare budget, a number, with upper(title), a string: DynamoDB compares values of one type only
            SELECT title FROM PROJECT WHERE title = TRUE             | 41 | Cannot compare title, a string, with TRUE, a boolean: DynamoDB compares values of one type only
            SELECT title + 1 FROM PROJECT                            | 16 | Cannot calculate with title, a string, and 1, a number: arithmetic takes numbers only
            """)
    void aComparisonAcrossTypes_isASentenceNamingBothSides_notAJavaMessage(String sql, int column, String message) {
        assertThatThrownBy(() -> plan(sql)).isInstanceOfSatisfying(SqlException.class, e -> {
            assertThat(e).hasMessage(message);
            assertThat(e.position().line()).isEqualTo(1);
            assertThat(e.position().column()).isEqualTo(column);
        });
    }

    @Test
    void comparisonsOfOneType_andOfDocumentValues_stillRun() {
        assertThat(rows("SELECT title FROM PROJECT WHERE budget > 7 AND title > 'A' AND PK IN ('ORG#acme', 'ORG#zeta') ORDER BY title"))
                .containsExactly(List.of(s("Billing revamp")), List.of(s("Mobile app")));
        // a path into a document is ANY: compared as it comes, a string never equal to a number
        assertThat(rows("SELECT title FROM TASK WHERE tags[0] = 5")).isEmpty();
    }

    @Test
    void deepOrLongStatements_areBoundedWithASentenceAndItsPlace_neverAStackOverflow() {
        var prefix = "SELECT title FROM PROJECT WHERE ";
        // before: "Syntax error" with no place (the parser's stack overflowed)
        assertThatThrownBy(() -> plan(prefix + "(".repeat(1000) + "status = 'open'" + ")".repeat(1000)))
                .isInstanceOfSatisfying(SqlException.class, e -> {
                    assertThat(e).hasMessage("Parentheses nest more than 100 levels deep here; the workbench plans statements nested up to 100");
                    assertThat(e.position().column()).isEqualTo(prefix.length() + 101);
                });
        var alternatives = new ArrayList<String>();
        for (int i = 0; i < 20_000; i++) {
            alternatives.add("status = 'v" + i + "'");
        }
        assertThatThrownBy(() -> plan(prefix + String.join(" OR ", alternatives))).isInstanceOfSatisfying(SqlException.class, e -> {
            assertThat(e).hasMessageStartingWith("The statement is 408,918 characters long; the workbench plans statements of up to 100,000");
            assertThat(e.position().column()).isEqualTo(100_001);
        });
        var or151 = prefix + String.join("\n OR ", alternatives.subList(0, 152));
        assertThatThrownBy(() -> plan(or151)).isInstanceOfSatisfying(SqlException.class, e -> {
            assertThat(e).hasMessageStartingWith("More than 150 AND, OR, NOT, CASE and arithmetic operators").hasMessageContaining("IN (");
            assertThat(e.position().line()).isEqualTo(152);
            assertThat(e.position().column()).isEqualTo(2);
        });
        // a quoted OR or parenthesis counts for nothing
        assertThat(rows(prefix + "title <> '" + "((( OR ".repeat(200) + "'")).hasSize(3);
    }

    @Test
    void theDeepestStatementWithinTheBounds_plansAndRuns_onHalfTheDefaultStack() throws InterruptedException {
        // 100 levels of parentheses (the last one upper's) around 150 ORs, kept on the desktop
        var alternatives = new ArrayList<String>();
        for (int i = 0; i <= 150; i++) {
            alternatives.add("upper(status) = 'V" + i + "'");
        }
        var sql = "SELECT title FROM PROJECT WHERE " + "(".repeat(99) + String.join(" OR ", alternatives) + ")".repeat(99);
        var failure = new java.util.concurrent.atomic.AtomicReference<Throwable>();
        var result = new java.util.concurrent.atomic.AtomicReference<List<List<Object>>>();
        var thread = new Thread(null, () -> {
            try {
                result.set(rows(sql));
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "half stack", 512 * 1024);
        thread.start();
        thread.join();

        assertThat(failure.get()).isNull();
        assertThat(result.get()).isEmpty();
    }

    @Test
    void namesAreCaseSensitive_asDynamoDbsAre() {
        assertThatThrownBy(() -> plan("SELECT ownerid FROM PROJECT")).isInstanceOf(SqlException.class);
        assertThat(rows("SELECT ownerId FROM PROJECT WHERE PK = 'ORG#zeta'")).containsExactly(List.of(s("u3")));
    }

    @Test
    void aCancelledRun_stopsWithACancellation() {
        var execution = ENGINE.start(plan("SELECT title FROM PROJECT"), SqlTrackerData.session(ITEMS), PAGES);
        execution.cancel();

        assertThatThrownBy(execution::next).isInstanceOf(CancellationException.class);
        assertThat(execution.cancelled()).isTrue();
        execution.close();
    }

    @Test
    void theWarmUpsStatements_planAsAPersonsFirstOnesWould_andWarmingTwiceDoesItOnce() {
        var plans = SqlEngine.warmPlans();

        // a GetItem, a Query of one collection, a Scan with an aggregate: the shapes whose first run it pays for
        assertThat(plans).extracting(plan -> plan.requests().getFirst().operation().label())
                .containsExactly("GetItem", "Query", "Scan");
        SqlEngine.warm();
        SqlEngine.warm();
    }

    @Test
    void aLiteralOutsideLatin1_plansAndIsSentAsWritten() {
        // Calcite's default character set (ISO-8859-1) refused it: "Cannot plan the statement: while converting"
        var plan = ENGINE.plan("SELECT name FROM \"USER\" WHERE PK = 'USER#日本…' AND name = 'Zoë 日本 …'",
                SqlTrackerData.catalog(SqlTrackerData.items()));

        assertThat(plan.requests().getFirst().values().values()).contains(AttributeValue.s("USER#日本…"), AttributeValue.s("Zoë 日本 …"));
    }

    @Test
    void aLookupJoinInsideTheInnerSideOfANestedLoopJoin_isSaidToBeSentAgain_andCountedInTheEstimate() {
        var catalog = SqlTrackerData.catalog(SqlTrackerData.items());
        var inner = "SELECT t.title AS tt, u.name FROM TASK t JOIN \"USER\" u ON u.PK = t.GSI1PK AND u.SK = 'PROFILE'";
        var alone = ENGINE.plan(inner, catalog);
        var lookupAlone = alone.requests().stream().filter(r -> r.operation().label().equals("BatchGetItem")).findFirst().orElseThrow();

        var plan = ENGINE.plan("SELECT p.title, x.name FROM PROJECT p JOIN (" + inner + ") x ON x.tt > p.title", catalog);

        // before: the plan listed the BatchGetItem once, while the run sent it once per project
        var lookup = plan.requests().stream().filter(r -> r.operation().label().equals("BatchGetItem")).findFirst().orElseThrow();
        assertThat(lookup.note()).contains("sent again for every row of the outer side");
        assertThat(lookup.estimatedRcu().toBigDecimal()).isGreaterThan(lookupAlone.estimatedRcu().toBigDecimal());
    }
}

package dev.dynalens.service.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.sql.PlannedRequest;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.workspace.Workspace;
import dev.dynalens.domain.workspace.WorkspaceFormat;
import dev.dynalens.domain.workspace.WorkspaceReport;
import dev.dynalens.domain.workspace.WorkspaceTable;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.RecordingProxy;
import dev.dynalens.testsupport.TestEndpoint;
import dev.dynalens.usecase.RunPartiql;
import dev.dynalens.usecase.RunSql;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Generated single-table data in dynalite and in a workspace, generated queries (key-pinned and not, filters, joins by
 * key, joins by partition, hash joins, aggregates), and three answers that must agree: the engine on dynalite, the
 * engine on the workspace, and a plain evaluation over the items in this test. Every request a plan lists is checked
 * against what dynalite received, as the SDK sent it (a recording proxy in between). PartiQL SELECTs, which dynalite
 * does not have, run through the engine and give the rows of the equivalent SQL.
 */
@ExtendWith(DynamoEndpointExtension.class)
class SqlDifferentialIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ExecutorService PAGES = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "sql pages");
        t.setDaemon(true);
        return t;
    });
    private static final SqlEngine ENGINE = new SqlEngine();
    /** Every plan runs, whatever its estimate. */
    private static final RunSql.Options UNLIMITED = new RunSql.Options(BigDecimal.valueOf(1_000_000), true, 10_000);
    private static final List<String> STATUSES = List.of("open", "closed", "paused");
    private static final List<String> BUDGETS = List.of("12345678901234567890123456789012345678", "1E-130",
            "9.9999999999999999999999999999999999999E+125", "0", "-7.25", "1000", "3", "42.5");

    private final Random random = new Random(1717);

    @AfterAll
    static void stop() {
        PAGES.shutdownNow();
    }

    /** A query and its reference answer, as rows of text (each cell as DynamoDB JSON, or NULL). */
    private record Case(String sql, List<String> expected) {
    }

    @Test
    void generatedQueries_giveTheSameRows_onDynalite_onAWorkspace_andInAPlainEvaluation(TestEndpoint endpoint, DynamoSession dynamo)
            throws Exception {
        var table = endpoint.uniqueTableName("sql-diff");
        var items = items();
        var gsi1 = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"), IndexDescription.Projection.ALL,
                List.of(), null, null, null);
        load(dynamo, new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of(gsi1)), items);
        var workspaceTable = WorkspaceTable.of(table, KeySchema.of("PK", "SK"), List.of(gsi1), items);
        var workspace = new WorkspaceSession(new Workspace("d.jsonl", WorkspaceFormat.DYNAMODB_JSON_LINES, "d", List.of(workspaceTable),
                new WorkspaceReport("d.jsonl", WorkspaceFormat.DYNAMODB_JSON_LINES, items.size(), List.of(), List.of(), 0, 0)), Runnable::run);
        var analyzer = new Analyzer(TableKeys.from(workspaceTable.description())).measuringItemSizes();
        analyzer.acceptAll(items);
        var catalog = SqlCatalog.of(workspaceTable.description(), analyzer.result(), new SqlCatalog.EntitySource("test", null, items.size(), items.size()));

        try (var proxy = new RecordingProxy(endpoint.endpoint());
             var live = new AwsDynamoSessionFactory().open(ConnectionProfile.create("recorded", new CredentialsSource.LocalPlaceholder(),
                     "us-east-1", proxy.endpoint(), false, ConnectionTag.LOCAL))) {
            var cases = cases(items, table);
            assertThat(cases).hasSizeGreaterThan(150);
            int keyed = 0;
            for (var c : cases) {
                var plan = ENGINE.plan(c.sql(), catalog);
                proxy.clear();
                var onDynalite = rows(plan, live);
                var onWorkspace = rows(plan, workspace);
                assertThat(onDynalite).as("dynalite: " + c.sql() + "\n" + plan.explain()).isEqualTo(c.expected());
                assertThat(onWorkspace).as("workspace: " + c.sql()).isEqualTo(c.expected());
                assertRequestsAsPlanned(plan, proxy.received(), c.sql());
                if (!plan.scans()) {
                    keyed++;
                }
            }
            assertThat(keyed).as("key-pinned cases").isGreaterThan(60);
        }
    }

    @Test
    void partiqlSelects_onDynalite_runThroughTheEngine_withTheRowsOfTheEquivalentSql(TestEndpoint endpoint, DynamoSession dynamo)
            throws Exception {
        var table = endpoint.uniqueTableName("sql-partiql");
        var items = items();
        load(dynamo, new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of()), items);
        var description = dynamo.describeTable(table).get(30, TimeUnit.SECONDS);
        var analyzer = new Analyzer(TableKeys.from(description));
        analyzer.acceptAll(items);
        var catalog = SqlCatalog.of(description, analyzer.result(), new SqlCatalog.EntitySource("test", null, items.size(), items.size()));
        var run = new RunSql(ENGINE, Runnable::run, PAGES);
        var partiql = new RunPartiql(run);

        for (var where : List.of("PK = 'ORG#o1'", "begins_with(PK, 'USER#')", "PK = 'PROJECT#p3' AND points > 2", "status = 'open'")) {
            var statement = "SELECT * FROM \"" + table + "\" WHERE " + where;
            var outcome = partiql.run(dynamo, catalog, statement, WriteConfirmer.NONE, UNLIMITED, rows -> { })
                    .result().get(60, TimeUnit.SECONDS);
            var sql = run.run(dynamo, run.plan(statement, catalog), UNLIMITED, rows -> { }).result()
                    .get(60, TimeUnit.SECONDS);
            assertThat(outcome.path()).isEqualTo("sql");
            assertThat(outcome.note()).contains("does not support PartiQL (ExecuteStatement)");
            assertThat(text(outcome.rows())).as(statement).isEqualTo(text(sql.rows())).isNotEmpty();
        }
    }

    // ---- data ----

    private List<Item> items() {
        var items = new ArrayList<Item>();
        for (int u = 0; u < 12; u++) {
            var user = item("PK", "USER#u" + u, "SK", "PROFILE", "name", "User " + u);
            if (u % 3 != 0) {
                user.put("active", AttributeValue.bool(u % 2 == 0));
            }
            items.add(new Item(user));
        }
        int task = 0;
        for (int o = 0; o < 4; o++) {
            for (int p = 0; p < 4; p++) {
                var project = "p" + (o * 4 + p);
                var attributes = item("PK", "ORG#o" + o, "SK", "PROJECT#" + project, "title", "Project " + random.nextInt(6),
                        "ownerId", "u" + random.nextInt(14), "status", STATUSES.get(random.nextInt(STATUSES.size())));
                if (random.nextInt(5) > 0) {
                    attributes.put("budget", AttributeValue.n(BUDGETS.get(random.nextInt(BUDGETS.size()))));
                }
                items.add(new Item(attributes));
                for (int t = random.nextInt(5); t > 0; t--) {
                    var assignee = "u" + random.nextInt(12);
                    var taskItem = item("PK", "PROJECT#" + project, "SK", "TASK#t" + task++, "title", "Project " + random.nextInt(6),
                            "points", AttributeValue.n(random.nextInt(6)), "GSI1PK", "USER#" + assignee, "GSI1SK", "TASK#" + task);
                    taskItem.put("assignee", AttributeValue.m(Map.of("id", AttributeValue.s(assignee))));
                    items.add(new Item(taskItem));
                }
            }
        }
        return items;
    }

    private static LinkedHashMap<String, AttributeValue> item(Object... pairs) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        for (int i = 0; i < pairs.length; i += 2) {
            attributes.put((String) pairs[i], pairs[i + 1] instanceof AttributeValue a ? a : AttributeValue.s((String) pairs[i + 1]));
        }
        return attributes;
    }

    // ---- generated queries, each with its plain evaluation ----

    private List<Case> cases(List<Item> items, String table) {
        var projects = items.stream().filter(i -> str(i, "SK").startsWith("PROJECT#")).toList();
        var tasks = items.stream().filter(i -> str(i, "SK").startsWith("TASK#")).toList();
        var users = items.stream().filter(i -> str(i, "SK").equals("PROFILE")).toList();
        var cases = new ArrayList<Case>();
        for (int o = 0; o < 5; o++) {
            var org = "ORG#o" + o;
            cases.add(new Case("SELECT title, status FROM PROJECT WHERE PK = '" + org + "'",
                    rows(projects, i -> str(i, "PK").equals(org), "title", "status")));
            for (var status : STATUSES) {
                cases.add(new Case("SELECT SK FROM PROJECT WHERE PK = '" + org + "' AND status = '" + status + "'",
                        rows(projects, i -> str(i, "PK").equals(org) && status.equals(strOrNull(i, "status")), "SK")));
                cases.add(new Case("SELECT SK FROM PROJECT WHERE PK = '" + org + "' AND status <> '" + status + "'",
                        rows(projects, i -> str(i, "PK").equals(org) && strOrNull(i, "status") != null && !status.equals(strOrNull(i, "status")), "SK")));
            }
            cases.add(new Case("SELECT p.title, u.name FROM PROJECT p JOIN \"USER\" u ON u.PK = 'USER#' || p.ownerId AND u.SK = 'PROFILE' "
                    + "WHERE p.PK = '" + org + "'", join(projects, users, p -> str(p, "PK").equals(org),
                    (p, u) -> str(u, "PK").equals("USER#" + str(p, "ownerId")), List.of("title"), List.of("name"))));
            cases.add(new Case("SELECT p.SK, u.name FROM PROJECT p LEFT JOIN \"USER\" u ON u.PK = 'USER#' || p.ownerId AND u.SK = 'PROFILE' "
                    + "WHERE p.PK = '" + org + "'", leftJoin(projects, users, p -> str(p, "PK").equals(org),
                    (p, u) -> str(u, "PK").equals("USER#" + str(p, "ownerId")), List.of("SK"), List.of("name"))));
            cases.add(new Case("SELECT t.SK, t.points FROM PROJECT p JOIN TASK t ON t.PK = 'PROJECT#' || substring(p.SK from 9) "
                    + "WHERE p.PK = '" + org + "'", join(projects, tasks, p -> str(p, "PK").equals(org),
                    (p, t) -> str(t, "PK").equals("PROJECT#" + str(p, "SK").substring(8)), List.of(), List.of("SK", "points"))));
        }
        for (int p = 0; p < 17; p++) {
            var partition = "PROJECT#p" + p;
            for (int points = 0; points < 6; points += 2) {
                var floor = points;
                cases.add(new Case("SELECT SK, title FROM TASK WHERE PK = '" + partition + "' AND points >= " + points,
                        rows(tasks, i -> str(i, "PK").equals(partition) && num(i, "points").compareTo(BigDecimal.valueOf(floor)) >= 0, "SK", "title")));
            }
            cases.add(new Case("SELECT SK FROM TASK WHERE PK = '" + partition + "' ORDER BY SK DESC LIMIT 2",
                    ordered(tasks, i -> str(i, "PK").equals(partition), Comparator.comparing((Item i) -> str(i, "SK")).reversed(), 2, "SK")));
        }
        for (int u = 0; u < 13; u++) {
            var user = "USER#u" + u;
            cases.add(new Case("SELECT SK FROM TASK WHERE GSI1PK = '" + user + "'", rows(tasks, i -> str(i, "GSI1PK").equals(user), "SK")));
            cases.add(new Case("SELECT name FROM \"USER\" WHERE PK = '" + user + "' AND SK = 'PROFILE'",
                    rows(users, i -> str(i, "PK").equals(user), "name")));
            var other = "USER#u" + ((u + 5) % 13);
            cases.add(new Case("SELECT name, active FROM \"USER\" WHERE PK IN ('" + user + "', '" + other + "') AND SK = 'PROFILE'",
                    rows(users, i -> str(i, "PK").equals(user) || str(i, "PK").equals(other), "name", "active")));
            var id = "u" + u;
            cases.add(new Case("SELECT t.SK FROM TASK t WHERE t.assignee.id = '" + id + "'",
                    rows(tasks, i -> i.attributes().get("assignee") instanceof AttributeValue.MapValue m && AttributeValue.s(id).equals(m.values().get("id")), "SK")));
        }
        for (var budget : BUDGETS) {
            var value = new BigDecimal(budget);
            cases.add(new Case("SELECT SK FROM PROJECT WHERE budget > " + budget,
                    rows(projects, i -> i.attributes().containsKey("budget") && num(i, "budget").compareTo(value) > 0, "SK")));
            cases.add(new Case("SELECT SK FROM PROJECT WHERE budget = " + budget,
                    rows(projects, i -> i.attributes().containsKey("budget") && num(i, "budget").compareTo(value) == 0, "SK")));
        }
        for (var status : STATUSES) {
            cases.add(new Case("SELECT COUNT(*) AS n FROM PROJECT WHERE status = '" + status + "'",
                    List.of(cell(AttributeValue.n(projects.stream().filter(i -> status.equals(strOrNull(i, "status"))).count())))));
        }
        var grouped = projects.stream().collect(Collectors.groupingBy(i -> str(i, "status"), java.util.TreeMap::new, Collectors.toList()));
        var expectedGroups = new ArrayList<String>();
        grouped.forEach((status, group) -> {
            var budgets = group.stream().filter(i -> i.attributes().containsKey("budget")).map(i -> num(i, "budget")).toList();
            var sum = budgets.isEmpty() ? null : budgets.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
            expectedGroups.add(cell(AttributeValue.s(status)) + " | " + cell(AttributeValue.n(group.size())) + " | " + cellOfNumber(sum));
        });
        cases.add(new Case("SELECT status, COUNT(*), SUM(budget) FROM PROJECT GROUP BY status", sorted(expectedGroups)));
        cases.add(new Case("SELECT t.title FROM TASK t JOIN PROJECT p ON t.title = p.title",
                join(projects, tasks, p -> true, (p, t) -> str(p, "title").equals(str(t, "title")), List.of(), List.of("title"))));
        cases.add(new Case("SELECT COUNT(*) FROM \"" + table + "\"", List.of(cell(AttributeValue.n(items.size())))));
        return cases;
    }

    private static String str(Item item, String name) {
        return item.attributes().get(name) instanceof AttributeValue.Str s ? s.value() : "";
    }

    private static String strOrNull(Item item, String name) {
        return item.attributes().get(name) instanceof AttributeValue.Str s ? s.value() : null;
    }

    private static BigDecimal num(Item item, String name) {
        return ((AttributeValue.Num) item.attributes().get(name)).value().toBigDecimal();
    }

    private static List<String> rows(List<Item> items, Predicate<Item> where, String... columns) {
        return sorted(items.stream().filter(where).map(i -> row(i, List.of(columns))).toList());
    }

    private static List<String> ordered(List<Item> items, Predicate<Item> where, Comparator<Item> order, int limit, String... columns) {
        return items.stream().filter(where).sorted(order).limit(limit).map(i -> row(i, List.of(columns))).toList();
    }

    private static List<String> join(List<Item> left, List<Item> right, Predicate<Item> where,
                                     java.util.function.BiPredicate<Item, Item> on, List<String> leftColumns, List<String> rightColumns) {
        var rows = new ArrayList<String>();
        for (var l : left) {
            if (!where.test(l)) {
                continue;
            }
            for (var r : right) {
                if (on.test(l, r)) {
                    rows.add(joined(l, r, leftColumns, rightColumns));
                }
            }
        }
        return sorted(rows);
    }

    private static List<String> leftJoin(List<Item> left, List<Item> right, Predicate<Item> where,
                                         java.util.function.BiPredicate<Item, Item> on, List<String> leftColumns, List<String> rightColumns) {
        var rows = new ArrayList<String>();
        for (var l : left) {
            if (!where.test(l)) {
                continue;
            }
            var matched = false;
            for (var r : right) {
                if (on.test(l, r)) {
                    rows.add(joined(l, r, leftColumns, rightColumns));
                    matched = true;
                }
            }
            if (!matched) {
                rows.add(joined(l, new Item(Map.of()), leftColumns, rightColumns));
            }
        }
        return sorted(rows);
    }

    private static String joined(Item left, Item right, List<String> leftColumns, List<String> rightColumns) {
        var cells = new ArrayList<String>();
        leftColumns.forEach(c -> cells.add(cell(left.attributes().get(c))));
        rightColumns.forEach(c -> cells.add(cell(right.attributes().get(c))));
        return String.join(" | ", cells);
    }

    private static String row(Item item, List<String> columns) {
        return columns.stream().map(c -> cell(item.attributes().get(c))).collect(Collectors.joining(" | "));
    }

    private static String cell(Object value) {
        return switch (value) {
            case null -> "NULL";
            case AttributeValue.Null n -> "NULL";
            case AttributeValue.Num n -> "N:" + n.value().toBigDecimal().stripTrailingZeros().toPlainString();
            case AttributeValue a -> DynamoJsonCodec.writeValue(a);
            case BigDecimal d -> "N:" + d.stripTrailingZeros().toPlainString();
            default -> value.toString();
        };
    }

    private static String cellOfNumber(BigDecimal value) {
        return value == null ? "NULL" : "N:" + value.stripTrailingZeros().toPlainString();
    }

    private static List<String> sorted(List<String> rows) {
        return rows.stream().sorted().toList();
    }

    private static List<String> text(List<List<Object>> rows) {
        return sorted(rows.stream().map(r -> r.stream().map(SqlDifferentialIT::cell).collect(Collectors.joining(" | "))).toList());
    }

    private static List<String> rows(SqlPlan plan, DynamoSession session) {
        var rows = new ArrayList<List<Object>>();
        try (var execution = ENGINE.start(plan, session, PAGES)) {
            while (execution.next()) {
                rows.add(execution.row());
            }
        }
        var text = rows.stream().map(r -> r.stream().map(SqlDifferentialIT::cell).collect(Collectors.joining(" | "))).toList();
        return plan.statement().contains("ORDER BY") ? text : sorted(text);
    }

    // ---- what was sent ----

    /** Each planned Query, Scan, GetItem and BatchGetItem reached dynalite with the expression texts and values the plan shows. */
    private static void assertRequestsAsPlanned(SqlPlan plan, List<RecordingProxy.Received> received, String sql) {
        var firstPages = received.stream().filter(r -> !r.body().has("ExclusiveStartKey")).toList();
        // nothing is sent that the plan does not name
        assertThat(received).as(sql).allMatch(r -> plan.requests().stream().anyMatch(p -> p.operation().label().equals(r.operation())));
        for (var planned : plan.requests()) {
            if (!planned.note().isEmpty() && !planned.isScan()) {
                // a lookup join's requests: their keys and number come from the other side's rows (none for no rows)
                continue;
            }
            assertThat(firstPages).as(sql + ": " + planned.summary()).anyMatch(r -> matches(planned, r));
        }
    }

    private static boolean matches(PlannedRequest planned, RecordingProxy.Received received) {
        if (!planned.operation().label().equals(received.operation())) {
            return false;
        }
        var body = received.body();
        return switch (planned.operation()) {
            case QUERY, SCAN -> text(body, "KeyConditionExpression", planned.keyCondition())
                    && text(body, "FilterExpression", planned.filter())
                    && text(body, "ProjectionExpression", planned.projection())
                    && text(body, "IndexName", planned.indexName())
                    && RecordingProxy.names(body.path("ExpressionAttributeNames")).equals(planned.names())
                    && RecordingProxy.values(body.path("ExpressionAttributeValues")).equals(planned.values())
                    && (planned.scanIndexForward() || body.path("ScanIndexForward").asBoolean(true) == false);
            case GET_ITEM -> planned.keys().contains(RecordingProxy.values(body.path("Key")));
            case BATCH_GET_ITEM -> {
                var perTable = body.path("RequestItems").path(planned.tableName());
                var keys = new ArrayList<Map<String, AttributeValue>>();
                perTable.path("Keys").forEach(k -> keys.add(RecordingProxy.values(k)));
                yield keys.equals(planned.keys()) && text(perTable, "ProjectionExpression", planned.projection());
            }
        };
    }

    private static boolean text(JsonNode body, String field, String expected) {
        return expected == null ? !body.has(field) : expected.equals(body.path(field).asText(null));
    }

    private static void load(DynamoSession dynamo, CreateTableSpec spec, List<Item> items) throws Exception {
        dynamo.createTable(spec).get(60, TimeUnit.SECONDS);
        for (int i = 0; i < items.size(); i += 25) {
            List<Item> batch = items.subList(i, Math.min(i + 25, items.size()));
            for (int attempt = 0; !batch.isEmpty(); attempt++) {
                assertThat(attempt).as("BatchWriteItem retries").isLessThan(10);
                batch = dynamo.batchPut(spec.tableName(), batch).get(30, TimeUnit.SECONDS);
            }
        }
    }
}

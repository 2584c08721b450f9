package dev.dynalens.bench;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.sql.PlannedRequest;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.workspace.Workspace;
import dev.dynalens.domain.workspace.WorkspaceFormat;
import dev.dynalens.domain.workspace.WorkspaceReport;
import dev.dynalens.domain.workspace.WorkspaceTable;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.sql.SqlEngine;
import dev.dynalens.service.sql.SqlPlan;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Benchmark (not a test) of the SQL workbench's engine. Groups:
 * <ul>
 *   <li>{@code planning}: the first query's planning and code generation in this JVM, then the planning of a
 *       three-way join after warm-up (median of 50);</li>
 *   <li>{@code warm}: what a table tab's opening does in the background ({@code RunSql.warmEngine}), then the first
 *       query a person asks for: its planning, and its code generation and run (aim: under 500 ms);</li>
 *   <li>{@code workspace}: a GROUP BY and a hash join over an N-item workspace (default 1,000,000; run it under
 *       {@code -Xmx1g}): items/s and the peak heap;</li>
 *   <li>{@code dynalite}: N items (default 50,000) in a private dynalite; a partition-pinned join (a Query and its
 *       BatchGetItems) and a Scan-based GROUP BY through the engine, against bare SDK calls issuing exactly the plan's
 *       requests in the same JVM (the join's BatchGetItem keys taken from the Query's items, as the engine takes them).</li>
 * </ul>
 * Run: {@code mvn -o test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=dev.dynalens.bench.SqlBenchmark
 * -Dexec.args="GROUP [N] [ROUNDS]"} (with {@code MAVEN_OPTS=-Xmx1g} for {@code workspace}).
 */
public final class SqlBenchmark {
    private static final String JOIN = "SELECT p.title, u.name FROM PROJECT p JOIN \"USER\" u ON u.PK = 'USER#' || p.ownerId "
            + "AND u.SK = 'PROFILE' WHERE p.PK = 'ORG#o7'";
    private static final String GROUP_BY = "SELECT status, COUNT(*) AS n FROM PROJECT GROUP BY status";
    private static final String HASH_JOIN = "SELECT o.region, COUNT(*) AS n FROM PROJECT p JOIN ORG o ON o.orgId = p.orgId "
            + "GROUP BY o.region";
    private static final String THREE_WAY = "SELECT t.title, u.name, p.title FROM PROJECT p JOIN TASK t ON t.PK = 'PROJECT#' || "
            + "substring(p.SK from 9) JOIN \"USER\" u ON u.PK = 'USER#' || t.assignee AND u.SK = 'PROFILE' WHERE p.PK = 'ORG#o7'";

    public static void main(String[] args) throws Exception {
        var group = args.length > 0 ? args[0] : "planning";
        var pages = Executors.newCachedThreadPool(r -> {
            var t = new Thread(r, "sql pages");
            t.setDaemon(true);
            return t;
        });
        System.out.printf(Locale.ROOT, "JVM %s, max heap %,d MB, %d processors%n", Runtime.version(),
                Runtime.getRuntime().maxMemory() >> 20, Runtime.getRuntime().availableProcessors());
        try {
            switch (group) {
                case "planning" -> planning();
                case "warm" -> firstAfterWarm();
                case "workspace" -> workspace(args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000, pages);
                case "dynalite" -> dynalite(args.length > 1 ? Integer.parseInt(args[1]) : 50_000, args.length > 2 ? Integer.parseInt(args[2]) : 5, pages);
                default -> throw new IllegalArgumentException("group: planning, warm, workspace or dynalite, not " + group);
            }
        } finally {
            pages.shutdownNow();
        }
    }

    // ---- data: organisations own projects, projects hold tasks, users have profiles ----

    static Item item(Object... pairs) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        for (int i = 0; i < pairs.length; i += 2) {
            attributes.put((String) pairs[i], pairs[i + 1] instanceof AttributeValue a ? a : AttributeValue.s((String) pairs[i + 1]));
        }
        return new Item(attributes);
    }

    /** {@code count} items: a tenth users, a few organisation profiles, the rest projects of 100 organisations. */
    static List<Item> items(int count) {
        return items(count, false);
    }

    /** @param lean without title and budget: the workspace group holds a million of them in a 1 GB heap */
    static List<Item> items(int count, boolean lean) {
        var items = new ArrayList<Item>(count);
        var users = Math.max(10, count / 10);
        for (int u = 0; u < users; u++) {
            items.add(item("PK", "USER#u" + u, "SK", "PROFILE", "name", "User " + u));
        }
        for (int o = 0; o < 100; o++) {
            items.add(item("PK", "ORG#o" + o, "SK", "#PROFILE", "orgId", "o" + o, "region", "r" + (o % 7)));
        }
        var statuses = List.of("open", "closed", "paused");
        for (int p = 0; items.size() < count; p++) {
            items.add(lean ? item("PK", "ORG#o" + (p % 100), "SK", "PROJECT#p" + p, "ownerId", "u" + (p * 7 % users), "orgId", "o" + (p % 100),
                    "status", statuses.get(p % 3))
                    : item("PK", "ORG#o" + (p % 100), "SK", "PROJECT#p" + p, "title", "Project " + p, "ownerId", "u" + (p * 7 % users),
                    "orgId", "o" + (p % 100), "status", statuses.get(p % 3), "budget", AttributeValue.n(p + ".25")));
        }
        return items;
    }

    static SqlCatalog catalog(WorkspaceTable table, List<Item> sample) {
        var analyzer = new Analyzer(TableKeys.from(table.description())).measuringItemSizes();
        analyzer.acceptAll(sample);
        return SqlCatalog.of(table.description(), analyzer.result(), new SqlCatalog.EntitySource("bench", null, sample.size(), sample.size()));
    }

    static long rows(SqlEngine engine, SqlPlan plan, DynamoSession session, ExecutorService pages) {
        long rows = 0;
        try (var execution = engine.start(plan, session, pages)) {
            while (execution.next()) {
                rows++;
            }
        }
        return rows;
    }

    // ---- planning ----

    private static void firstAfterWarm() {
        var items = new ArrayList<>(items(2_000));
        items.add(item("PK", "PROJECT#p7", "SK", "TASK#t1", "title", "Task", "assignee", "u3"));
        var table = WorkspaceTable.of("Bench", KeySchema.of("PK", "SK"), List.of(), items);
        var catalog = catalog(table, items);
        var session = new WorkspaceSession(workspace(table, items.size()), Runnable::run);
        var pages = Executors.newCachedThreadPool();
        long start = System.nanoTime();
        dev.dynalens.usecase.RunSql.warmEngine();
        long warmed = System.nanoTime();
        var engine = new SqlEngine();
        var first = engine.plan(JOIN, catalog);
        long planned = System.nanoTime();
        rows(engine, first, session, pages);
        long ran = System.nanoTime();
        System.out.printf(Locale.ROOT, "warm-up (in the background when a table tab opens): %.0f ms%n", (warmed - start) / 1e6);
        System.out.printf(Locale.ROOT, "first query after it: planning %.0f ms, code generation and run %.0f ms, together %.0f ms%n",
                (planned - warmed) / 1e6, (ran - planned) / 1e6, (ran - warmed) / 1e6);
        pages.shutdownNow();
    }

    private static void planning() {
        var items = new ArrayList<>(items(2_000));
        items.add(item("PK", "PROJECT#p7", "SK", "TASK#t1", "title", "Task", "assignee", "u3"));
        var table = WorkspaceTable.of("Bench", KeySchema.of("PK", "SK"), List.of(), items);
        var catalog = catalog(table, items);
        var engine = new SqlEngine();
        var session = new WorkspaceSession(workspace(table, items.size()), Runnable::run);
        var pages = Executors.newCachedThreadPool();
        long start = System.nanoTime();
        var first = engine.plan(JOIN, catalog);
        long planned = System.nanoTime();
        rows(engine, first, session, pages);
        long ran = System.nanoTime();
        System.out.printf(Locale.ROOT, "first query in this JVM: planning %.0f ms, code generation and run %.0f ms%n",
                (planned - start) / 1e6, (ran - planned) / 1e6);
        for (int i = 0; i < 20; i++) {
            engine.plan(THREE_WAY, catalog);
        }
        var times = new ArrayList<Double>();
        for (int i = 0; i < 50; i++) {
            times.add(engine.plan(THREE_WAY, catalog).planningNanos() / 1e6);
        }
        times.sort(Double::compare);
        System.out.printf(Locale.ROOT, "three-way join, after warm-up: median %.1f ms, p90 %.1f ms, max %.1f ms (50 plannings)%n",
                times.get(25), times.get(45), times.get(49));
        pages.shutdownNow();
    }

    private static Workspace workspace(WorkspaceTable table, int count) {
        return new Workspace("bench.jsonl", WorkspaceFormat.DYNAMODB_JSON_LINES, "bench", List.of(table),
                new WorkspaceReport("bench.jsonl", WorkspaceFormat.DYNAMODB_JSON_LINES, count, List.of(), List.of(), 0, 0));
    }

    // ---- workspace ----

    private static void workspace(int count, ExecutorService pages) {
        var items = items(count, true);
        var table = WorkspaceTable.of("Bench", KeySchema.of("PK", "SK"), List.of(), items);
        // every 20th item, and the organisations (they come after the users)
        var sample = new ArrayList<Item>();
        for (int i = 0; i < items.size(); i += 20) {
            sample.add(items.get(i));
        }
        var users = Math.max(10, count / 10);
        sample.addAll(items.subList(users, users + 100));
        var catalog = catalog(table, sample);
        var session = new WorkspaceSession(workspace(table, count), Runnable::run);
        var engine = new SqlEngine();
        System.gc();
        System.out.printf(Locale.ROOT, "%,d items in the workspace; heap after loading %,d MB%n", count, usedHeap() >> 20);
        for (var sql : List.of(GROUP_BY, HASH_JOIN)) {
            var plan = engine.plan(sql, catalog);
            for (int round = 0; round <= 3; round++) {
                resetPeak();
                long start = System.nanoTime();
                var rows = rows(engine, plan, session, pages);
                var seconds = (System.nanoTime() - start) / 1e9;
                System.out.printf(Locale.ROOT, "%s round %d: %d rows in %.2f s, %,.0f items/s, peak heap %,d MB%n",
                        sql.startsWith("SELECT status") ? "GROUP BY" : "hash join", round, rows, seconds, count / seconds, peakHeap() >> 20);
            }
        }
    }

    private static long usedHeap() {
        return Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
    }

    private static void resetPeak() {
        System.gc();
        ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP).forEach(p -> p.resetPeakUsage());
    }

    private static long peakHeap() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }

    // ---- dynalite ----

    private static void dynalite(int count, int rounds, ExecutorService pages) throws Exception {
        var items = items(count);
        try (var dynalite = DynamoEndpointExtension.startPrivateDynalite();
             var client = DynamoEndpointExtension.newClient(dynalite.endpoint());
             var session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("bench", dynalite.endpoint()))) {
            long loadStart = System.nanoTime();
            load(session, "Bench", items);
            System.out.printf(Locale.ROOT, "loaded %,d items in %.1f s%n", count, (System.nanoTime() - loadStart) / 1e9);
            var table = WorkspaceTable.of("Bench", KeySchema.of("PK", "SK"), List.of(), items);
            var catalog = catalog(table, items);
            var description = session.describeTable("Bench").get(30, TimeUnit.SECONDS);
            catalog = new SqlCatalog(description, catalog.tables(), catalog.source());
            var engine = new SqlEngine();
            for (var sql : List.of(JOIN, GROUP_BY)) {
                var plan = engine.plan(sql, catalog);
                System.out.println(plan.explain());
                var bare = new ArrayList<Double>();
                var sqlTimes = new ArrayList<Double>();
                for (int round = 0; round <= rounds; round++) {
                    long start = System.nanoTime();
                    var bareRows = sql == JOIN ? bareJoin(client, plan) : bareGroupBy(client, plan);
                    var bareSeconds = (System.nanoTime() - start) / 1e9;
                    start = System.nanoTime();
                    var engineRows = rows(engine, plan, session, pages);
                    var engineSeconds = (System.nanoTime() - start) / 1e9;
                    if (bareRows != engineRows) {
                        throw new IllegalStateException("bare " + bareRows + " rows, engine " + engineRows);
                    }
                    if (round > 0) {
                        bare.add(bareSeconds);
                        sqlTimes.add(engineSeconds);
                    }
                    System.out.printf(Locale.ROOT, "%s round %d: bare SDK %.3f s, engine %.3f s (%d rows)%n",
                            sql == JOIN ? "partition-pinned join" : "Scan-based GROUP BY", round, bareSeconds, engineSeconds, engineRows);
                }
                bare.sort(Double::compare);
                sqlTimes.sort(Double::compare);
                var b = bare.get(bare.size() / 2);
                var e = sqlTimes.get(sqlTimes.size() / 2);
                System.out.printf(Locale.ROOT, "%s, median of %d: bare SDK %.3f s, engine %.3f s, ratio %.2f%n",
                        sql == JOIN ? "partition-pinned join" : "Scan-based GROUP BY", rounds, b, e, e / b);
            }
        }
    }

    private static void load(DynamoSession session, String table, List<Item> items) throws Exception {
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        var inFlight = new Semaphore(8);
        for (int i = 0; i < items.size(); i += 25) {
            var batch = List.copyOf(items.subList(i, Math.min(items.size(), i + 25)));
            inFlight.acquire();
            writeAll(session, table, batch).whenComplete((ok, error) -> inFlight.release());
        }
        inFlight.acquire(8);
    }

    private static CompletableFuture<Void> writeAll(DynamoSession session, String table, List<Item> items) {
        return session.batchPut(table, items).thenCompose(unprocessed ->
                unprocessed.isEmpty() ? CompletableFuture.completedFuture(null) : writeAll(session, table, unprocessed));
    }

    private static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> sdk(Map<String, AttributeValue> values) {
        var out = new LinkedHashMap<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>();
        values.forEach((k, v) -> out.put(k, software.amazon.awssdk.services.dynamodb.model.AttributeValue.builder().s(((AttributeValue.Str) v).value()).build()));
        return out;
    }

    /** The plan's Query, every page, then BatchGetItems of the owners' profile keys, joined in a map: what the plan sends. */
    private static long bareJoin(DynamoDbAsyncClient client, SqlPlan plan) throws Exception {
        var query = plan.requests().get(0);
        var projects = new ArrayList<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>>();
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> start = null;
        do {
            var response = client.query(QueryRequest.builder().tableName(query.tableName()).keyConditionExpression(query.keyCondition())
                    .projectionExpression(query.projection()).expressionAttributeNames(query.names())
                    .expressionAttributeValues(sdk(query.values())).exclusiveStartKey(start)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build()).get();
            projects.addAll(response.items());
            start = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty() ? response.lastEvaluatedKey() : null;
        } while (start != null);
        var owners = new LinkedHashMap<String, Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>>();
        for (var project : projects) {
            var pk = "USER#" + project.get("ownerId").s();
            owners.putIfAbsent(pk, Map.of("PK", software.amazon.awssdk.services.dynamodb.model.AttributeValue.builder().s(pk).build(),
                    "SK", software.amazon.awssdk.services.dynamodb.model.AttributeValue.builder().s("PROFILE").build()));
        }
        var names = new HashMap<String, String>();
        var keys = new ArrayList<>(owners.values());
        for (int i = 0; i < keys.size(); i += 100) {
            var pending = keys.subList(i, Math.min(keys.size(), i + 100));
            while (!pending.isEmpty()) {
                var response = client.batchGetItem(BatchGetItemRequest.builder().requestItems(Map.of(query.tableName(),
                        KeysAndAttributes.builder().keys(pending).projectionExpression("#name, PK, SK").expressionAttributeNames(Map.of("#name", "name"))
                                .build())).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build()).get();
                response.responses().getOrDefault(query.tableName(), List.of()).forEach(item -> names.put(item.get("PK").s(), item.get("name").s()));
                var unprocessed = response.unprocessedKeys().get(query.tableName());
                pending = unprocessed == null ? List.of() : unprocessed.keys();
            }
        }
        return projects.stream().filter(p -> names.containsKey("USER#" + p.get("ownerId").s())).count();
    }

    /** The plan's Scan, every page, counted by status in a map. */
    private static long bareGroupBy(DynamoDbAsyncClient client, SqlPlan plan) throws Exception {
        PlannedRequest scan = plan.requests().get(0);
        var counts = new HashMap<String, Long>();
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> start = null;
        do {
            var response = client.scan(ScanRequest.builder().tableName(scan.tableName()).filterExpression(scan.filter())
                    .projectionExpression(scan.projection()).expressionAttributeNames(scan.names().isEmpty() ? null : scan.names())
                    .expressionAttributeValues(sdk(scan.values())).exclusiveStartKey(start)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build()).get();
            response.items().forEach(item -> counts.merge(item.get("status").s(), 1L, Long::sum));
            start = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty() ? response.lastEvaluatedKey() : null;
        } while (start != null);
        return counts.size();
    }
}

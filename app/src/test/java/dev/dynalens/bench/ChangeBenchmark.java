package dev.dynalens.bench;

import dev.dynalens.domain.change.ChangeFileReader;
import dev.dynalens.domain.change.ChangePlanner;
import dev.dynalens.domain.change.ItemChange;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.change.ChangeJournal;
import dev.dynalens.service.change.ChangeReport;
import dev.dynalens.service.change.ChangeRunner;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.change.UndoFile;
import dev.dynalens.service.fanout.FanoutSettings;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.FaultInjectingProxy;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Benchmark (not a test): a backfill of N items (default 100,000: {@code GSI2PK = STATUS#{status}}, {@code GSI2SK =
 * {createdAt}#{orderId}}) on a private dynalite behind a loopback proxy that holds each request a round trip (default
 * 2 ms), three ways: a saturated loop of bare SDK UpdateItem calls (the same conditional updates, the same bound on
 * requests in flight), the change runner without a budget (journal and undo file on disk, conditional writes,
 * progress), and the change runner at a write budget (default 1,000 WCU/s), whose achieved rate is the units written over
 * the run's time. The table is loaded again before each way.
 *
 * <p>Run: {@code mvn -o -pl app exec:java -Dexec.classpathScope=test -Dexec.mainClass=dev.dynalens.bench.ChangeBenchmark
 * -Dexec.args="100000 16 2 1000"} (items, in flight, round trip in ms, budget in WCU/s).
 */
public final class ChangeBenchmark {
    private static final String CHANGE = """
            table: Orders
            where: {condition: "attribute_not_exists(GSI2PK)"}
            set: {GSI2PK: "STATUS#{status}", GSI2SK: "{createdAt}#{orderId}"}
            """;

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : FanoutSettings.DEFAULTS.maxConcurrency();
        int delayMillis = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        var budget = new BigDecimal(args.length > 3 ? args[3] : "1000");
        System.setProperty("io.netty.noUnsafe", "true");
        try (var dynalite = DynamoEndpointExtension.startPrivateDynalite();
             var proxy = new FaultInjectingProxy(dynalite.endpoint()).delay(java.time.Duration.ofMillis(delayMillis));
             var client = DynamoEndpointExtension.newClient(proxy.endpoint());
             var session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("bench", proxy.endpoint()))) {
            System.out.printf(Locale.ROOT, "endpoint: dynalite behind a proxy that holds each request %d ms; %,d items, %d in flight%n",
                    delayMillis, count, concurrency);
            var table = "Orders";
            session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
            var items = items(count);
            var description = session.describeTable(table).get(30, TimeUnit.SECONDS);
            var planner = new ChangePlanner(ChangeFileReader.read(CHANGE), description);
            var changes = items.stream().map(planner::plan).toList();

            // warm-up on a tenth: JIT, connection pools, dynalite; not counted
            var few = changes.subList(0, count / 10);
            load(session, table, items.subList(0, count / 10));
            saturated(client, few, concurrency);
            load(session, table, items.subList(0, count / 10));
            runner(session, few, concurrency, null);

            load(session, table, items);
            double bare = rate(count, () -> saturated(client, changes, concurrency));
            load(session, table, items);
            long start = System.nanoTime();
            var unbudgeted = runner(session, changes, concurrency, null);
            double free = count / ((System.nanoTime() - start) / 1e9);
            load(session, table, items);
            var budgeted = runner(session, changes, concurrency, budget);
            double achieved = budgeted.counts().units().toBigDecimal().doubleValue() / (budgeted.elapsed().toNanos() / 1e9);

            System.out.printf(Locale.ROOT, "saturated bare SDK loop: %.0f items/s%n", bare);
            System.out.printf(Locale.ROOT, "change runner, no budget: %.0f items/s (%s WCU in %.1f s) = %.0f%% of the bare loop (aim >= 80%%)%n",
                    free, unbudgeted.counts().units(), unbudgeted.elapsed().toMillis() / 1000.0, 100 * free / bare);
            System.out.printf(Locale.ROOT, "change runner at %s WCU/s: %s WCU in %.1f s = %.1f WCU/s, %.1f%% of the budget (aim within 10%%)%n",
                    budget.toPlainString(), budgeted.counts().units(), budgeted.elapsed().toMillis() / 1000.0, achieved,
                    100 * achieved / budget.doubleValue());
        }
    }

    private static List<Item> items(int count) {
        var items = new ArrayList<Item>(count);
        for (int i = 0; i < count; i++) {
            var values = new LinkedHashMap<String, AttributeValue>();
            values.put("PK", AttributeValue.s("CUSTOMER#" + i / 10));
            values.put("SK", AttributeValue.s("ORDER#" + i));
            values.put("orderId", AttributeValue.s("O-" + i));
            values.put("status", AttributeValue.s(i % 3 == 0 ? "SHIPPED" : "OPEN"));
            values.put("createdAt", AttributeValue.s("2024-05-" + (10 + i % 18)));
            values.put("total", AttributeValue.n("123.45"));
            values.put("note", AttributeValue.s("An order of about a hundred and fifty bytes, so that items are not trivially small."));
            items.add(new Item(values));
        }
        return items;
    }

    private static void load(DynamoSession session, String table, List<Item> items) throws Exception {
        var report = new TableLoader(session).start(LoadRequest.of(table, items), p -> { }).result().get(10, TimeUnit.MINUTES);
        if (report.written() != items.size()) {
            throw new IllegalStateException("the load wrote " + report.written() + " of " + items.size());
        }
    }

    private interface Work {
        void run() throws Exception;
    }

    private static double rate(int count, Work work) throws Exception {
        long start = System.nanoTime();
        work.run();
        return count / ((System.nanoTime() - start) / 1e9);
    }

    private static ChangeReport runner(DynamoSession session, List<ItemChange> changes, int concurrency, BigDecimal budget) throws Exception {
        var dir = Files.createTempDirectory("change-bench");
        try {
            var plan = new ArrayList<Map.Entry<Map<String, AttributeValue>, Item>>();
            for (var change : changes) {
                plan.add(Map.entry(change.key(), ((ItemChange.Update) change).before()));
            }
            var journal = ChangeJournal.create(dir.resolve("journal.jsonl"), new ChangeJournal.Header("Orders", "bench.yaml", "-", plan.size(),
                    dir.resolve("undo.jsonl").toString(), "bench", Instant.now()), plan, Clock.systemUTC());
            var undo = UndoFile.create(dir.resolve("undo.jsonl"), "Orders", "bench.yaml", "-", Instant.now());
            var report = new ChangeRunner(session, new ChangeSettings(FanoutSettings.DEFAULTS.withMaxConcurrency(concurrency), budget))
                    .start("Orders", changes, Map.of(), "bench", journal, undo, p -> { }).result().get(30, TimeUnit.MINUTES);
            if (report.counts().applied() != changes.size()) {
                throw new IllegalStateException("the runner wrote " + report.counts().applied() + " of " + changes.size());
            }
            return report;
        } finally {
            try (var files = Files.list(dir)) {
                for (var file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(dir);
        }
    }

    private static software.amazon.awssdk.services.dynamodb.model.AttributeValue sdk(AttributeValue value) {
        return switch (value) {
            case AttributeValue.Str s -> software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(s.value());
            case AttributeValue.Num n -> software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN(n.value().text());
            default -> throw new IllegalArgumentException("the benchmark's items hold strings and numbers only");
        };
    }

    private static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> sdk(Map<String, AttributeValue> values) {
        var map = new LinkedHashMap<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>();
        values.forEach((name, value) -> map.put(name, sdk(value)));
        return map;
    }

    private static void saturated(DynamoDbAsyncClient client, List<ItemChange> changes, int concurrency) throws Exception {
        var permits = new Semaphore(concurrency);
        var failures = new ArrayList<Throwable>();
        for (var change : changes) {
            var update = (ItemWrite.Update) change.writes().getFirst();
            var request = UpdateItemRequest.builder().tableName(update.tableName()).key(sdk(update.key()))
                    .updateExpression(update.updateExpression()).conditionExpression(update.conditionExpression())
                    .expressionAttributeNames(update.names()).expressionAttributeValues(sdk(update.values())).build();
            permits.acquire();
            client.updateItem(request).whenComplete((response, error) -> {
                if (error != null) {
                    synchronized (failures) {
                        failures.add(error);
                    }
                }
                permits.release();
            });
        }
        permits.acquire(concurrency);
        if (!failures.isEmpty()) {
            throw new IllegalStateException(failures.size() + " updates failed", failures.getFirst());
        }
    }

    private ChangeBenchmark() {
    }
}

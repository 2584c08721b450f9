package dev.dynalens.bench;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.domain.staleness.RepairStep;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.fanout.FanoutJournal;
import dev.dynalens.service.fanout.FanoutRunner;
import dev.dynalens.service.fanout.FanoutSettings;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.FaultInjectingProxy;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Benchmark (not a test): N guarded updates ({@code SET copy = :new} where {@code copy = :old}, default 10,000) on a
 * private dynalite, three ways in one JVM: a sequential loop of bare SDK calls (one at a time), a saturated bare SDK
 * loop with the same bound on requests in flight as the fan-out, and the fan-out runner itself (journal on disk,
 * conditional re-reads, progress). Before each round every copy is reset to its old value; a warm-up round on a
 * tenth of the updates comes first and is not counted.
 *
 * <p>Run: {@code mvn -o test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.dynalens.bench.FanoutBenchmark -Dexec.args="10000 16"}
 *
 * <p>A third argument, a delay in milliseconds, puts a loopback proxy ({@link FaultInjectingProxy}, no faults) in front
 * of dynalite that holds every request that long before forwarding it: the network round trip a desktop has to a
 * DynamoDB region, which loopback does not have. All three loops then go through the proxy (which also runs in this
 * JVM, so its CPU counts against the loops).
 */
public final class FanoutBenchmark {
    private static final int ROUNDS = 3;

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : FanoutSettings.DEFAULTS.maxConcurrency();
        int delayMillis = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        System.setProperty("io.netty.noUnsafe", "true");
        try (var dynalite = DynamoEndpointExtension.startPrivateDynalite()) {
            if (delayMillis <= 0) {
                System.out.printf(Locale.ROOT, "endpoint: dynalite on loopback, no proxy%n");
                run(dynalite.endpoint(), count, concurrency);
                return;
            }
            try (var proxy = new FaultInjectingProxy(dynalite.endpoint()).delay(java.time.Duration.ofMillis(delayMillis))) {
                System.out.printf(Locale.ROOT, "endpoint: dynalite behind a proxy that holds each request %d ms%n", delayMillis);
                run(proxy.endpoint(), count, concurrency);
            }
        }
    }

    private static void run(java.net.URI endpoint, int count, int concurrency) throws Exception {
        try (var client = DynamoEndpointExtension.newClient(endpoint);
             var session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("bench", endpoint))) {
            var table = "Fanout";
            session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
            var steps = new ArrayList<RepairStep>();
            for (int i = 0; i < count; i++) {
                steps.add(new RepairStep(key(i), AttributePath.of("authorName"), AttributeValue.s("Old name " + (i % 100)),
                        AttributeValue.s("New name " + (i % 100)), "POST.authorName=USER.name@authorId"));
            }
            var plan = new RepairPlan(table, steps, List.of());
            var sequential = new ArrayList<Double>();
            var saturated = new ArrayList<Double>();
            var fanout = new ArrayList<Double>();
            for (int round = -1; round < ROUNDS; round++) {
                if (round < 0) {
                    // Warm-up: JIT, connection pools and dynalite's own start, on a tenth of the plan; not counted.
                    var few = steps.subList(0, Math.max(1, count / 10));
                    reset(session, table, few);
                    sequential(client, table, few);
                    reset(session, table, few);
                    saturated(client, table, few, concurrency);
                    reset(session, table, few);
                    fanout(session, new RepairPlan(table, few, List.of()), concurrency);
                    continue;
                }
                reset(session, table, steps);
                sequential.add(rate(count, () -> sequential(client, table, steps)));
                reset(session, table, steps);
                saturated.add(rate(count, () -> saturated(client, table, steps, concurrency)));
                reset(session, table, steps);
                fanout.add(rate(count, () -> fanout(session, plan, concurrency)));
                System.out.printf(Locale.ROOT, "round %d: sequential %.0f/s, saturated SDK (%d in flight) %.0f/s, fan-out %.0f/s%n",
                        round + 1, sequential.getLast(), concurrency, saturated.getLast(), fanout.getLast());
            }
            double seq = median(sequential);
            double sat = median(saturated);
            double fan = median(fanout);
            System.out.printf(Locale.ROOT, "median of %d rounds, %,d guarded updates: sequential %.0f/s, saturated %.0f/s, fan-out %.0f/s%n",
                    ROUNDS, count, seq, sat, fan);
            System.out.printf(Locale.ROOT, "fan-out vs sequential: %.2fx (aim >= 4x); fan-out vs saturated: %.0f%% (aim >= 80%%)%n",
                    fan / seq, 100 * fan / sat);
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

    private static Map<String, AttributeValue> key(int i) {
        var key = new java.util.LinkedHashMap<String, AttributeValue>();
        key.put("PK", AttributeValue.s("POST#" + i));
        key.put("SK", AttributeValue.s("POST"));
        return key;
    }

    private static void reset(DynamoSession session, String table, List<RepairStep> steps) throws Exception {
        var items = steps.stream().map(step -> {
            var attributes = new java.util.LinkedHashMap<>(step.key());
            attributes.put("authorId", AttributeValue.s("u" + step.key().hashCode() % 100));
            attributes.put("authorName", step.oldValue());
            attributes.put("title", AttributeValue.s("A post of about a hundred bytes, so the items are not trivially small."));
            return new Item(attributes);
        }).toList();
        var report = new TableLoader(session).start(LoadRequest.of(table, items), p -> { }).result().get(5, TimeUnit.MINUTES);
        if (report.written() != items.size()) {
            throw new IllegalStateException("reset wrote " + report.written() + " of " + items.size());
        }
    }

    private static UpdateItemRequest request(String table, RepairStep step) {
        var update = step.toUpdate(table);
        var values = new java.util.LinkedHashMap<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>();
        update.values().forEach((name, value) -> values.put(name, software.amazon.awssdk.services.dynamodb.model.AttributeValue
                .fromS(((AttributeValue.Str) value).value())));
        var key = new java.util.LinkedHashMap<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>();
        update.key().forEach((name, value) -> key.put(name, software.amazon.awssdk.services.dynamodb.model.AttributeValue
                .fromS(((AttributeValue.Str) value).value())));
        return UpdateItemRequest.builder().tableName(table).key(key).updateExpression(update.updateExpression())
                .conditionExpression(update.conditionExpression()).expressionAttributeNames(update.names())
                .expressionAttributeValues(values).build();
    }

    private static void sequential(DynamoDbAsyncClient client, String table, List<RepairStep> steps) {
        for (var step : steps) {
            client.updateItem(request(table, step)).join();
        }
    }

    private static void saturated(DynamoDbAsyncClient client, String table, List<RepairStep> steps, int concurrency) throws Exception {
        var permits = new Semaphore(concurrency);
        var failures = new ArrayList<Throwable>();
        for (var step : steps) {
            permits.acquire();
            client.updateItem(request(table, step)).whenComplete((response, error) -> {
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

    private static void fanout(DynamoSession session, RepairPlan plan, int concurrency) throws Exception {
        var file = Files.createTempFile("fanout-bench", ".jsonl");
        Files.delete(file);
        try {
            var report = new FanoutRunner(session, FanoutSettings.DEFAULTS.withMaxConcurrency(concurrency))
                    .start(plan, Map.of(), FanoutJournal.create(file, plan), p -> { }).result().get(10, TimeUnit.MINUTES);
            if (report.counts().updated() != plan.steps().size()) {
                throw new IllegalStateException("fan-out updated " + report.counts().updated() + " of " + plan.steps().size());
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static double median(List<Double> values) {
        var sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private FanoutBenchmark() {
    }

}

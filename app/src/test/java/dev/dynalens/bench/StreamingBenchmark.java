package dev.dynalens.bench;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.LensStore;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.ui.collections.CollectionsViewModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javafx.application.Platform;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Benchmark (not a test): streams a table of N items (default 50,000, about 200 bytes each) from a
 * private dynalite into the collection viewer's overview (every page through the AWS adapter, the
 * entity inference and the FX thread), against a bare SDK scan of the same table in the same JVM,
 * while a heartbeat on the FX thread measures its longest stall.
 *
 * <p>Run: {@code mvn -o test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.dynalens.bench.StreamingBenchmark -Dexec.args=50000}
 */
public final class StreamingBenchmark {
    private static final int ROUNDS = 5;

    public static void main(String[] args) throws Exception {
        var items = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("io.netty.noUnsafe", "true");
        var fxStarted = new CompletableFuture<Void>();
        Platform.startup(() -> fxStarted.complete(null));
        fxStarted.get(10, TimeUnit.SECONDS);

        try (var dynalite = DynamoEndpointExtension.startPrivateDynalite();
             var client = DynamoEndpointExtension.newClient(dynalite.endpoint());
             var session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("bench", dynalite.endpoint()))) {
            var table = "Bench";
            long loadStart = System.nanoTime();
            load(session, table, items);
            System.out.printf(Locale.ROOT, "loaded %,d items in %.1f s%n", items, seconds(System.nanoTime() - loadStart));

            var bare = new ArrayList<Double>();
            var viewer = new ArrayList<Double>();
            var stalls = new ArrayList<Double>();
            for (int round = 0; round <= ROUNDS; round++) { // round 0 warms up
                var bareSeconds = bareScan(client, table, items);
                var result = viewerOverview(session, table, items);
                if (round > 0) {
                    bare.add(bareSeconds);
                    viewer.add(result[0]);
                    stalls.add(result[1]);
                }
                System.out.printf(Locale.ROOT, "round %d: bare SDK scan %.3f s, viewer overview %.3f s, longest FX stall %.1f ms%n",
                        round, bareSeconds, result[0], result[1]);
            }
            var bareMedian = median(bare);
            var viewerMedian = median(viewer);
            System.out.printf(Locale.ROOT, "%nmedian of %d rounds, %,d items: bare SDK scan %.3f s (%,.0f items/s), viewer overview %.3f s "
                            + "(%,.0f items/s), ratio %.2f; longest FX stall over all rounds %.1f ms%n",
                    ROUNDS, items, bareMedian, items / bareMedian, viewerMedian, items / viewerMedian, viewerMedian / bareMedian,
                    stalls.stream().mapToDouble(Double::doubleValue).max().orElse(0));
        } finally {
            Platform.exit();
        }
    }

    private static void load(DynamoSession session, String table, int count) throws Exception {
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of(new IndexDescription("GSI1",
                IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"), IndexDescription.Projection.ALL, List.of(),
                null, null, null)))).get(30, TimeUnit.SECONDS);
        var inFlight = new Semaphore(8);
        var failures = new ArrayList<Throwable>();
        var batch = new ArrayList<Item>(25);
        for (int i = 0; i < count; i++) {
            batch.add(item(i));
            if (batch.size() == 25 || i == count - 1) {
                var toWrite = List.copyOf(batch);
                batch.clear();
                inFlight.acquire();
                writeAll(session, table, toWrite).whenComplete((ok, error) -> {
                    if (error != null) synchronized (failures) { failures.add(error); }
                    inFlight.release();
                });
            }
        }
        inFlight.acquire(8);
        if (!failures.isEmpty()) throw new IllegalStateException("load failed", failures.get(0));
    }

    private static CompletableFuture<Void> writeAll(DynamoSession session, String table, List<Item> items) {
        return session.batchPut(table, items).thenCompose(unprocessed ->
                unprocessed.isEmpty() ? CompletableFuture.completedFuture(null) : writeAll(session, table, unprocessed));
    }

    /** A single-table shop: customers with profiles and orders, products; about 200 bytes each. */
    static Item item(int i) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        var customer = i / 10;
        if (i % 10 == 0) {
            attributes.put("PK", AttributeValue.s("CUSTOMER#" + customer));
            attributes.put("SK", AttributeValue.s("PROFILE"));
            attributes.put("name", AttributeValue.s("Customer number " + customer));
            attributes.put("email", AttributeValue.s("customer" + customer + "@example.com"));
            attributes.put("balance", AttributeValue.n("1234567890123456789012345678." + (customer % 1000)));
            attributes.put("address", AttributeValue.m(java.util.Map.of("city", AttributeValue.s("Lisbon"), "zip", AttributeValue.s("1000-001"))));
        } else if (i % 10 == 9) {
            attributes.put("PK", AttributeValue.s("PRODUCT#P" + i));
            attributes.put("SK", AttributeValue.s("METADATA"));
            attributes.put("GSI1PK", AttributeValue.s("CATEGORY#" + (i % 3 == 0 ? "books" : "games")));
            attributes.put("GSI1SK", AttributeValue.s("Product title " + i));
            attributes.put("title", AttributeValue.s("Product title number " + i + " with a longer name"));
            attributes.put("price", AttributeValue.n((i % 100) + ".99"));
        } else {
            attributes.put("PK", AttributeValue.s("CUSTOMER#" + customer));
            attributes.put("SK", AttributeValue.s(String.format(Locale.ROOT, "ORDER#2024-%02d-%02d#%06d", i % 12 + 1, i % 28 + 1, i)));
            attributes.put("GSI1PK", AttributeValue.s("STATUS#" + (i % 3 == 0 ? "OPEN" : "SHIPPED")));
            attributes.put("GSI1SK", AttributeValue.s(String.format(Locale.ROOT, "2024-%02d-%02dT10:20:30Z", i % 12 + 1, i % 28 + 1)));
            attributes.put("total", AttributeValue.n((i % 500) + "." + (i % 100)));
            attributes.put("status", AttributeValue.s(i % 3 == 0 ? "OPEN" : "SHIPPED"));
            attributes.put("items", AttributeValue.n(i % 7 + 1));
        }
        return new Item(attributes);
    }

    private static double bareScan(software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient client, String table, int expected)
            throws Exception {
        long start = System.nanoTime();
        long count = 0;
        java.util.Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> startKey = null;
        do {
            var request = ScanRequest.builder().tableName(table).exclusiveStartKey(startKey).build();
            var response = client.scan(request).get(60, TimeUnit.SECONDS);
            count += response.count();
            startKey = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty() ? response.lastEvaluatedKey() : null;
        } while (startKey != null);
        if (count != expected) throw new IllegalStateException("bare scan read " + count + " items, expected " + expected);
        return seconds(System.nanoTime() - start);
    }

    /** @return {seconds, longest FX stall in ms} */
    private static double[] viewerOverview(DynamoSession session, String table, int expected) throws Exception {
        var analysis = Executors.newSingleThreadExecutor(Thread.ofVirtual().factory());
        var model = new CollectionsViewModel(session, table, Platform::runLater, analysis, NO_LENSES, "bench");
        onFx(model::loadDescription).get(30, TimeUnit.SECONDS);
        var heartbeat = Executors.newSingleThreadScheduledExecutor();
        var longest = new AtomicLong();
        heartbeat.scheduleAtFixedRate(() -> {
            long posted = System.nanoTime();
            Platform.runLater(() -> longest.accumulateAndGet(System.nanoTime() - posted, Math::max));
        }, 0, 5, TimeUnit.MILLISECONDS);
        long start = System.nanoTime();
        onFx(model::runOverview).get(120, TimeUnit.SECONDS);
        var elapsed = seconds(System.nanoTime() - start);
        heartbeat.shutdownNow();
        analysis.shutdown();
        var counted = onFx(() -> CompletableFuture.completedFuture(model.entities().stream().mapToLong(e -> e.count()).sum()))
                .get(10, TimeUnit.SECONDS);
        if (counted != expected) throw new IllegalStateException("viewer counted " + counted + " items, expected " + expected);
        return new double[] {elapsed, longest.get() / 1e6};
    }

    /** Starts an async operation on the FX thread and waits for it, as the view would. */
    private static <T> CompletableFuture<T> onFx(java.util.function.Supplier<CompletableFuture<T>> operation) {
        var result = new CompletableFuture<T>();
        Platform.runLater(() -> operation.get().whenComplete((value, error) -> {
            if (error != null) result.completeExceptionally(error); else result.complete(value);
        }));
        return result;
    }

    private static double median(List<Double> values) {
        var sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    private static final LensStore NO_LENSES = new LensStore() {
        @Override public Loaded load(String scope, String table) { return new Loaded(Lens.NONE, Optional.empty()); }
        @Override public void save(String scope, String table, Lens lens) { }
        @Override public void export(Lens lens, Path file) { }
        @Override public Path location(String scope, String table) { return Path.of("none"); }
    };

    private StreamingBenchmark() {
    }
}

package dev.dynalens.bench;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.ProjectTasks;
import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.testsupport.CountingSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.usecase.FindStaleCopies;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Benchmark (not a test): stale copies of a live table with the rules <em>inferred</em>, against one bare SDK Scan of the
 * same table. N items (default 50,000: users, projects, and tasks that copy their project's title by key and their
 * assignee's name in a nested map; one task in 97 has an old title, one in 101 names a user that is gone) are loaded
 * into a private dynalite; then each round, in alternating order, reads every page with {@code DynamoDbAsyncClient.scan}
 * (one segment, items counted) and runs {@link FindStaleCopies} (DescribeTable, the one read through the AWS adapter with
 * the segments the endpoint gets, naming, inference, detection) through a {@link CountingSession} that counts the Scan
 * requests the endpoint receives.
 *
 * <p>Run: {@code mvn -o test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.dynalens.bench.StaleLiveBenchmark -Dexec.args="50000 5"} (items, rounds, warm-up rounds before them: 1 unless a third number says; segments: the
 * endpoint's unless a fourth says)
 */
public final class StaleLiveBenchmark {
    public static void main(String[] args) throws Exception {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int warmUps = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        Integer segments = args.length > 3 ? Integer.valueOf(args[3]) : null;
        System.setProperty("io.netty.noUnsafe", "true");
        int users = items / 100;
        int projects = items / 200;
        var data = new ProjectTasks(users, projects, items - users - projects, 97, 101);
        try (var dynalite = DynamoEndpointExtension.startPrivateDynalite();
             var client = DynamoEndpointExtension.newClient(dynalite.endpoint());
             var session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("bench", dynalite.endpoint()))) {
            var table = "StaleBench";
            long loadStart = System.nanoTime();
            load(session, table, data);
            System.out.printf(Locale.ROOT, "loaded %,d items in %.1f s; planted %,d stale copies%n", data.itemCount(),
                    (System.nanoTime() - loadStart) / 1e9, data.plantedStale());

            var bare = new double[rounds];
            var bareTwo = new double[rounds];
            var stale = new double[rounds];
            for (int round = 1 - warmUps; round <= rounds; round++) { // rounds up to 0 warm up
                double bareSeconds = 0;
                double staleSeconds = 0;
                String phaseText = "";
                for (int turn = 0; turn < 2; turn++) {
                    if ((turn == 0) == (Math.floorMod(round, 2) == 0)) {
                        var scanned = bareScan(client, table, data.itemCount(), 1);
                        bareSeconds = scanned[0];
                        if (round == 1 - warmUps) {
                            System.out.printf(Locale.ROOT, "bare SDK Scan: %d requests%n", (long) scanned[1]);
                        }
                    } else {
                        var counting = new CountingSession(session);
                        long start = System.nanoTime();
                        var phases = new java.util.concurrent.ConcurrentHashMap<String, Long>();
                        var finder = new FindStaleCopies(counting, task -> Thread.ofVirtual().name("stale-copies").start(task),
                                FindStaleCopies.Settings.defaults().withSegments(segments), null);
                        var detection = finder.start(table, RuleChoice.INFERRED, 100, finding -> { },
                                        progress -> phases.putIfAbsent(progress.step().name(), System.nanoTime()))
                                .result().get(300, TimeUnit.SECONDS);
                        long end = System.nanoTime();
                        staleSeconds = (end - start) / 1e9;
                        phaseText = phaseText(start, end, phases);
                        var report = detection.report();
                        long staleFound = report.rules().stream().mapToLong(r -> r.stale()).sum();
                        if (detection.itemCount() != data.itemCount() || staleFound != data.plantedStale()) {
                            throw new IllegalStateException("the detection read " + detection.itemCount() + " items and found " + staleFound
                                    + " stale copies; expected " + data.itemCount() + " and " + data.plantedStale());
                        }
                        if (round == 1 - warmUps) {
                            System.out.printf(Locale.ROOT, "stale copies: %d Scan requests received (%d segments), %d DescribeTable; read: %s; "
                                            + "rules: %s%n", counting.reads.size(), detection.read().segments(), counting.describes.get(),
                                    detection.read().text(), report.rules().stream().map(r -> r.rule().toSpec() + " " + r.stale() + " stale, "
                                            + r.orphans() + " orphans").toList());
                        }
                    }
                }
                // What parallel segments alone give, after the pair: the bare Scan in the two segments a local endpoint gets.
                double bareTwoSeconds = bareScan(client, table, data.itemCount(), 2)[0];
                System.out.printf(Locale.ROOT, "%s: bare SDK Scan %.3f s (in 2 segments %.3f s), stale copies (inferred) %.3f s (%s), ratio %.2f%n",
                        round <= 0 ? "warm-up" : "round " + round, bareSeconds, bareTwoSeconds, staleSeconds, phaseText, staleSeconds / bareSeconds);
                if (round > 0) {
                    bare[round - 1] = bareSeconds;
                    bareTwo[round - 1] = bareTwoSeconds;
                    stale[round - 1] = staleSeconds;
                }
            }
            var ratios = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratios[r] = stale[r] / bare[r];
            }
            System.out.printf(Locale.ROOT, "%nmedian of %d rounds, %,d items: bare SDK Scan %.3f s (in 2 segments %.3f s), stale copies %.3f s, "
                    + "ratio of the medians %.2f, median of the rounds' ratios %.2f%n", rounds, data.itemCount(), median(bare), median(bareTwo),
                    median(stale), median(stale) / median(bare), median(ratios));
        }
    }

    private static void load(DynamoSession session, String table, ProjectTasks data) throws Exception {
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        var inFlight = new Semaphore(8);
        var failures = new ArrayList<Throwable>();
        var batch = new ArrayList<Item>(25);
        var iterator = data.iterator();
        while (iterator.hasNext()) {
            batch.add(iterator.next());
            if (batch.size() == 25 || !iterator.hasNext()) {
                var toWrite = List.copyOf(batch);
                batch.clear();
                inFlight.acquire();
                writeAll(session, table, toWrite).whenComplete((ok, error) -> {
                    if (error != null) {
                        synchronized (failures) {
                            failures.add(error);
                        }
                    }
                    inFlight.release();
                });
            }
        }
        inFlight.acquire(8);
        if (!failures.isEmpty()) {
            throw new IllegalStateException("load failed", failures.getFirst());
        }
    }

    private static CompletableFuture<Void> writeAll(DynamoSession session, String table, List<Item> items) {
        return session.batchPut(table, items).thenCompose(unprocessed ->
                unprocessed.isEmpty() ? CompletableFuture.completedFuture(null) : writeAll(session, table, unprocessed));
    }

    /** @return {seconds, requests}: every page of every segment, the segments read at once, each page after the one before */
    private static double[] bareScan(DynamoDbAsyncClient client, String table, int expected, int segments) throws Exception {
        long start = System.nanoTime();
        var reads = new ArrayList<CompletableFuture<long[]>>();
        for (int segment = 0; segment < segments; segment++) {
            reads.add(segment(client, table, segment, segments, null, new long[2]));
        }
        long count = 0;
        long requests = 0;
        for (var read : reads) {
            var counts = read.get(60, TimeUnit.SECONDS);
            count += counts[0];
            requests += counts[1];
        }
        if (count != expected) {
            throw new IllegalStateException("the bare scan read " + count + " items, expected " + expected);
        }
        return new double[] {(System.nanoTime() - start) / 1e9, requests};
    }

    /** The pages of one segment from {@code startKey} on; {@code counts} holds the items and the requests. */
    private static CompletableFuture<long[]> segment(DynamoDbAsyncClient client, String table, int segment, int segments,
                                                     Map<String, AttributeValue> startKey, long[] counts) {
        var request = ScanRequest.builder().tableName(table).exclusiveStartKey(startKey);
        if (segments > 1) {
            request.segment(segment).totalSegments(segments);
        }
        return client.scan(request.build()).thenCompose(response -> {
            counts[0] += response.count();
            counts[1]++;
            return response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                    ? segment(client, table, segment, segments, response.lastEvaluatedKey(), counts) : CompletableFuture.completedFuture(counts);
        });
    }

    /** When each step began, from the start: where the time after the read goes. */
    private static String phaseText(long start, long end, Map<String, Long> phases) {
        var text = new StringBuilder();
        for (var step : dev.dynalens.usecase.StaleProgress.Step.values()) {
            var at = phases.get(step.name());
            if (at != null) {
                text.append(text.isEmpty() ? "" : ", ").append(step.name().toLowerCase(Locale.ROOT))
                        .append(String.format(Locale.ROOT, " from %.3f", (at - start) / 1e9));
            }
        }
        return text.toString();
    }

    private static double median(double[] values) {
        var sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }
}

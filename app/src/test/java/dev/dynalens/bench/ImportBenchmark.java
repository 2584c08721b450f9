package dev.dynalens.bench;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.load.LoadSettings;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.service.transfer.ImportReport;
import dev.dynalens.service.transfer.ImportRequest;
import dev.dynalens.service.transfer.TableImporter;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.FaultInjectingProxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Benchmark (not a test): imports a DynamoDB JSON lines file of N items (default 20,000, about 150 bytes each) into a
 * private dynalite through a loopback {@link FaultInjectingProxy}, three ways in one JVM:
 * <ul>
 *   <li><b>unthrottled</b>: the proxy forwards everything (the import's own pacing, adaptive);</li>
 *   <li><b>throttled, per batch</b>: the proxy answers a share of BatchWriteItem requests (default 30%) with
 *       ProvisionedThroughputExceededException and leaves a share of each BatchWriteItem's items (default 40%)
 *       unprocessed; the loader paced as before issue 16 ({@link LoadSettings.Pacing#PER_BATCH}), given the same 40
 *       attempts an item as the adaptive import so that both write every item;</li>
 *   <li><b>throttled, adaptive</b>: the same faults, paced as an import now is ({@link LoadSettings.Pacing#ADAPTIVE}).</li>
 * </ul>
 * The aim: within 3× of the time the unthrottled share of requests allows, that is the unthrottled time divided by
 * the share of items a request writes under these faults, {@code (1 - throttled) × (1 - unprocessed)}. Each round
 * imports into a fresh table and checks that every item arrived; medians after a warm-up round.
 *
 * <p>Run: {@code mvn -o test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.dynalens.bench.ImportBenchmark -Dexec.args="20000 3 0.3 0.4 1"}: items, rounds, the share of requests
 * throttled, the share of items left unprocessed, and in how many of the rounds the per-batch pacing is timed too.
 */
public final class ImportBenchmark {

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        double throttled = args.length > 2 ? Double.parseDouble(args[2]) : 0.3;
        double unprocessed = args.length > 3 ? Double.parseDouble(args[3]) : 0.4;
        // The per-batch pacing takes minutes under these faults: it is timed in the first rounds only (0: never).
        int perBatchRounds = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        System.setProperty("io.netty.noUnsafe", "true");
        var dir = Files.createTempDirectory("dynalens-import-bench");
        var file = dir.resolve("items.jsonl");
        writeFile(file, count);
        try (var dynalite = DynamoEndpointExtension.startPrivateDynalite();
             var proxy = new FaultInjectingProxy(dynalite.endpoint());
             var session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("bench", proxy.endpoint()))) {
            var plain = new ArrayList<Double>();
            var perBatch = new ArrayList<Double>();
            var adaptive = new ArrayList<Double>();
            for (int round = -1; round < rounds; round++) {
                var t0 = time(session, proxy, 0, 0, file, count, LoadSettings.ADAPTIVE, "plain-" + round);
                var t1 = round < 0 || round >= perBatchRounds ? Double.NaN : time(session, proxy, throttled, unprocessed, file, count,
                        LoadSettings.DEFAULTS.withMaxAttempts(LoadSettings.ADAPTIVE.maxAttempts()), "batch-" + round);
                var t2 = time(session, proxy, throttled, unprocessed, file, count, LoadSettings.ADAPTIVE, "adaptive-" + round);
                if (round < 0) {
                    continue; // warm-up: JIT, connections, dynalite's own start
                }
                plain.add(t0);
                if (!Double.isNaN(t1)) {
                    perBatch.add(t1);
                }
                adaptive.add(t2);
                System.out.flush();
                System.out.printf(Locale.ROOT, "round %d: unthrottled %.2f s, throttled per batch %.2f s, throttled adaptive %.2f s%n",
                        round + 1, t0, t1, t2);
            }
            double share = (1 - throttled) * (1 - unprocessed);
            double ideal = median(plain) / share;
            System.out.printf(Locale.ROOT, "median of %d rounds, %,d items, %.0f%% of requests throttled, %.0f%% of items unprocessed:%n",
                    rounds, count, throttled * 100, unprocessed * 100);
            System.out.printf(Locale.ROOT, "  unthrottled %.2f s; the unthrottled share (%.2f) allows %.2f s%n", median(plain), share, ideal);
            if (!perBatch.isEmpty()) {
                System.out.printf(Locale.ROOT, "  per batch (before), %d round(s): %.2f s = %.1fx%n", perBatch.size(), median(perBatch),
                        median(perBatch) / ideal);
            }
            System.out.printf(Locale.ROOT, "  adaptive (now): %.2f s = %.1fx (aim <= 3x)%n", median(adaptive), median(adaptive) / ideal);
            System.out.printf(Locale.ROOT, "  proxy: %,d requests throttled, %,d items left unprocessed%n", proxy.throttled(), proxy.leftUnprocessed());
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    /** One import with the faults on; the table is created before and deleted after, with them off. */
    private static double time(dev.dynalens.service.DynamoSession session, FaultInjectingProxy proxy, double throttled, double unprocessed,
                               Path file, int count, LoadSettings settings, String suffix) throws Exception {
        var table = "Import-" + suffix;
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        proxy.faults(throttled, 0).unprocessed(unprocessed).onlyFor("BatchWriteItem");
        var importer = new TableImporter(session, new TableLoader(session, settings), task -> Thread.ofVirtual().start(task),
                Clock.systemUTC());
        long start = System.nanoTime();
        ImportReport report = importer.start(new ImportRequest(table, file, null), p -> { }).result().get(30, TimeUnit.MINUTES);
        double seconds = (System.nanoTime() - start) / 1e9;
        proxy.faults(0, 0).unprocessed(0);
        System.out.printf(Locale.ROOT, "  %s: %.2f s, %,d retries%n", table, seconds, report.retries());
        if (report.written() != count || !report.rejected().isEmpty()) {
            throw new IllegalStateException(table + ": wrote " + report.written() + " of " + count + ", rejected "
                    + report.rejected().size() + (report.rejected().isEmpty() ? "" : " (" + report.rejected().getFirst() + ")"));
        }
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
        return seconds;
    }

    private static void writeFile(Path file, int count) throws Exception {
        try (var out = Files.newBufferedWriter(file)) {
            for (int i = 0; i < count; i++) {
                var item = new LinkedHashMap<String, AttributeValue>();
                item.put("PK", AttributeValue.s(String.format(Locale.ROOT, "CUSTOMER#%06d", i / 10)));
                item.put("SK", AttributeValue.s(String.format(Locale.ROOT, "ORDER#%06d", i)));
                item.put("total", AttributeValue.n((i % 1000) + ".50"));
                item.put("status", AttributeValue.s(i % 3 == 0 ? "SHIPPED" : "OPEN"));
                item.put("note", AttributeValue.s("An order of about a hundred and fifty bytes, as orders are."));
                out.write("{\"Item\":" + DynamoJsonCodec.writeItem(new Item(item)) + "}\n");
            }
        }
    }

    private static double median(List<Double> values) {
        var sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private ImportBenchmark() {
    }
}

package dev.dynalens.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.cli.CliContext;
import dev.dynalens.cli.DynaLensCli;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.connection.AwsProfileSummary;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.staleness.ProjectTasks;
import dev.dynalens.export.ExportFormat;
import dev.dynalens.export.fixtures.ExportWriter;
import dev.dynalens.export.fixtures.S3TestServer;
import dev.dynalens.service.AwsEnvironment;
import dev.dynalens.service.ConnectionStore;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.aws.AwsExportSources;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;

/**
 * Issue 24's benchmark: a table of N items (users, projects and tasks with denormalized copies, some stale) exported in
 * DynamoDB's layout (DynamoDB JSON, 8 uneven gzipped files and an empty one) to the in-process S3 server; in the same
 * run, {@code analyze} and {@code stale} from the export, a bare read of the same files (GetObject, gunzip and a Jackson
 * parse of each line, on as many threads as the export's read uses), and the same two commands on a local JSON lines
 * file of the items.
 *
 * <p>Run: {@code MAVEN_OPTS=-Xmx1g mvn -o -q -pl app exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.dynalens.bench.ExportReadBenchmark -Dexec.args="1000000 3"} (items, rounds; one warm-up before them)
 */
public final class ExportReadBenchmark {
    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
    private static final int FILES = 9;

    public static void main(String[] args) throws Exception {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int users = items / 100;
        int projects = items / 200;
        var data = new ProjectTasks(users, projects, items - users - projects, 97, 101);
        var dir = Files.createTempDirectory("export-bench");
        var bucketFolder = dir.resolve("bucket");
        var file = dir.resolve("items.jsonl");
        try (var s3 = S3TestServer.start(CredentialsSource.LocalPlaceholder.ACCESS_KEY_ID, CredentialsSource.LocalPlaceholder.SECRET_ACCESS_KEY)) {
            long start = System.nanoTime();
            var folder = new ExportWriter(bucketFolder, "bench", "Projects").full("01764000000000-bench001", ExportFormat.DYNAMODB_JSON, data,
                    data.itemCount(), FILES, T0);
            try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                for (var item : data) {
                    out.write("{\"Item\":");
                    out.write(DynamoJsonCodec.writeItem(item));
                    out.write("}\n");
                }
            }
            s3.createBucket("exports");
            s3.upload(bucketFolder, "exports");
            long gz = 0;
            try (var files = Files.list(folder.resolve("data"))) {
                for (var f : files.toList()) {
                    gz += Files.size(f);
                }
            }
            int threads = Runtime.getRuntime().availableProcessors();
            System.out.printf(Locale.ROOT, "%,d items: export of %d files (%,d MB gzipped) uploaded to S3Proxy, JSON lines file %,d MB, in %.1f s; "
                    + "planted %,d stale copies; max heap %,d MB; %d processors%n", data.itemCount(), FILES, gz >> 20, Files.size(file) >> 20,
                    (System.nanoTime() - start) / 1e9, data.plantedStale(), Runtime.getRuntime().maxMemory() >> 20, threads);
            var uri = "s3://exports/bench/AWSDynamoDB/01764000000000-bench001";
            String[] export = {"--export", uri, "--s3-endpoint", s3.endpoint().toString(), "--endpoint", "http://127.0.0.1:9",
                    "--key-schema", "PK,SK"};
            var modes = List.of(
                    new Mode("bare read (GetObject, gunzip, Jackson)", null),
                    new Mode("analyze --export", concat(new String[] {"analyze"}, export)),
                    new Mode("stale --export", concat(new String[] {"stale"}, export)),
                    new Mode("analyze --file", new String[] {"analyze", "--file", file.toString(), "--key-schema", "PK,SK"}),
                    new Mode("stale --file", new String[] {"stale", "--file", file.toString(), "--key-schema", "PK,SK"}));
            var seconds = new double[modes.size()][rounds];
            var peaks = new long[modes.size()][rounds];
            for (int round = 0; round <= rounds; round++) {
                for (int m = 0; m < modes.size(); m++) {
                    var mode = modes.get(m);
                    System.gc();
                    heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
                    long begin = System.nanoTime();
                    String summary;
                    if (mode.args() == null) {
                        summary = bareRead(s3, folder, bucketFolder, threads) + " lines parsed";
                    } else {
                        var out = new StringWriter();
                        var err = new StringWriter();
                        int code = DynaLensCli.execute(new CliContext(new AwsDynamoSessionFactory(), noConnections(), noProfiles(), Map.of(),
                                new PrintWriter(out), new PrintWriter(err), new AwsExportSources(Map.of())), mode.args());
                        if (code != 0) {
                            System.out.println(mode.name() + " failed (" + code + "): " + err + out);
                            return;
                        }
                        summary = out.toString().lines().findFirst().orElse("");
                    }
                    double took = (System.nanoTime() - begin) / 1e9;
                    long peak = heapPools().stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
                    System.out.printf(Locale.ROOT, "%s %s: %.2f s (%,.0f items/s), peak heap %,d MB — %s%n", round == 0 ? "warm-up" : "round " + round,
                            mode.name(), took, data.itemCount() / took, peak >> 20, summary);
                    if (round > 0) {
                        seconds[m][round - 1] = took;
                        peaks[m][round - 1] = peak;
                    }
                }
            }
            double bare = median(seconds[0]);
            for (int m = 0; m < modes.size(); m++) {
                System.out.printf(Locale.ROOT, "median %s: %.2f s (%.2f× the bare read), peak heap %,d MB%n", modes.get(m).name(), median(seconds[m]),
                        median(seconds[m]) / bare, Arrays.stream(peaks[m]).max().orElse(0) >> 20);
            }
        } finally {
            try (var paths = Files.walk(dir)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** GetObject of every data file, gunzipped and each line parsed by Jackson into a tree, on {@code threads} threads. */
    private static long bareRead(S3TestServer s3, Path folder, Path bucketFolder, int threads) throws Exception {
        var mapper = new ObjectMapper();
        var lines = new AtomicLong();
        try (var client = S3AsyncClient.builder().endpointOverride(s3.endpoint()).forcePathStyle(true).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(CredentialsSource.LocalPlaceholder.ACCESS_KEY_ID,
                        CredentialsSource.LocalPlaceholder.SECRET_ACCESS_KEY))).build()) {
            List<String> keys;
            try (var files = Files.list(folder.resolve("data"))) {
                keys = files.map(f -> bucketFolder.relativize(f).toString()).sorted().toList();
            }
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                var futures = new ArrayList<Future<?>>();
                for (var key : keys) {
                    futures.add(pool.submit(() -> {
                        try (var in = client.getObject(b -> b.bucket("exports").key(key), AsyncResponseTransformer.toBlockingInputStream()).join();
                             var reader = new BufferedReader(new InputStreamReader(new GZIPInputStream(in, 1 << 16), StandardCharsets.UTF_8), 1 << 16)) {
                            String line;
                            while ((line = reader.readLine()) != null) {
                                if (!line.isBlank()) {
                                    mapper.readTree(line);
                                    lines.incrementAndGet();
                                }
                            }
                        }
                        return null;
                    }));
                }
                for (var future : futures) {
                    future.get();
                }
            } finally {
                pool.shutdownNow();
            }
        }
        return lines.get();
    }

    private record Mode(String name, String[] args) {
    }

    private static String[] concat(String[] a, String[] b) {
        var all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static double median(double[] values) {
        var sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    private static List<MemoryPoolMXBean> heapPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(pool -> pool.getType() == MemoryType.HEAP).toList();
    }

    private static ConnectionStore noConnections() {
        return new ConnectionStore() {
            @Override public LoadResult load() { return new LoadResult(List.of(), Optional.empty()); }
            @Override public void save(List<ConnectionProfile> connections) { throw new AssertionError(); }
            @Override public Path location() { return Path.of("connections.json"); }
        };
    }

    private static AwsEnvironment noProfiles() {
        return new AwsEnvironment() {
            @Override public List<AwsProfileSummary> profiles() { return List.of(); }
            @Override public List<String> regions() { return List.of("us-east-1"); }
            @Override public boolean isKnownRegion(String region) { return true; }
        };
    }
}

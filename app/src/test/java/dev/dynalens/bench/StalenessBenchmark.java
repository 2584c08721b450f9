package dev.dynalens.bench;

import dev.dynalens.cli.CliContext;
import dev.dynalens.cli.DynaLensCli;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.connection.AwsProfileSummary;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.staleness.ProjectTasks;
import dev.dynalens.service.AwsEnvironment;
import dev.dynalens.service.ConnectionStore;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import java.io.BufferedWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Benchmark (not a test): {@code dynalens stale --file} of a DynamoDB-export file of N items (default 1,000,000: users,
 * projects, and tasks that copy their project's title by key and their assignee's name in a nested map; one task in
 * 97 has an old title, one in 101 names a user that is gone), with the rules <em>inferred</em> (the one read: the file
 * read straight through, every item's projection kept, then naming, inference and detection over it) against
 * {@code dynalens analyze --file} of the same file, alternated in each round in this JVM, in-process, end to end; and
 * {@code stale} with the two rules given. Peak heap per run: the heap pools' peak usage, reset before each run.
 *
 * <p>Run: {@code MAVEN_OPTS=-Xmx1g mvn -o test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.dynalens.bench.StalenessBenchmark -Dexec.args="1000000 5"} (items, rounds, warm-up rounds before them: 1 unless a third number says)
 */
public final class StalenessBenchmark {
    public static void main(String[] args) throws Exception {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int warmUps = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        int users = items / 100;
        int projects = items / 200;
        var data = new ProjectTasks(users, projects, items - users - projects, 97, 101);
        var file = Files.createTempFile("staleness-bench", ".json");
        try {
            long writeStart = System.nanoTime();
            try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                for (var item : data) {
                    out.write("{\"Item\":");
                    out.write(DynamoJsonCodec.writeItem(item));
                    out.write("}\n");
                }
            }
            System.out.printf(Locale.ROOT, "wrote %,d items (%,d MB) in %.1f s; planted %,d stale copies; max heap %,d MB; %d processors%n",
                    data.itemCount(), Files.size(file) >> 20, (System.nanoTime() - writeStart) / 1e9, data.plantedStale(),
                    Runtime.getRuntime().maxMemory() >> 20, Runtime.getRuntime().availableProcessors());
            var modes = List.of(
                    new Mode("analyze --file", List.of("analyze", "--file", file.toString(), "--key-schema", "PK,SK")),
                    new Mode("stale --file, rules inferred", List.of("stale", "--file", file.toString(), "--key-schema", "PK,SK")),
                    new Mode("stale --file, two rules given", List.of("stale", "--file", file.toString(), "--key-schema", "PK,SK",
                            "--rule", "TASK.projectTitle=PROJECT.title@key", "--rule", "TASK.assignee.name=USER.name@assigneeId")));
            var seconds = new double[modes.size()][rounds];
            var peaks = new long[modes.size()][rounds];
            for (int round = 1 - warmUps; round <= rounds; round++) { // rounds up to 0 warm up
                var order = new ArrayList<>(List.of(0, 1, 2));
                if (Math.floorMod(round, 2) == 1) {
                    java.util.Collections.reverse(order);
                }
                for (int m : order) {
                    var mode = modes.get(m);
                    System.gc();
                    resetPeaks();
                    var out = new StringWriter();
                    var err = new StringWriter();
                    long start = System.nanoTime();
                    int code = DynaLensCli.execute(new CliContext(new AwsDynamoSessionFactory(), noConnections(), noProfiles(), Map.of(),
                            new PrintWriter(out), new PrintWriter(err)), mode.args().toArray(String[]::new));
                    double took = (System.nanoTime() - start) / 1e9;
                    long peak = peakHeap();
                    if (code != 0) {
                        System.out.println(mode.name() + " failed: " + err);
                        return;
                    }
                    System.out.printf(Locale.ROOT, "%s %s: %.2f s (%,.0f items/s), peak heap %,d MB%n", round <= 0 ? "warm-up" : "round " + round,
                            mode.name(), took, data.itemCount() / took, peak >> 20);
                    if (round == 1 && m > 0) {
                        out.toString().lines().limit(6).forEach(line -> System.out.println("    " + line));
                    }
                    if (round > 0) {
                        seconds[m][round - 1] = took;
                        peaks[m][round - 1] = peak;
                    }
                }
            }
            double analyze = median(seconds[0]);
            for (int m = 0; m < modes.size(); m++) {
                System.out.printf(Locale.ROOT, "median %s: %.2f s (%.2f× analyze), peak heap %,d MB (largest of the rounds)%n", modes.get(m).name(),
                        median(seconds[m]), median(seconds[m]) / analyze, Arrays.stream(peaks[m]).max().orElse(0) >> 20);
            }
            var ratios = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratios[r] = seconds[1][r] / seconds[0][r];
            }
            System.out.printf(Locale.ROOT, "median of the rounds' ratios (stale with inference / analyze): %.2f (rounds %s)%n", median(ratios),
                    Arrays.toString(Arrays.stream(ratios).map(x -> Math.round(x * 100) / 100.0).toArray()));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private record Mode(String name, List<String> args) {
    }

    private static double median(double[] values) {
        var sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    private static List<MemoryPoolMXBean> heapPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(pool -> pool.getType() == MemoryType.HEAP).toList();
    }

    private static void resetPeaks() {
        heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
    }

    /** The heap pools' peak usage summed: an upper bound of the heap in use at any one time during the run. */
    private static long peakHeap() {
        return heapPools().stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
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

    private StalenessBenchmark() {
    }
}

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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Benchmark (not a test): {@code dynalens stale --file} with two confirmed rules on a DynamoDB-export file of N items
 * (default 1,000,000: users, projects, and tasks that copy their project's title by key and their assignee's name in a
 * nested map), in-process, end to end (read the file, name the entities, two detection passes).
 *
 * <p>Run: {@code MAVEN_OPTS=-Xmx6g mvn -o test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.dynalens.bench.StalenessBenchmark -Dexec.args=1000000}
 */
public final class StalenessBenchmark {
    public static void main(String[] args) throws Exception {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
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
            System.out.printf(Locale.ROOT, "wrote %,d items (%,d MB) in %.1f s; planted %,d stale copies%n", data.itemCount(),
                    Files.size(file) >> 20, (System.nanoTime() - writeStart) / 1e9, data.plantedStale());
            for (int round = 1; round <= 3; round++) {
                System.gc();
                var out = new StringWriter();
                var err = new StringWriter();
                long start = System.nanoTime();
                int code = DynaLensCli.execute(new CliContext(new AwsDynamoSessionFactory(), noConnections(), noProfiles(), Map.of(),
                        new PrintWriter(out), new PrintWriter(err)), "stale", "--file", file.toString(), "--key-schema", "PK,SK",
                        "--rule", "TASK.projectTitle=PROJECT.title@key", "--rule", "TASK.assignee.name=USER.name@assigneeId");
                double seconds = (System.nanoTime() - start) / 1e9;
                var heap = Runtime.getRuntime();
                System.out.printf(Locale.ROOT, "round %d: exit %d, %.1f s (%,.0f items/s), heap used after %,d MB%n", round, code, seconds,
                        data.itemCount() / seconds, (heap.totalMemory() - heap.freeMemory()) >> 20);
                if (code != 0) {
                    System.out.println(err);
                }
                if (round == 1) {
                    out.toString().lines().limit(8).forEach(line -> System.out.println("  " + line));
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
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

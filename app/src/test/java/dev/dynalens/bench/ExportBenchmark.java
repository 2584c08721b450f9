package dev.dynalens.bench;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.LoadSettings;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.service.transfer.ExportReport;
import dev.dynalens.service.transfer.ExportRequest;
import dev.dynalens.service.transfer.TableExporter;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import java.io.File;
import java.net.URI;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Benchmark (not a test): exports a table of N items (default 50,000, about 200 bytes each, the
 * {@link StreamingBenchmark} shop) from a private dynalite to DynamoDB JSON lines.
 *
 * <ul>
 *   <li><b>Whole process</b>, alternating: {@code /usr/bin/aws dynamodb scan} (Debian's AWS CLI v2, fake
 *       credentials, {@code --endpoint-url}) with its output redirected to a file, and the real DynaLens CLI
 *       in its own JVM ({@code java -cp … dev.dynalens.Launcher export … --out FILE}), from process start to exit.</li>
 *   <li><b>In one JVM</b>, alternating: a bare SDK scan of every page ({@code DynamoDbAsyncClient.scan}, items
 *       counted, nothing written) and {@link TableExporter} writing the JSON lines file.</li>
 * </ul>
 * Each file's item count is checked. Medians after a warm-up round.
 *
 * <p>Run: {@code mvn -o test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.dynalens.bench.ExportBenchmark -Dexec.args="50000 5"}
 */
public final class ExportBenchmark {

    public static void main(String[] args) throws Exception {
        var count = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        var rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        var dir = Files.createTempDirectory("dynalens-export-bench");
        try (var dynalite = DynamoEndpointExtension.startPrivateDynalite();
             var client = DynamoEndpointExtension.newClient(dynalite.endpoint());
             var session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("bench", dynalite.endpoint()))) {
            var table = "Bench";
            long loadStart = System.nanoTime();
            var items = IntStream.range(0, count).mapToObj(StreamingBenchmark::item).toList();
            var gsi = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"),
                    IndexDescription.Projection.ALL, List.of(), null, null, null);
            var loaded = new TableLoader(session, LoadSettings.DEFAULTS.withMaxInFlight(8))
                    .start(LoadRequest.of(table, items).creatingTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of(gsi))), p -> { })
                    .result().get(10, TimeUnit.MINUTES);
            if (loaded.written() != count) throw new IllegalStateException("loaded only " + loaded.written());
            System.out.printf(Locale.ROOT, "loaded %,d items in %.1f s%n", count, seconds(System.nanoTime() - loadStart));

            var awsTimes = new ArrayList<Double>();
            var cliTimes = new ArrayList<List<Double>>();
            VARIANTS.forEach(v -> cliTimes.add(new ArrayList<>()));
            for (int round = 0; round <= rounds; round++) {
                var aws = awsScan(dynalite.endpoint(), table, dir.resolve("aws.json"), count);
                var line = new StringBuilder(String.format(Locale.ROOT, "process round %d: aws dynamodb scan %.3f s", round, aws));
                for (int v = 0; v < VARIANTS.size(); v++) {
                    var cli = dynalensCli(VARIANTS.get(v), dynalite.endpoint(), table, dir.resolve("cli.jsonl"), count);
                    if (round > 0) {
                        cliTimes.get(v).add(cli);
                    }
                    line.append(String.format(Locale.ROOT, ", dynalens export%s %.3f s", label(VARIANTS.get(v)), cli));
                }
                if (round > 0) {
                    awsTimes.add(aws);
                }
                System.out.println(line);
            }

            var bareTimes = new ArrayList<Double>();
            var exportTimes = new ArrayList<Double>();
            for (int round = 0; round <= rounds; round++) {
                var bare = bareScan(client, table, count);
                var export = inJvmExport(session, table, dir.resolve("jvm.jsonl"), count);
                if (round > 0) {
                    bareTimes.add(bare);
                    exportTimes.add(export);
                }
                System.out.printf(Locale.ROOT, "in-JVM round %d: bare SDK scan %.3f s, TableExporter %.3f s%n", round, bare, export);
            }
            System.out.printf(Locale.ROOT, "%nmedians of %d rounds, %,d items, file %,d bytes:%n", rounds, count, Files.size(dir.resolve("cli.jsonl")));
            for (int v = 0; v < VARIANTS.size(); v++) {
                System.out.printf(Locale.ROOT, "  whole process: aws dynamodb scan %.3f s, dynalens export%s %.3f s, aws/dynalens %.2fx%n",
                        median(awsTimes), label(VARIANTS.get(v)), median(cliTimes.get(v)), median(awsTimes) / median(cliTimes.get(v)));
            }
            System.out.printf(Locale.ROOT, "  in one JVM:    bare SDK scan %.3f s, TableExporter %.3f s, ratio %.2f%n",
                    median(bareTimes), median(exportTimes), median(exportTimes) / median(bareTimes));
        } finally {
            try (var files = Files.list(dir)) {
                for (var file : files.toList()) Files.deleteIfExists(file);
            }
            Files.deleteIfExists(dir);
        }
    }

    private static double awsScan(URI endpoint, String table, Path out, int expected) throws Exception {
        var process = new ProcessBuilder("/usr/bin/aws", "dynamodb", "scan", "--table-name", table, "--endpoint-url", endpoint.toString(),
                "--output", "json", "--no-cli-pager");
        process.environment().putAll(Map.of("AWS_ACCESS_KEY_ID", "x", "AWS_SECRET_ACCESS_KEY", "x", "AWS_DEFAULT_REGION", "us-east-1",
                "AWS_PAGER", ""));
        var seconds = run(process.redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT));
        long items = 0;
        try (var parser = new ObjectMapper().getFactory().createParser(out.toFile())) {
            // Count the elements of "Items" without building a tree of 50,000 items.
            while (parser.nextToken() != null) {
                if (parser.currentToken() == JsonToken.FIELD_NAME && "Items".equals(parser.currentName()) && parser.getParsingContext().getParent().inRoot()) {
                    parser.nextToken();
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        parser.skipChildren();
                        items++;
                    }
                }
            }
        }
        if (items != expected) throw new IllegalStateException("aws wrote " + items + " items, expected " + expected);
        return seconds;
    }

    /**
     * JVM options of the CLI process to compare, from {@code -Dbench.cliJvmArgs="A|B C"} (one variant per {@code |});
     * by default the plain {@code java -cp} command.
     */
    private static final List<String> VARIANTS = List.of(System.getProperty("bench.cliJvmArgs", "").split("\\|", -1));

    private static String label(String variant) {
        return variant.isBlank() ? "" : " [" + variant.strip() + "]";
    }

    private static double dynalensCli(String jvmArgs, URI endpoint, String table, Path out, int expected) throws Exception {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Arrays.stream(jvmArgs.strip().split("\\s+")).filter(a -> !a.isEmpty()).forEach(command::add);
        command.addAll(List.of("-cp", classPath(), "dev.dynalens.Launcher", "export", table, "--endpoint", endpoint.toString(),
                "--format", "jsonl", "--out", out.toString()));
        var process = new ProcessBuilder(command);
        var seconds = run(process.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT));
        checkLines(out, expected);
        return seconds;
    }

    private static double run(ProcessBuilder process) throws Exception {
        long start = System.nanoTime();
        var started = process.start();
        if (!started.waitFor(5, TimeUnit.MINUTES)) {
            started.destroyForcibly();
            throw new IllegalStateException(process.command().getFirst() + " did not finish");
        }
        var elapsed = seconds(System.nanoTime() - start);
        if (started.exitValue() != 0) throw new IllegalStateException(process.command() + " exited with " + started.exitValue());
        return elapsed;
    }

    /** The benchmark's own class path (exec:java runs it in a class loader of its own), for the CLI process. */
    private static String classPath() {
        if (ExportBenchmark.class.getClassLoader() instanceof URLClassLoader loader) {
            return Arrays.stream(loader.getURLs()).map(url -> {
                try {
                    return Path.of(url.toURI()).toString();
                } catch (java.net.URISyntaxException e) {
                    throw new IllegalStateException(e);
                }
            }).collect(Collectors.joining(File.pathSeparator));
        }
        return System.getProperty("java.class.path");
    }

    private static double inJvmExport(dev.dynalens.service.DynamoSession session, String table, Path out, int expected) throws Exception {
        long start = System.nanoTime();
        var report = new TableExporter(session).start(ExportRequest.scan(table, TransferFormat.JSONL, out), p -> { })
                .result().get(5, TimeUnit.MINUTES);
        var elapsed = seconds(System.nanoTime() - start);
        if (report.outcome() != ExportReport.Outcome.COMPLETED || report.items() != expected) {
            throw new IllegalStateException("export wrote " + report.items() + " items");
        }
        checkLines(out, expected);
        return elapsed;
    }

    private static void checkLines(Path file, int expected) throws Exception {
        long lines;
        try (var stream = Files.lines(file)) {
            lines = stream.count();
        }
        if (lines != expected) throw new IllegalStateException(file + " has " + lines + " lines, expected " + expected);
    }

    private static double bareScan(DynamoDbAsyncClient client, String table, int expected) throws Exception {
        long start = System.nanoTime();
        long count = 0;
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> startKey = null;
        do {
            var response = client.scan(ScanRequest.builder().tableName(table).exclusiveStartKey(startKey).build()).get(60, TimeUnit.SECONDS);
            count += response.count();
            startKey = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty() ? response.lastEvaluatedKey() : null;
        } while (startKey != null);
        if (count != expected) throw new IllegalStateException("bare scan read " + count + " items, expected " + expected);
        return seconds(System.nanoTime() - start);
    }

    private static double median(List<Double> values) {
        var sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}

package dev.dynalens.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.workspace.JsonLinesStream;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.domain.workspace.WorkspaceReader;
import dev.dynalens.service.workspace.WorkspaceFiles;
import dev.dynalens.service.workspace.WorkspaceSession;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Benchmark (not a test): {@code analyze} of N items (default 1,000,000, about 200 bytes a line) from
 * a DynamoDB JSON lines file, against only parsing the same file, in the same JVM.
 *
 * <p>Measurements, alternated in each round:
 * <ul>
 *   <li><b>workspace load</b> — {@link WorkspaceReader#read}, which {@code analyze --file} calls: every line
 *       read strictly, every item kept in memory, the key index built;</li>
 *   <li><b>analyze --file</b> — what {@code AnalyzeCommand} does: {@link WorkspaceSession#open} (the load
 *       above), DescribeTable, every Scan page into {@link Analyzer#accept}, then {@link Analyzer#result};</li>
 *   <li><b>streaming parse</b> — line by line, {@link DynamoJsonCodec#readItem(JsonParser)} on the
 *       {@code {"Item": …}} wrapper, nothing kept;</li>
 *   <li><b>streaming parse + analyze</b> — the same, each item into {@link Analyzer#accept}, then
 *       {@link Analyzer#result}; the aim is about this one against the streaming parse;</li>
 *   <li><b>parse | analyze (2 threads)</b> — the same parse, the analyzer on a second thread fed in batches of
 *       1,024 items, as the app analyses pages on a background thread: wall time, reported apart.</li>
 * </ul>
 * The file is generated (seeded) into a temporary file and deleted at the end. Three groups run in JVMs of
 * their own, forked with the same heap options, as JMH forks each benchmark: {@code streaming} (parse, parse +
 * analyze), {@code pipelined} (parse, parse | analyze), {@code cli} (parse, the file read as the command reads a
 * clean JSON lines file with its key schema given, that with the analysis on this thread, and the command itself,
 * which analyses on a second thread) and {@code workspace} (the workspace path of the command); group
 * {@code one-jvm} runs all six in this JVM, as this benchmark did at first.
 *
 * <p>Run: {@code mvn -o test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.dynalens.bench.AnalyzeBenchmark -Dexec.args="1000000 5"} (items, rounds after the warm-up
 * round, and optionally one group, or {@code all}; a fixed heap, {@code MAVEN_OPTS="-Xms3g -Xmx3g -XX:+AlwaysPreTouch"}, keeps the rounds apart from heap resizing)
 */
public final class AnalyzeBenchmark {
    private static final long SEED = 20261130L;
    private static final JsonFactory FACTORY = dev.dynalens.domain.codec.ItemJsonFactory.FACTORY;
    private static final TableKeys KEYS = new TableKeys("bench", KeySchema.of("PK", "SK"),
            Map.of("GSI1", KeySchema.of("GSI1PK", "GSI1SK")));
    private static final WorkspaceOptions OPTIONS = WorkspaceOptions.parse("PK,SK", List.of("GSI1=GSI1PK,GSI1SK"));

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        var group = args.length > 2 ? args[2] : "all";
        if (args.length > 3) { // a forked group: the file is the parent's
            measure(group, Path.of(args[3]), n, rounds);
            return;
        }
        var file = Files.createTempFile("dynalens-analyze-bench", ".jsonl");
        try {
            long genStart = System.nanoTime();
            generate(file, n);
            long size = Files.size(file);
            System.out.printf(Locale.ROOT, "generated %,d items, %,d bytes (%.1f MB, %.0f bytes a line) in %.1f s: %s%n",
                    n, size, size / 1e6, (double) size / n, seconds(System.nanoTime() - genStart), file);
            if (group.equals("all")) {
                // Each group in a JVM of its own, as JMH forks each benchmark: the groups hand the analyzer items
                // from different readers and threads, and one JVM's profile of all of them slows each.
                for (var forked : List.of("streaming", "pipelined", "cli", "workspace")) {
                    fork(forked, file, n, rounds);
                }
            } else {
                measure(group, file, n, rounds);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static void fork(String group, Path file, int n, int rounds) throws Exception {
        var command = new ArrayList<String>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(argument -> argument.startsWith("-X")).forEach(command::add); // heap and GC options
        command.addAll(List.of("-cp", classPath(), AnalyzeBenchmark.class.getName(), Integer.toString(n), Integer.toString(rounds),
                group, file.toString()));
        System.out.printf(Locale.ROOT, "%n== %s modes, in a JVM of their own ==%n", group);
        int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        if (exit != 0) {
            throw new IllegalStateException("the " + group + " JVM exited with " + exit);
        }
    }

    /** The classpath this class was loaded from: exec:java's class loader, or the JVM's own. */
    private static String classPath() throws Exception {
        if (AnalyzeBenchmark.class.getClassLoader() instanceof java.net.URLClassLoader loader) {
            var paths = new ArrayList<String>();
            for (var url : loader.getURLs()) {
                paths.add(Path.of(url.toURI()).toString());
            }
            return String.join(java.io.File.pathSeparator, paths);
        }
        return System.getProperty("java.class.path");
    }

    private static void measure(String group, Path file, int n, int rounds) throws Exception {
        System.out.printf(Locale.ROOT, "JVM %s, max heap %,d MB, %d processors%n", Runtime.version(),
                Runtime.getRuntime().maxMemory() >> 20, Runtime.getRuntime().availableProcessors());
        var modes = switch (group) {
            case "streaming" -> List.of("streaming parse", "streaming parse + analyze");
            case "cli" -> List.of("streaming parse", "file streamed, no analysis", "analyze --file, streamed", "dynalens analyze --file");
            case "pipelined" -> List.of("streaming parse", "parse | analyze (2 threads)");
            case "workspace" -> List.of("workspace load", "analyze --file", "workspace open + scan");
            case "one-jvm" -> List.of("streaming parse", "streaming parse + analyze", "parse | analyze (2 threads)", "workspace load",
                    "analyze --file", "workspace open + scan");
            default -> throw new IllegalArgumentException("group: all, streaming, pipelined, workspace or one-jvm, not " + group);
        };
        var times = new LinkedHashMap<String, List<Double>>();
        var heaps = new LinkedHashMap<String, Long>();
        modes.forEach(m -> times.put(m, new ArrayList<>()));
        TableAnalysis last = null;
        for (int round = 0; round <= rounds; round++) { // round 0 warms up
            var line = new StringBuilder("round " + round + ":");
            for (var mode : modes) {
                System.gc();
                long start = System.nanoTime();
                var retained = run(mode, file, n);
                var elapsed = seconds(System.nanoTime() - start);
                long heap = heapAfterGc(); // while the mode's result (items, analyzer) is still reachable
                if (retained instanceof Analyzed analyzed) last = analyzed.result();
                heaps.merge(mode, heap, Math::max);
                if (round > 0) times.get(mode).add(elapsed);
                line.append(String.format(Locale.ROOT, " %s %.3f s;", mode, elapsed));
                java.lang.ref.Reference.reachabilityFence(retained);
            }
            if (round > 0 && modes.contains("streaming parse + analyze")) {
                line.append(String.format(Locale.ROOT, " ratio %.2f",
                        times.get("streaming parse + analyze").getLast() / times.get("streaming parse").getLast()));
            }
            System.out.println(line);
        }
        System.out.printf(Locale.ROOT, "%nmedian of %d rounds, %,d items, %.1f MB:%n", rounds, n, Files.size(file) / 1e6);
        var medians = new LinkedHashMap<String, Double>();
        for (var mode : modes) {
            var median = median(times.get(mode));
            medians.put(mode, median);
            System.out.printf(Locale.ROOT, "  %-26s %7.3f s  %,10.0f items/s  heap after GC %,6d MB%n",
                    mode, median, n / median, heaps.get(mode) >> 20);
        }
        if (modes.contains("streaming parse + analyze")) {
            var roundRatios = new ArrayList<Double>();
            for (int i = 0; i < rounds; i++) {
                roundRatios.add(times.get("streaming parse + analyze").get(i) / times.get("streaming parse").get(i));
            }
            System.out.printf(Locale.ROOT, "  ratio streaming parse + analyze / streaming parse: %.2f (of the medians); %.2f (median of the "
                    + "rounds' ratios, each pair run back to back)%n",
                    medians.get("streaming parse + analyze") / medians.get("streaming parse"), median(roundRatios));
            profileAccept(file, Math.min(n, 200_000));
        }
        if (modes.contains("dynalens analyze --file")) {
            for (var mode : List.of("analyze --file, streamed", "dynalens analyze --file")) {
                System.out.printf(Locale.ROOT, "  ratio %s / streaming parse: %.2f; / file streamed, no analysis: %.2f%n", mode,
                        medians.get(mode) / medians.get("streaming parse"), medians.get(mode) / medians.get("file streamed, no analysis"));
            }
        }
        if (modes.contains("parse | analyze (2 threads)")) {
            System.out.printf(Locale.ROOT, "  ratio parse | analyze (2 threads) / streaming parse: %.2f (wall time, two threads)%n",
                    medians.get("parse | analyze (2 threads)") / medians.get("streaming parse"));
        }
        if (modes.contains("workspace load")) {
            System.out.printf(Locale.ROOT, "  ratio analyze --file / workspace load:             %.2f%n",
                    medians.get("analyze --file") / medians.get("workspace load"));
            System.out.printf(Locale.ROOT, "  (workspace open + scan: analyze --file without the analyzer, to split its time)%n");
        }
        if (last != null) {
            System.out.printf(Locale.ROOT, "analysis: %,d items, %d entities, %d relationships%n", last.itemCount(),
                    last.entities().size(), last.relationships().size());
            last.entities().forEach(e -> System.out.println("  entity " + e.name() + ": " + e.count()));
        }
    }

    private static Object run(String mode, Path file, int expected) throws Exception {
        return switch (mode) {
            case "streaming parse" -> streaming(file, expected, null);
            case "streaming parse + analyze" -> streaming(file, expected, new Analyzer(KEYS));
            case "parse | analyze (2 threads)" -> pipelined(file, expected, new Analyzer(KEYS));
            case "workspace load" -> {
                var workspace = WorkspaceFiles.read(file, OPTIONS);
                check(workspace.tables().getFirst().size(), expected);
                yield workspace;
            }
            case "analyze --file" -> analyzeFile(file, expected, true);
            case "file streamed, no analysis" -> streamFile(file, expected, false);
            case "dynalens analyze --file" -> cli(file, expected);
            case "analyze --file, streamed" -> streamFile(file, expected, true);
            case "workspace open + scan" -> analyzeFile(file, expected, false);
            default -> throw new IllegalArgumentException(mode);
        };
    }

    /**
     * As AnalyzeCommand with {@code --key-schema} on a clean JSON lines file: {@link JsonLinesStream} (the strict
     * reading, key checks, the key hashes for repeats) straight into the analyzer; without it, the reading alone.
     */
    private static Object streamFile(Path file, int expected, boolean analyze) throws IOException {
        var analyzer = new Analyzer[1];
        long[] count = {0};
        var table = WorkspaceFiles.stream(file, OPTIONS, t -> {
            analyzer[0] = new Analyzer(new TableKeys(t.name(), t.keys(), t.indexes()));
            return analyze ? item -> analyzer[0].accept(item) : item -> count[0] += item.attributes().size();
        });
        if (table.isEmpty()) throw new IllegalStateException("the file was not read straight through");
        if (!analyze) return count[0];
        var result = analyzer[0].result();
        check(result.itemCount(), expected);
        return new Analyzed(analyzer[0], result);
    }

    /** The command itself, as the launcher runs it, its JSON output counted and dropped. */
    private static Object cli(Path file, int expected) {
        var out = new java.io.StringWriter();
        var context = new dev.dynalens.cli.CliContext(new dev.dynalens.service.aws.AwsDynamoSessionFactory(),
                new dev.dynalens.service.config.JsonConnectionStore(dev.dynalens.service.config.ConfigDirectory.current()),
                new dev.dynalens.service.aws.SdkAwsEnvironment(), System.getenv(), new java.io.PrintWriter(out),
                new java.io.PrintWriter(System.err, true));
        int exit = dev.dynalens.cli.DynaLensCli.execute(context, "analyze", "--file", file.toString(), "--key-schema", "PK,SK",
                "--gsi", "GSI1=GSI1PK,GSI1SK", "--json");
        if (exit != 0 || !out.toString().contains("\"itemCount\":" + expected) && !out.toString().contains("\"itemCount\" : " + expected)) {
            throw new IllegalStateException("dynalens analyze exited with " + exit + ": " + out.toString().substring(0, Math.min(200, out.toString().length())));
        }
        return out.toString().length();
    }

    /** As AnalyzeCommand: open the workspace, describe, scan every page into the analyzer. */
    private static Object analyzeFile(Path file, int expected, boolean analyze) throws Exception {
        try (var session = WorkspaceSession.open(file, OPTIONS)) {
            var table = session.workspace().tables().getFirst().name();
            var analyzer = new Analyzer(TableKeys.from(session.describeTable(table).join()));
            ReadRequest request = new ReadRequest.Scan(table, null, null, null);
            long scanned = 0;
            while (request != null) {
                var page = session.read(request).join();
                if (analyze) {
                    page.items().forEach(analyzer::accept);
                } else {
                    scanned += page.items().size();
                }
                request = page.next().map(request::withExclusiveStartKey).orElse(null);
            }
            if (!analyze) {
                check(scanned, expected);
                return scanned;
            }
            var result = analyzer.result();
            check(result.itemCount(), expected);
            return new Analyzed(analyzer, result);
        }
    }

    /** Line by line, as JsonLinesReader reads a well-formed line; with an analyzer, each item goes into it. */
    private static Object streaming(Path file, int expected, Analyzer analyzer) throws IOException {
        long count = 0;
        long attributes = 0;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (var line = reader.readLine(); line != null; line = reader.readLine()) {
                Item item;
                try (JsonParser parser = FACTORY.createParser(line)) {
                    if (parser.nextToken() != JsonToken.START_OBJECT || parser.nextToken() != JsonToken.FIELD_NAME
                            || !parser.currentName().equals("Item") || parser.nextToken() != JsonToken.START_OBJECT) {
                        throw new IllegalStateException("not an item line: " + line);
                    }
                    item = DynamoJsonCodec.readItem(parser);
                }
                count++;
                if (analyzer != null) {
                    analyzer.accept(item);
                } else {
                    attributes += item.attributes().size(); // keeps the item from being optimised away
                }
            }
        }
        check(count, expected);
        if (analyzer == null) return attributes;
        var result = analyzer.result();
        check(result.itemCount(), expected);
        return new Analyzed(analyzer, result); // the analyzer stays reachable for the heap reading
    }

    /**
     * The same parse on this thread, the analyzer on another (as the app runs it while pages arrive), items
     * handed over in batches through a bounded queue. Wall time; not part of the single-thread ratio.
     */
    private static Object pipelined(Path file, int expected, Analyzer analyzer) throws Exception {
        var queue = new java.util.concurrent.ArrayBlockingQueue<List<Item>>(16);
        List<Item> end = new ArrayList<>(0); // compared by identity
        var consumer = new Thread(() -> {
            try {
                for (var batch = queue.take(); batch != end; batch = queue.take()) {
                    batch.forEach(analyzer::accept);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "analyzer");
        consumer.start();
        long count = 0;
        var batch = new ArrayList<Item>(1024);
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (var line = reader.readLine(); line != null; line = reader.readLine()) {
                try (JsonParser parser = FACTORY.createParser(line)) {
                    if (parser.nextToken() != JsonToken.START_OBJECT || parser.nextToken() != JsonToken.FIELD_NAME
                            || !parser.currentName().equals("Item") || parser.nextToken() != JsonToken.START_OBJECT) {
                        throw new IllegalStateException("not an item line: " + line);
                    }
                    batch.add(DynamoJsonCodec.readItem(parser));
                }
                count++;
                if (batch.size() == 1024) {
                    queue.put(batch);
                    batch = new ArrayList<>(1024);
                }
            }
        }
        queue.put(batch);
        queue.put(end);
        consumer.join();
        check(count, expected);
        var result = analyzer.result();
        check(result.itemCount(), expected);
        return new Analyzed(analyzer, result);
    }

    private record Analyzed(Analyzer analyzer, TableAnalysis result) {
    }

    /** Analyzer.accept alone, on items parsed beforehand: where the analysis time goes. */
    private static void profileAccept(Path file, int count) throws IOException {
        var items = new ArrayList<Item>(count);
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (var line = reader.readLine(); line != null && items.size() < count; line = reader.readLine()) {
                try (JsonParser parser = FACTORY.createParser(line)) {
                    parser.nextToken();
                    parser.nextToken();
                    parser.nextToken();
                    items.add(DynamoJsonCodec.readItem(parser));
                }
            }
        }
        var accept = new ArrayList<Double>();
        var result = new ArrayList<Double>();
        for (int rep = 0; rep < 6; rep++) { // the first warms up
            var analyzer = new Analyzer(KEYS);
            long start = System.nanoTime();
            items.forEach(analyzer::accept);
            long accepted = System.nanoTime();
            analyzer.result();
            long end = System.nanoTime();
            if (rep > 0) {
                accept.add(seconds(accepted - start));
                result.add(seconds(end - accepted));
            }
        }
        var acceptMedian = median(accept);
        System.out.printf(Locale.ROOT, "Analyzer alone on %,d items parsed beforehand (median of 5): accept %.3f s (%,.0f items/s, %.2f us an item), "
                + "result() %.1f ms%n", count, acceptMedian, count / acceptMedian, acceptMedian / count * 1e6, median(result) * 1e3);
    }

    private static void check(long count, long expected) {
        if (count != expected) throw new IllegalStateException("read " + count + " items, expected " + expected);
    }

    // ---- the file ----------------------------------------------------------------------------------

    /**
     * A single-table design in blocks of 20 items: a customer profile, 6 orders (GSI1 STATUS#…), 6 order
     * items, 2 products (GSI1 CATEGORY#…), 4 user/team edges (two edges, each with its mirror; every
     * 50th user's second edge has no mirror) and a user profile.
     */
    static void generate(Path file, int n) throws IOException {
        var random = new SplittableRandom(SEED);
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            int[] team = new int[2];
            for (int i = 0; i < n; i++) {
                int block = i / 20;
                int slot = i % 20;
                if (slot == 15) {
                    team[0] = random.nextInt(5_000);
                    team[1] = (team[0] + 1 + random.nextInt(4_999)) % 5_000; // another team: keys stay unique
                }
                out.write("{\"Item\":");
                out.write(DynamoJsonCodec.writeItem(item(block, slot, i, team, random)));
                out.write("}\n");
            }
        }
    }

    private static final String[] STATUSES = {"PENDING", "PAID", "SHIPPED", "DELIVERED", "CANCELLED"};
    private static final String[] CATEGORIES = {"books", "games", "music", "garden", "kitchen", "toys", "tools", "sports"};
    private static final String[] ROLES = {"owner", "admin", "member", "viewer"};

    private static Item item(int block, int slot, int i, int[] team, SplittableRandom random) {
        var a = new LinkedHashMap<String, AttributeValue>();
        String customer = "CUSTOMER#C" + id(block);
        if (slot == 0) {
            a.put("PK", AttributeValue.s(customer));
            a.put("SK", AttributeValue.s("PROFILE"));
            a.put("name", AttributeValue.s("Customer " + block));
            a.put("email", AttributeValue.s("customer" + block + "@example.com"));
            a.put("createdAt", AttributeValue.s(date(random) + "T08:15:00Z"));
            a.put("tier", AttributeValue.s(random.nextInt(4) == 0 ? "gold" : "standard"));
        } else if (slot <= 6) {
            var status = STATUSES[random.nextInt(STATUSES.length)];
            var date = date(random);
            a.put("PK", AttributeValue.s(customer));
            a.put("SK", AttributeValue.s("ORDER#" + date + "#O" + id(i)));
            a.put("GSI1PK", AttributeValue.s("STATUS#" + status));
            a.put("GSI1SK", AttributeValue.s(date + "T10:20:30Z"));
            a.put("status", AttributeValue.s(status));
            a.put("total", AttributeValue.n(random.nextInt(100_000) / 100.0 + ""));
            a.put("itemCount", AttributeValue.n(random.nextInt(9) + 1));
            a.put("channel", AttributeValue.s(random.nextBoolean() ? "web" : "mobile"));
        } else if (slot <= 12) {
            a.put("PK", AttributeValue.s("ORDER#O" + id(i - 6)));
            a.put("SK", AttributeValue.s("ITEM#" + (random.nextInt(3) + 1)));
            a.put("productId", AttributeValue.s("P" + random.nextInt(100_000)));
            a.put("quantity", AttributeValue.n(random.nextInt(5) + 1));
            a.put("unitPrice", AttributeValue.n(random.nextInt(10_000) / 100.0 + ""));
            a.put("currency", AttributeValue.s("EUR"));
            a.put("sku", AttributeValue.s("SKU-" + id(random.nextInt(1_000_000))));
        } else if (slot <= 14) {
            var category = CATEGORIES[random.nextInt(CATEGORIES.length)];
            var product = "P" + (block * 2 + slot - 13);
            a.put("PK", AttributeValue.s("PRODUCT#" + product));
            a.put("SK", AttributeValue.s("METADATA"));
            a.put("GSI1PK", AttributeValue.s("CATEGORY#" + category));
            a.put("GSI1SK", AttributeValue.s("Product " + product));
            a.put("title", AttributeValue.s("Product " + product + " in " + category));
            a.put("price", AttributeValue.n(random.nextInt(10_000) / 100.0 + ""));
            a.put("stock", AttributeValue.n(random.nextInt(500)));
        } else if (slot <= 18) {
            var user = "USER#U" + id(block);
            var t = "TEAM#T" + team[(slot - 15) / 2];
            boolean mirror = slot % 2 == 0;
            if (mirror && slot == 18 && block % 50 == 0) { // a missing mirror: this user has a third team instead
                mirror = false;
                t = "TEAM#T" + (5_000 + block);
            }
            a.put("PK", AttributeValue.s(mirror ? t : user));
            a.put("SK", AttributeValue.s(mirror ? user : t));
            a.put("role", AttributeValue.s(ROLES[random.nextInt(ROLES.length)]));
            a.put("joinedAt", AttributeValue.s(date(random) + "T09:00:00Z"));
            a.put("invitedBy", AttributeValue.s("USER#U" + random.nextInt(Math.max(1, block + 1))));
        } else {
            a.put("PK", AttributeValue.s("USER#U" + id(block)));
            a.put("SK", AttributeValue.s("PROFILE"));
            a.put("displayName", AttributeValue.s("User number " + block));
            a.put("email", AttributeValue.s("user" + block + "@example.org"));
            a.put("locale", AttributeValue.s(random.nextBoolean() ? "en-GB" : "pt-PT"));
            a.put("lastLogin", AttributeValue.s(date(random) + "T18:45:10Z"));
        }
        return new Item(a);
    }

    private static String id(int number) {
        return String.format(Locale.ROOT, "%08d", number);
    }

    private static String date(SplittableRandom random) {
        return String.format(Locale.ROOT, "2025-%02d-%02d", random.nextInt(12) + 1, random.nextInt(28) + 1);
    }

    // ---- helpers -----------------------------------------------------------------------------------

    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static double median(List<Double> values) {
        var sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    private AnalyzeBenchmark() {
    }
}

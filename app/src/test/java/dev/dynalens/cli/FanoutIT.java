package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.staleness.ProjectTasks;
import dev.dynalens.domain.staleness.RepairOutcome;
import dev.dynalens.domain.staleness.RepairStep;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.fanout.FanoutJournal;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.FaultInjectingProxy;
import dev.dynalens.testsupport.RecordingProxy;
import dev.dynalens.testsupport.TestEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dynalens fanout} on dynalite: planted stale copies are repaired, exactly those items change, a copy changed by
 * someone else is never overwritten, faults (throttling, 500s after applying) lose nothing, and a run killed with
 * {@code kill -9} resumes to apply every repair exactly once.
 */
@ExtendWith(DynamoEndpointExtension.class)
class FanoutIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    // ---- data ----

    private static void load(DynamoSession session, String table, List<Item> items, CreateTableSpec spec) throws Exception {
        var report = new TableLoader(session).start(LoadRequest.of(table, items).creatingTable(spec), p -> { }).result().get(2, TimeUnit.MINUTES);
        assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.COMPLETED);
    }

    private static Map<String, Item> snapshot(DynamoSession session, String table) {
        var items = new HashMap<String, Item>();
        ReadRequest request = new ReadRequest.Scan(table, null, null, null);
        while (request != null) {
            var page = session.read(request).join();
            page.items().forEach(item -> items.put(keyText(item), item));
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
        }
        return items;
    }

    private static String keyText(Item item) {
        return DynamoJsonCodec.writeValue(item.attributes().get("PK")) + DynamoJsonCodec.writeValue(item.attributes().get("SK"));
    }

    private static String keyText(Map<String, AttributeValue> key) {
        return DynamoJsonCodec.writeValue(key.get("PK")) + DynamoJsonCodec.writeValue(key.get("SK"));
    }

    /** The item with the value at {@code path} replaced. */
    static Item withValue(Item item, AttributePath path, AttributeValue value) {
        var attributes = new LinkedHashMap<>(item.attributes());
        var name = path.attributeName();
        attributes.put(name, replace(attributes.get(name), path.elements().subList(1, path.elements().size()), value));
        return new Item(attributes);
    }

    private static AttributeValue replace(AttributeValue current, List<AttributePath.Element> rest, AttributeValue value) {
        if (rest.isEmpty()) {
            return value;
        }
        return switch (rest.getFirst()) {
            case AttributePath.Key name -> {
                var map = new LinkedHashMap<>(((AttributeValue.MapValue) current).values());
                map.put(name.name(), replace(map.get(name.name()), rest.subList(1, rest.size()), value));
                yield AttributeValue.m(map);
            }
            case AttributePath.Index index -> {
                var list = new ArrayList<>(((AttributeValue.ListValue) current).values());
                list.set(index.index(), replace(list.get(index.index()), rest.subList(1, rest.size()), value));
                yield AttributeValue.l(list);
            }
        };
    }

    /** Every item as before, except each step's copy, which holds the step's value from {@code valueOf}. */
    private static Map<String, Item> expected(Map<String, Item> before, List<RepairStep> steps, java.util.function.Function<RepairStep, AttributeValue> valueOf) {
        var expected = new HashMap<>(before);
        for (var step : steps) {
            var key = keyText(step.key());
            expected.put(key, withValue(expected.get(key), step.copyPath(), valueOf.apply(step)));
        }
        return expected;
    }

    private static ProjectTasks projectTasks(int tasks, int staleEvery) {
        return new ProjectTasks(20, 10, tasks, staleEvery, 11);
    }

    private static void loadProjectTasks(DynamoSession session, String table, ProjectTasks data) throws Exception {
        var items = new ArrayList<Item>();
        data.forEach(items::add);
        load(session, table, items, new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of()));
        // A user renamed after her name was copied onto her tasks: nested copies (assignee.name) go stale.
        session.write(new ItemWrite.Update(table, Map.of("PK", AttributeValue.s("USER#3"), "SK", AttributeValue.s("PROFILE")),
                "SET #n = :v", null, Map.of("#n", "name"), Map.of(":v", AttributeValue.s("Renamed User Three")))).get(10, TimeUnit.SECONDS);
    }

    /** What detection must find in {@link #loadProjectTasks}: the planted old project titles and the renamed user's copies. */
    private static int plantedStale(ProjectTasks data) {
        int stale = 0;
        for (int t = 0; t < data.tasks(); t++) {
            if (data.isStale(t)) {
                stale++;
            }
            if (!data.isOrphan(t) && t % data.users() == 3) {
                stale++;
            }
        }
        return stale;
    }

    private static RealCli.Run fanout(Object endpoint, String table, Path journal, String... more) {
        var args = new ArrayList<>(List.of("fanout", table, "--endpoint", endpoint.toString(), "--journal", journal.toString(), "--json"));
        args.addAll(List.of(more));
        return RealCli.run(args.toArray(String[]::new));
    }

    private static JsonNode json(RealCli.Run run) throws Exception {
        return MAPPER.readTree(run.out());
    }

    // ---- tests ----

    @Test
    void blogSample_dryRunWritesNothing_thenApplyChangesExactlyThePlantedStaleCopies(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var sample = SampleModels.load(SampleModels.BLOG);
        var table = endpoint.uniqueTableName("fanout-blog");
        var indexes = sample.keys().indexes().entrySet().stream().map(index -> new IndexDescription(index.getKey(),
                IndexDescription.Kind.GLOBAL, index.getValue(), IndexDescription.Projection.ALL, List.of(), null, null, null)).toList();
        load(session, table, sample.items(), new CreateTableSpec(table, sample.keys().keySchema(), indexes));
        var journal = dir.resolve("blog.jsonl");
        var before = snapshot(session, table);

        var dry = fanout(endpoint.endpoint(), table, journal, "--dry-run");

        assertThat(dry.exitCode()).as(dry.err()).isZero();
        var plan = json(dry);
        assertThat(plan.path("steps")).hasSize(6);
        assertThat(plan.path("steps").get(0).path("ConditionExpression").asText()).endsWith(" = :old");
        assertThat(snapshot(session, table)).isEqualTo(before);

        var apply = fanout(endpoint.endpoint(), table, journal, "--apply");

        assertThat(apply.exitCode()).as(apply.err() + apply.out()).isZero();
        var report = json(apply);
        assertThat(report.path("counts").path("updated").asInt()).isEqualTo(6);
        assertThat(report.path("counts").path("appliedThisRun").asInt()).isEqualTo(6);
        var steps = FanoutJournal.read(journal).orElseThrow().plan().steps();
        assertThat(snapshot(session, table)).isEqualTo(expected(before, steps, RepairStep::newValue));

        var again = RealCli.run("stale", table, "--endpoint", endpoint.endpoint().toString(), "--json");
        assertThat(json(again).path("staleCopies")).isEmpty();
        assertThat(json(again).path("orphanCopies")).hasSize(2);
        var rerun = fanout(endpoint.endpoint(), table, journal, "--apply");
        assertThat(rerun.exitCode()).isZero();
        assertThat(json(rerun).path("counts").path("appliedThisRun").asInt()).isZero();
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    /**
     * Issue 28: {@code fanout --apply --confirm-table T} on a production connection read the whole table without
     * {@code --confirm-read}, which {@code --dry-run} asks for. Both ask now, saying what the read costs; the name
     * confirms the writes only.
     */
    @Test
    void onProduction_theWholeTableReadAsksForConfirmRead_inADryRunAndInAnApply(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var sample = SampleModels.load(SampleModels.BLOG);
        var table = endpoint.uniqueTableName("fanout-prod");
        load(session, table, sample.items(), new CreateTableSpec(table, sample.keys().keySchema(), List.of()));
        var before = snapshot(session, table);
        try (var proxy = new RecordingProxy(endpoint.endpoint())) {
            var prod = ConnectionProfile.create("prod", new CredentialsSource.LocalPlaceholder(), "us-east-1", proxy.endpoint(), false,
                    ConnectionTag.PRODUCTION);
            var refusal = table + " is on a connection tagged production: run again with --confirm-read to read it (nothing was read); "
                    + "the read costs an unknown number of read units";

            var dryRun = RealCli.runWithSaved(prod, "fanout", table, "--connection", "prod", "--dry-run", "--journal",
                    dir.resolve("dry.jsonl").toString());
            var apply = RealCli.runWithSaved(prod, "fanout", table, "--connection", "prod", "--apply", "--confirm-table", table,
                    "--journal", dir.resolve("apply.jsonl").toString());

            for (var refused : List.of(dryRun, apply)) {
                assertThat(refused.exitCode()).as(refused.err()).isEqualTo(DynaLensCli.USAGE);
                assertThat(refused.out()).isEmpty();
                assertThat(refused.err()).contains("dynalens: Reads " + table + " once:").contains(refusal);
            }
            assertThat(dir.resolve("dry.jsonl")).doesNotExist();
            assertThat(dir.resolve("apply.jsonl")).doesNotExist();
            assertThat(proxy.received()).extracting(RecordingProxy.Received::operation).contains("DescribeTable")
                    .doesNotContain("Scan", "Query", "GetItem", "BatchGetItem", "UpdateItem", "PutItem", "BatchWriteItem");
            assertThat(snapshot(session, table)).isEqualTo(before);

            var confirmed = RealCli.runWithSaved(prod, "fanout", table, "--connection", "prod", "--apply", "--confirm-table", table,
                    "--confirm-read", "--journal", dir.resolve("apply.jsonl").toString(), "--json");

            assertThat(confirmed.exitCode()).as(confirmed.err()).isZero();
            assertThat(json(confirmed).path("counts").path("updated").asInt()).isEqualTo(6);
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }

    /** The rules the person confirmed in the app (the table's lens) drive the CLI's plan: only those copies. */
    @Test
    void aLensWithAConfirmedRule_plansOnlyThatRulesCopies(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var sample = SampleModels.load(SampleModels.BLOG);
        var table = endpoint.uniqueTableName("fanout-lens");
        load(session, table, sample.items(), new CreateTableSpec(table, sample.keys().keySchema(), List.of()));
        var lens = new dev.dynalens.domain.inference.Lens(Map.of(), List.of(), List.of(),
                new dev.dynalens.domain.inference.Lens.RuleChoices(List.of("POST.authorName=USER.name@authorId"), List.of()));
        var lensFile = dir.resolve("blog-lens.json");
        java.nio.file.Files.writeString(lensFile, dev.dynalens.domain.inference.LensCodec.toJson(lens));

        var dry = fanout(endpoint.endpoint(), table, dir.resolve("lens.jsonl"), "--dry-run", "--lens", lensFile.toString());

        assertThat(dry.exitCode()).as(dry.err()).isZero();
        assertThat(json(dry).path("steps")).hasSize(3).allSatisfy(step -> {
            assertThat(step.path("rule").asText()).isEqualTo("POST.authorName=USER.name@authorId");
            assertThat(step.path("attribute").asText()).isEqualTo("authorName");
        });
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    @Test
    void keyBasedAndNestedCopies_areRepaired_andCopiesChangedDuringTheFanoutAreNeverOverwritten(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var data = projectTasks(300, 7);
        var table = endpoint.uniqueTableName("fanout-tasks");
        loadProjectTasks(session, table, data);
        var journal = dir.resolve("tasks.jsonl");
        var dry = fanout(endpoint.endpoint(), table, journal, "--dry-run");
        assertThat(dry.exitCode()).as(dry.err()).isZero();
        var steps = FanoutJournal.read(journal).orElseThrow().plan().steps();
        assertThat(steps).hasSize(plantedStale(data));
        assertThat(steps).extracting(step -> step.copyPath().render()).containsOnly("projectTitle", "assignee.name");
        var before = snapshot(session, table);

        try (var proxy = new FaultInjectingProxy(endpoint.endpoint()).delay(Duration.ofMillis(30))) {
            var apply = java.util.concurrent.CompletableFuture.supplyAsync(
                    () -> fanout(proxy.endpoint(), table, journal, "--apply", "--concurrency", "2"));
            var deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (doneLines(journal) < 10 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            // While the fan-out runs, someone edits five copies it has not reached yet (the last five of the plan).
            var edited = new HashMap<String, AttributeValue>();
            for (int i = steps.size() - 5; i < steps.size(); i++) {
                var step = steps.get(i);
                var value = AttributeValue.s("Edited by hand " + i);
                var update = new RepairStep(step.key(), step.copyPath(), step.oldValue(), value, "hand").toUpdate(table);
                assertThat(session.write(update).get(10, TimeUnit.SECONDS).applied()).isTrue();
                edited.put(keyText(step.key()) + step.copyPath().render(), value);
            }
            var run = apply.get(2, TimeUnit.MINUTES);
            assertThat(doneLines(journal)).isEqualTo(steps.size());

            assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
            var counts = json(run).path("counts");
            assertThat(counts.path("skippedChanged").asInt()).isEqualTo(5);
            assertThat(counts.path("updated").asInt()).isEqualTo(steps.size() - 5);
            assertThat(json(run).path("notable")).allSatisfy(n -> assertThat(n.path("detail").asText()).contains("Edited by hand"));
            var expected = expected(before, steps, step -> edited.getOrDefault(keyText(step.key()) + step.copyPath().render(), step.newValue()));
            assertThat(snapshot(session, table)).isEqualTo(expected);
        }
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    @Test
    void throttlingAndServerErrors_loseNothing_andApplyEachRepairOnce(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var data = projectTasks(200, 4);
        var table = endpoint.uniqueTableName("fanout-faults");
        loadProjectTasks(session, table, data);
        var journal = dir.resolve("faults.jsonl");
        assertThat(fanout(endpoint.endpoint(), table, journal, "--dry-run").exitCode()).isZero();
        var steps = FanoutJournal.read(journal).orElseThrow().plan().steps();
        var before = snapshot(session, table);

        try (var proxy = new FaultInjectingProxy(endpoint.endpoint()).faults(0.25, 0.10)) {
            var apply = fanout(proxy.endpoint(), table, journal, "--apply", "--concurrency", "8");

            assertThat(apply.exitCode()).as(apply.err() + apply.out()).isZero();
            var counts = json(apply).path("counts");
            assertThat(counts.path("updated").asInt() + counts.path("alreadyRepaired").asInt()).isEqualTo(steps.size());
            assertThat(counts.path("failed").asInt()).isZero();
            assertThat(proxy.throttled()).isPositive();
            assertThat(proxy.serverErrors()).isPositive();
            assertThat(proxy.updatesApplied()).isEqualTo(steps.size());
        }
        assertThat(snapshot(session, table)).isEqualTo(expected(before, steps, RepairStep::newValue));
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    @Test
    void aRunKilledWithKill9_resumesFromItsJournal_andAppliesEveryRepairExactlyOnce(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var data = projectTasks(240, 3);
        var table = endpoint.uniqueTableName("fanout-kill");
        loadProjectTasks(session, table, data);
        var journal = dir.resolve("kill.jsonl");
        assertThat(fanout(endpoint.endpoint(), table, journal, "--dry-run").exitCode()).isZero();
        var steps = FanoutJournal.read(journal).orElseThrow().plan().steps();
        var before = snapshot(session, table);

        try (var proxy = new FaultInjectingProxy(endpoint.endpoint()).delay(Duration.ofMillis(40))) {
            var java = ProcessHandle.current().info().command().orElse("java");
            var child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    "-Ddynalens.config.dir=" + dir.resolve("config"), "dev.dynalens.Launcher",
                    "fanout", table, "--endpoint", proxy.endpoint().toString(), "--apply", "--journal", journal.toString(), "--concurrency", "2")
                    .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
            var deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (doneLines(journal) < 15 && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(child.isAlive()).as("the child should still be running; its log: " + Files.readString(dir.resolve("child.log"))).isTrue();
            child.destroyForcibly();   // SIGKILL on Linux: no shutdown hook, no flush
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).isEqualTo(137);
            var interrupted = FanoutJournal.read(journal).orElseThrow();
            assertThat(interrupted.settled()).isBetween(15L, (long) steps.size() - 1);

            proxy.delay(Duration.ZERO);
            var resumed = fanout(proxy.endpoint(), table, journal, "--apply", "--concurrency", "8");

            assertThat(resumed.exitCode()).as(resumed.err() + resumed.out()).isZero();
            assertThat(resumed.err()).contains("resuming the plan");
            var state = FanoutJournal.read(journal).orElseThrow();
            assertThat(state.complete()).isTrue();
            assertThat(state.count(RepairOutcome.SKIPPED_CHANGED)).isZero();
            assertThat(state.count(RepairOutcome.UPDATED) + state.count(RepairOutcome.ALREADY_REPAIRED)).isEqualTo(steps.size());
            // Counted at the wire: the endpoint applied one UpdateItem per stale copy over both runs, not one more.
            assertThat(proxy.updatesApplied()).isEqualTo(steps.size());
        }
        assertThat(snapshot(session, table)).isEqualTo(expected(before, steps, RepairStep::newValue));
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    private static long doneLines(Path journal) throws java.io.IOException {
        if (!Files.exists(journal)) {
            return 0;
        }
        try (var lines = Files.lines(journal)) {
            return lines.filter(line -> line.startsWith("{\"done\"")).count();
        }
    }
}

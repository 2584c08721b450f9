package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.change.ChangeOutcome;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.change.ChangeJournal;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.FaultInjectingProxy;
import dev.dynalens.testsupport.SampleTables;
import dev.dynalens.testsupport.TestEndpoint;
import dev.dynalens.usecase.ApplyChange;
import dev.dynalens.usecase.PlanChange;
import dev.dynalens.domain.change.ChangeFileReader;
import java.math.BigDecimal;
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
 * {@code dynalens change apply} and {@code change revert} on dynalite: exactly the planned items change (the whole table
 * compared), an item edited between plan and apply is skipped, a key change moves items and leaves no duplicate, a run
 * killed with {@code kill -9} resumes and writes each item once, the budget holds under throttling, and the revert puts
 * the table back exactly.
 */
@ExtendWith(DynamoEndpointExtension.class)
class ChangeApplyIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    /** Orders of one customer each: PK CUSTOMER#n, SK ORDER#n; every third SHIPPED; exact 38-digit totals; a GSI on GSI2PK/GSI2SK. */
    private static String loadOrders(TestEndpoint endpoint, DynamoSession session, String prefix, int count) throws Exception {
        var table = endpoint.uniqueTableName(prefix);
        var items = new ArrayList<Item>();
        for (int i = 0; i < count; i++) {
            var values = new LinkedHashMap<String, AttributeValue>();
            values.put("PK", AttributeValue.s("CUSTOMER#" + i));
            values.put("SK", AttributeValue.s("ORDER#" + String.format("%05d", i)));
            values.put("orderId", AttributeValue.s("O-" + i));
            values.put("status", AttributeValue.s(i % 3 == 0 ? "SHIPPED" : "OPEN"));
            values.put("createdAt", AttributeValue.s("2024-05-" + String.format("%02d", 1 + i % 28)));
            values.put("total", AttributeValue.n("1234567890123456789012345678901234.5" + i % 10));
            values.put("legacyFlag", AttributeValue.bool(true));
            values.put("tags", AttributeValue.ss("a", "b" + i));
            items.add(new Item(values));
        }
        var index = new IndexDescription("GSI2", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI2PK", "GSI2SK"),
                IndexDescription.Projection.ALL, List.of(), null, null, null);
        new TableLoader(session).start(LoadRequest.of(table, items).creatingTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"),
                List.of(index))), p -> { }).result().get(2, TimeUnit.MINUTES);
        return table;
    }

    private Path changeFile(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    private static Map<Map<String, AttributeValue>, Item> byKey(List<Item> items) {
        var map = new HashMap<Map<String, AttributeValue>, Item>();
        items.forEach(item -> map.put(item.key("PK", "SK"), item));
        return map;
    }

    private static JsonNode json(RealCli.Run run) throws Exception {
        return MAPPER.readTree(run.out());
    }

    @Test
    void applyWritesExactlyThePlannedItems_andRevertPutsTheTableBackExactly(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = loadOrders(endpoint, session, "change-apply", 60);
        var file = changeFile("backfill.yaml", """
                table: %s
                where:
                  condition: "status = 'SHIPPED' AND attribute_not_exists(GSI2PK)"
                set:
                  GSI2PK: "STATUS#{status}"
                  GSI2SK: "{createdAt}#{orderId}"
                remove: [legacyFlag]
                rename: {orderId: orderRef}
                """.formatted(table));
        var before = SampleTables.scan(session, table);
        var undo = dir.resolve("backfill.undo.jsonl");

        var run = RealCli.run("change", "apply", file.toString(), "--endpoint", endpoint.endpoint().toString(), "--journal",
                dir.resolve("j.jsonl").toString(), "--undo", undo.toString(), "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        var report = json(run);
        assertThat(report.path("applied").asInt()).isEqualTo(20);
        assertThat(report.path("skippedChanged").asInt()).isZero();
        var expected = byKey(before);
        for (var item : before) {
            if (item.get("status").orElseThrow().equals(AttributeValue.s("SHIPPED"))) {
                var values = new LinkedHashMap<>(item.attributes());
                values.put("GSI2PK", AttributeValue.s("STATUS#SHIPPED"));
                values.put("GSI2SK", AttributeValue.s(((AttributeValue.Str) item.get("createdAt").orElseThrow()).value() + "#"
                        + ((AttributeValue.Str) item.get("orderId").orElseThrow()).value()));
                values.remove("legacyFlag");
                values.put("orderRef", values.remove("orderId"));
                expected.put(item.key("PK", "SK"), new Item(values));
            }
        }
        assertThat(byKey(SampleTables.scan(session, table))).isEqualTo(expected);

        var reverted = RealCli.run("change", "revert", undo.toString(), "--endpoint", endpoint.endpoint().toString(), "--json");

        assertThat(reverted.exitCode()).as(reverted.err()).isZero();
        assertThat(json(reverted).path("applied").asInt()).isEqualTo(20);
        assertThat(byKey(SampleTables.scan(session, table))).isEqualTo(byKey(before));
        // a second revert finds every item put back already and writes nothing
        var again = RealCli.run("change", "revert", undo.toString(), "--endpoint", endpoint.endpoint().toString(), "--json");
        assertThat(json(again).path("alreadyApplied").asInt()).isEqualTo(20);
        assertThat(json(again).path("applied").asInt()).isZero();
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    @Test
    void anItemEditedBetweenPlanAndApply_isSkippedAndReported_neverOverwritten(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = loadOrders(endpoint, session, "change-edited", 30);
        var text = """
                table: %s
                where: {condition: "status = 'SHIPPED'"}
                set: {status: "DELIVERED"}
                """.formatted(table);
        var spec = ChangeFileReader.read(text);
        var description = session.describeTable(table).join();
        var planner = new PlanChange(session, Runnable::run);
        var plan = planner.start(spec, description, planner.cost(description).confirm(), p -> { }).result().get(1, TimeUnit.MINUTES);
        assertThat(plan.changing()).isEqualTo(10);
        // someone else ships order 3 to another status between the plan and the apply
        Map<String, AttributeValue> edited = Map.of("PK", AttributeValue.s("CUSTOMER#3"), "SK", AttributeValue.s("ORDER#00003"));
        session.write(new ItemWrite.Update(table, edited, "SET #s = :v", null, Map.of("#s", "status"), Map.<String, AttributeValue>of(":v", AttributeValue.s("RETURNED"))))
                .get(30, TimeUnit.SECONDS);

        var apply = new ApplyChange(session, ChangeSettings.DEFAULTS, WriteConfirmer.typed(null, "confirm"));
        var prepared = apply.fresh(plan, "edit.yaml", text, dir.resolve("edit.journal.jsonl"), dir.resolve("edit.undo.jsonl"));
        var report = apply.start(prepared, p -> { }).result().get(1, TimeUnit.MINUTES);

        assertThat(report.counts().applied()).isEqualTo(9);
        assertThat(report.counts().skippedChanged()).isEqualTo(1);
        assertThat(report.notable()).singleElement().satisfies(item -> {
            assertThat(item.change().key()).isEqualTo(edited);
            assertThat(item.outcome()).isEqualTo(ChangeOutcome.SKIPPED_CHANGED);
        });
        assertThat(session.getItem(table, edited, true).join().item().orElseThrow().get("status")).contains(AttributeValue.s("RETURNED"));
        var journal = ChangeJournal.read(dir.resolve("edit.journal.jsonl")).orElseThrow();
        assertThat(journal.complete()).isTrue();
        // the undo file holds the nine items written, not the one skipped
        assertThat(dev.dynalens.service.change.UndoFile.read(dir.resolve("edit.undo.jsonl")).entries()).hasSize(9);
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    @Test
    void aKeyChangeMovesEachItem_andLeavesNoDuplicate_itemByItemOnAnEndpointWithoutTransactions(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var table = loadOrders(endpoint, session, "change-move", 30);
        var file = changeFile("move.yaml", """
                table: %s
                where: {condition: "status = 'OPEN'"}
                set: {SK: "ORDER#{createdAt}#{orderId}"}
                """.formatted(table));
        var before = SampleTables.scan(session, table);
        var undo = dir.resolve("move.undo.jsonl");

        var run = RealCli.run("change", "apply", file.toString(), "--endpoint", endpoint.endpoint().toString(), "--undo", undo.toString(),
                "--journal", dir.resolve("move.journal.jsonl").toString());

        assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
        assertThat(run.out()).contains("item by item");
        var after = SampleTables.scan(session, table);
        assertThat(after).hasSameSizeAs(before);
        var expected = new HashMap<Map<String, AttributeValue>, Item>();
        for (var item : before) {
            if (item.get("status").orElseThrow().equals(AttributeValue.s("OPEN"))) {
                var moved = item.with("SK", AttributeValue.s("ORDER#" + ((AttributeValue.Str) item.get("createdAt").orElseThrow()).value()
                        + "#" + ((AttributeValue.Str) item.get("orderId").orElseThrow()).value()));
                expected.put(moved.key("PK", "SK"), moved);
            } else {
                expected.put(item.key("PK", "SK"), item);
            }
        }
        assertThat(byKey(after)).isEqualTo(expected);

        var reverted = RealCli.run("change", "revert", undo.toString(), "--endpoint", endpoint.endpoint().toString());
        assertThat(reverted.exitCode()).as(reverted.err() + reverted.out()).isZero();
        assertThat(byKey(SampleTables.scan(session, table))).isEqualTo(byKey(before));
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    @Test
    void aRunKilledWithKill9_resumesFromItsJournal_andWritesEachItemOnce(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = loadOrders(endpoint, session, "change-kill", 240);
        var file = changeFile("kill.yaml", """
                table: %s
                where: {condition: "attribute_exists(legacyFlag)"}
                set: {GSI2PK: "STATUS#{status}", GSI2SK: "{createdAt}#{orderId}"}
                """.formatted(table));
        var journal = dir.resolve("kill.journal.jsonl");
        var undo = dir.resolve("kill.undo.jsonl");
        var before = SampleTables.scan(session, table);

        try (var proxy = new FaultInjectingProxy(endpoint.endpoint()).delay(Duration.ofMillis(40))) {
            var java = ProcessHandle.current().info().command().orElse("java");
            var child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    "-Ddynalens.config.dir=" + dir.resolve("config"), "dev.dynalens.Launcher",
                    "change", "apply", file.toString(), "--endpoint", proxy.endpoint().toString(), "--journal", journal.toString(),
                    "--undo", undo.toString(), "--concurrency", "2")
                    .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
            var deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (doneLines(journal) < 15 && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(child.isAlive()).as("the child should still be running; its log: " + Files.readString(dir.resolve("child.log"))).isTrue();
            child.destroyForcibly();   // SIGKILL on Linux: no shutdown hook, no flush
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).isEqualTo(137);
            var interrupted = ChangeJournal.read(journal).orElseThrow();
            assertThat(interrupted.settled()).isBetween(15L, 239L);

            proxy.delay(Duration.ZERO);
            var resumed = RealCli.run("change", "apply", file.toString(), "--endpoint", proxy.endpoint().toString(), "--journal",
                    journal.toString(), "--concurrency", "8", "--json");

            assertThat(resumed.exitCode()).as(resumed.err() + resumed.out()).isZero();
            assertThat(resumed.err()).contains("resuming the change");
            var state = ChangeJournal.read(journal).orElseThrow();
            assertThat(state.complete()).isTrue();
            assertThat(state.outcomes().values()).extracting(ChangeJournal.Outcome::outcome)
                    .doesNotContain(ChangeOutcome.SKIPPED_CHANGED, ChangeOutcome.FAILED);
            // counted at the wire: the endpoint applied one UpdateItem per item over both runs, not one more
            assertThat(proxy.updatesApplied()).isEqualTo(240);
        }
        var after = byKey(SampleTables.scan(session, table));
        assertThat(after).hasSize(240);
        for (var item : before) {
            var now = after.get(item.key("PK", "SK"));
            assertThat(now.get("GSI2PK")).contains(AttributeValue.s("STATUS#" + ((AttributeValue.Str) item.get("status").orElseThrow()).value()));
            assertThat(now.get("total")).isEqualTo(item.get("total"));
        }
        // every item written is in the undo file, including those of the killed run
        assertThat(dev.dynalens.service.change.UndoFile.read(undo).entries()).hasSize(240);
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    @Test
    void underThrottlingTheBudgetHolds_andEveryItemIsWritten(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = loadOrders(endpoint, session, "change-budget", 150);
        var file = changeFile("budget.yaml", """
                table: %s
                where: {condition: "attribute_exists(legacyFlag)"}
                remove: [legacyFlag]
                """.formatted(table));
        try (var proxy = new FaultInjectingProxy(endpoint.endpoint()).faults(0.2, 0).onlyFor("UpdateItem")) {
            var run = RealCli.run("change", "apply", file.toString(), "--endpoint", proxy.endpoint().toString(), "--journal",
                    dir.resolve("budget.journal.jsonl").toString(), "--max-wcu-per-second", "100", "--json");

            assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
            var report = json(run);
            assertThat(report.path("applied").asInt()).isEqualTo(150);
            assertThat(proxy.throttled()).isPositive();
            // each item is 1 WCU: 150 units at 100 per second cannot take less than the 149 that follow the first at that pace
            var units = new BigDecimal(report.path("writeUnits").asText());
            assertThat(units).isEqualByComparingTo("150");
            assertThat(report.path("seconds").asDouble()).isGreaterThanOrEqualTo(1.49);
        }
        assertThat(SampleTables.scan(session, table)).allSatisfy(item -> assertThat(item.has("legacyFlag")).isFalse());
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    @Test
    void aReadOnlyConnectionRefuses_andProductionNeedsTheTableName_beforeAnythingIsReadOrWritten(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var table = loadOrders(endpoint, session, "change-guard", 6);
        var file = changeFile("guard.yaml", """
                table: %s
                where: {condition: "attribute_exists(legacyFlag)"}
                remove: [legacyFlag]
                """.formatted(table));
        var before = SampleTables.scan(session, table);
        try (var proxy = new dev.dynalens.testsupport.RecordingProxy(endpoint.endpoint())) {
            var readOnly = ConnectionProfile.create("ro", new CredentialsSource.LocalPlaceholder(), "us-east-1", proxy.endpoint(), true,
                    ConnectionTag.NONE);
            var prod = ConnectionProfile.create("prod", new CredentialsSource.LocalPlaceholder(), "us-east-1", proxy.endpoint(), false,
                    ConnectionTag.PRODUCTION);

            var refusedReadOnly = RealCli.runWithSaved(readOnly, "change", "apply", file.toString(), "--connection", "ro");
            var refusedProd = RealCli.runWithSaved(prod, "change", "apply", file.toString(), "--connection", "prod", "--confirm-read");
            var revertRefused = RealCli.runWithSaved(readOnly, "change", "revert", dir.resolve("none.jsonl").toString(), "--connection", "ro");

            assertThat(refusedReadOnly.exitCode()).isNotZero();
            assertThat(refusedReadOnly.err()).contains("read-only").contains("nothing was read or written");
            assertThat(refusedProd.exitCode()).isNotZero();
            assertThat(refusedProd.err()).contains("--confirm-table " + table);
            assertThat(revertRefused.exitCode()).isNotZero();
            assertThat(proxy.received()).extracting(dev.dynalens.testsupport.RecordingProxy.Received::operation)
                    .doesNotContain("Scan", "Query", "GetItem", "UpdateItem", "PutItem", "DeleteItem", "BatchWriteItem");

            var confirmed = RealCli.runWithSaved(prod, "change", "apply", file.toString(), "--connection", "prod", "--confirm-read",
                    "--confirm-table", table, "--journal", dir.resolve("guard.journal.jsonl").toString(), "--json");
            assertThat(confirmed.exitCode()).as(confirmed.err()).isZero();
            assertThat(json(confirmed).path("applied").asInt()).isEqualTo(6);
        }
        assertThat(SampleTables.scan(session, table)).hasSameSizeAs(before).allSatisfy(item -> assertThat(item.has("legacyFlag")).isFalse());
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

package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.RepairStep;
import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.staleness.TrackerData;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.fanout.FanoutJournal;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.CountingSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import dev.dynalens.usecase.FindStaleCopies;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every reference shape on dynalite ({@link TrackerData}, through the SDK): {@code dynalens stale} infers every rule and
 * finds exactly the planted stale copies and orphans in one read whose cost it says first, {@code dynalens fanout}
 * repairs exactly those and nothing else; the read sends one Scan request per segment, once; a production table is
 * read only with {@code --confirm-read}.
 */
@ExtendWith(DynamoEndpointExtension.class)
class StaleShapesIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private static String loadTracker(TestEndpoint endpoint, DynamoSession session, String prefix) throws Exception {
        var table = endpoint.uniqueTableName(prefix);
        var gsi = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, TrackerData.KEYS.indexes().get("GSI1"),
                IndexDescription.Projection.ALL, List.of(), null, null, null);
        var report = new TableLoader(session).start(LoadRequest.of(table, TrackerData.of(1).items())
                .creatingTable(new CreateTableSpec(table, TrackerData.KEYS.keySchema(), List.of(gsi))), p -> { }).result().get(2, TimeUnit.MINUTES);
        assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.COMPLETED);
        return table;
    }

    private static Map<String, Item> snapshot(DynamoSession session, String table) {
        var items = new HashMap<String, Item>();
        ReadRequest request = new ReadRequest.Scan(table, null, null, null);
        while (request != null) {
            var page = session.read(request).join();
            page.items().forEach(item -> items.put(keyText(item.attributes()), item));
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
        }
        return items;
    }

    private static String keyText(Map<String, AttributeValue> key) {
        return DynamoJsonCodec.writeValue(key.get("PK")) + DynamoJsonCodec.writeValue(key.get("SK"));
    }

    private static Set<String> findings(JsonNode array) {
        var found = new TreeSet<String>();
        array.forEach(f -> found.add(f.path("key").path("PK").asText() + " / " + f.path("key").path("SK").asText() + " "
                + f.path("attribute").asText()));
        return found;
    }

    private static Set<String> rules(JsonNode json) {
        var found = new TreeSet<String>();
        json.path("rules").forEach(rule -> found.add(rule.path("copy").path("entity").asText() + "." + rule.path("copy").path("attribute").asText()
                + "=" + rule.path("source").path("entity").asText() + "." + rule.path("source").path("attribute").asText() + "@"
                + rule.path("reference").asText()));
        return found;
    }

    @Test
    void everyShape_isInferred_detectedExactly_andTheFanoutRepairsExactlyThePlantedCopies(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var table = loadTracker(endpoint, session, "stale-shapes");
        var data = TrackerData.of(1);
        try {
            var stale = RealCli.run("stale", table, "--endpoint", endpoint.endpoint().toString(), "--json");

            assertThat(stale.exitCode()).as(stale.err()).isZero();
            var json = MAPPER.readTree(stale.out());
            assertThat(rules(json)).containsExactlyInAnyOrderElementsOf(TrackerData.RULES);
            assertThat(findings(json.path("staleCopies"))).containsExactlyInAnyOrderElementsOf(TrackerData.keys(data.stale()));
            assertThat(findings(json.path("orphanCopies"))).containsExactlyInAnyOrderElementsOf(TrackerData.keys(data.orphans()));
            // The cost first, on stderr (dynalite never updates a table's size, so a local endpoint gets its two
            // segments); then what the one read took, as reported: a request per segment, the table fitting a page.
            assertThat(stale.err()).contains("dynalens: Reads " + table + " once: an unknown number of read units")
                    .contains("in 2 parallel segments")
                    .containsPattern("dynalens: read " + table + ": 2 requests, [0-9.]+ read units consumed");
            assertThat(stale.err().indexOf("Reads " + table)).isLessThan(stale.err().indexOf("read " + table + ":"));
            assertThat(json.path("read").path("requests").asInt()).isEqualTo(2);
            assertThat(json.path("read").path("consumedReadUnits").asDouble()).isPositive();

            var before = snapshot(session, table);
            var journal = dir.resolve("tracker.jsonl");
            var apply = RealCli.run("fanout", table, "--endpoint", endpoint.endpoint().toString(), "--apply", "--journal", journal.toString(),
                    "--json");

            assertThat(apply.exitCode()).as(apply.err() + apply.out()).isZero();
            var steps = FanoutJournal.read(journal).orElseThrow().plan().steps();
            assertThat(steps).extracting(step -> DynamoJsonCodec.writeValue(step.key().get("PK")) + " " + step.copyPath().render())
                    .hasSize(data.stale().size());
            var expected = new HashMap<>(before);
            for (RepairStep step : steps) {
                var key = keyText(step.key());
                expected.put(key, FanoutIT.withValue(expected.get(key), step.copyPath(), step.newValue()));
            }
            assertThat(snapshot(session, table)).isEqualTo(expected);

            var again = MAPPER.readTree(RealCli.run("stale", table, "--endpoint", endpoint.endpoint().toString(), "--json").out());
            assertThat(again.path("staleCopies")).isEmpty();
            assertThat(findings(again.path("orphanCopies"))).containsExactlyInAnyOrderElementsOf(TrackerData.keys(data.orphans()));
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void inferenceAndDetection_sendOneScanRequestPerSegment_once(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = loadTracker(endpoint, session, "stale-count");
        try {
            var answers = new ArrayList<List<String>>();
            for (int segments : List.of(1, 4)) {
                var counting = new CountingSession(session);
                var settings = FindStaleCopies.Settings.defaults().withSegments(segments).withSpillDirectory(dir);
                var detection = new FindStaleCopies(counting, task -> Thread.ofVirtual().start(task), settings, null)
                        .start(table, RuleChoice.INFERRED, 1_000, f -> { }, p -> { }).result().get(60, TimeUnit.SECONDS);

                // The table is far below 1 MB: each segment is one page, read once; nothing else is read.
                assertThat(counting.reads).hasSize(segments).allMatch(r -> r instanceof ReadRequest.Scan && r.exclusiveStartKey() == null);
                if (segments > 1) {
                    assertThat(counting.reads).extracting(r -> ((ReadRequest.Scan) r).segment().index())
                            .containsExactlyInAnyOrder(0, 1, 2, 3);
                }
                assertThat(counting.describes.get()).isEqualTo(1);
                assertThat(detection.read().requests()).isEqualTo(segments);
                assertThat(detection.report().rules()).hasSize(TrackerData.RULES.size());
                answers.add(detection.report().staleCopies().stream().map(s -> keyText(s.key()) + s.attribute()).sorted().toList());
            }
            assertThat(answers.get(1)).isEqualTo(answers.get(0));
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aProductionTable_isReadOnlyWithConfirmRead_theCostSaidFirst(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = loadTracker(endpoint, session, "stale-prod");
        var prod = ConnectionProfile.create("prod", new CredentialsSource.LocalPlaceholder(), "us-east-1", endpoint.endpoint(), false,
                ConnectionTag.PRODUCTION);
        try {
            var refused = RealCli.runWithSaved(prod, "stale", table, "--connection", "prod", "--json");

            assertThat(refused.exitCode()).isEqualTo(DynaLensCli.USAGE);
            assertThat(refused.out()).isEmpty();
            assertThat(refused.err()).contains("dynalens: Reads " + table + " once:")
                    .contains(table + " is on a connection tagged production: run again with --confirm-read to read it (nothing was read)");

            var dryRun = RealCli.runWithSaved(prod, "fanout", table, "--connection", "prod", "--dry-run", "--journal",
                    dir.resolve("prod.jsonl").toString());
            assertThat(dryRun.exitCode()).isEqualTo(DynaLensCli.USAGE);
            assertThat(dir.resolve("prod.jsonl")).doesNotExist();

            var confirmed = RealCli.runWithSaved(prod, "stale", table, "--connection", "prod", "--confirm-read", "--json");
            assertThat(confirmed.exitCode()).as(confirmed.err()).isZero();
            assertThat(MAPPER.readTree(confirmed.out()).path("staleCopies")).hasSize(TrackerData.of(1).stale().size());
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }
}

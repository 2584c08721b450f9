package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.staleness.TrackerData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every reference shape from files ({@link TrackerData} as DynamoDB JSON lines): read straight through, or as a workspace. */
class StaleCommandShapesTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private static StaleCommandTest.Run run(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var context = new CliContext(profile -> {
            throw new AssertionError("a file needs no connection");
        }, RealCli.noSavedConnections(), RealCli.noProfiles(), Map.of(), new PrintWriter(out), new PrintWriter(err));
        return new StaleCommandTest.Run(DynaLensCli.execute(context, args), out.toString(), err.toString());
    }

    private Path trackerFile() throws Exception {
        var file = dir.resolve("Tracker.jsonl");
        var lines = new StringBuilder();
        for (var item : TrackerData.of(1).items()) {
            lines.append("{\"Item\":").append(DynamoJsonCodec.writeItem(item)).append("}\n");
        }
        Files.writeString(file, lines);
        return file;
    }

    private static Set<String> findings(JsonNode array) {
        var found = new TreeSet<String>();
        array.forEach(f -> found.add(f.path("key").path("PK").asText() + " / " + f.path("key").path("SK").asText() + " "
                + f.path("attribute").asText()));
        return found;
    }

    private static void assertTrackerFindings(JsonNode json) {
        var data = TrackerData.of(1);
        var rules = new TreeSet<String>();
        json.path("rules").forEach(rule -> rules.add(rule.path("copy").path("entity").asText() + "." + rule.path("copy").path("attribute").asText()
                + "=" + rule.path("source").path("entity").asText() + "." + rule.path("source").path("attribute").asText() + "@"
                + rule.path("reference").asText()));
        assertThat(rules).containsExactlyInAnyOrderElementsOf(TrackerData.RULES);
        assertThat(findings(json.path("staleCopies"))).containsExactlyInAnyOrderElementsOf(TrackerData.keys(data.stale()));
        assertThat(findings(json.path("orphanCopies"))).containsExactlyInAnyOrderElementsOf(TrackerData.keys(data.orphans()));
    }

    @Test
    void aJsonLinesExport_readStraightThrough_findsEveryShapesPlantedCopies() throws Exception {
        var result = run("stale", "--file", trackerFile().toString(), "--key-schema", "PK,SK", "--gsi", "GSI1=GSI1PK,GSI1SK", "--json");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertTrackerFindings(result.json());
    }

    @Test
    void theSameFile_asAWorkspace_findsTheSame_inParallelSegments() throws Exception {
        var file = trackerFile();
        // Naming the file's table opens it as a workspace, which is read in segments.
        var result = run("stale", "--file", file.toString(), "--table", "Tracker", "--key-schema", "PK,SK", "--gsi", "GSI1=GSI1PK,GSI1SK",
                "--segments", "3", "--json");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertTrackerFindings(result.json());
        assertThat(result.json().path("read").path("segments").asInt()).isEqualTo(3);
        assertThat(result.json().path("read").path("requests").asInt()).isEqualTo(3);
    }

    @Test
    void theFanoutsDryRun_plansARepairOfEveryShapesStaleCopy() throws Exception {
        var journal = dir.resolve("plan.jsonl");
        var result = run("fanout", "--file", trackerFile().toString(), "--key-schema", "PK,SK", "--gsi", "GSI1=GSI1PK,GSI1SK", "--dry-run",
                "--journal", journal.toString(), "--json");

        assertThat(result.exitCode()).as(result.err()).isZero();
        var steps = result.json().path("steps");
        var planned = new TreeSet<String>();
        steps.forEach(step -> planned.add(step.path("rule").asText()));
        assertThat(steps).hasSize(TrackerData.of(1).stale().size());
        assertThat(planned).containsExactlyInAnyOrderElementsOf(TrackerData.RULES);
    }
}

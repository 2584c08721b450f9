package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.RepairStep;
import dev.dynalens.export.ExportFormat;
import dev.dynalens.export.fixtures.ExportWriter;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.fanout.FanoutJournal;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.SampleTables;
import dev.dynalens.testsupport.RecordingProxy;
import dev.dynalens.testsupport.TestEndpoint;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stale} and {@code fanout} with {@code --export} on dynalite: the stale copies are found in the export (the live
 * table is not scanned: DescribeTable only), and the repair writes to the live table, each update conditional on the
 * value the export saw, so a copy changed since the export is skipped and reported, never overwritten. (DescribeTable, and the
 * DescribeTimeToLive the port sends with it, are the only requests before the writes.)
 */
@ExtendWith(DynamoEndpointExtension.class)
class FanoutFromExportIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;


    private static String keyText(Map<String, AttributeValue> key) {
        return DynamoJsonCodec.writeValue(key.get("PK")) + DynamoJsonCodec.writeValue(key.get("SK"));
    }

    @Test
    void theRepairPlannedFromTheExportSkipsACopyChangedSince(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = SampleTables.loadBlog(endpoint, session, "export-blog");
        var export = new ExportWriter(dir.resolve("bucket"), "", table).full("01764000000000-blog0001", ExportFormat.DYNAMODB_JSON,
                SampleTables.scan(session, table), 3, Instant.parse("2026-11-30T10:00:00Z"));
        var journal = dir.resolve("journal.jsonl");

        try (var proxy = new RecordingProxy(endpoint.endpoint())) {
            var dry = RealCli.run("fanout", table, "--endpoint", proxy.endpoint().toString(), "--export", export.toString(),
                    "--journal", journal.toString(), "--dry-run", "--json");
            assertThat(dry.exitCode()).as(dry.err()).isZero();
            assertThat(MAPPER.readTree(dry.out()).path("steps")).hasSize(6);
            assertThat(proxy.received()).extracting(RecordingProxy.Received::operation).containsOnly("DescribeTable", "DescribeTimeToLive");
        }
        // After the export, someone sets one of the planned copies by hand.
        var steps = FanoutJournal.read(journal).orElseThrow().plan().steps();
        var changed = steps.get(0);
        var byHand = AttributeValue.s("Set by hand after the export");
        assertThat(session.write(new RepairStep(changed.key(), changed.copyPath(), changed.oldValue(), byHand, "hand").toUpdate(table))
                .get(10, TimeUnit.SECONDS).applied()).isTrue();
        var before = new HashMap<String, Item>();
        SampleTables.scan(session, table).forEach(item -> before.put(keyText(item.attributes()), item));

        var apply = RealCli.run("fanout", table, "--endpoint", endpoint.endpoint().toString(), "--export", export.toString(),
                "--journal", journal.toString(), "--apply", "--json");

        assertThat(apply.exitCode()).as(apply.err() + apply.out()).isZero();
        var counts = MAPPER.readTree(apply.out()).path("counts");
        assertThat(counts.path("updated").asInt()).isEqualTo(5);
        assertThat(counts.path("skippedChanged").asInt()).isEqualTo(1);
        var after = new HashMap<String, Item>();
        SampleTables.scan(session, table).forEach(item -> after.put(keyText(item.attributes()), item));
        var expected = new HashMap<>(before);
        for (var step : steps.subList(1, steps.size())) {
            var key = keyText(step.key());
            expected.put(key, FanoutIT.withValue(expected.get(key), step.copyPath(), step.newValue()));
        }
        assertThat(after).isEqualTo(expected);
        assertThat(FanoutIT.withValue(after.get(keyText(changed.key())), changed.copyPath(), byHand))
                .isEqualTo(after.get(keyText(changed.key())));
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }
}

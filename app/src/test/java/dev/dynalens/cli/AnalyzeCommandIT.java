package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** `dynalens analyze TABLE --endpoint …` scans a live table and finds what the same items in a file give. */
@ExtendWith(DynamoEndpointExtension.class)
class AnalyzeCommandIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private static RealCli.Run run(String... args) {
        return RealCli.run(args);
    }

    @Test
    void aLiveTable_givesTheAnalysisItsItemsGiveFromAFile(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("analyze");
        var gsi1 = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"),
                IndexDescription.Projection.ALL, List.of(), null, null, null);
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of(gsi1))).get(60, TimeUnit.SECONDS);
        var items = AnalyzeCommandTest.DESIGN.lines().map(line -> DynamoJsonCodec.readItem(line.substring(8, line.length() - 1))).toList();
        assertThat(session.batchPut(table, items).get(30, TimeUnit.SECONDS)).isEmpty();
        var file = dir.resolve("design.jsonl");
        Files.writeString(file, AnalyzeCommandTest.DESIGN);

        var live = run("analyze", table, "--endpoint", endpoint.endpoint().toString(), "--json", "--assignments");
        var offline = run("analyze", "--file", file.toString(), "--key-schema", "PK,SK", "--gsi", "GSI1=GSI1PK,GSI1SK", "--json", "--assignments");

        assertThat(live.exitCode()).as(live.err()).isZero();
        assertThat(offline.exitCode()).as(offline.err()).isZero();
        var liveJson = (ObjectNode) MAPPER.readTree(live.out());
        var offlineJson = (ObjectNode) MAPPER.readTree(offline.out());
        assertThat(liveJson.path("table").asText()).isEqualTo(table);
        assertThat(liveJson.path("itemCount").asLong()).isEqualTo(11);
        // The scan order differs (the endpoint's hash order against the file's order); what inference makes of it does not.
        for (var field : List.of("keySchema", "indexes", "relationships")) {
            assertThat(liveJson.get(field)).as(field).isEqualTo(offlineJson.get(field));
        }
        assertThat(set(liveJson.get("entities"))).isEqualTo(set(offlineJson.get("entities")));
        assertThat(set(liveJson.get("assignments"))).isEqualTo(set(offlineJson.get("assignments")));
        assertThat(liveJson.path("relationships").get(0).path("missingReverse"))
                .isEqualTo(MAPPER.readTree("[{\"PK\": \"USER#2\", \"SK\": \"TEAM#8\"}]"));
    }

    @Test
    void aMissingTable_failsWithExitCodeOne(TestEndpoint endpoint) {
        var result = run("analyze", "NoSuchTable", "--endpoint", endpoint.endpoint().toString());
        assertThat(result.exitCode()).isEqualTo(DynaLensCli.FAILED);
        assertThat(result.err()).contains("NoSuchTable");
    }

    private static HashSet<JsonNode> set(JsonNode array) {
        var set = new HashSet<JsonNode>();
        array.forEach(set::add);
        return set;
    }
}

package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.IndexCreatingRelay;
import dev.dynalens.testsupport.SampleTables;
import dev.dynalens.testsupport.TestEndpoint;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dynalens change add-index} on dynalite, the index's creation played by {@link IndexCreatingRelay} (dynalite 4.0.0
 * does not make an index UpdateTable asks for): {@code --plan-only} writes nothing; the run backfills, waits until ACTIVE
 * and proves the pattern, each in its JSON.
 */
@ExtendWith(DynamoEndpointExtension.class)
class ChangeAddIndexIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void planOnly_writesNothing_andTheRun_backfillsCreatesAndProves(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var gsi2 = new IndexDescription("GSI2", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI2PK", "GSI2SK"), IndexDescription.Projection.ALL,
                List.of(), null, null, null);
        var table = SampleTables.loadBlog(endpoint, session, "add-index-cli", List.of(gsi2));
        var before = SampleTables.scan(session, table);
        var changeFile = dir.resolve("comments.add-index.yaml");
        try (var relay = new IndexCreatingRelay(endpoint.endpoint(), "GSI2", 1)) {
            var args = List.of("change", "add-index", table, "--entity", "COMMENT", "--equals", "commenterId", "--sort-by", "createdAt",
                    "--descending", "--pattern", "commentsOfAUser", "--endpoint", relay.endpoint().toString(), "--change-file",
                    changeFile.toString(), "--json");

            var planned = RealCli.run(concat(args, "--plan-only"));

            assertThat(planned.exitCode()).as(planned.err()).isZero();
            var plan = MAPPER.readTree(planned.out());
            assertThat(plan.path("index").path("name").asText()).isEqualTo("GSI2");
            assertThat(plan.path("index").path("partitionTemplate").asText()).isEqualTo("COMMENTER#{commenterId}");
            assertThat(plan.path("index").path("sortTemplate").asText()).isEqualTo("{createdAt}");
            assertThat(plan.path("keyCondition").asText()).isEqualTo("GSI2PK = :pk");
            assertThat(plan.path("scanIndexForward").asBoolean()).isFalse();
            long comments = before.stream().filter(item -> item.get("SK").orElseThrow().toString().contains("COMMENT#")).count();
            assertThat(plan.path("backfill").path("items").asLong()).isEqualTo(comments).isPositive();
            assertThat(plan.path("backfill").path("writeUnits").asLong()).isEqualTo(2 * comments);
            assertThat(plan.path("written").asBoolean()).isFalse();
            assertThat(relay.operations()).doesNotContain("UpdateTable", "UpdateItem");
            assertThat(SampleTables.scan(session, table)).containsExactlyInAnyOrderElementsOf(before);

            var run = RealCli.run(args.toArray(String[]::new));

            assertThat(run.exitCode()).as(run.err()).isZero();
            var report = MAPPER.readTree(run.out());
            assertThat(report.path("backfill").path("run").path("applied").asLong()).isEqualTo(comments);
            assertThat(report.path("indexStatus").asText()).isEqualTo("ACTIVE");
            assertThat(report.path("proof").path("passed").asBoolean()).isTrue();
            assertThat(report.path("proof").path("runs")).hasSize(3);
            assertThat(run.err()).contains("Create the index: GSI2 CREATING, backfilling");
            assertThat(changeFile).exists();
        }
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    private static String[] concat(List<String> args, String more) {
        var all = new java.util.ArrayList<>(args);
        all.add(more);
        return all.toArray(String[]::new);
    }
}

package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.SampleTables;
import dev.dynalens.testsupport.RecordingProxy;
import dev.dynalens.testsupport.TestEndpoint;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code dynalens change plan} on dynalite: the counts are exact, the table is read once, and nothing is written. */
@ExtendWith(DynamoEndpointExtension.class)
class ChangePlanIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;


    @Test
    void aBackfillsPlanCountsExactly_readsTheTableOnce_andWritesNothing(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = SampleTables.loadBlog(endpoint, session, "change-plan");
        var file = Files.writeString(dir.resolve("backfill.yaml"), """
                table: %s
                where:
                  entity: POST
                  condition: "readingMinutes > 5"
                set: {GSI9PK: "AUTHOR#{authorId}"}
                """.formatted(table));
        var before = SampleTables.scan(session, table);
        var expected = before.stream().filter(item -> item.get("SK").equals(java.util.Optional.of(AttributeValue.s("METADATA")))
                        && ((AttributeValue.Str) item.get("PK").orElseThrow()).value().startsWith("POST#")
                        && ((AttributeValue.Num) item.get("readingMinutes").orElseThrow()).value().toBigDecimal().compareTo(BigDecimal.valueOf(5)) > 0)
                .count();

        try (var proxy = new RecordingProxy(endpoint.endpoint())) {
            var run = RealCli.run("change", "plan", file.toString(), "--endpoint", proxy.endpoint().toString(), "--json");

            assertThat(run.exitCode()).as(run.err()).isZero();
            var plan = MAPPER.readTree(run.out());
            assertThat(expected).isPositive();
            assertThat(plan.path("selected").asLong()).isEqualTo(expected);
            assertThat(plan.path("counts").path("update").asLong()).isEqualTo(expected);
            assertThat(plan.path("itemsRead").asLong()).isEqualTo(before.size());
            assertThat(proxy.received()).extracting(RecordingProxy.Received::operation)
                    .containsOnly("DescribeTable", "DescribeTimeToLive", "Scan");
            assertThat(proxy.received().stream().filter(r -> r.operation().equals("Scan")).count()).isEqualTo(1);
        }
        assertThat(SampleTables.scan(session, table)).containsExactlyInAnyOrderElementsOf(before);
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    /** Without an entity type, a condition that pins the key is read as the SQL workbench reads it: a Query, no Scan. */
    @Test
    void aConditionPinningThePartitionKey_isReadWithAQuery_notAScan(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = SampleTables.loadBlog(endpoint, session, "change-keyed");
        var before = SampleTables.scan(session, table);
        var post = before.stream().filter(item -> ((AttributeValue.Str) item.get("PK").orElseThrow()).value().startsWith("POST#"))
                .findFirst().orElseThrow();
        var pk = ((AttributeValue.Str) post.get("PK").orElseThrow()).value();
        var expected = before.stream().filter(item -> item.get("PK").orElseThrow().equals(AttributeValue.s(pk))).count();
        var file = Files.writeString(dir.resolve("keyed.yaml"), """
                table: %s
                where: {condition: "PK = '%s'"}
                set: {touched: "yes"}
                """.formatted(table, pk));

        try (var proxy = new RecordingProxy(endpoint.endpoint())) {
            var run = RealCli.run("change", "plan", file.toString(), "--endpoint", proxy.endpoint().toString(), "--json");

            assertThat(run.exitCode()).as(run.err()).isZero();
            var plan = MAPPER.readTree(run.out());
            assertThat(plan.path("selected").asLong()).isEqualTo(expected).isPositive();
            assertThat(plan.path("counts").path("update").asLong()).isEqualTo(expected);
            assertThat(plan.path("readCost").asText()).startsWith("Reads only what the condition's key pins: 1 Query");
            assertThat(proxy.received()).extracting(RecordingProxy.Received::operation).contains("Query").doesNotContain("Scan");
        }
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }
}

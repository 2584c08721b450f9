package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.RecordingProxy;
import dev.dynalens.testsupport.TestEndpoint;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    private static List<Item> scan(DynamoSession session, String table) {
        var items = new ArrayList<Item>();
        ReadRequest request = new ReadRequest.Scan(table, null, null, null);
        while (request != null) {
            var page = session.read(request).join();
            items.addAll(page.items());
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
        }
        return items;
    }

    @Test
    void aBackfillsPlanCountsExactly_readsTheTableOnce_andWritesNothing(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var sample = SampleModels.load(SampleModels.BLOG);
        var table = endpoint.uniqueTableName("change-plan");
        var indexes = sample.keys().indexes().entrySet().stream().map(index -> new IndexDescription(index.getKey(),
                IndexDescription.Kind.GLOBAL, index.getValue(), IndexDescription.Projection.ALL, List.of(), null, null, null)).toList();
        var report = new TableLoader(session).start(LoadRequest.of(table, sample.items())
                .creatingTable(new CreateTableSpec(table, sample.keys().keySchema(), indexes)), p -> { }).result().get(2, TimeUnit.MINUTES);
        assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.COMPLETED);
        var file = Files.writeString(dir.resolve("backfill.yaml"), """
                table: %s
                where:
                  entity: POST
                  condition: "readingMinutes > 5"
                set: {GSI9PK: "AUTHOR#{authorId}"}
                """.formatted(table));
        var before = scan(session, table);
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
        assertThat(scan(session, table)).containsExactlyInAnyOrderElementsOf(before);
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }
}

package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.RecordingProxy;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** `dynalens stale TABLE --endpoint …` on samples/blog.json loaded into a live table finds what the file gives. */
@ExtendWith(DynamoEndpointExtension.class)
class StaleCommandIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static RealCli.Run run(String... args) {
        return RealCli.run(args);
    }

    @Test
    void theBlogSampleLoadedIntoATable_givesExactlyThePlantedStaleCopiesAndOrphans(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var sample = SampleModels.load(SampleModels.BLOG);
        var table = endpoint.uniqueTableName("stale");
        var indexes = sample.keys().indexes().entrySet().stream().map(index -> new IndexDescription(index.getKey(),
                IndexDescription.Kind.GLOBAL, index.getValue(), IndexDescription.Projection.ALL, List.of(), null, null, null)).toList();
        var report = new TableLoader(session)
                .start(LoadRequest.of(table, sample.items()).creatingTable(new CreateTableSpec(table, sample.keys().keySchema(), indexes)), p -> { })
                .result().get(2, TimeUnit.MINUTES);
        try {
            assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.COMPLETED);

            var inferred = run("stale", table, "--endpoint", endpoint.endpoint().toString(), "--json");
            assertThat(inferred.exitCode()).as(inferred.err()).isZero();
            StaleCommandTest.assertBlogFindings(MAPPER.readTree(inferred.out()), true);

            var confirmed = run("stale", table, "--endpoint", endpoint.endpoint().toString(), "--json",
                    "--rule", "POST.authorName=USER.name@authorId", "--rule", "COMMENT.commenterName=USER.name@commenterId",
                    "--rule", "TAG→POST.author.name=USER.name@author.id");
            assertThat(confirmed.exitCode()).as(confirmed.err()).isZero();
            StaleCommandTest.assertBlogFindings(MAPPER.readTree(confirmed.out()), false);
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }

    /**
     * Issue 28: {@code --segments 1000000} on a 203-item table sent 265,292 Scans and grew to 6.4 GB. The segments are
     * bounded by what the table can use (dynalite says 0 bytes: the size is unknown, so 16), and stderr says so.
     */
    @Test
    void segmentsBeyondWhatTheTableCanUse_areBounded_andSaidSo(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var sample = SampleModels.load(SampleModels.BLOG);
        var table = endpoint.uniqueTableName("stale-segments");
        var report = new TableLoader(session).start(LoadRequest.of(table, sample.items())
                .creatingTable(new CreateTableSpec(table, sample.keys().keySchema(), List.of())), p -> { }).result().get(2, TimeUnit.MINUTES);
        try (var proxy = new RecordingProxy(endpoint.endpoint())) {
            assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.COMPLETED);

            for (var asked : List.of("1000", "1000000")) {
                proxy.clear();
                var result = run("stale", table, "--endpoint", proxy.endpoint().toString(), "--segments", asked, "--json");

                assertThat(result.exitCode()).as(result.err()).isZero();
                var scans = proxy.received().stream().filter(r -> r.operation().equals("Scan")).toList();
                // 88 items, far below a page: each of the 16 segments is one Scan.
                assertThat(scans).hasSize(16).allSatisfy(scan -> assertThat(scan.body().path("TotalSegments").asInt()).isEqualTo(16));
                assertThat(result.err()).contains("dynalens: --segments " + asked + ": DescribeTable does not know " + table
                        + "'s size (it says 0 bytes), so it is read in 16 segments, the most for a table of unknown size");
                var json = MAPPER.readTree(result.out());
                assertThat(json.path("read").path("segments").asInt()).isEqualTo(16);
                StaleCommandTest.assertBlogFindings(json, true);
            }
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aMissingTable_failsWithExitCodeOne(TestEndpoint endpoint) {
        var result = run("stale", "NoSuchTable", "--endpoint", endpoint.endpoint().toString());
        assertThat(result.exitCode()).isEqualTo(DynaLensCli.FAILED);
        assertThat(result.err()).contains("NoSuchTable");
    }
}

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

    @Test
    void aMissingTable_failsWithExitCodeOne(TestEndpoint endpoint) {
        var result = run("stale", "NoSuchTable", "--endpoint", endpoint.endpoint().toString());
        assertThat(result.exitCode()).isEqualTo(DynaLensCli.FAILED);
        assertThat(result.err()).contains("NoSuchTable");
    }
}

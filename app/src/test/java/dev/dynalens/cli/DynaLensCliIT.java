package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The CLI over the real AWS adapter against the test endpoint: what a script would see. */
@ExtendWith(DynamoEndpointExtension.class)
class DynaLensCliIT {
    private static String table;
    private static final String BIG = "98765432109876543210.987654321098765432";

    @BeforeAll
    static void seed(TestEndpoint endpoint, DynamoSession session) throws Exception {
        table = endpoint.uniqueTableName("CliIT");
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of(new IndexDescription("GSI1",
                IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"), IndexDescription.Projection.ALL, List.of(),
                null, null, null)))).get(30, TimeUnit.SECONDS);
        for (int i = 0; i < 25; i++) {
            var attributes = new LinkedHashMap<String, AttributeValue>();
            attributes.put("PK", AttributeValue.s("CUSTOMER#1"));
            attributes.put("SK", AttributeValue.s(String.format("ORDER#%03d", i)));
            attributes.put("GSI1PK", AttributeValue.s(i % 2 == 0 ? "STATUS#OPEN" : "STATUS#SHIPPED"));
            attributes.put("GSI1SK", AttributeValue.s(String.format("2024-%02d", i % 12 + 1)));
            attributes.put("total", AttributeValue.n(BIG));
            attributes.put("codes", AttributeValue.ns("1", "2.5"));
            session.putItem(table, new Item(attributes)).get(10, TimeUnit.SECONDS);
        }
    }

    private static RealCli.Run run(String... args) {
        return RealCli.run(args);
    }

    @Test
    void tablesDescribeScanAndQuery_againstTheEndpoint(TestEndpoint endpoint) throws Exception {
        var url = endpoint.endpoint().toString();

        var tables = run("tables", "--endpoint", url, "--json");
        assertThat(tables.exitCode()).isZero();
        assertThat(new ObjectMapper().readTree(tables.out()).path("tables").toString()).contains(table);

        var describe = new ObjectMapper().readTree(run("describe", table, "--endpoint", url, "--json").out());
        assertThat(describe.path("keySchema").path("sortKey").asText()).isEqualTo("SK");
        assertThat(describe.path("globalSecondaryIndexes").get(0).path("name").asText()).isEqualTo("GSI1");

        var scan = run("scan", table, "--endpoint", url, "--page-size", "7");
        assertThat(scan.exitCode()).isZero();
        var lines = scan.out().lines().toList();
        assertThat(lines).hasSize(25).doesNotHaveDuplicates();
        var first = DynamoJsonCodec.readItem(lines.get(0));
        assertThat(first.get("total")).contains(AttributeValue.n(BIG));
        assertThat(((AttributeValue.Num) first.get("total").orElseThrow()).value().text()).isEqualTo(BIG);
        assertThat(first.get("codes")).contains(AttributeValue.ns("1", "2.5"));

        var query = run("query", table, "--endpoint", url, "--pk", "CUSTOMER#1", "--sk-between", "ORDER#005", "ORDER#009",
                "--descending", "--format", "plain");
        assertThat(query.exitCode()).isZero();
        assertThat(query.out().lines().toList()).hasSize(5).first().asString().contains("\"SK\":\"ORDER#009\"")
                .contains("\"total\":" + BIG);

        var index = run("query", table, "--endpoint", url, "--index", "GSI1", "--pk", "STATUS#OPEN", "--sk-begins-with", "2024-0",
                "--limit", "3", "--stats");
        assertThat(index.out().lines().toList()).hasSize(3).allSatisfy(line -> assertThat(line).contains("STATUS#OPEN"));
        assertThat(index.err()).contains("Query " + table + " · index GSI1").contains("3 item(s)");
    }

    @Test
    void aMissingTable_isOneClearLineAndExitCodeOne(TestEndpoint endpoint) {
        var missing = run("scan", "no-such-table", "--endpoint", endpoint.endpoint().toString());
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.err().strip()).startsWith("dynalens: Table 'no-such-table' (or its index) was not found");
        assertThat(missing.out()).isEmpty();
    }

    /** dynalite has neither point-in-time recovery nor exports: the commands say so in a sentence, and start nothing. */
    @Test
    void exportToS3AndExports_onAnEndpointWithoutThem_saySo(TestEndpoint endpoint) {
        var url = endpoint.endpoint().toString();

        var export = run("export-to-s3", table, "--bucket", "my-bucket", "--endpoint", url);
        var exports = run("exports", table, "--endpoint", url);

        assertThat(export.exitCode()).isEqualTo(DynaLensCli.FAILED);
        assertThat(export.err().strip()).isEqualTo("dynalens: The endpoint " + url + " has no exports to S3 nor point-in-time recovery "
                + "(DescribeContinuousBackups is not there).");
        assertThat(exports.exitCode()).isEqualTo(DynaLensCli.FAILED);
        assertThat(exports.err().strip()).isEqualTo("dynalens: The endpoint " + url + " has no exports to S3 nor point-in-time recovery "
                + "(ListExports is not there).");
    }
}

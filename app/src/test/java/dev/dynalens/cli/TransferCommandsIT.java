package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.RealModels;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.ConnectionStore;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code dynalens export} and {@code import} over the real AWS adapter against the test endpoint, as a script would run them. */
@ExtendWith(DynamoEndpointExtension.class)
class TransferCommandsIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static void seed(DynamoSession session, String table, int count) throws Exception {
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        for (int i = 0; i < count; i++) {
            var attributes = new LinkedHashMap<String, AttributeValue>();
            attributes.put("PK", AttributeValue.s("CUSTOMER#" + i / 3));
            attributes.put("SK", AttributeValue.s(i % 3 == 0 ? "PROFILE" : "ORDER#" + i));
            attributes.put("total", AttributeValue.n("98765432109876543210.987654321098765432"));
            attributes.put("codes", AttributeValue.ns("1", "2.5"));
            attributes.put("blob", AttributeValue.b(new byte[] {(byte) i, 0}));
            session.putItem(table, new Item(attributes)).get(10, TimeUnit.SECONDS);
        }
    }

    private static Set<Item> scan(DynamoSession session, String table) throws Exception {
        var items = new HashSet<Item>();
        ReadRequest request = new ReadRequest.Scan(table, null, null, null);
        while (request != null) {
            var page = session.read(request).get(30, TimeUnit.SECONDS);
            items.addAll(page.items());
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
        }
        return items;
    }

    @ParameterizedTest
    @ValueSource(strings = {"jsonl", "json", "csv", "workbench"})
    void exportThenImport_copiesTheTable_andBothPrintAJsonSummary(String format, TestEndpoint endpoint, DynamoSession session) throws Exception {
        var url = endpoint.endpoint().toString();
        var source = endpoint.uniqueTableName("CliExport");
        seed(session, source, 40);
        var file = dir.resolve("out." + format);

        var export = RealCli.run("export", source, "--endpoint", url, "--format", format, "--out", file.toString(), "--page-size", "9", "--json");

        assertThat(export.exitCode()).as(export.err()).isZero();
        var summary = JSON.readTree(export.out());
        assertThat(summary.path("items").asLong()).isEqualTo(40);
        assertThat(summary.path("pages").asInt()).isGreaterThanOrEqualTo(5);
        assertThat(summary.path("format").asText()).isEqualTo(format);
        assertThat(summary.path("outcome").asText()).isEqualTo("COMPLETED");

        var target = endpoint.uniqueTableName("CliImport");
        session.createTable(new CreateTableSpec(target, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        var imported = RealCli.run("import", target, "--endpoint", url, "--in", file.toString(), "--json");

        assertThat(imported.exitCode()).as(imported.err()).isZero();
        var result = JSON.readTree(imported.out());
        assertThat(result.path("written").asLong()).isEqualTo(40);
        assertThat(result.path("format").asText()).isEqualTo(format);
        assertThat(result.path("rejected").size()).isZero();
        assertThat(scan(session, target)).isEqualTo(scan(session, source));
    }

    @Test
    void import_listsEachRejectedLineWithItsReasonAndKey_writesTheRest_andExitsWithOne(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var url = endpoint.endpoint().toString();
        var target = endpoint.uniqueTableName("CliImportBad");
        session.createTable(new CreateTableSpec(target, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        var file = dir.resolve("bad.jsonl");
        Files.writeString(file, """
                {"Item": {"PK": {"S": "a"}, "SK": {"S": "1"}}}
                {"Item": {"PK": {"S": "b"}, "SK": {"N": "oops"}}}
                {"Item": {"PK": {"S": "c"}, "SK": {"N": "1"}}}
                {"Item": {"PK": {"S": "d"}, "SK": {"S": "1"}}}
                """);

        var run = RealCli.run("import", target, "--endpoint", url, "--in", file.toString(), "--json");

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.FAILED);
        var result = JSON.readTree(run.out());
        assertThat(result.path("written").asLong()).isEqualTo(2);
        var rejected = result.path("rejected");
        assertThat(rejected.size()).isEqualTo(2);
        assertThat(rejected.get(0).path("line").asInt()).isEqualTo(2);
        assertThat(rejected.get(0).path("reason").asText()).contains("oops");
        assertThat(rejected.get(1).path("line").asInt()).isEqualTo(3);
        assertThat(rejected.get(1).path("reason").asText()).contains("must be S, not N");
        assertThat(rejected.get(1).path("key").path("PK").path("S").asText()).isEqualTo("c");

        var text = RealCli.run("import", target, "--endpoint", url, "--in", file.toString());
        assertThat(text.out()).contains("Imported 2 of 3 items").contains("2 rejected");
        assertThat(text.err()).contains("bad.jsonl:line 2").contains("bad.jsonl:line 3");
    }

    @Test
    void export_withPk_queriesOnePartition_andTheSortKeyOptionsNarrowIt(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var url = endpoint.endpoint().toString();
        var source = endpoint.uniqueTableName("CliExportQuery");
        seed(session, source, 30);
        var file = dir.resolve("orders.jsonl");

        var run = RealCli.run("export", source, "--endpoint", url, "--pk", "CUSTOMER#4", "--sk-begins-with", "ORDER#", "--out", file.toString(), "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(JSON.readTree(run.out()).path("items").asInt()).isEqualTo(2);
        assertThat(Files.readAllLines(file)).hasSize(2).allSatisfy(line -> assertThat(line).contains("CUSTOMER#4").contains("ORDER#"));
    }

    @Test
    void export_ofAWorkspaceFile_writesItsItems() throws Exception {
        var model = RealModels.awsModel("ChatSystemSchema.json");
        var file = dir.resolve("chat.jsonl");

        var run = RealCli.run("export", "--file", model.toString(), "--out", file.toString(), "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readAllLines(file)).hasSize(JSON.readTree(run.out()).path("items").asInt()).isNotEmpty()
                .allSatisfy(line -> assertThat(line).startsWith("{\"Item\":{"));
    }

    @Test
    void anEmptyFile_isRefusedAsUsage_andWritesNothing(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var target = endpoint.uniqueTableName("CliImportEmpty");
        session.createTable(new CreateTableSpec(target, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        var file = dir.resolve("empty.jsonl");
        Files.writeString(file, "\n  \n");

        var run = RealCli.run("import", target, "--endpoint", endpoint.endpoint().toString(), "--in", file.toString());

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(run.err()).contains("empty.jsonl is empty");
        assertThat(scan(session, target)).isEmpty();
    }

    @Test
    void badUsage_isRefusedWithExitCodeTwo() {
        var format = RealCli.run("export", "T", "--endpoint", "http://127.0.0.1:1", "--format", "xml", "--out", dir.resolve("x").toString());
        assertThat(format.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(format.err()).contains("--format must be jsonl, json, csv or workbench");

        var missing = RealCli.run("import", "T", "--endpoint", "http://127.0.0.1:1", "--in", dir.resolve("absent.jsonl").toString());
        assertThat(missing.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(missing.err()).contains("No such file");
    }

    /** The real CLI as {@link RealCli} runs it, with one connection saved in the app. */
    private static RealCli.Run runWithSaved(ConnectionProfile saved, String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var store = new ConnectionStore() {
            @Override public LoadResult load() { return new LoadResult(List.of(saved), Optional.empty()); }
            @Override public void save(List<ConnectionProfile> connections) { throw new AssertionError("the CLI must not save"); }
            @Override public Path location() { return Path.of("connections.json"); }
        };
        var code = DynaLensCli.execute(new CliContext(new AwsDynamoSessionFactory(), store, RealCli.noProfiles(), Map.of(),
                new PrintWriter(out), new PrintWriter(err)), args);
        return new RealCli.Run(code, out.toString(), err.toString());
    }

    @Test
    void import_onAProductionConnection_needsTheTableNameRepeated_andWithoutItWritesNothing(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var target = endpoint.uniqueTableName("CliImportProd");
        session.createTable(new CreateTableSpec(target, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        var file = dir.resolve("prod.jsonl");
        Files.writeString(file, """
                {"Item": {"PK": {"S": "a"}, "SK": {"S": "1"}}}
                {"Item": {"PK": {"S": "b"}, "SK": {"S": "1"}}}
                """);
        var prod = ConnectionProfile.create("prod", new CredentialsSource.LocalPlaceholder(), "us-east-1", endpoint.endpoint(), false,
                ConnectionTag.PRODUCTION);

        var refused = runWithSaved(prod, "import", target, "--connection", "prod", "--in", file.toString(), "--json");

        assertThat(refused.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(refused.err().strip()).isEqualTo("dynalens: Connection 'prod' is tagged production: repeat the table name with "
                + "--confirm-table " + target + " to import");
        assertThat(refused.out()).isEmpty();
        assertThat(scan(session, target)).isEmpty();

        var wrongName = runWithSaved(prod, "import", target, "--connection", "prod", "--in", file.toString(), "--confirm-table", "Shop");
        assertThat(wrongName.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(scan(session, target)).isEmpty();

        var confirmed = runWithSaved(prod, "import", target, "--connection", "prod", "--in", file.toString(), "--confirm-table", target,
                "--json");
        assertThat(confirmed.exitCode()).as(confirmed.err()).isZero();
        assertThat(JSON.readTree(confirmed.out()).path("written").asLong()).isEqualTo(2);
        assertThat(scan(session, target)).hasSize(2);
    }
}

package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.FaultInjectingProxy;
import dev.dynalens.testsupport.TestEndpoint;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, the command line against dynalite: bad input and interrupted or failed runs say what happened, in words,
 * as JSON with --json, without echoing a file's control characters or Jackson's internals.
 */
@ExtendWith(DynamoEndpointExtension.class)
class TransferFaultsIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static String table(TestEndpoint endpoint, DynamoSession session, String name) throws Exception {
        var table = endpoint.uniqueTableName(name);
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        return table;
    }

    private static List<Item> scan(DynamoSession session, String table) throws Exception {
        var items = new ArrayList<Item>();
        ReadRequest request = new ReadRequest.Scan(table, null, null, null);
        while (request != null) {
            var page = session.read(request).get(30, TimeUnit.SECONDS);
            items.addAll(page.items());
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
        }
        return items;
    }

    private Path lines(String name, int count) throws Exception {
        var text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append("{\"Item\": {\"PK\": {\"S\": \"P#").append(i / 10).append("\"}, \"SK\": {\"S\": \"S#").append(i)
                    .append("\"}, \"note\": {\"S\": \"").append("x".repeat(100)).append("\"}}}\n");
        }
        return Files.writeString(dir.resolve(name), text);
    }

    private static RealCli.Run importFile(TestEndpoint endpoint, String table, Path file, String... more) {
        var args = new ArrayList<>(List.of("import", table, "--endpoint", endpoint.endpoint().toString(), "--in", file.toString()));
        args.addAll(List.of(more));
        return RealCli.run(args.toArray(String[]::new));
    }

    @Test
    void twoKeysThatDifferOnlyInBytesThatAreNotUtf8_areBothRejected_andTheTableHoldsNeither(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var table = table(endpoint, session, "cli-utf8");
        var out = new ByteArrayOutputStream();
        out.writeBytes("{\"Item\": {\"PK\": {\"S\": \"K".getBytes(StandardCharsets.UTF_8));
        out.write(0xff);
        out.writeBytes("\"}, \"SK\": {\"S\": \"1\"}}}\n{\"Item\": {\"PK\": {\"S\": \"K".getBytes(StandardCharsets.UTF_8));
        out.write(0xfe);
        out.writeBytes("\"}, \"SK\": {\"S\": \"1\"}}}\n".getBytes(StandardCharsets.UTF_8));
        var file = Files.write(dir.resolve("keys.jsonl"), out.toByteArray());

        var run = importFile(endpoint, table, file, "--json");

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.FAILED);
        var report = JSON.readTree(run.out());
        assertThat(report.path("written").asLong()).isZero();
        assertThat(report.path("rejected")).hasSize(2);
        assertThat(report.at("/rejected/1/line").asInt()).isEqualTo(2);
        assertThat(report.at("/rejected/1/column").asInt()).isEqualTo(25);
        assertThat(scan(session, table)).isEmpty();
    }

    @Test
    void aTruncatedGzip_saysSo_andWithJsonAFailedImportPrintsJson(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = table(endpoint, session, "cli-gzip");
        var whole = Files.readAllBytes(lines("big.jsonl", 3_000));
        var zipped = new ByteArrayOutputStream();
        try (var gzip = new GZIPOutputStream(zipped)) {
            gzip.write(whole);
        }
        var bytes = zipped.toByteArray();
        var file = Files.write(dir.resolve("cut.jsonl.gz"), java.util.Arrays.copyOf(bytes, bytes.length / 2));

        var run = importFile(endpoint, table, file, "--json");

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.FAILED);
        var failure = JSON.readTree(run.out());
        assertThat(failure.path("outcome").asText()).isEqualTo("FAILED");
        assertThat(failure.path("error").asText()).contains("cut.jsonl.gz").contains("the file is cut short").doesNotContain("null");
        assertThat(failure.path("written").asLong()).isEqualTo(scan(session, table).size()).isPositive();
        assertThat(run.err()).contains("the gzip data ends too early");
    }

    @Test
    void anEmptyCsv_andAnEmptyJsonLinesFile_exitAlike(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = table(endpoint, session, "cli-empty");
        var csv = importFile(endpoint, table, Files.writeString(dir.resolve("empty.csv"), ""));
        var jsonl = importFile(endpoint, table, Files.writeString(dir.resolve("empty.jsonl"), ""));
        var given = importFile(endpoint, table, Files.writeString(dir.resolve("blank.txt"), "\uFEFF \r\n"), "--format", "csv");

        assertThat(List.of(csv.exitCode(), jsonl.exitCode(), given.exitCode())).containsOnly(DynaLensCli.USAGE);
        assertThat(csv.err()).contains("empty.csv is empty: there is nothing to import");
        assertThat(given.err()).contains("blank.txt is empty");
    }

    @Test
    void controlCharactersFromTheFile_areShownByCode_andJacksonsAdviceIsLeftOut(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var table = table(endpoint, session, "cli-ctrl");
        var csv = Files.writeString(dir.resolve("ctrl.csv"), "PK:S,SK:S,n:N\r\nA,B,\u001b[31m12\u001b[0m\r\n");
        var nan = Files.writeString(dir.resolve("nan.jsonl"), "{\"Item\": {\"PK\": {\"S\": \"N\"}, \"SK\": {\"S\": \"1\"}, \"n\": NaN}}\n");

        var ctrl = importFile(endpoint, table, csv);
        var notANumber = importFile(endpoint, table, nan);

        assertThat(ctrl.err()).doesNotContain("\u001b").contains("\\u001b[31m12\\u001b[0m");
        assertThat(notANumber.err()).contains("line 1, column 55: Not valid JSON: Non-standard token 'NaN'")
                .doesNotContain("JsonReadFeature").doesNotContain("enable").doesNotContain("`");
    }

    @Test
    void aWorkbenchModelsCoercions_areNotes_andAKeyOfTheWrongTypeIsRejected(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = table(endpoint, session, "cli-model");
        var model = Files.writeString(dir.resolve("model.json"), """
                {"ModelName": "m", "DataModel": [{"TableName": "Shop",
                  "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}, "SortKey": {"AttributeName": "SK", "AttributeType": "S"}},
                  "TableData": [{"PK": {"N": "notnum"}, "SK": {"S": "a"}}, {"PK": {"S": "ok"}, "SK": {"S": "b"}, "five": {"S": 5}}]}]}
                """);

        var run = importFile(endpoint, table, model);

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.FAILED);
        assertThat(run.err()).contains("rejected: " + model + ":line 3, column 30: The partition key PK is a number DynamoDB cannot store")
                .contains("note: " + model + ":line 3, column 112: Read leniently: \"S\" with a value that is not a string");
        assertThat(scan(session, table)).singleElement().satisfies(item -> assertThat(item.get("five")).contains(AttributeValue.s("5")));
    }

    @Test
    void aSpreadsheetSafeCsv_guardsFormulas_andImportsBackExactly(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var source = table(endpoint, session, "cli-formula");
        var item = new Item(Map.of("PK", AttributeValue.s("F"), "SK", AttributeValue.s("1"), "cell", AttributeValue.s("=1+1"),
                "quote", AttributeValue.s("'kept")));
        session.putItem(source, item).get(10, TimeUnit.SECONDS);
        var file = dir.resolve("safe.csv");

        var export = RealCli.run("export", source, "--endpoint", endpoint.endpoint().toString(), "--out", file.toString(), "--spreadsheet-safe");
        var target = table(endpoint, session, "cli-formula-back");
        var back = importFile(endpoint, target, file);
        var wrongFormat = RealCli.run("export", source, "--endpoint", endpoint.endpoint().toString(), "--out",
                dir.resolve("x.jsonl").toString(), "--spreadsheet-safe");

        assertThat(export.exitCode()).as(export.err()).isZero();
        assertThat(Files.readString(file)).contains("\"'=1+1\"").doesNotContain(",=1+1");
        assertThat(back.exitCode()).as(back.err()).isZero();
        assertThat(scan(session, target)).containsExactly(item);
        assertThat(wrongFormat.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(wrongFormat.err()).contains("--spreadsheet-safe is a choice of CSV exports");
    }

    @Test
    void withJson_aFailedExportPrintsJson_andAFolderAsTheOutputIsRefusedInWords(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var source = table(endpoint, session, "cli-export-fail");
        var folder = Files.createDirectory(dir.resolve("exports.jsonl"));

        var run = RealCli.run("export", source, "--endpoint", endpoint.endpoint().toString(), "--out", folder.toString(), "--json");

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.USAGE);
        var failure = JSON.readTree(run.out());
        assertThat(failure.path("outcome").asText()).isEqualTo("FAILED");
        assertThat(failure.path("error").asText()).isEqualTo(folder + " is a folder, not a file; an export writes a file: give the"
                + " path of a file to create or replace");
    }

    @Test
    void anImportWhoseEndpointDies_stopsSoon_sayingWhatStaysWritten(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = table(endpoint, session, "cli-dead");
        var file = lines("many.jsonl", 20_000);
        var proxy = new FaultInjectingProxy(endpoint.endpoint()).delay(Duration.ofMillis(20));
        var stopper = Thread.ofVirtual().start(() -> {
            try {
                while (scan(session, table).size() < 100) {
                    Thread.sleep(20);
                }
            } catch (Exception e) {
                return;
            }
            proxy.close(); // the endpoint is gone: connections refused from now on
        });

        long start = System.nanoTime();
        var run = RealCli.run("import", table, "--endpoint", proxy.endpoint().toString(), "--in", file.toString(), "--json");
        double seconds = (System.nanoTime() - start) / 1e9;
        stopper.join();

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.FAILED);
        var failure = JSON.readTree(run.out());
        assertThat(failure.path("kind").asText()).isEqualTo("ENDPOINT_UNREACHABLE");
        assertThat(failure.path("error").asText()).contains("the last 10 requests failed, so the endpoint seems to be gone")
                .contains("run it again to finish");
        // What landed: every confirmed item, and at most the unanswered ones (the proxy forwarded them, then went away).
        var landed = scan(session, table).size();
        assertThat((long) landed).isBetween(failure.path("written").asLong(),
                failure.path("written").asLong() + failure.path("uncertain").asLong());
        assertThat(seconds).isLessThan(60);
    }

    @Test
    void ctrlC_duringAnImport_saysHowManyItemsWereWritten(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = table(endpoint, session, "cli-sigint");
        var file = lines("slow.jsonl", 5_000);
        try (var proxy = new FaultInjectingProxy(endpoint.endpoint()).delay(Duration.ofMillis(50))) {
            var java = ProcessHandle.current().info().command().orElse("java");
            var log = dir.resolve("child.log");
            var child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "-Ddynalens.config.dir=" + dir.resolve("config"),
                    "dev.dynalens.Launcher", "import", table, "--endpoint", proxy.endpoint().toString(), "--in", file.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            var deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (scan(session, table).size() < 200 && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(child.isAlive()).as("the child should still be running; its log: " + Files.readString(log)).isTrue();

            new ProcessBuilder("kill", "-INT", Long.toString(child.pid())).start().waitFor();

            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            var said = Files.readString(log);
            var written = scan(session, table).size();
            assertThat(said).as(said).containsPattern("Cancelled: [0-9,]+ of [0-9,]+ items into " + table);
            var count = Long.parseLong(said.replaceAll("(?s).*Cancelled: ([0-9,]+) of.*", "$1").replace(",", ""));
            assertThat(count).isEqualTo(written);
        }
    }
}

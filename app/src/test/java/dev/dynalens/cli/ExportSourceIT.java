package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dynalens.domain.RealModels;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.export.ExportFormat;
import dev.dynalens.export.fixtures.ExportWriter;
import dev.dynalens.export.fixtures.S3TestServer;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.aws.AwsExportSources;
import dev.dynalens.service.workspace.WorkspaceFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole-table commands on a table read from its export (from a local folder and from a real S3-compatible server,
 * S3Proxy in-process): the answers equal those from the same items read as a file, for a full export and for a full
 * export plus two incremental ones. The data is an AWS NoSQL Workbench model (../shared/models).
 */
class ExportSourceIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
    private static final Instant T1 = T0.plusSeconds(3600);
    private static final Instant T2 = T1.plusSeconds(3600);
    static S3TestServer s3;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        System.setProperty("aws.accessKeyId", CredentialsSource.LocalPlaceholder.ACCESS_KEY_ID);
        System.setProperty("aws.secretAccessKey", CredentialsSource.LocalPlaceholder.SECRET_ACCESS_KEY);
        // Signed as a local connection signs (--endpoint): the connection's credentials read the bucket.
        s3 = S3TestServer.start(CredentialsSource.LocalPlaceholder.ACCESS_KEY_ID, CredentialsSource.LocalPlaceholder.SECRET_ACCESS_KEY);
    }

    @AfterAll
    static void stop() {
        System.clearProperty("aws.accessKeyId");
        System.clearProperty("aws.secretAccessKey");
        s3.close();
    }

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var code = DynaLensCli.execute(new CliContext(new AwsDynamoSessionFactory(), RealCli.noSavedConnections(), RealCli.noProfiles(),
                Map.of(), new PrintWriter(out), new PrintWriter(err), new AwsExportSources(Map.of())), args);
        return new Run(code, out.toString(), err.toString());
    }

    record Table(List<Item> items, String keySchema) {
    }

    static Table model(String name) throws IOException {
        var table = WorkspaceFiles.read(RealModels.awsModel(name), WorkspaceOptions.NONE).tables().get(0);
        var keys = table.keySchema();
        return new Table(table.items(), keys.partitionKeyName() + (keys.hasSortKey() ? "," + keys.sortKeyName() : ""));
    }

    private Path jsonLines(List<Item> items, String name) throws IOException {
        var file = dir.resolve(name);
        Files.writeString(file, items.stream().map(i -> "{\"Item\":" + DynamoJsonCodec.writeItem(i) + "}").collect(Collectors.joining("\n")) + "\n");
        return file;
    }

    /** The command's --json answer without what names its source. */
    static JsonNode answer(Run run) throws IOException {
        assertThat(run.code()).as(run.err()).isZero();
        var node = MAPPER.readTree(run.out());
        strip(node);
        return node;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (var field : List.of("source", "file", "label", "elapsedMillis", "elapsed", "consumedCapacity", "read", "table",
                    "tableName", "durationMillis", "readMillis")) {
                object.remove(field);
            }
            object.forEach(ExportSourceIT::strip);
        } else if (node != null && node.isArray()) {
            node.forEach(ExportSourceIT::strip);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SocialNetworkSchema.json", "ComplaintManagementSchema.json"})
    void analyzeAndStaleFromAFullExportEqualTheFile(String modelName) throws IOException {
        var table = model(modelName);
        var file = jsonLines(table.items(), "items.jsonl");
        var export = new ExportWriter(dir.resolve("bucket"), "nightly", "Model").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON,
                table.items(), 4, T0);
        var fromFile = run("analyze", "--file", file.toString(), "--key-schema", table.keySchema(), "--json");
        var fromExport = run("analyze", "--export", export.toString(), "--key-schema", table.keySchema(), "--json");
        assertThat(fromExport.err()).contains("reading export 01764000000000-full0001 as of " + T0);
        assertThat(answer(fromExport)).isEqualTo(answer(fromFile));
        var staleFile = run("stale", "--file", file.toString(), "--key-schema", table.keySchema(), "--json");
        var staleExport = run("stale", "--export", export.toString(), "--key-schema", table.keySchema(), "--json");
        assertThat(answer(staleExport)).isEqualTo(answer(staleFile));
    }

    @Test
    void aFullExportAndTwoIncrementalsFromS3AnswerAsTheFinalTable() throws IOException {
        var table = model("SocialNetworkSchema.json");
        var items = table.items();
        var keyNames = List.of(table.keySchema().split(","));
        var writer = new ExportWriter(dir.resolve("bucket"), "p", "Social");
        writer.full("01764000000000-full0001", ExportFormat.ION, items, 5, T0);
        var changed = items.get(0).with("note", AttributeValue.s("changed after the full export"));
        var added = new Item(Map.of(keyNames.get(0), AttributeValue.s("u#999"), keyNames.get(1), AttributeValue.s("u#999"),
                "name", AttributeValue.s("New")));
        writer.incremental("01764000003600-incr0001", ExportFormat.ION, List.of(
                new ExportWriter.Change(key(items.get(0), keyNames), changed, items.get(0)),
                new ExportWriter.Change(key(items.get(1), keyNames), null, items.get(1))), 2, T0, T1);
        writer.incremental("01764000007200-incr0002", ExportFormat.ION, List.of(
                new ExportWriter.Change(key(added, keyNames), added, null)), 1, T1, T2);
        s3.createBucket("exports");
        s3.upload(dir.resolve("bucket"), "exports");
        var finalItems = new ArrayList<>(items);
        finalItems.set(0, changed);
        finalItems.remove(1);
        finalItems.add(added);
        var file = jsonLines(finalItems, "final.jsonl");
        String[] exports = {"--export", "s3://exports/p/AWSDynamoDB/01764000000000-full0001", "--export",
                "s3://exports/p/AWSDynamoDB/01764000003600-incr0001", "--export", "s3://exports/p/AWSDynamoDB/01764000007200-incr0002",
                "--s3-endpoint", s3.endpoint().toString(), "--endpoint", "http://127.0.0.1:9", "--key-schema", table.keySchema()};
        var fromExport = run(concat(new String[] {"analyze", "--json"}, exports));
        assertThat(fromExport.err()).contains("reading export 01764000000000-full0001 + 2 incremental exports as of " + T2);
        assertThat(answer(fromExport)).isEqualTo(answer(run("analyze", "--file", file.toString(), "--key-schema", table.keySchema(), "--json")));

        var converted = dir.resolve("converted.jsonl");
        var exported = run(concat(new String[] {"export", "--format", "jsonl", "--out", converted.toString()}, exports));
        assertThat(exported.code()).as(exported.err()).isZero();
        var read = Files.readAllLines(converted).stream().filter(l -> !l.isBlank()).map(l -> DynamoJsonCodec.readItem(
                l.startsWith("{\"Item\"") ? l.substring(8, l.length() - 1) : l)).toList();
        assertThat(read).containsExactlyInAnyOrderElementsOf(finalItems);
    }

    /**
     * Every whole-table command, on a full export and on a full export plus two incremental ones, from the S3 server and
     * from a local folder, answers as the same table read as a file (the tracker sample: entity types, GSIs, copies).
     */
    @ParameterizedTest(name = "{0}, {1} incremental exports")
    @org.junit.jupiter.params.provider.CsvSource({"folder,0", "folder,2", "s3,0", "s3,2"})
    void everyCommandAnswersAsTheFile(String where, int incrementals) throws IOException {
        var workspace = WorkspaceFiles.read(Path.of("samples", "tracker.json"), WorkspaceOptions.NONE).tables().get(0);
        var keys = workspace.keySchema();
        var keyArgs = new ArrayList<>(List.of("--key-schema", keys.partitionKeyName() + "," + keys.sortKeyName()));
        for (var index : workspace.globalSecondaryIndexes()) {
            var schema = index.singleKey("the --gsi option");
            keyArgs.addAll(List.of("--gsi", index.name() + "=" + schema.partitionKeyName()
                    + (schema.hasSortKey() ? "," + schema.sortKeyName() : "")));
        }
        var keyNames = List.of(keys.partitionKeyName(), keys.sortKeyName());
        var items = workspace.items();
        var bucket = dir.resolve("bucket-" + where + incrementals);
        var writer = new ExportWriter(bucket, "daily", "Tracker");
        var uris = new ArrayList<Path>();
        uris.add(writer.full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON, items, 4, T0));
        var finalItems = new ArrayList<>(items);
        if (incrementals > 0) {
            var renamed = items.get(0).with("name", AttributeValue.s("Renamed after the full export"));
            var added = new Item(Map.of(keyNames.get(0), AttributeValue.s("USER#u-new"), keyNames.get(1), AttributeValue.s("PROFILE"),
                    "name", AttributeValue.s("Newcomer")));
            uris.add(writer.incremental("01764000003600-incr0001", ExportFormat.DYNAMODB_JSON, List.of(
                    new ExportWriter.Change(key(items.get(0), keyNames), renamed, items.get(0)),
                    new ExportWriter.Change(key(items.get(1), keyNames), null, items.get(1))), 2, T0, T1));
            uris.add(writer.incremental("01764000007200-incr0002", ExportFormat.ION, List.of(
                    new ExportWriter.Change(key(added, keyNames), added, null)), 1, T1, T2));
            finalItems.set(0, renamed);
            finalItems.remove(1);
            finalItems.add(added);
        }
        Files.createDirectories(dir.resolve(where + incrementals));
        var file = jsonLines(finalItems, where + incrementals + "/items.jsonl");
        var exportArgs = new ArrayList<String>();
        if (where.equals("s3")) {
            var name = "tracker-" + incrementals;
            s3.createBucket(name);
            s3.upload(bucket, name);
            for (var folder : uris) {
                exportArgs.addAll(List.of("--export", "s3://" + name + "/" + bucket.relativize(folder).toString().replace('\\', '/')));
            }
            // No connection: S3 is read with the default credentials chain (here the aws.accessKeyId system properties),
            // and what pins a key is answered from the export.
            exportArgs.addAll(List.of("--s3-endpoint", s3.endpoint().toString()));
        } else {
            uris.forEach(folder -> exportArgs.addAll(List.of("--export", folder.toString())));
        }
        exportArgs.addAll(keyArgs);
        var fileArgs = new ArrayList<>(List.of("--file", file.toString()));
        fileArgs.addAll(keyArgs);
        var patterns = Path.of("samples", "patterns", "tracker-check.yaml").toString();
        var commands = List.of(
                List.of("analyze", "--json"),
                List.of("stale", "--json"),
                List.of("design", "--patterns", patterns, "--check", "--json"),
                List.of("sql", "--json", "SELECT COUNT(*) AS n FROM Tracker"));
        for (var command : commands) {
            var viaExport = new ArrayList<>(command);
            viaExport.addAll(exportArgs);
            var viaFile = new ArrayList<>(command);
            viaFile.addAll(fileArgs);
            if (command.get(0).equals("sql")) {
                viaFile.set(2, "SELECT COUNT(*) AS n FROM items"); // a file's table is named after the file
            }
            var expected = answer(run(viaFile.toArray(String[]::new)));
            var actual = answer(run(viaExport.toArray(String[]::new)));
            if (command.get(0).equals("sql")) {
                assertThat(actual.path("rows")).as(String.join(" ", command)).isEqualTo(expected.path("rows"));
                assertThat(actual.path("rows").get(0).get(0).asText()).isEqualTo(String.valueOf(finalItems.size()));
            } else {
                assertThat(actual).as(String.join(" ", command)).isEqualTo(expected);
            }
        }
        var converted = dir.resolve("converted-" + where + incrementals + ".jsonl");
        var export = new ArrayList<>(List.of("export", "--format", "jsonl", "--out", converted.toString()));
        export.addAll(exportArgs);
        var exported = run(export.toArray(String[]::new));
        assertThat(exported.code()).as(exported.err()).isZero();
        var read = Files.readAllLines(converted).stream().filter(l -> !l.isBlank()).map(l -> DynamoJsonCodec.readItem(
                l.startsWith("{\"Item\"") ? l.substring(8, l.length() - 1) : l)).toList();
        assertThat(read).containsExactlyInAnyOrderElementsOf(finalItems);
    }

    @Test
    void sqlThatWouldScanIsAnsweredFromTheExport() throws IOException {
        var table = model("SocialNetworkSchema.json");
        var file = jsonLines(table.items(), "items.jsonl");
        var export = new ExportWriter(dir.resolve("bucket"), "", "Social").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON,
                table.items(), 3, T0);
        var statement = "SELECT COUNT(*) AS n FROM Social";
        var fromFile = run("sql", "--file", file.toString(), "--key-schema", table.keySchema(), "--json",
                statement.replace("Social", "items"));
        var fromExport = run("sql", "--export", export.toString(), "--key-schema", table.keySchema(), "--json", statement);
        assertThat(fromExport.code()).as(fromExport.err() + fromExport.out()).isEqualTo(fromFile.code());
        assertThat(answer(fromExport).path("rows")).isEqualTo(answer(fromFile).path("rows"));
        assertThat(answer(fromExport).path("rows").get(0).get(0).asText()).isEqualTo(String.valueOf(table.items().size()));
    }

    /**
     * A Scan of a 100 GB table would be refused by the default budget of 1,000 RCU; answered from the export it reads no
     * capacity, and the plan says which export answers and as of when.
     */
    @Test
    void aScanOfABigTableAnsweredFromItsExportCostsNoReadCapacity() throws IOException {
        var table = model("SocialNetworkSchema.json");
        var export = new ExportWriter(dir.resolve("bucket"), "", "Social").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON,
                table.items(), 3, T0);
        var summary = export.resolve("manifest-summary.json");
        Files.writeString(summary, Files.readString(summary).replaceFirst("\"billedSizeBytes\":\\d+", "\"billedSizeBytes\":107374182400"));
        Files.delete(export.resolve("manifest-summary.checksum"));
        var statement = "SELECT COUNT(*) AS n FROM Social";

        var explained = run("sql", "--export", export.toString(), "--key-schema", table.keySchema(), "--explain", statement);
        assertThat(explained.code()).as(explained.err()).isZero();
        assertThat(explained.out()).contains("Answered from export 01764000000000-full0001 as of " + T0 + ": no read capacity")
                .contains("0 RCU");

        var ran = run("sql", "--export", export.toString(), "--key-schema", table.keySchema(), "--json", statement);
        assertThat(ran.code()).as(ran.err()).isZero();
        assertThat(MAPPER.readTree(ran.out()).path("rows").get(0).get(0).asText()).isEqualTo(String.valueOf(table.items().size()));
    }

    @Test
    void designCheckFromTheExportEqualsTheFile() throws IOException {
        var workspace = WorkspaceFiles.read(Path.of("samples", "tracker.json"), WorkspaceOptions.NONE).tables().get(0);
        var keys = workspace.keySchema();
        var keyArgs = new ArrayList<>(List.of("--key-schema", keys.partitionKeyName() + (keys.hasSortKey() ? "," + keys.sortKeyName() : "")));
        for (var index : workspace.globalSecondaryIndexes()) {
            var schema = index.singleKey("the --gsi option");
            keyArgs.addAll(List.of("--gsi", index.name() + "=" + schema.partitionKeyName() + (schema.hasSortKey() ? "," + schema.sortKeyName() : "")));
        }
        var file = jsonLines(workspace.items(), "tracker.jsonl");
        var export = new ExportWriter(dir.resolve("bucket"), "", "Tracker").full("01764000000000-trk00001", ExportFormat.ION,
                workspace.items(), 3, T0);
        var patterns = Path.of("samples", "patterns", "tracker-check.yaml").toString();
        var fromFile = new ArrayList<>(List.of("design", "--patterns", patterns, "--check", "--file", file.toString(), "--json"));
        fromFile.addAll(keyArgs);
        var fromExport = new ArrayList<>(List.of("design", "--patterns", patterns, "--check", "--export", export.toString(), "--json"));
        fromExport.addAll(keyArgs);
        var expected = answer(run(fromFile.toArray(String[]::new)));
        assertThat(expected.path("accessPatterns")).isNotEmpty();
        assertThat(answer(run(fromExport.toArray(String[]::new)))).isEqualTo(expected);
    }

    @Test
    void aBrokenExportIsAnErrorThatNamesTheFile() throws IOException {
        var table = model("SocialNetworkSchema.json");
        var export = new ExportWriter(dir.resolve("bucket"), "", "Social").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON,
                table.items(), 3, T0);
        List<Path> data;
        try (var files = Files.list(export.resolve("data"))) {
            data = files.sorted().toList();
        }
        Files.write(data.get(0), new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
        var result = run("analyze", "--export", export.toString(), "--key-schema", table.keySchema(), "--json");
        assertThat(result.code()).isNotZero();
        assertThat(result.err()).contains("The data file " + data.get(0) + " is corrupted: its MD5 is");
        assertThat(result.out()).doesNotContain("\"entityTypes\"");
    }

    static Map<String, AttributeValue> key(Item item, List<String> names) {
        return names.stream().collect(Collectors.toMap(n -> n, n -> item.get(n).orElseThrow()));
    }

    static String[] concat(String[] a, String[] b) {
        var all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}

package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.workspace.WorkspaceFiles;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** `dynalens analyze` on files, and on a live table over a fake session (the real endpoint is in AnalyzeCommandIT). */
class AnalyzeCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<FakeDynamoSession> sessions = new ArrayList<>();
    private java.util.function.Consumer<FakeDynamoSession> setUp = s -> { };

    @TempDir
    Path dir;

    private int run(String... args) {
        var store = RealCli.noSavedConnections();
        var environment = RealCli.noProfiles();
        var context = new CliContext(profile -> {
            var session = new FakeDynamoSession(profile);
            setUp.accept(session);
            sessions.add(session);
            return session;
        }, store, environment, Map.of(), new PrintWriter(out), new PrintWriter(err));
        return DynaLensCli.execute(context, args);
    }

    private JsonNode json() throws IOException {
        return MAPPER.readTree(out.toString());
    }

    static Path model(String name) {
        return dev.dynalens.domain.RealModels.awsModel(name);
    }

    /** Users and teams joined by an adjacency list with one edge missing its mirror; orders and products in an overloaded GSI1. */
    static final String DESIGN = """
            {"Item":{"PK":{"S":"USER#1"},"SK":{"S":"PROFILE"},"name":{"S":"Ada"}}}
            {"Item":{"PK":{"S":"USER#2"},"SK":{"S":"PROFILE"},"name":{"S":"Bo"}}}
            {"Item":{"PK":{"S":"TEAM#9"},"SK":{"S":"METADATA"},"title":{"S":"Core"}}}
            {"Item":{"PK":{"S":"TEAM#8"},"SK":{"S":"METADATA"},"title":{"S":"Web"}}}
            {"Item":{"PK":{"S":"USER#1"},"SK":{"S":"TEAM#9"},"role":{"S":"lead"}}}
            {"Item":{"PK":{"S":"TEAM#9"},"SK":{"S":"USER#1"},"role":{"S":"lead"}}}
            {"Item":{"PK":{"S":"USER#2"},"SK":{"S":"TEAM#8"},"role":{"S":"dev"}}}
            {"Item":{"PK":{"S":"CUSTOMER#1"},"SK":{"S":"ORDER#1"},"total":{"N":"12.50"},"GSI1PK":{"S":"STATUS#OPEN"},"GSI1SK":{"S":"2024-05-01"}}}
            {"Item":{"PK":{"S":"CUSTOMER#1"},"SK":{"S":"ORDER#2"},"total":{"N":"3"},"GSI1PK":{"S":"STATUS#SHIPPED"},"GSI1SK":{"S":"2024-05-02"}}}
            {"Item":{"PK":{"S":"PRODUCT#1"},"SK":{"S":"METADATA"},"price":{"N":"9"},"GSI1PK":{"S":"CATEGORY#books"},"GSI1SK":{"S":"PRODUCT#1"}}}
            {"Item":{"PK":{"S":"PRODUCT#2"},"SK":{"S":"METADATA"},"price":{"N":"4"},"GSI1PK":{"S":"CATEGORY#games"},"GSI1SK":{"S":"PRODUCT#2"}}}
            """;

    private Path design() throws IOException {
        var file = dir.resolve("design.jsonl");
        Files.writeString(file, DESIGN);
        return file;
    }

    @Test
    void aJsonLinesFile_withKeySchemaAndGsi_printsTheAnalysisAsJson() throws IOException {
        assertThat(run("analyze", "--file", design().toString(), "--key-schema", "PK,SK", "--gsi", "GSI1=GSI1PK,GSI1SK", "--json",
                "--assignments")).isZero();

        var json = json();
        assertThat(json.path("table").asText()).isEqualTo("design");
        assertThat(json.path("itemCount").asLong()).isEqualTo(11);
        assertThat(json.path("keySchema")).isEqualTo(MAPPER.readTree("{\"partitionKey\": \"PK\", \"sortKey\": \"SK\"}"));
        var entities = StreamSupport.stream(json.path("entities").spliterator(), false).toList();
        assertThat(entities).extracting(e -> e.path("name").asText())
                .containsExactlyInAnyOrder("USER", "TEAM", "USER→TEAM", "TEAM→USER", "ORDER", "PRODUCT");
        var order = entities.stream().filter(e -> e.path("name").asText().equals("ORDER")).findFirst().orElseThrow();
        assertThat(order.path("count").asLong()).isEqualTo(2);
        assertThat(order.path("pkTemplate").asText()).isEqualTo("CUSTOMER#{}");
        assertThat(order.path("skTemplate").asText()).isEqualTo("ORDER#{}");
        assertThat(order.path("attributes")).isEqualTo(MAPPER.readTree("{\"total\": \"N\", \"GSI1PK\": \"S\", \"GSI1SK\": \"S\"}"));
        var gsi1 = json.path("indexes").get(0);
        assertThat(gsi1.path("name").asText()).isEqualTo("GSI1");
        assertThat(gsi1.path("meanings")).isEqualTo(MAPPER.readTree("""
                [{"pkTemplate": "CATEGORY#{}", "entity": "PRODUCT", "count": 2}, {"pkTemplate": "STATUS#{}", "entity": "ORDER", "count": 2}]"""));
        var adjacency = json.path("relationships").get(0);
        assertThat(adjacency.path("kind").asText()).isEqualTo("adjacency");
        assertThat(adjacency.path("entities")).isEqualTo(MAPPER.readTree("[\"USER→TEAM\", \"TEAM→USER\"]"));
        assertThat(adjacency.path("edges").asLong()).isEqualTo(2);
        assertThat(adjacency.path("missingReverse")).isEqualTo(MAPPER.readTree("[{\"PK\": \"USER#2\", \"SK\": \"TEAM#8\"}]"));
        var assignments = json.path("assignments");
        assertThat(assignments).hasSize(11);
        assertThat(assignments.get(0)).isEqualTo(MAPPER.readTree("{\"key\": {\"PK\": \"USER#1\", \"SK\": \"PROFILE\"}, \"entity\": \"USER\"}"));
        assertThat(assignments.get(4).path("entity").asText()).isEqualTo("USER→TEAM");
        assertThat(err.toString()).isEmpty();
    }

    /** What a run prints on stdout and stderr, from a fresh writer pair. */
    private List<String> printed(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        assertThat(run(args)).as(String.join(" ", args)).isZero();
        return List.of(out.toString(), err.toString());
    }

    /**
     * A JSON lines file with its key schema given is read straight into the analyzer (JsonLinesStream); naming the
     * table (--table) takes the workspace path. Both print the same, in every output form, also when the streamed
     * reading gives up half way (a key seen twice) and the workspace reports it.
     */
    @Test
    void aJsonLinesFileReadStraightThroughPrintsWhatItsWorkspacePrints() throws IOException {
        var files = new ArrayList<Path>(List.of(design()));
        var duplicated = dir.resolve("duplicated.jsonl");
        Files.writeString(duplicated, DESIGN + DESIGN.lines().skip(4).findFirst().orElseThrow().replace("lead", "owner") + "\n");
        files.add(duplicated);
        for (var sample : List.of("online-shop", "blog", "teams")) {
            var file = dir.resolve(sample + ".jsonl");
            var lines = new StringBuilder();
            for (var item : WorkspaceFiles.read(Path.of("samples/" + sample + ".json"),
                    dev.dynalens.domain.workspace.WorkspaceOptions.NONE).tables().getFirst().items()) {
                lines.append("{\"Item\":").append(dev.dynalens.domain.codec.DynamoJsonCodec.writeItem(item)).append("}\n");
            }
            Files.writeString(file, lines);
            files.add(file);
        }
        for (var file : files) {
            var name = file.getFileName().toString().replace(".jsonl", "");
            for (var form : List.of(List.of("--json", "--assignments"), List.of("--json"), List.of("--assignments"), List.<String>of())) {
                var args = new ArrayList<>(List.of("analyze", "--file", file.toString(), "--key-schema", "PK,SK", "--gsi", "GSI1=GSI1PK,GSI1SK"));
                args.addAll(form);
                var streamed = printed(args.toArray(String[]::new));
                args.addAll(List.of("--table", name));
                var loaded = printed(args.toArray(String[]::new));
                assertThat(streamed).as("%s %s", name, form).isEqualTo(loaded);
            }
        }
        assertThat(printed("analyze", "--file", duplicated.toString(), "--key-schema", "PK,SK", "--gsi", "GSI1=GSI1PK,GSI1SK").get(1))
                .contains("Item replaces the one with the same key at line 5");
    }

    @Test
    void withoutAssignments_thereIsNoAssignmentsField() throws IOException {
        assertThat(run("analyze", "--file", design().toString(), "--json")).isZero();
        assertThat(json().has("assignments")).isFalse();
        // Keys and indexes were guessed from the names, and stderr says so.
        assertThat(json().path("indexes").get(0).path("name").asText()).isEqualTo("GSI1");
        assertThat(err.toString()).contains("dynalens: warning: ").contains("key schema guessed from the attribute names: PK (S), SK (S)");
    }

    @Test
    void aWorkbenchModel_isAnalyzedWithItsOwnSchema_andItsLenientReadingsOnStderr() throws IOException {
        assertThat(run("analyze", "--file", model("GamePlayerProfilesSchema.json").toString(), "--json")).isZero();

        var json = json();
        assertThat(json.path("table").asText()).isEqualTo("game-player-profiles");
        assertThat(json.path("itemCount").asLong()).isEqualTo(14);
        assertThat(json.path("entities")).extracting(e -> e.path("name").asText() + " " + e.path("count").asLong())
                .containsExactly("Activity 3", "Equipment 3", "Item 3", "Task 3", "Friends 1", "Metadata 1");
        var item = StreamSupport.stream(json.path("entities").spliterator(), false).filter(e -> e.path("name").asText().equals("Item"))
                .findFirst().orElseThrow();
        assertThat(item.path("attributes").path("ItemAttributes").asText()).isEqualTo("M");
        assertThat(err.toString()).contains("GamePlayerProfilesSchema.json:283:").contains("a map wrapped twice")
                .contains("14 items, 12 warnings, 0 errors");
    }

    @Test
    void aModelWithSeveralTables_analyzesTheOneNamed() throws IOException {
        var file = dir.resolve("two.json");
        Files.writeString(file, """
                {"ModelName": "two", "DataModel": [
                  {"TableName": "A", "KeyAttributes": {"PartitionKey": {"AttributeName": "id", "AttributeType": "S"}},
                   "TableData": [{"id": {"S": "1"}}]},
                  {"TableName": "B", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
                                                       "SortKey": {"AttributeName": "SK", "AttributeType": "S"}},
                   "TableData": [{"PK": {"S": "USER#1"}, "SK": {"S": "PROFILE"}}, {"PK": {"S": "USER#2"}, "SK": {"S": "PROFILE"}}]}]}
                """);

        assertThat(run("analyze", "--file", file.toString(), "--table", "B", "--json")).isZero();
        assertThat(json().path("table").asText()).isEqualTo("B");
        assertThat(json().path("itemCount").asLong()).isEqualTo(2);

        out.getBuffer().setLength(0);
        assertThat(run("analyze", "--file", file.toString(), "--json")).isZero();
        assertThat(json().path("table").asText()).isEqualTo("A");
        assertThat(json().path("keySchema").path("sortKey").isNull()).isTrue();

        assertThat(run("analyze", "--file", file.toString(), "--table", "C")).isEqualTo(2);
        assertThat(err.toString()).contains("No table 'C' in " + file + "; its tables: A, B");
    }

    @Test
    void withoutJson_aPersonReadsASummary() throws IOException {
        assertThat(run("analyze", "--file", design().toString(), "--key-schema", "PK,SK", "--gsi", "GSI1=GSI1PK,GSI1SK")).isZero();

        assertThat(out.toString())
                .contains("Table design: 11 items · key PK, SK")
                .contains("Read from " + dir.resolve("design.jsonl") + " (DynamoDB JSON lines)")
                .containsPattern("ORDER +2  CUSTOMER#\\{\\} / ORDER#\\{\\}  · GSI1PK S, GSI1SK S, total N")
                .contains("    STATUS#{} → ORDER (2)")
                .contains("USER→TEAM ⇄ TEAM→USER: 2 edges, 1 mirrored, 1 without the reverse edge")
                .contains("missing the reverse of PK=\"USER#2\", SK=\"TEAM#8\"");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no table nor file       | analyze                                                    | Name a TABLE (with --connection or --endpoint, --region, --profile), or give --file FILE
            table and file          | analyze Shop --file x.json                                 | Give a TABLE on a connection or --file, not both
            file and endpoint       | analyze --file x.json --endpoint http://localhost:8000     | --file reads a file: --connection, --endpoint, --region and --profile are for a TABLE
            key schema without file | analyze Shop --key-schema PK,SK                            | --table, --key-schema and --gsi go with --file
            table option alone      | analyze Shop --table B                                     | --table, --key-schema and --gsi go with --file
            bad key schema          | analyze --file x.json --key-schema A,B,C                   | --key-schema: Key schema 'A,B,C' names 3 attributes
            bad gsi                 | analyze --file x.json --gsi GSI1                           | --gsi: Index 'GSI1' needs the form NAME=PK or NAME=PK,SK
            gsi twice               | analyze --file x.json --gsi GSI1=a --gsi GSI1=b            | --gsi: Index GSI1 is given twice
            missing file            | analyze --file does-not-exist.json                         | No such file: does-not-exist.json
            two tables              | analyze A B --endpoint http://localhost:8000               | Unmatched argument
            """)
    void misuse_isAUsageError(String name, String args, String message) {
        assertThat(run(args.split(" "))).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains(message);
        assertThat(sessions).isEmpty();
    }

    @Test
    void aFileOfNoKnownFormat_isAUsageError() throws IOException {
        var file = dir.resolve("list.json");
        Files.writeString(file, "[1, 2, 3]");
        assertThat(run("analyze", "--file", file.toString())).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("is not a workspace file").contains("it starts with a JSON array");
    }

    @Test
    void aLiveTable_isDescribedAndScannedPageByPage() throws IOException {
        var table = new TableDescription("Teams", KeySchema.of("PK", "SK"), List.of(new IndexDescription("GSI1",
                IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"), IndexDescription.Projection.ALL, List.of(), 0L, 0L, "ACTIVE")),
                List.of(), 0, 0, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
        var items = DESIGN.lines().map(line -> dev.dynalens.domain.codec.DynamoJsonCodec.readItem(line.substring(8, line.length() - 1))).toList();
        setUp = s -> {
            s.description.complete(table);
            s.responder = request -> {
                int start = request.exclusiveStartKey() == null ? 0 : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("i")).value());
                int end = Math.min(start + 4, items.size());
                return new Page(items.subList(start, end), end < items.size() ? Map.of("i", AttributeValue.s(Integer.toString(end))) : null,
                        end - start, ConsumedCapacity.NOT_REPORTED);
            };
        };

        assertThat(run("analyze", "Teams", "--endpoint", "http://localhost:8000", "--json")).isZero();

        assertThat(sessions).singleElement().satisfies(s -> {
            assertThat(s.reads).hasSize(3).allSatisfy(r -> assertThat(r).isInstanceOf(ReadRequest.Scan.class));
            assertThat(s.closed).isTrue();
        });
        assertThat(json().path("table").asText()).isEqualTo("Teams");
        assertThat(json().path("itemCount").asLong()).isEqualTo(11);
        assertThat(json().path("indexes").get(0).path("meanings")).hasSize(2);
    }
}

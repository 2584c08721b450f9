package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * `dynalens design` on files: a design, its exports, the problems of a bad file, --prove in memory, and --check of a
 * workspace file.
 */
class DesignCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path EXAMPLE = Path.of("samples/patterns/shop-orders.yaml");

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path dir;

    private int run(String... args) {
        var context = new CliContext(profile -> {
            throw new AssertionError("no connection is opened");
        }, RealCli.noSavedConnections(), RealCli.noProfiles(), Map.of(), new PrintWriter(out), new PrintWriter(err));
        return DynaLensCli.execute(context, args);
    }

    private JsonNode json() throws IOException {
        return MAPPER.readTree(out.toString());
    }

    private static JsonNode named(JsonNode array, String name) {
        return StreamSupport.stream(array.spliterator(), false).filter(n -> n.path("name").asText().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void json_printsTheIssuesShape() throws Exception {
        assertThat(run("design", "--patterns", EXAMPLE.toString(), "--json")).isZero();

        var json = json();
        var table = json.path("table");
        assertThat(table.path("partitionKey").asText()).isEqualTo("PK");
        assertThat(table.path("sortKey").asText()).isEqualTo("SK");
        assertThat(table.path("attributeTypes").toString()).isEqualTo("{\"PK\":\"S\",\"SK\":\"S\",\"GSI1PK\":\"S\",\"GSI1SK\":\"S\"}");
        assertThat(table.path("indexes").toString())
                .isEqualTo("[{\"name\":\"GSI1\",\"partitionKey\":\"GSI1PK\",\"sortKey\":\"GSI1SK\",\"projection\":\"ALL\"}]");
        var order = named(json.path("entities"), "Order");
        assertThat(order.path("keys").toString()).isEqualTo("{\"PK\":\"CUSTOMER#{customerId}\",\"SK\":\"ORDER#{createdAt}#{orderId}\","
                + "\"GSI1PK\":\"STATUS#{status}\",\"GSI1SK\":\"{createdAt}#{orderId}\"}");
        assertThat(order.path("reasons").size()).isPositive();
        assertThat(order.path("wcuPerPut").asInt()).isEqualTo(2);
        var byStatus = named(json.path("accessPatterns"), "ordersByStatusBetween");
        assertThat(byStatus.path("operation").asText()).isEqualTo("Query");
        assertThat(byStatus.path("index").asText()).isEqualTo("GSI1");
        assertThat(byStatus.path("keyCondition").asText()).isEqualTo("GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to");
        assertThat(byStatus.path("values").toString()).isEqualTo("{\":pk\":\"STATUS#{status}\",\":from\":\"{createdAt:from}\",\":to\":\"{createdAt:to}#~\"}");
        assertThat(byStatus.path("scanIndexForward").asBoolean()).isTrue();
        assertThat(byStatus.path("rcuPerCall").decimalValue()).isEqualByComparingTo("0.5");
        assertThat(byStatus.path("reason").asText()).isNotBlank();
        assertThat(named(json.path("accessPatterns"), "getCustomer").path("index").isNull()).isTrue();
        var sample = json.path("sampleItems").get(0);
        assertThat(sample.path("PK").path("S").asText()).isEqualTo("CUSTOMER#c1");
        assertThat(json.path("warnings").size()).isEqualTo(1);
    }

    @Test
    void text_readsAsTheKeyChartAndTheRequests() {
        assertThat(run("design", "--patterns", EXAMPLE.toString())).isZero();

        assertThat(out.toString()).startsWith("Table ShopOrders: PK (S, partition) · SK (S, sort)\n")
                .contains("  Order  PK CUSTOMER#{customerId}  SK ORDER#{createdAt}#{orderId}  GSI1PK STATUS#{status}  GSI1SK {createdAt}#{orderId}  · 2 WCU per put")
                .contains("  getCustomer  GetItem  PK = :pk AND SK = :sk  · 0.5 RCU per call")
                .contains("Warnings\n  - hot partition: GSI1PK STATUS#{status}");
    }

    @Test
    void modelAndOneTable_writeTheExports() throws Exception {
        var model = dir.resolve("model.json");
        var schema = dir.resolve("schema.json");

        assertThat(run("design", "--patterns", EXAMPLE.toString(), "--model", model.toString(), "--onetable", schema.toString())).isZero();

        assertThat(MAPPER.readTree(model.toFile()).path("DataModel").get(0).path("AccessPatterns").size()).isEqualTo(5);
        assertThat(MAPPER.readTree(schema.toFile()).path("format").asText()).isEqualTo("onetable:1.1.0");
    }

    @Test
    void aModelOntoAFolder_isRefused_andTheFolderStays() throws Exception {
        var folder = Files.createDirectory(dir.resolve("exports"));

        assertThat(run("design", "--patterns", EXAMPLE.toString(), "--model", folder.toString())).isEqualTo(2);

        assertThat(err.toString()).contains(folder + " is a folder: give the file to write the NoSQL Workbench model to, such as "
                + folder.resolve("ShopOrders-model.json"));
        assertThat(folder).isEmptyDirectory();
    }

    @Test
    void anEmptyModelName_isAUsageErrorInWords() {
        assertThat(run("design", "--patterns", EXAMPLE.toString(), "--model", "")).isEqualTo(2);

        assertThat(err.toString()).contains("No file name given: the NoSQL Workbench model needs a file to be written to")
                .doesNotContain("Exception").doesNotContain("java.");
    }

    @Test
    void aBadFile_printsEveryProblemWithFileLineAndColumn_andExitsWith2() throws Exception {
        var bad = Files.writeString(dir.resolve("bad.yaml"), """
                entities:
                  Customer: {id: [customerId], attributes: {customerId: S}}
                accessPatterns:
                  - {name: p, entity: Customer, equals: [emial]}
                  - {name: q, equals: [customerId]}
                """);

        assertThat(run("design", "--patterns", bad.toString())).isEqualTo(2);

        assertThat(err.toString()).isEqualTo("dynalens: " + bad + ":4:42: unknown attribute 'emial' of Customer (its attributes: customerId)\n"
                + "dynalens: " + bad + ":5:5: pattern q names no entity: give entity (or entities, for an item collection)\n");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aMissingFile_andOptionsThatGoWithCheck_areUsageErrors() {
        assertThat(run("design", "--patterns", dir.resolve("none.yaml").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("No such file");
        assertThat(run("design", "--patterns", EXAMPLE.toString(), "--file", "x.json")).isEqualTo(2);
        assertThat(err.toString()).contains("TABLE, --file and the connection options go with --check");
    }

    @ParameterizedTest
    @MethodSource("patternSets")
    void proveWithoutAConnection_provesInMemory_everyPatternServedAsDesigned(Path patternSet) throws Exception {
        assertThat(run("design", "--patterns", patternSet.toString(), "--prove", "--json")).as(err.toString()).isZero();

        var json = json();
        var proof = json.path("proof");
        assertThat(proof.path("engine").asText()).isEqualTo("in memory (DynaLens's workspace engine)");
        assertThat(proof.path("inMemory").asBoolean()).isTrue();
        assertThat(proof.path("table").asText()).isEqualTo(json.path("table").path("name").asText());
        assertThat(proof.path("valid").asBoolean()).isTrue();
        var patterns = json.path("accessPatterns");
        assertThat(patterns.size()).isPositive();
        assertThat(proof.path("patterns").asInt()).isEqualTo(patterns.size());
        assertThat(proof.path("passed").asInt()).isEqualTo(patterns.size());
        assertThat(patterns).allSatisfy(pattern -> {
            assertThat(pattern.path("passed").asBoolean()).as(pattern.toString()).isTrue();
            assertThat(pattern.path("servedBy").asText()).isEqualTo(pattern.path("operation").asText());
            assertThat(pattern.path("problem").isMissingNode()).as(pattern.toString()).isTrue();
        });
    }

    static Stream<Path> patternSets() throws IOException {
        try (var files = Files.list(Path.of("samples/patterns"))) {
            return files.filter(file -> file.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    @Test
    void proveAsText_namesTheEngine_andSaysWhetherTheDesignIsValid() {
        assertThat(run("design", "--patterns", EXAMPLE.toString(), "--prove", "Shop")).isZero();

        assertThat(out.toString()).startsWith("Table ShopOrders: PK (S, partition) · SK (S, sort)\n")
                .contains("\nProof in memory (DynaLens's workspace engine), table Shop\n")
                .contains("\n  getCustomer  passed · 3 item(s)\n")
                .endsWith("Design valid: all 5 patterns passed in memory (DynaLens's workspace engine)\n");
    }

    @Test
    void proveWithOptionsThatReadAnExistingTable_orWithCheck_isAUsageError() {
        assertThat(run("design", "--patterns", EXAMPLE.toString(), "--prove", "--file", "x.json")).isEqualTo(2);
        assertThat(err.toString()).contains("--file, --table, --key-schema and --gsi read an existing table for --check");
        assertThat(run("design", "--patterns", EXAMPLE.toString(), "--prove", "--check")).isEqualTo(2);
        assertThat(err.toString()).contains("give one of them");
        assertThat(run("design", "--patterns", EXAMPLE.toString(), "--prove", "--confirm-table", "Shop")).isEqualTo(2);
        assertThat(err.toString()).contains("in memory nothing is written");
        assertThat(run("design", "--patterns", EXAMPLE.toString(), "--confirm-table", "Shop")).isEqualTo(2);
        assertThat(err.toString()).contains("--confirm-table goes with --prove on a connection");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void checkOfAFile_saysWhatServesEachPattern_withServedByIndexAndItems() throws Exception {
        var patterns = Files.writeString(dir.resolve("complaints.yaml"), """
                entities:
                  metadata: {attributes: {complaint_id: S, customer_id: S}}
                  comm: {attributes: {PK: S, comm_date: S}}
                accessPatterns:
                  - {name: getComplaint, entity: metadata, equals: [complaint_id]}
                  - {name: complaintsOfCustomer, entity: metadata, equals: [customer_id]}
                  - {name: commsOfComplaint, entity: comm, equals: [PK], sortBy: comm_date}
                  - {name: commsOnDay, entity: comm, equals: [comm_date]}
                """);

        assertThat(run("design", "--patterns", patterns.toString(), "--check", "--file",
                AnalyzeCommandTest.model("ComplaintManagementSchema.json").toString(), "--json")).isZero();

        var json = json();
        assertThat(json.path("table").path("name").asText()).isEqualTo("Complaint_management_system");
        var get = named(json.path("accessPatterns"), "getComplaint");
        assertThat(get.path("servedBy").asText()).isEqualTo("GetItem");
        assertThat(get.path("items").asInt()).isEqualTo(1);
        var byCustomer = named(json.path("accessPatterns"), "complaintsOfCustomer");
        assertThat(byCustomer.path("servedBy").asText()).isEqualTo("Query");
        assertThat(byCustomer.path("index").asText()).isEqualTo("Customer_Complaint_GSI");
        assertThat(byCustomer.path("items").asInt()).isPositive();
        assertThat(named(json.path("accessPatterns"), "commsOfComplaint").path("keyCondition").asText())
                .isEqualTo("PK = :pk AND begins_with(SK, :sk)");
        assertThat(named(json.path("accessPatterns"), "commsOnDay").path("servedBy").asText()).isEqualTo("Scan");
        assertThat(named(json.path("entities"), "comm").path("keys").path("SK").asText()).isEqualTo("comm#{comm_date}#{comm_id}");
    }

    /** Users whose GSI1PK is EMAIL# and their e-mail, but for those past the first {@code current}, whose GSI1PK is stale. */
    private Path users(int count, int current) throws IOException {
        var lines = new StringBuilder();
        for (int i = 1; i <= count; i++) {
            var email = "user" + i + "@example.com";
            lines.append("{\"Item\":{\"PK\":{\"S\":\"USER#u").append(i).append("\"},\"SK\":{\"S\":\"PROFILE\"},")
                    .append("\"GSI1PK\":{\"S\":\"EMAIL#").append(i <= current ? email : "stale@example.com").append("\"},")
                    .append("\"GSI1SK\":{\"S\":\"USER#u").append(i).append("\"},\"userId\":{\"S\":\"u").append(i)
                    .append("\"},\"email\":{\"S\":\"").append(email).append("\"}}}\n");
        }
        var file = dir.resolve("users-" + count + ".json");
        Files.writeString(file, lines);
        return file;
    }

    private String checkUsers(Path users, boolean json) throws IOException {
        var patterns = Files.writeString(dir.resolve("users.yaml"), """
                entities:
                  USER: {attributes: {userId: S, email: S}}
                accessPatterns:
                  - {name: userByEmail, entity: USER, equals: [email]}
                """);
        var args = new java.util.ArrayList<>(java.util.List.of("design", "--patterns", patterns.toString(), "--check", "--file", users.toString(),
                "--key-schema", "PK,SK", "--gsi", "GSI1=GSI1PK,GSI1SK"));
        if (json) {
            args.add("--json");
        }
        out.getBuffer().setLength(0);
        assertThat(run(args.toArray(String[]::new))).as(err.toString()).isZero();
        return out.toString();
    }

    /**
     * Issue 28: the items a learnt key breaks on were listed, 10 keys on a line, a line per key attribute. The text
     * says how many and names the first; --json lists them all.
     */
    @Test
    void checkText_summarisesTheItemsAKeyBreaksOn_andJsonListsThemAll() throws Exception {
        var users = users(46, 9);

        var text = checkUsers(users, false);
        var json = MAPPER.readTree(checkUsers(users, true));

        assertThat(text).contains("      GSI1PK = EMAIL#{email} for 9 of 46 USER items; breaks on 37 of 46 items, e.g. PK=\"USER#u10\", "
                + "SK=\"PROFILE\"; --json lists them all\n");
        assertThat(text.lines().filter(line -> line.contains("USER#u11"))).as("lines naming the second item").hasSize(1);
        assertThat(text).contains("so a Query there misses 37 of them (PK=\"USER#u10\", SK=\"PROFILE\"; PK=\"USER#u11\", SK=\"PROFILE\"; "
                + "PK=\"USER#u12\", SK=\"PROFILE\"; and 34 more)");
        var breaking = named(json.path("entities"), "USER").path("breaking").path("GSI1PK");
        assertThat(breaking.path("items").asInt()).isEqualTo(37);
        assertThat(breaking.path("keys")).hasSize(37);
        assertThat(breaking.path("keys").get(36).asText()).isEqualTo("PK=\"USER#u46\", SK=\"PROFILE\"");
        assertThat(breaking.has("keysListedAtMost")).isFalse();
    }

    /** Past {@value dev.dynalens.domain.design.KeyDerivation#MAX_BREAKING} items, the list stops there and says so. */
    @Test
    void checkJson_listsTheFirstThousandItemsAKeyBreaksOn_andSaysItStopped() throws Exception {
        var users = users(1_205, 5);

        var text = checkUsers(users, false);
        var json = MAPPER.readTree(checkUsers(users, true));

        assertThat(text).contains("breaks on 1200 of 1205 items, e.g. PK=\"USER#u6\", SK=\"PROFILE\"; --json lists the first 1000\n");
        var breaking = named(json.path("entities"), "USER").path("breaking").path("GSI1PK");
        assertThat(breaking.path("items").asInt()).isEqualTo(1_200);
        assertThat(breaking.path("keys")).hasSize(1_000);
        assertThat(breaking.path("keysListedAtMost").asInt()).isEqualTo(1_000);
    }

    @Test
    void checkWithAPatternOfAnEntityTheTableLacks_printsTheProblemAtItsPosition() throws Exception {
        var patterns = Files.writeString(dir.resolve("wrong.yaml"), """
                entities:
                  Complaint: {attributes: {complaint_id: S}}
                accessPatterns: []
                """);

        assertThat(run("design", "--patterns", patterns.toString(), "--check", "--file",
                AnalyzeCommandTest.model("ComplaintManagementSchema.json").toString())).isEqualTo(2);

        assertThat(err.toString()).contains(patterns + ":2:3: table Complaint_management_system has no entity Complaint (its entities: ");
    }
}

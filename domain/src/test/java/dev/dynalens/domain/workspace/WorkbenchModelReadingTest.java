package dev.dynalens.domain.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The seven NoSQL Workbench models AWS publishes (aws-samples/aws-dynamodb-examples, MIT-0), read
 * as a person opening them would: every item of every table, with the facet it is listed under,
 * the plain JSON and doubly wrapped maps real files contain read leniently and reported.
 */
class WorkbenchModelReadingTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    static Path model(String fileName) {
        try {
            return Path.of(WorkbenchModelReadingTest.class.getResource("/models/aws-dynamodb-examples/" + fileName).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Workspace read(String fileName) throws IOException {
        return FileWorkspaces.read(model(fileName), WorkspaceOptions.NONE);
    }

    /** Items per table and per facet as the file lists them, counted with a plain JSON tree. */
    private static Map<String, Integer> countsInFile(Path file) throws IOException {
        var counts = new LinkedHashMap<String, Integer>();
        for (JsonNode table : MAPPER.readTree(file.toFile()).path("DataModel")) {
            int total = table.path("TableData").size();
            for (var facet : table.path("TableFacets")) {
                counts.put(table.path("TableName").asText() + "/" + facet.path("FacetName").asText(), facet.path("TableData").size());
                total += facet.path("TableData").size();
            }
            counts.put(table.path("TableName").asText(), total);
        }
        return counts;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            ChatSystemSchema.json,          Chat,                        8,  1, 0
            ComplaintManagementSchema.json, Complaint_management_system, 9,  3, 0
            ConnectedVehiclesSchema.json,   Connected_Vehicle,           12, 0, 8
            GamePlayerProfilesSchema.json,  game-player-profiles,        14, 0, 12
            RecurringPaymentsSchema.json,   ReoccuringPayments,          2,  2, 0
            SessionManagementSchema.json,   session_store,               6,  1, 0
            SocialNetworkSchema.json,       SNS,                         17, 0, 0
            """)
    void everyItemOfEveryTable_loads_asTheFileCountsThem(String file, String table, int items, int indexes, int lenientItems)
            throws IOException {
        var workspace = read(file);
        var counts = countsInFile(model(file));

        assertThat(workspace.format()).isEqualTo(WorkspaceFormat.WORKBENCH_MODEL);
        assertThat(workspace.tableNames()).containsExactly(table);
        var loaded = workspace.tables().getFirst();
        assertThat(loaded.size()).isEqualTo(items).isEqualTo(counts.get(table));
        assertThat(workspace.report().items()).isEqualTo(items);
        assertThat(workspace.report().errors()).isEmpty();
        assertThat(workspace.report().warnings()).hasSize(lenientItems)
                .allSatisfy(w -> assertThat(w.message()).startsWith("Item read leniently: "));
        assertThat(loaded.keySource()).isEqualTo(KeySource.MODEL);
        assertThat(loaded.keySchema()).isEqualTo(KeySchema.of("PK", "SK"));
        assertThat(loaded.globalSecondaryIndexes()).hasSize(indexes);
        for (var facet : loaded.facets()) {
            long listed = java.util.stream.IntStream.range(0, loaded.size())
                    .filter(i -> loaded.facetOf(i).map(Facet::name).orElse("").equals(facet.name())).count();
            assertThat(listed).as(facet.name()).isEqualTo((long) counts.get(table + "/" + facet.name()));
        }
    }

    @Test
    void facetsAndTheirAliases_areReadFromTheModel() throws IOException {
        var table = read("RecurringPaymentsSchema.json").tables().getFirst();

        assertThat(table.facets()).containsExactly(new Facet("Subscription", "AccountId", "SubId#SKU"),
                new Facet("Receipts", "AccountId", "ProcessedDate#SKU"));
        assertThat(table.facetOf(0)).contains(table.facets().get(0));
        assertThat(table.facetOf(1)).contains(table.facets().get(1));
        assertThat(table.items().get(1).get("SK")).contains(AttributeValue.s("REC#12023-05-28T14:15:39.24#SKU#999"));
    }

    @Test
    void indexes_keepTheirKeysAndProjections() throws IOException {
        var table = read("RecurringPaymentsSchema.json").tables().getFirst();

        var gsi1 = table.index("GSI-1").orElseThrow();
        assertThat(gsi1.key()).isEqualTo(KeySchema.of("NextReminderDate", "LastReminderDate").asIndexKey());
        assertThat(gsi1.projection()).isEqualTo(IndexDescription.Projection.INCLUDE);
        assertThat(gsi1.nonKeyAttributes()).containsExactly("SK", "PK", "SKU", "Email", "NextPaymentDate");
        assertThat(read("ChatSystemSchema.json").tables().getFirst().index("RoomID_Comment_IDX").orElseThrow().projection())
                .isEqualTo(IndexDescription.Projection.ALL);
    }

    @Test
    void tableLevelItems_haveNoFacet() throws IOException {
        var table = read("ChatSystemSchema.json").tables().getFirst();
        assertThat(table.facets()).isEmpty();
        assertThat(table.facetOf(0)).isEmpty();
    }

    /** ConnectedVehiclesSchema.json puts plain JSON inside "M": read as plain values, with a warning naming where. */
    @Test
    void plainJsonInsideTypedMaps_isReadAsPlainValues_andReported() throws IOException {
        var workspace = read("ConnectedVehiclesSchema.json");
        var table = workspace.tables().getFirst();

        var autodrive = item(table, "VIN#WDDJK7DA4FF954840", "FEATURE#AUTODRIVE");
        assertThat(autodrive.get("autonomous_driving")).contains(AttributeValue.m(map(
                "is_enabled", AttributeValue.bool(true), "version", AttributeValue.s("v0.000.1 beta"))));
        var mirrors = (AttributeValue.MapValue) item(table, "VIN#WDDJK7DA4FF954840", "FEATURE#MIRRORS").get("mirrors").orElseThrow();
        var position = (AttributeValue.MapValue) mirrors.values().get("position");
        assertThat(((AttributeValue.MapValue) position.values().get("left")).values().get("x")).isEqualTo(AttributeValue.n("59"));
        assertThat(position.values().get("is_active")).isEqualTo(AttributeValue.bool(false));

        var first = workspace.report().warnings().getFirst();
        assertThat(first.location()).endsWith("ConnectedVehiclesSchema.json:126:33");
        assertThat(first.message()).isEqualTo("Item read leniently: plain JSON where DynamoDB JSON was expected, read as plain values "
                + "at autonomous_driving.is_enabled, autonomous_driving.version");
        assertThat(workspace.report().warnings()).extracting(LoadProblem::line)
                .containsExactly(126, 140, 161, 200, 264, 288, 318, 355);
    }

    /** GamePlayerProfilesSchema.json wraps maps twice, {"M": {"M": {"HP": {"N": "50"}}}}: read as one map. */
    @Test
    void doublyWrappedMaps_areReadAsOneMap_andReported() throws IOException {
        var workspace = read("GamePlayerProfilesSchema.json");
        var table = workspace.tables().getFirst();

        assertThat(item(table, "player001", "ITEMS#001").get("ItemAttributes"))
                .contains(AttributeValue.m(Map.of("HP", AttributeValue.n("50"))));
        var first = workspace.report().warnings().getFirst();
        assertThat(first.line()).isEqualTo(283);
        assertThat(first.message()).isEqualTo("Item read leniently: a map wrapped twice, {\"M\": {\"M\": {…}}}, read as one map at ItemAttributes");
    }

    @Test
    void gamePlayerProfiles_inferredEntities_areTheFacets() throws IOException {
        var table = read("GamePlayerProfilesSchema.json").tables().getFirst();

        var namesByFacet = entityNamesByFacet(table);

        // One entity per facet and one facet per entity; the type attribute names them as the modeller did (singular).
        assertThat(namesByFacet).hasSize(6).allSatisfy((facet, names) -> {
            assertThat(names).hasSize(1);
            assertThat(sameName(facet, names.first())).as(facet + " ~ " + names.first()).isTrue();
        });
        assertThat(namesByFacet).containsEntry("Metadata", new TreeSet<>(Set.of("Metadata"))).containsEntry("Friends", new TreeSet<>(Set.of("Friends")));
    }

    @Test
    void recurringPayments_inferredEntities_abbreviateTheFacets() throws IOException {
        var table = read("RecurringPaymentsSchema.json").tables().getFirst();

        var namesByFacet = entityNamesByFacet(table);

        assertThat(namesByFacet).containsOnlyKeys("Subscription", "Receipts").allSatisfy((facet, names) -> {
            assertThat(names).hasSize(1);
            assertThat(sameName(facet, names.first())).as(facet + " ~ " + names.first()).isTrue();
        });
    }

    /** Facet name to the entity names the analyzer gives its items, over the whole table. */
    private static Map<String, TreeSet<String>> entityNamesByFacet(WorkspaceTable table) {
        var analyzer = new Analyzer(table.tableKeys());
        analyzer.acceptAll(table.items());
        var names = new LinkedHashMap<String, TreeSet<String>>();
        for (int i = 0; i < table.size(); i++) {
            var facet = table.facetOf(i).orElseThrow().name();
            names.computeIfAbsent(facet, f -> new TreeSet<>()).add(analyzer.entityOf(table.items().get(i)));
        }
        return names;
    }

    /** The same name up to case and number (Items ~ Item, Activities ~ Activity), or an abbreviation (Subscription ~ SUB). */
    private static boolean sameName(String facet, String entity) {
        var f = facet.toLowerCase(Locale.ROOT);
        var e = entity.toLowerCase(Locale.ROOT);
        return f.equals(e) || f.equals(e + "s") || f.equals(e.replaceAll("y$", "ies")) || e.length() >= 3 && f.startsWith(e);
    }

    // ---- models written here: version 1.0 and broken files ----

    @TempDir
    Path dir;

    @Test
    void aVersion1Model_withAliasesOnTheFacet_andPlainItems_loads() throws IOException {
        var file = dir.resolve("music.json");
        Files.writeString(file, """
                {
                  "ModelName": "Music Library Data Model",
                  "ModelMetadata": {"Author": "", "Description": "", "Version": "1.0"},
                  "DataModel": [
                    {
                      "TableName": "Songs",
                      "KeyAttributes": {
                        "PartitionKey": {"AttributeName": "Id", "AttributeType": "S"},
                        "SortKey": {"AttributeName": "Metadata", "AttributeType": "S"}
                      },
                      "NonKeyAttributes": [{"AttributeName": "Title", "AttributeType": "S"}],
                      "TableFacets": [
                        {
                          "FacetName": "SongDetails",
                          "PartitionKeyAlias": "SongId",
                          "SortKeyAlias": "Metadata",
                          "TableData": [
                            {"Id": {"S": "1"}, "Metadata": {"S": "Details"}, "Title": {"S": "Wild Love"}},
                            {"Id": "2", "Metadata": "Details", "Title": "Blue Train", "Plays": 1200}
                          ],
                          "NonKeyAttributes": ["Title"]
                        }
                      ],
                      "GlobalSecondaryIndexes": [
                        {"IndexName": "ByTitle", "KeyAttributes": {"PartitionKey": {"AttributeName": "Title", "AttributeType": "S"}},
                         "Projection": {"ProjectionType": "KEYS_ONLY"}}
                      ]
                    }
                  ]
                }
                """);

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.NONE);

        assertThat(workspace.name()).isEqualTo("Music Library Data Model");
        var table = workspace.table("Songs").orElseThrow();
        assertThat(table.keySchema()).isEqualTo(KeySchema.of("Id", "Metadata"));
        assertThat(table.index("ByTitle").orElseThrow().key()).isEqualTo(KeySchema.of("Title", null).asIndexKey());
        assertThat(table.facets()).containsExactly(new Facet("SongDetails", "SongId", "Metadata"));
        assertThat(table.items()).hasSize(2);
        assertThat(table.items().get(1).get("Plays")).contains(AttributeValue.n("1200"));
        assertThat(table.facetOf(1).orElseThrow().name()).isEqualTo("SongDetails");
        assertThat(workspace.report().warnings()).singleElement().satisfies(w -> {
            assertThat(w.line()).isEqualTo(19);
            assertThat(w.message()).contains("plain JSON").contains("Id, Metadata, Title, Plays");
        });
    }

    @Test
    void aModelCutOffInTheMiddleOfAnItem_reportsWhere_andLoadsWhatCameBefore() throws IOException {
        var whole = Files.readString(model("ChatSystemSchema.json"));
        var cut = whole.substring(0, whole.indexOf("\"User:UserC\""));
        var file = dir.resolve("chat.json");
        Files.writeString(file, cut + "\"User:UserC\" }, ]");

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.NONE);

        var cutLine = (int) (cut + "x").lines().count();
        assertThat(workspace.report().errors()).singleElement().satisfies(e -> {
            assertThat(e.file()).isEqualTo(file.toString());
            assertThat(e.line()).isEqualTo(cutLine);
            assertThat(e.column()).isPositive();
            assertThat(e.message()).startsWith("Not valid JSON: ").endsWith("(the model is read up to here)");
        });
        var table = workspace.tables().getFirst();
        assertThat(table.keySchema()).isEqualTo(KeySchema.of("PK", "SK"));
        assertThat(table.size()).isEqualTo(2);
        assertThat(table.items()).allSatisfy(item -> assertThat(item.has("PK")).isTrue());
    }

    @Test
    void aModelTableWithoutKeyAttributes_takesTheOptions() throws IOException {
        var file = dir.resolve("bare.json");
        Files.writeString(file, """
                {"ModelName": "bare", "DataModel": [{"TableName": "T", "TableData": [
                  {"id": {"N": "2"}, "name": {"S": "b"}},
                  {"id": {"N": "1"}, "name": {"S": "a"}},
                  {"name": {"S": "no id"}}
                ]}]}
                """);

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.parse("id", List.of()));

        var table = workspace.tables().getFirst();
        assertThat(table.keySource()).isEqualTo(KeySource.OPTIONS);
        assertThat(table.keySchema().partitionKey()).isEqualTo(new KeySchema.KeyAttribute("id", KeySchema.ScalarType.N));
        assertThat(table.size()).isEqualTo(2);
        assertThat(workspace.report().errors()).singleElement().satisfies(e -> {
            assertThat(e.line()).isEqualTo(4);
            assertThat(e.message()).isEqualTo("Item left out: it has no partition key id");
        });
        assertThat(workspace.report().warnings()).extracting(LoadProblem::message).anyMatch(m -> m.contains("has no KeyAttributes"));
    }

    @Test
    void theSameItemInTableDataAndInAFacet_isKeptOnce_withItsFacet() throws IOException {
        var file = dir.resolve("twice.json");
        Files.writeString(file, """
                {"ModelName": "twice", "DataModel": [{"TableName": "T",
                  "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
                  "TableData": [{"PK": {"S": "a"}}, {"PK": {"S": "b"}, "v": {"N": "1"}}],
                  "TableFacets": [{"FacetName": "Thing", "TableData": [{"PK": {"S": "a"}}, {"PK": {"S": "b"}, "v": {"N": "2"}}]}]}]}
                """);

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.NONE);

        var table = workspace.tables().getFirst();
        assertThat(table.items()).containsExactly(new Item(Map.of("PK", AttributeValue.s("a"))),
                new Item(Map.of("PK", AttributeValue.s("b"), "v", AttributeValue.n("2"))));
        assertThat(table.facetOf(0).orElseThrow().name()).isEqualTo("Thing");
        assertThat(workspace.report().warnings()).extracting(LoadProblem::message).containsExactlyInAnyOrder(
                "Item replaces the one with the same key at line 3 (PK=\"b\"), as a second put would",
                "Table T: 1 item is listed more than once with the same content; each is kept once");
    }

    @Test
    void tablesWithTheSameName_areToldApart() throws IOException {
        var file = dir.resolve("same.json");
        Files.writeString(file, """
                {"DataModel": [
                  {"TableName": "T", "KeyAttributes": {"PartitionKey": {"AttributeName": "id", "AttributeType": "S"}}},
                  {"TableName": "T", "KeyAttributes": {"PartitionKey": {"AttributeName": "id", "AttributeType": "N"}}}]}
                """);

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.NONE);

        assertThat(workspace.name()).isEqualTo("same");
        assertThat(workspace.tableNames()).containsExactly("T", "T-2");
        assertThat(workspace.report().warnings()).extracting(LoadProblem::message)
                .containsExactly("The model has more than one table named T; this one is called T-2");
    }

    private static Item item(WorkspaceTable table, String pk, String sk) {
        return table.items().stream().filter(i -> i.get("PK").equals(java.util.Optional.of(AttributeValue.s(pk)))
                && i.get("SK").equals(java.util.Optional.of(AttributeValue.s(sk)))).findFirst().orElseThrow();
    }

    private static Map<String, AttributeValue> map(Object... pairs) {
        var map = new LinkedHashMap<String, AttributeValue>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], (AttributeValue) pairs[i + 1]);
        }
        return map;
    }

    @SuppressWarnings("unused")
    private static List<String> messages(Workspace workspace) {
        var all = new ArrayList<String>();
        workspace.report().warnings().forEach(w -> all.add("W " + w));
        workspace.report().errors().forEach(e -> all.add("E " + e));
        return all;
    }
}

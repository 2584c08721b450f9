package dev.dynalens.domain.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DynamoDB JSON lines, as DynamoDB's export to S3 writes them, and bare items per line. */
class JsonLinesReadingTest {
    @TempDir
    Path dir;

    private Path write(String name, String content) throws IOException {
        var file = dir.resolve(name);
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    private static Item item(String pk, String sk, Object... more) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s(sk));
        for (int i = 0; i < more.length; i += 2) {
            attributes.put((String) more[i], (AttributeValue) more[i + 1]);
        }
        return new Item(attributes);
    }

    private static String exportLine(Item item) {
        return "{\"Item\":" + DynamoJsonCodec.writeItem(item) + "}\n";
    }

    @Test
    void exportLines_loadInFileOrder_withTheGivenKeySchema() throws IOException {
        var items = List.of(item("CUSTOMER#2", "ORDER#9", "total", AttributeValue.n("12.50")), item("CUSTOMER#1", "PROFILE"),
                item("CUSTOMER#1", "ORDER#3", "GSI1PK", AttributeValue.s("STATUS#OPEN"), "GSI1SK", AttributeValue.n("7")));
        var file = write("shop.jsonl", items.stream().map(JsonLinesReadingTest::exportLine).reduce("", String::concat));

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.parse("PK,SK", List.of("GSI1=GSI1PK,GSI1SK")));

        assertThat(workspace.format()).isEqualTo(WorkspaceFormat.DYNAMODB_JSON_LINES);
        assertThat(workspace.report().warnings()).isEmpty();
        assertThat(workspace.report().errors()).isEmpty();
        var table = workspace.tables().getFirst();
        assertThat(table.name()).isEqualTo("shop");
        assertThat(table.items()).containsExactlyElementsOf(items);
        assertThat(table.keySource()).isEqualTo(KeySource.OPTIONS);
        assertThat(table.keySchema()).isEqualTo(KeySchema.of("PK", "SK"));
        // The sort key type of the index is read from the data.
        assertThat(table.index("GSI1").orElseThrow().key()).isEqualTo(new KeySchema(
                new KeySchema.KeyAttribute("GSI1PK", KeySchema.ScalarType.S), new KeySchema.KeyAttribute("GSI1SK", KeySchema.ScalarType.N)).asIndexKey());
    }

    @Test
    void aMalformedLineInTheMiddle_isReportedWithFileLineAndColumn_andTheOtherLinesLoad() throws IOException {
        var file = write("export.json", exportLine(item("A", "1"))
                + exportLine(item("A", "2"))
                + "{\"Item\":{\"PK\":{\"S\":\"A\"},\"SK\":{\"S\":\"3\"}\n"
                + exportLine(item("A", "4"))
                + "\n"
                + exportLine(item("A", "5")));

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.parse("PK,SK", List.of()));

        assertThat(workspace.tables().getFirst().items()).containsExactly(item("A", "1"), item("A", "2"), item("A", "4"), item("A", "5"));
        assertThat(workspace.report().items()).isEqualTo(4);
        assertThat(workspace.report().errors()).singleElement().satisfies(error -> {
            assertThat(error.file()).isEqualTo(file.toString());
            assertThat(error.line()).isEqualTo(3);
            assertThat(error.column()).isEqualTo(39);
            assertThat(error.message()).startsWith("Line left out: Not valid JSON: Unexpected end-of-input");
            assertThat(error.toString()).startsWith(file + ":3:39: Line left out: Not valid JSON");
        });
    }

    @Test
    void lines_thatAreNotItems_areLeftOutAndReported() throws IOException {
        var file = write("odd.jsonl", exportLine(item("A", "1"))
                + "[1, 2]\n"
                + "{\"Item\": {\"PK\": {\"S\": \"A\"}, \"SK\": {\"S\": \"2\"}}} {\"Item\": {}}\n"
                + "{\"Item\": {\"SK\": {\"S\": \"3\"}}}\n"
                + "{\"Item\": {\"PK\": {\"N\": \"4\"}, \"SK\": {\"S\": \"4\"}}}\n"
                + "{\"Item\": {\"PK\": {\"S\": \"\"}, \"SK\": {\"S\": \"5\"}}}\n");

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.parse("PK:S,SK", List.of()));

        assertThat(workspace.tables().getFirst().items()).containsExactly(item("A", "1"));
        assertThat(workspace.report().errors()).extracting(LoadProblem::line, LoadProblem::message).containsExactly(
                org.assertj.core.groups.Tuple.tuple(2, "Line left out: expected an item, a JSON object like {\"Item\": {\"PK\": {\"S\": \"…\"}}}"),
                org.assertj.core.groups.Tuple.tuple(3, "Line left out: one item per line, but more JSON follows the item"),
                org.assertj.core.groups.Tuple.tuple(4, "Item left out: it has no partition key PK"),
                org.assertj.core.groups.Tuple.tuple(5, "Item left out: its partition key PK is N, but the key schema says S"),
                org.assertj.core.groups.Tuple.tuple(6, "Item left out: its partition key PK is empty, which DynamoDB does not allow in a key"));
    }

    @Test
    void bareItems_gzip_andAByteOrderMark_areRead() throws IOException {
        var file = dir.resolve("part-0001.json.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(("\uFEFF" + DynamoJsonCodec.writeItem(item("A", "1")) + "\r\n" + DynamoJsonCodec.writeItem(item("A", "2")) + "\r\n")
                    .getBytes(StandardCharsets.UTF_8));
        }

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.parse("PK,SK", List.of()));

        assertThat(workspace.format()).isEqualTo(WorkspaceFormat.DYNAMODB_JSON_LINES);
        assertThat(workspace.tables().getFirst().name()).isEqualTo("part-0001");
        assertThat(workspace.tables().getFirst().items()).containsExactly(item("A", "1"), item("A", "2"));
    }

    @Test
    void aLineWithPlainJson_isReadLeniently_andReported() throws IOException {
        var file = write("mixed.jsonl", "{\"Item\": {\"PK\": {\"S\": \"A\"}, \"SK\": {\"S\": \"1\"}, \"tags\": {\"SS\": [\"x\", \"x\"]}, "
                + "\"n\": {\"N\": 5}, \"meta\": {\"M\": {\"score\": 9.5, \"ok\": true}}}}\n");

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.parse("PK,SK", List.of()));

        assertThat(workspace.tables().getFirst().items()).containsExactly(item("A", "1", "tags", AttributeValue.ss("x"),
                "n", AttributeValue.n("5"), "meta", AttributeValue.m(Map.of("score", AttributeValue.n("9.5"), "ok", AttributeValue.bool(true)))));
        assertThat(workspace.report().warnings()).singleElement().satisfies(w -> {
            assertThat(w.line()).isEqualTo(1);
            assertThat(w.column()).isEqualTo(62);
            assertThat(w.message()).isEqualTo("Item read leniently: plain JSON where DynamoDB JSON was expected, read as plain values at "
                    + "meta.score, meta.ok; a number given as a JSON number instead of a string at n; "
                    + "a set with repeated elements, each kept once at tags");
        });
    }

    @Test
    void laterItemsWithTheSameKey_replaceEarlierOnes_asPutsWould() throws IOException {
        var file = write("dupes.jsonl", exportLine(item("A", "1", "v", AttributeValue.n("1")))
                + exportLine(item("A", "2"))
                + exportLine(item("A", "1", "v", AttributeValue.n("2"))));

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.parse("PK,SK", List.of()));

        assertThat(workspace.tables().getFirst().items()).containsExactly(item("A", "2"), item("A", "1", "v", AttributeValue.n("2")));
        assertThat(workspace.report().warnings()).singleElement().satisfies(w -> {
            assertThat(w.line()).isEqualTo(3);
            assertThat(w.message()).isEqualTo("Item replaces the one with the same key at line 1 (PK=\"A\", SK=\"1\"), as a second put would");
        });
    }

    // ---- guessing the key schema ----

    @Test
    void withoutAKeySchema_pkAndSkAndIndexPairs_areGuessed_andTheGuessIsReported() throws IOException {
        var file = write("guess.jsonl", exportLine(item("U#1", "PROFILE", "GSI1PK", AttributeValue.s("ORG#1"), "GSI1SK", AttributeValue.s("U#1"),
                "gsi2pk", AttributeValue.n("3")))
                + exportLine(item("U#1", "ORDER#1")));

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.NONE);

        var table = workspace.tables().getFirst();
        assertThat(table.keySource()).isEqualTo(KeySource.GUESSED);
        assertThat(table.keySchema()).isEqualTo(KeySchema.of("PK", "SK"));
        assertThat(table.globalSecondaryIndexes()).extracting(IndexDescription::name, IndexDescription::key).containsExactly(
                org.assertj.core.groups.Tuple.tuple("GSI1", KeySchema.of("GSI1PK", "GSI1SK").asIndexKey()),
                org.assertj.core.groups.Tuple.tuple("gsi2", new KeySchema(new KeySchema.KeyAttribute("gsi2pk", KeySchema.ScalarType.N), null).asIndexKey()));
        assertThat(workspace.report().warnings()).singleElement().satisfies(w -> {
            assertThat(w.line()).isZero();
            assertThat(w.message()).isEqualTo("Table guess: key schema guessed from the attribute names: PK (S), SK (S); "
                    + "indexes: GSI1 (GSI1PK (S), GSI1SK (S)), gsi2 (gsi2pk (N)). Give the key schema if that is wrong");
        });
    }

    @Test
    void lowerCaseKeys_andIdOnly_areGuessedToo() throws IOException {
        var lower = write("lower.jsonl", "{\"pk\": {\"S\": \"a\"}, \"sk\": {\"N\": \"1\"}, \"SK\": {\"S\": \"x\"}}\n");
        var ids = write("ids.jsonl", "{\"id\": {\"N\": \"1\"}, \"name\": {\"S\": \"a\"}}\n{\"id\": {\"N\": \"2\"}}\n");

        assertThat(FileWorkspaces.read(lower, WorkspaceOptions.NONE).tables().getFirst().keySchema()).isEqualTo(new KeySchema(
                new KeySchema.KeyAttribute("pk", KeySchema.ScalarType.S), new KeySchema.KeyAttribute("sk", KeySchema.ScalarType.N)));
        assertThat(FileWorkspaces.read(ids, WorkspaceOptions.NONE).tables().getFirst().keySchema()).isEqualTo(
                new KeySchema(new KeySchema.KeyAttribute("id", KeySchema.ScalarType.N), null));
    }

    @Test
    void whenNoKeyCanBeGuessed_thereIsNoTable_andAnErrorSaysWhatToDo() throws IOException {
        var file = write("people.jsonl", "{\"name\": {\"S\": \"a\"}, \"email\": {\"S\": \"a@x\"}}\n{\"name\": {\"S\": \"b\"}}\n");

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.NONE);

        assertThat(workspace.tables()).isEmpty();
        assertThat(workspace.report().errors()).singleElement().extracting(LoadProblem::message).isEqualTo(
                "Cannot tell the key schema of table people: no attribute named like PK, pk or id is on every item (on every item: name). "
                        + "Give the key schema: PK or PK,SK");
    }

    @Test
    void aWrongKeySchema_saysWhichAttributesEveryItemHas() throws IOException {
        var file = write("wrong.jsonl", exportLine(item("A", "1")) + exportLine(item("A", "2")));

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.parse("pk,sk", List.of()));

        assertThat(workspace.tables().getFirst().items()).isEmpty();
        assertThat(workspace.report().errors()).hasSize(3).last().extracting(LoadProblem::message)
                .isEqualTo("Table wrong: none of the 2 items has the partition key pk (on every item: PK, SK)");
    }

    @Test
    void filesOfNoKnownFormat_areRefusedWithAReason() throws IOException {
        var empty = write("empty.jsonl", "");
        var array = write("array.json", "[{\"PK\": {\"S\": \"a\"}}]");

        assertThatThrownBy(() -> FileWorkspaces.read(empty, WorkspaceOptions.NONE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith("is not a workspace file (a NoSQL Workbench model, DynamoDB JSON lines or the output of "
                        + "aws dynamodb scan): it is empty");
        assertThatThrownBy(() -> FileWorkspaces.read(array, WorkspaceOptions.NONE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith("it starts with a JSON array");
    }

    @Test
    void aModelsOwnKeySchema_winsOverTheOptions() throws IOException {
        var workspace = FileWorkspaces.read(WorkbenchModelReadingTest.model("ChatSystemSchema.json"), WorkspaceOptions.parse("x,y", List.of()));

        assertThat(workspace.tables().getFirst().keySchema()).isEqualTo(KeySchema.of("PK", "SK"));
        assertThat(workspace.report().warnings()).extracting(LoadProblem::message)
                .containsExactly("The model declares its key schema and indexes; the ones given are not used");
    }
}

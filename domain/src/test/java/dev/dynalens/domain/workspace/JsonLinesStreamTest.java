package dev.dynalens.domain.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JsonLinesStream} against the workspace it stands in for: when it reads a file through, it hands out the
 * items a Scan of the workspace returns, in the same order, and the workspace's load reports nothing; whenever the
 * load would report something, it gives up.
 */
class JsonLinesStreamTest {
    @TempDir
    Path dir;

    private record Streamed(Optional<JsonLinesStream.Table> table, List<Item> items) {
    }

    private static Streamed stream(Path file, WorkspaceOptions options) throws IOException {
        var items = new ArrayList<Item>();
        var table = FileWorkspaces.stream(file, options, t -> items::add);
        return new Streamed(table, items);
    }

    /** Streamed and loaded: equal when streamed, and then the load is silent; and the table is described alike. */
    private static boolean assertAgreesWithTheWorkspace(Path file, WorkspaceOptions options) throws IOException {
        var streamed = stream(file, options);
        var workspace = FileWorkspaces.read(file, options);
        if (streamed.table().isEmpty()) {
            return false;
        }
        assertThat(workspace.report().warningCount() + workspace.report().errorCount()).as("%s: a silent load", file).isZero();
        var table = workspace.tables().getFirst();
        assertThat(streamed.items()).as("%s: the items of a Scan, in order", file).isEqualTo(table.items());
        var described = streamed.table().get();
        assertThat(described.name()).isEqualTo(table.name());
        assertThat(described.keys()).isEqualTo(table.tableKeys().keySchema());
        assertThat(described.indexes()).isEqualTo(table.tableKeys().indexes());
        return true;
    }

    private Path jsonLines(String name, List<Item> items) throws IOException {
        var lines = new ArrayList<String>();
        for (var item : items) {
            lines.add("{\"Item\":" + DynamoJsonCodec.writeItem(item) + "}");
        }
        var file = dir.resolve(name);
        Files.write(file, lines, StandardCharsets.UTF_8);
        return file;
    }

    private static WorkspaceOptions optionsOf(WorkspaceTable table) {
        var keys = table.tableKeys();
        var indexes = new ArrayList<IndexSpec>();
        keys.indexes().forEach((name, schema) -> indexes.add(new IndexSpec(name, specOf(schema))));
        return new WorkspaceOptions(specOf(keys.keySchema()), indexes);
    }

    private static KeySpec specOf(KeySchema schema) {
        return new KeySpec(schema.partitionKeyName(), null, schema.sortKeyName(), null);
    }

    @Test
    void everyTableOfTheRealModelsAndSamplesWrittenAsJsonLinesStreamsAsItsWorkspaceLoads() throws IOException {
        var files = dev.dynalens.domain.RealModels.modelsAndSamples();
        int tables = 0;
        int streamed = 0;
        for (var model : files) {
            for (var table : FileWorkspaces.read(model, WorkspaceOptions.NONE).tables()) {
                var file = jsonLines(table.name() + ".jsonl", table.items());
                var options = optionsOf(table);
                if (assertAgreesWithTheWorkspace(file, options)) {
                    streamed++;
                } else {
                    // Given up: keys or index keys that are not strings, or a load that says something.
                    var report = FileWorkspaces.read(file, options).report();
                    boolean strings = table.tableKeys().keySchema().partitionKey().type() == KeySchema.ScalarType.S
                            && (table.tableKeys().keySchema().sortKey() == null
                            || table.tableKeys().keySchema().sortKey().type() == KeySchema.ScalarType.S)
                            && table.tableKeys().indexes().values().stream().allMatch(s -> s.partitionKey().type() == KeySchema.ScalarType.S
                            && (s.sortKey() == null || s.sortKey().type() == KeySchema.ScalarType.S));
                    assertThat(!strings || report.warningCount() + report.errorCount() > 0).as("%s gave up for a reason", file).isTrue();
                }
                tables++;
            }
        }
        assertThat(tables).isGreaterThanOrEqualTo(10);
        assertThat(streamed).isGreaterThanOrEqualTo(4);
    }

    private static Item item(String pk, String sk, String... more) {
        var text = new StringBuilder("{\"PK\":{\"S\":\"" + pk + "\"},\"SK\":{\"S\":\"" + sk + "\"}");
        for (int i = 0; i < more.length; i += 2) {
            text.append(",\"").append(more[i]).append("\":").append(more[i + 1]);
        }
        return DynamoJsonCodec.readItem(text.append('}').toString());
    }

    private static final WorkspaceOptions PK_SK_GSI1 = WorkspaceOptions.parse("PK,SK", List.of("GSI1=GSI1PK,GSI1SK"));

    private static List<Item> clean() {
        return List.of(item("USER#1", "PROFILE", "name", "{\"S\":\"Ann\"}"),
                item("USER#1", "ORDER#1", "GSI1PK", "{\"S\":\"STATUS#OPEN\"}", "GSI1SK", "{\"S\":\"2024\"}", "total", "{\"N\":\"12345678901234567890123456789012345678\"}"),
                item("USER#2", "PROFILE", "tags", "{\"SS\":[\"a\",\"b\"]}", "blob", "{\"B\":\"AAEC\"}", "nothing", "{\"NULL\":true}"));
    }

    @Test
    void aCleanFileStreamsItsItemsInOrder_alsoGzippedWithABomAndBlankLines() throws IOException {
        var file = jsonLines("clean.jsonl", clean());
        assertThat(assertAgreesWithTheWorkspace(file, PK_SK_GSI1)).isTrue();
        assertThat(stream(file, PK_SK_GSI1).items()).isEqualTo(clean());

        var text = "\uFEFF" + Files.readString(file).replace("\n", "\n\n");
        var gzipped = dir.resolve("clean.jsonl.gz");
        try (var out = new GZIPOutputStream(Files.newOutputStream(gzipped))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        assertThat(assertAgreesWithTheWorkspace(gzipped, PK_SK_GSI1)).isTrue();
        assertThat(stream(gzipped, PK_SK_GSI1).table().orElseThrow().name()).isEqualTo("clean");
    }

    @Test
    void givesUpWheneverTheWorkspaceLoadWouldSaySomething() throws IOException {
        var cases = new ArrayList<List<String>>();
        var lines = new ArrayList<String>();
        for (var item : clean()) {
            lines.add("{\"Item\":" + DynamoJsonCodec.writeItem(item) + "}");
        }
        cases.add(List.of(lines.get(0), "{\"Item\": {\"PK\": {\"S\": \"USER#3\"}, \"SK\": \"plain\"}}", lines.get(1))); // read leniently
        cases.add(List.of(lines.get(0), "{not json", lines.get(1)));
        cases.add(List.of(lines.get(0), "{\"Item\":{\"PK\":{\"S\":\"USER#3\"}}}", lines.get(1))); // no sort key
        cases.add(List.of(lines.get(0), "{\"Item\":{\"PK\":{\"S\":\"\"},\"SK\":{\"S\":\"x\"}}}", lines.get(1))); // an empty key
        cases.add(List.of(lines.get(0), "{\"Item\":{\"PK\":{\"N\":\"1\"},\"SK\":{\"S\":\"x\"}}}", lines.get(1))); // a number key
        cases.add(List.of(lines.get(0), lines.get(1), lines.get(0))); // the same item twice
        cases.add(List.of(lines.get(0), lines.get(1), lines.get(0).replace("Ann", "Bob"))); // a second put of a key
        cases.add(List.of(lines.get(0), lines.get(1), "{\"Item\":{\"PK\":{\"S\":\"U\"},\"SK\":{\"S\":\"x\"},\"GSI1PK\":{\"N\":\"1\"},"
                + "\"GSI1SK\":{\"S\":\"y\"}}}")); // index keys of another type
        cases.add(List.of(lines.get(0), lines.get(2))); // nothing in GSI1
        cases.add(List.of()); // no items
        for (int i = 0; i < cases.size(); i++) {
            var file = dir.resolve("case" + i + ".jsonl");
            Files.write(file, cases.get(i), StandardCharsets.UTF_8);
            assertThat(stream(file, PK_SK_GSI1).table()).as("case %d: %s", i, cases.get(i)).isEmpty();
            if (!cases.get(i).isEmpty()) {
                var report = FileWorkspaces.read(file, PK_SK_GSI1).report();
                assertThat(report.warningCount() + report.errorCount()).as("case %d says something", i).isPositive();
            }
        }
    }

    @Test
    void givesUpWithoutAKeySchemaWithNonStringKeysOrForAnotherFormat() throws IOException {
        var file = jsonLines("clean.jsonl", clean());
        assertThat(stream(file, WorkspaceOptions.NONE).table()).isEmpty(); // the workspace guesses the keys
        assertThat(stream(file, WorkspaceOptions.parse("PK:N,SK", List.of())).table()).isEmpty();
        assertThat(stream(file, WorkspaceOptions.parse("PK,SK", List.of("GSI1=GSI1PK,GSI1SK:N"))).table()).isEmpty();
        assertThat(stream(file, WorkspaceOptions.parse("PK,SK", List.of())).table()).isPresent();
        assertThat(stream(Path.of("samples/blog.json"), WorkspaceOptions.parse("PK,SK", List.of())).table()).isEmpty(); // a model
    }
}

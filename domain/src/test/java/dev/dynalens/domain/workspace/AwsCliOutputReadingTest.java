package dev.dynalens.domain.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What `aws dynamodb scan` and `aws dynamodb query` print, as a file. */
class AwsCliOutputReadingTest {
    @TempDir
    Path dir;

    private static final String SCAN = """
            {
                "Items": [
                    {
                        "PK": {"S": "USER#1"},
                        "SK": {"S": "PROFILE"},
                        "tags": {"SS": ["a", "b"]}
                    },
                    {
                        "PK": {"S": "USER#1"},
                        "SK": {"S": "TEAM#9"},
                        "since": {"N": "2024"}
                    }
                ],
                "Count": 2,
                "ScannedCount": 2,
                "ConsumedCapacity": null
            }
            """;

    @Test
    void scanOutput_loadsItsItems_withTheKeysGuessed() throws IOException {
        var file = dir.resolve("users.json");
        Files.writeString(file, SCAN);

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.NONE);

        assertThat(workspace.format()).isEqualTo(WorkspaceFormat.AWS_CLI_OUTPUT);
        var table = workspace.tables().getFirst();
        assertThat(table.name()).isEqualTo("users");
        assertThat(table.keySchema()).isEqualTo(KeySchema.of("PK", "SK"));
        assertThat(table.keySource()).isEqualTo(KeySource.GUESSED);
        assertThat(table.items()).containsExactly(
                new Item(Map.of("PK", AttributeValue.s("USER#1"), "SK", AttributeValue.s("PROFILE"), "tags", AttributeValue.ss("a", "b"))),
                new Item(Map.of("PK", AttributeValue.s("USER#1"), "SK", AttributeValue.s("TEAM#9"), "since", AttributeValue.n("2024"))));
        assertThat(workspace.report().errors()).isEmpty();
    }

    @Test
    void queryOutputOnOneLine_withAPageCursor_isReadAndTheMissingRestIsReported() throws IOException {
        var file = dir.resolve("page.jsonl");
        Files.writeString(file, "{\"Items\":[{\"PK\":{\"S\":\"A\"}}],\"Count\":3,\"LastEvaluatedKey\":{\"PK\":{\"S\":\"A\"}}}");

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.parse("PK", List.of()));

        assertThat(workspace.format()).isEqualTo(WorkspaceFormat.AWS_CLI_OUTPUT);
        assertThat(workspace.tables().getFirst().size()).isEqualTo(1);
        assertThat(workspace.report().warnings()).extracting(LoadProblem::message).containsExactly(
                "The output has a LastEvaluatedKey: it is one page of a longer result, so the table is not complete here",
                "The output says Count 3 but lists 1 items");
    }

    @Test
    void malformedJsonInTheItems_keepsTheItemsBefore_andSaysWhere() throws IOException {
        var file = dir.resolve("broken.json");
        Files.writeString(file, SCAN.replace("\"since\": {\"N\": \"2024\"}", "\"since\": {\"N\": \"2024\"")
                .replace("\"tags\": {\"SS\": [\"a\", \"b\"]}", "\"tags\": {\"SS\": [\"a\", \"b\"]}, \"more\": {\"L\": [{\"S\": \"x\"}, 5]}"));

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.parse("PK,SK", List.of()));

        assertThat(workspace.tables().getFirst().items()).singleElement().satisfies(item ->
                assertThat(item.get("more")).contains(AttributeValue.l(AttributeValue.s("x"), AttributeValue.n("5"))));
        assertThat(workspace.report().errors()).singleElement().satisfies(e -> {
            assertThat(e.line()).isEqualTo(13);
            assertThat(e.message()).startsWith("Not valid JSON: Unexpected close marker ']': expected '}' (for Object starting at line 8, column 9)").endsWith("(the items before this point are loaded)");
        });
        assertThat(workspace.report().warnings()).singleElement().satisfies(w -> {
            assertThat(w.line()).isEqualTo(6);
            assertThat(w.message()).isEqualTo("Item read leniently: plain JSON where DynamoDB JSON was expected, read as plain values at more[1]");
        });
    }
}

package dev.dynalens.domain.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 16: a workspace file with bytes that are not UTF-8 reports them by line and column; no two keys collapse. */
class MalformedUtf8WorkspaceTest {
    @TempDir
    Path dir;

    private static final String NOT_UTF8_FF = "Not valid UTF-8: byte 0xFF is not a character here; the file must be UTF-8";

    private Path file(String name, Object... parts) throws IOException {
        var out = new ByteArrayOutputStream();
        for (var part : parts) {
            if (part instanceof String text) {
                out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
            } else {
                out.write((Integer) part);
            }
        }
        return Files.write(dir.resolve(name), out.toByteArray());
    }

    @Test
    void jsonLines_twoKeysDifferingOnlyInBadBytes_areBothLeftOut_eachWithItsPosition() throws IOException {
        var file = file("keys.jsonl",
                "{\"Item\": {\"PK\": {\"S\": \"K", 0xff, "\"}}}\n",
                "{\"Item\": {\"PK\": {\"S\": \"K", 0xfe, "\"}}}\n",
                "{\"Item\": {\"PK\": {\"S\": \"K\"}}}\n");

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.parse("PK", List.of()));

        assertThat(workspace.report().errors()).extracting(LoadProblem::line, LoadProblem::column, LoadProblem::message).containsExactly(
                org.assertj.core.groups.Tuple.tuple(1, 25, "Line left out: " + NOT_UTF8_FF),
                org.assertj.core.groups.Tuple.tuple(2, 25, "Line left out: " + NOT_UTF8_FF.replace("0xFF", "0xFE")));
        assertThat(workspace.report().warnings()).noneMatch(p -> p.message().contains("replaces"));
        assertThat(workspace.tables().getFirst().items()).singleElement()
                .satisfies(item -> assertThat(item.get("PK")).contains(AttributeValue.s("K")));
    }

    @Test
    void jsonLines_theStreamingReadingGivesUp_soTheWorkspaceReportsTheLine() throws IOException {
        var file = file("keys.jsonl", "{\"Item\": {\"PK\": {\"S\": \"A\"}}}\n", "{\"Item\": {\"PK\": {\"S\": \"K", 0xff, "\"}}}\n");

        var seen = new java.util.ArrayList<dev.dynalens.domain.item.Item>();
        var streamed = FileWorkspaces.stream(file, WorkspaceOptions.parse("PK", List.of()), table -> seen::add);

        assertThat(streamed).isEmpty();
    }

    @Test
    void awsCliOutput_anItemWithBadBytesIsLeftOut_andTheOthersLoad() throws IOException {
        var file = file("scan.json", "{\"Items\": [\n",
                "  {\"PK\": {\"S\": \"K", 0xff, "\"}},\n",
                "  {\"PK\": {\"S\": \"K2\"}}\n",
                "], \"Count\": 2}\n");

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.parse("PK", List.of()));

        assertThat(workspace.report().errors()).extracting(LoadProblem::line, LoadProblem::column, LoadProblem::message)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(2, 18, "Item left out: " + NOT_UTF8_FF));
        assertThat(workspace.tables().getFirst().items()).singleElement()
                .satisfies(item -> assertThat(item.get("PK")).contains(AttributeValue.s("K2")));
    }
}

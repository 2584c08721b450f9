package dev.dynalens.domain.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.KeySchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 16: a NoSQL Workbench model is read item by item, in whatever order its parts come, and strictly as UTF-8. */
class WorkbenchModelStreamingTest {
    @TempDir
    Path dir;

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
    void aTableNamedAndKeyedAfterItsItems_andAFacetNamedAfterItsItems_readAsIfInTheUsualOrder() throws IOException {
        var file = file("late.json", """
                {"DataModel": [{
                  "TableFacets": [{"TableData": [{"PK": {"S": "u1"}, "SK": {"S": "PROFILE"}}], "FacetName": "User",
                                   "KeyAttributeAlias": {"PartitionKeyAlias": "UserId", "SortKeyAlias": "Kind"}}],
                  "TableData": [{"PK": {"S": "u1"}, "SK": {"S": "ORDER#1"}}],
                  "TableName": "Late",
                  "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
                                    "SortKey": {"AttributeName": "SK", "AttributeType": "S"}}}],
                 "ModelName": "late"}
                """);

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.NONE);

        assertThat(workspace.name()).isEqualTo("late");
        assertThat(workspace.report().errors()).isEmpty();
        assertThat(workspace.report().warnings()).isEmpty();
        var table = workspace.table("Late").orElseThrow();
        assertThat(table.keySource()).isEqualTo(KeySource.MODEL);
        assertThat(table.keySchema()).isEqualTo(KeySchema.of("PK", "SK"));
        assertThat(table.facets()).containsExactly(new Facet("User", "UserId", "Kind"));
        assertThat(table.size()).isEqualTo(2);
        assertThat(table.facetOf(0).map(Facet::name)).contains("User");
        assertThat(table.facetOf(1)).isEmpty();
    }

    @Test
    void anItemWithBytesThatAreNotUtf8_isLeftOutWithItsPosition_andTheOthersLoad() throws IOException {
        var file = file("bad.json",
                "{\"ModelName\": \"m\", \"DataModel\": [{\"TableName\": \"T\",\n",
                " \"KeyAttributes\": {\"PartitionKey\": {\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}},\n",
                " \"TableData\": [\n",
                "  {\"PK\": {\"S\": \"K", 0xff, "\"}},\n",
                "  {\"PK\": {\"S\": \"K", 0xfe, "\"}},\n",
                "  {\"PK\": {\"S\": \"K\"}}]}]}\n");

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.NONE);

        assertThat(workspace.report().errors()).extracting(LoadProblem::toString).containsExactly(
                file + ":4:18: Item left out: Not valid UTF-8: byte 0xFF is not a character here; the file must be UTF-8",
                file + ":5:18: Item left out: Not valid UTF-8: byte 0xFE is not a character here; the file must be UTF-8");
        assertThat(workspace.tables().getFirst().items()).singleElement()
                .satisfies(item -> assertThat(item.get("PK")).contains(AttributeValue.s("K")));
    }

    @Test
    void aModelWithManyItems_keepsOnlyTheItems_notTheDocument() throws IOException {
        var text = new StringBuilder("{\"ModelName\": \"big\", \"DataModel\": [{\"TableName\": \"Big\", "
                + "\"KeyAttributes\": {\"PartitionKey\": {\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}}, \"TableData\": [\n");
        int count = 20_000;
        for (int i = 0; i < count; i++) {
            text.append(i == 0 ? "" : ",\n").append("{\"PK\": {\"S\": \"ITEM#").append(i).append("\"}, \"n\": {\"N\": \"").append(i)
                    .append("\"}, \"tags\": {\"L\": [{\"S\": \"a\"}, {\"S\": \"b\"}]}}");
        }
        text.append("]}]}\n");
        var file = Files.writeString(dir.resolve("big.json"), text);

        var workspace = FileWorkspaces.read(file, WorkspaceOptions.NONE);

        assertThat(workspace.report().errors()).isEmpty();
        assertThat(workspace.tables().getFirst().size()).isEqualTo(count);
        assertThat(workspace.tables().getFirst().items().get(count - 1).get("n")).contains(AttributeValue.n(count - 1));
    }
}

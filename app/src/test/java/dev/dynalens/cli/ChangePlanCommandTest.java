package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dynalens change plan} on the blog sample (a file): the plan, its JSON, its plan file, and bad change files. */
class ChangePlanCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String BLOG = Path.of("samples", "blog.json").toString();
    private static final String BACKFILL = Path.of("samples", "changes", "blog-backfill.yaml").toString();

    @TempDir
    Path dir;

    @Test
    void thePlanAsJson_andAsAPlanFileOfKeysAndBeforeImages() throws Exception {
        var plan = dir.resolve("plan.jsonl");

        var run = RealCli.run("change", "plan", BACKFILL, "--file", BLOG, "--json", "--out", plan.toString(), "--samples", "2");

        assertThat(run.exitCode()).as(run.err()).isZero();
        var json = MAPPER.readTree(run.out());
        assertThat(json.path("table").asText()).isEqualTo("Blog");
        assertThat(json.path("change").asText()).isEqualTo("set GSI9PK, GSI9SK");
        assertThat(json.path("counts").path("update").asLong()).isEqualTo(json.path("selected").asLong()).isPositive();
        assertThat(json.path("samples")).hasSize(2);
        assertThat(json.path("samples").get(0).path("after").path("GSI9PK").path("S").asText()).startsWith("AUTHOR#");
        var lines = Files.readAllLines(plan);
        assertThat(lines).hasSize(json.path("changing").asInt());
        var first = MAPPER.readTree(lines.get(0));
        assertThat(DynamoJsonCodec.readItem(first.path("before").toString()).attributes())
                .containsAllEntriesOf(DynamoJsonCodec.readItem(first.path("key").toString()).attributes());
    }

    @Test
    void aBadChangeFileIsAUsageErrorWithItsLineAndColumn_andNothingIsRead() throws Exception {
        var bad = Files.writeString(dir.resolve("bad.yaml"), """
                table: Blog
                where: {entity: POST}
                set: {GSI9PK: "AUTHOR#{authorId"}
                remove: [GSI9PK]
                """);

        var run = RealCli.run("change", "plan", bad.toString(), "--file", BLOG);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("bad.yaml: line 3, column 15: the template of GSI9PK: ")
                .doesNotContain("reading samples/blog.json");
        assertThat(run.out()).isEmpty();
    }
}

package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** `dynalens stale` on samples/blog.json (the live table is in StaleCommandIT). */
class StaleCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    static final String BLOG = Path.of("samples", "blog.json").toString();

    /** The six copies of "Priya Raman" samples/README.md lists, as `stale --json` writes them. */
    static final String STALE_COPIES = """
            [
              {"key": {"PK": "POST#single-table-design-in-practice", "SK": "METADATA"}, "attribute": "authorName",
               "copyValue": "Priya Raman", "sourceKey": {"PK": "USER#102", "SK": "PROFILE"}, "sourceValue": "Priya Natarajan"},
              {"key": {"PK": "POST#choosing-sort-keys", "SK": "METADATA"}, "attribute": "authorName",
               "copyValue": "Priya Raman", "sourceKey": {"PK": "USER#102", "SK": "PROFILE"}, "sourceValue": "Priya Natarajan"},
              {"key": {"PK": "POST#gsi-overloading-explained", "SK": "METADATA"}, "attribute": "authorName",
               "copyValue": "Priya Raman", "sourceKey": {"PK": "USER#102", "SK": "PROFILE"}, "sourceValue": "Priya Natarajan"},
              {"key": {"PK": "POST#records-and-sealed-types", "SK": "COMMENT#2024-02-13T08:12:00Z#c0008"}, "attribute": "commenterName",
               "copyValue": "Priya Raman", "sourceKey": {"PK": "USER#102", "SK": "PROFILE"}, "sourceValue": "Priya Natarajan"},
              {"key": {"PK": "POST#cold-starts-measured", "SK": "COMMENT#2024-03-06T18:40:00Z#c0011"}, "attribute": "commenterName",
               "copyValue": "Priya Raman", "sourceKey": {"PK": "USER#102", "SK": "PROFILE"}, "sourceValue": "Priya Natarajan"},
              {"key": {"PK": "TAG#dynamodb", "SK": "POST#2024-01-18T14:30:00Z#single-table-design-in-practice"}, "attribute": "author.name",
               "copyValue": "Priya Raman", "sourceKey": {"PK": "USER#102", "SK": "PROFILE"}, "sourceValue": "Priya Natarajan"}
            ]""";

    /** The two comments of user 109, who is gone. */
    static final String ORPHAN_COPIES = """
            [
              {"key": {"PK": "POST#single-table-design-in-practice", "SK": "COMMENT#2024-01-19T10:11:00Z#c0003"},
               "attribute": "commenterName", "reference": "109"},
              {"key": {"PK": "POST#adjacency-lists-for-many-to-many", "SK": "COMMENT#2024-03-29T07:55:00Z#c0013"},
               "attribute": "commenterName", "reference": "109"}
            ]""";

    record Run(int exitCode, String out, String err) {
        JsonNode json() throws IOException {
            return MAPPER.readTree(out);
        }
    }

    private static Run run(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var store = RealCli.noSavedConnections();
        var environment = RealCli.noProfiles();
        var context = new CliContext(profile -> {
            throw new AssertionError("a file needs no connection");
        }, store, environment, Map.of(), new PrintWriter(out), new PrintWriter(err));
        int code = DynaLensCli.execute(context, args);
        return new Run(code, out.toString(), err.toString());
    }

    static Set<JsonNode> set(JsonNode array) {
        var set = new HashSet<JsonNode>();
        array.forEach(set::add);
        assertThat(set).as("no duplicates").hasSize(array.size());
        return set;
    }

    static Set<JsonNode> set(String json) throws IOException {
        return set(MAPPER.readTree(json));
    }

    /**
     * The inferred name rules with their counts (and, inferred, the tag entries' copies of their post); stale copies and
     * orphans exactly as planted; what the one read cost.
     */
    static void assertBlogFindings(JsonNode json, boolean inferred) throws IOException {
        assertThat(json.properties()).extracting(Map.Entry::getKey).containsExactly("rules", "staleCopies", "orphanCopies", "read");
        var rules = new ArrayList<String>();
        for (var rule : json.get("rules")) {
            assertThat(rule.path("inferred").isBoolean()).isTrue();
            assertThat(rule.path("inferred").asBoolean()).isEqualTo(inferred);
            assertThat(rule.properties()).extracting(Map.Entry::getKey)
                    .containsExactly("source", "copy", "reference", "copies", "stale", "orphans", "confidence", "inferred");
            rules.add(rule.path("copy").path("entity").asText() + "." + rule.path("copy").path("attribute").asText() + "="
                    + rule.path("source").path("entity").asText() + "." + rule.path("source").path("attribute").asText() + "@"
                    + rule.path("reference").asText() + " " + rule.path("copies").asLong() + "/" + rule.path("stale").asLong()
                    + "/" + rule.path("orphans").asLong() + String.format(java.util.Locale.ROOT, " %.3f", rule.path("confidence").asDouble()));
        }
        assertThat(rules).filteredOn(rule -> rule.contains("=USER.name@")).containsExactlyInAnyOrder(
                "COMMENT.commenterName=USER.name@commenterId 40/2/2 0.947",
                "TAG→POST.author.name=USER.name@author.id 24/1/0 0.958",
                "POST.authorName=USER.name@authorId 16/3/0 0.813");
        if (inferred) {
            assertThat(rules).filteredOn(rule -> !rule.contains("=USER.name@")).containsExactlyInAnyOrder(
                    "TAG→POST.title=POST.title@SK:2 24/0/0 1.000",
                    "TAG→POST.author.id=POST.authorId@SK:2 24/0/0 1.000");
        } else {
            assertThat(rules).hasSize(3);
        }
        assertThat(set(json.get("staleCopies"))).isEqualTo(set(STALE_COPIES));
        assertThat(set(json.get("orphanCopies"))).isEqualTo(set(ORPHAN_COPIES));
    }

    @Test
    void withoutRules_infersThem_andFindsExactlyThePlantedStaleCopiesAndOrphans() throws IOException {
        var result = run("stale", "--file", BLOG, "--json");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertBlogFindings(result.json(), true);
    }

    @Test
    void givenRules_areConfirmed_andFindTheSame() throws IOException {
        var result = run("stale", "--file", BLOG, "--json",
                "--rule", "POST.authorName=USER.name@authorId",
                "--rule", "COMMENT.commenterName = USER.name @ commenterId",
                "--rule", "TAG→POST.author.name=USER.name@author.id");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertBlogFindings(result.json(), false);
        // Given rules keep their order.
        assertThat(result.json().path("rules").get(1).path("copy").path("attribute").asText()).isEqualTo("commenterName");
    }

    @Test
    void oneGivenRule_onlyChecksThatRule() throws IOException {
        var result = run("stale", "--file", BLOG, "--json", "--rule", "POST.authorName=USER.name@authorId");

        assertThat(result.exitCode()).as(result.err()).isZero();
        var json = result.json();
        assertThat(json.path("rules")).hasSize(1);
        assertThat(json.path("staleCopies")).hasSize(3).allSatisfy(s -> assertThat(s.path("attribute").asText()).isEqualTo("authorName"));
        assertThat(json.path("orphanCopies")).isEmpty();
    }

    @Test
    void aBadRule_exitsWithUsage_andThePositionOfTheProblem() {
        var result = run("stale", "--file", BLOG, "--rule", "POST.authorName=USER.name");

        assertThat(result.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).startsWith("dynalens: --rule: Expected '@' and a reference after the source attribute")
                .contains("at position 25 in \"POST.authorName=USER.name\"")
                .contains("\n  POST.authorName=USER.name\n  " + " ".repeat(25) + "^");
    }

    @Test
    void aRuleOnAnUnknownEntity_findsNothing_andWarns() throws IOException {
        var result = run("stale", "--file", BLOG, "--json", "--rule", "POSTS.authorName=USER.name@authorId");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.err()).contains("dynalens: warning: --rule POSTS.authorName=USER.name@authorId: no entity 'POSTS' in Blog; "
                + "its entities: COMMENT, POST, TAG→POST, USER");
        assertThat(result.json().path("rules").get(0).path("copies").asLong()).isZero();
        assertThat(result.json().path("staleCopies")).isEmpty();
    }

    private static Path lensFile(Path dir, String json) throws IOException {
        var file = dir.resolve("blog-lens.json");
        java.nio.file.Files.writeString(file, json);
        return file;
    }

    /** The lens the app saves after Confirm: its confirmed rules are used, as given rules, and nothing is inferred. */
    @Test
    void aLensWithConfirmedRules_usesExactlyThem(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        var lens = new dev.dynalens.domain.inference.Lens(Map.of(), List.of(), List.of(), new dev.dynalens.domain.inference.Lens.RuleChoices(
                List.of("POST.authorName=USER.name@authorId"), List.of("COMMENT.commenterName=USER.name@commenterId")));
        var file = lensFile(dir, dev.dynalens.domain.inference.LensCodec.toJson(lens));

        var result = run("stale", "--file", BLOG, "--json", "--lens", file.toString());

        assertThat(result.exitCode()).as(result.err()).isZero();
        var json = result.json();
        assertThat(json.path("rules")).singleElement().satisfies(rule -> assertThat(rule.path("inferred").asBoolean()).isFalse());
        assertThat(json.path("staleCopies")).hasSize(3).allSatisfy(s -> assertThat(s.path("attribute").asText()).isEqualTo("authorName"));
        // --rule wins over the lens
        var given = run("stale", "--file", BLOG, "--json", "--lens", file.toString(), "--rule", "COMMENT.commenterName=USER.name@commenterId");
        assertThat(given.json().path("staleCopies")).hasSize(2).allSatisfy(s -> assertThat(s.path("attribute").asText()).isEqualTo("commenterName"));
    }

    /** Removed in the app: rejected rules are not inferred again. */
    @Test
    void aLensWithOnlyRejectedRules_infersTheOthers(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        var lens = new dev.dynalens.domain.inference.Lens(Map.of(), List.of(), List.of(), new dev.dynalens.domain.inference.Lens.RuleChoices(
                List.of(), List.of("COMMENT.commenterName=USER.name@commenterId")));
        var file = lensFile(dir, dev.dynalens.domain.inference.LensCodec.toJson(lens));

        var result = run("stale", "--file", BLOG, "--json", "--lens", file.toString());

        assertThat(result.exitCode()).as(result.err()).isZero();
        var json = result.json();
        assertThat(json.path("rules")).hasSize(4).allSatisfy(rule -> assertThat(rule.path("inferred").asBoolean()).isTrue());
        assertThat(json.path("orphanCopies")).isEmpty();
        assertThat(json.path("staleCopies")).hasSize(4).noneSatisfy(s -> assertThat(s.path("attribute").asText()).isEqualTo("commenterName"));
    }

    @Test
    void aBrokenOrMissingLens_isAUsageErrorThatSaysWhere(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        var broken = lensFile(dir, "{\"formatVersion\": 1, \"staleness\": {\"confirmed\": [\"POST.authorName=USER.name\"");

        var result = run("stale", "--file", BLOG, "--lens", broken.toString());
        var missing = run("stale", "--file", BLOG, "--lens", dir.resolve("none.json").toString());

        assertThat(result.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(result.err()).startsWith("dynalens: --lens: " + broken).contains("not valid JSON at line 1");
        assertThat(result.out()).isEmpty();
        assertThat(missing.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(missing.err()).contains("--lens: no such file: " + dir.resolve("none.json"));
    }

    @Test
    void withoutJson_printsASummary() {
        var result = run("stale", "--file", BLOG);

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out())
                .contains("Table Blog: 88 items · 5 rules inferred from the data")
                .contains("  POST.authorName=USER.name@authorId  16 copies, 3 stale, 0 orphans, confidence 0.81")
                .contains("Stale copies (6)")
                .contains("  PK=\"TAG#dynamodb\", SK=\"POST#2024-01-18T14:30:00Z#single-table-design-in-practice\"  author.name = \"Priya Raman\", "
                        + "source PK=\"USER#102\", SK=\"PROFILE\" has \"Priya Natarajan\"")
                .contains("Orphan copies (2)")
                .contains("  PK=\"POST#adjacency-lists-for-many-to-many\", SK=\"COMMENT#2024-03-29T07:55:00Z#c0013\"  commenterName: no source for \"109\"");
    }

    @Test
    void json_carriesTheRead_aFileHasNoCapacityToConsume() throws IOException {
        var result = run("stale", "--file", BLOG, "--json");

        var read = result.json().path("read");
        assertThat(read.path("reused").asBoolean()).isFalse();
        assertThat(read.path("segments").asInt()).isEqualTo(1);
        assertThat(read.path("consumedReadUnits").isNull()).isTrue();
        // A workspace is described with its size, so the estimate says what DynamoDB would charge for it.
        assertThat(read.path("estimate").path("itemCount").asLong()).isEqualTo(88);
        assertThat(read.path("estimate").path("sizeKnown").asBoolean()).isTrue();
        assertThat(read.path("estimate").path("requests").asLong()).isEqualTo(1);
        assertThat(result.err()).as("a file's read costs nothing: no estimate on stderr").doesNotContain("read units");
    }

    @Test
    void aJsonLinesFileWithItsKeySchema_isReadStraightThrough_withTheSameFindings(@org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        var file = dir.resolve("blog.jsonl");
        var lines = new StringBuilder();
        for (var item : dev.dynalens.domain.inference.SampleModels.load(dev.dynalens.domain.inference.SampleModels.BLOG).items()) {
            lines.append("{\"Item\":").append(dev.dynalens.domain.codec.DynamoJsonCodec.writeItem(item)).append("}\n");
        }
        java.nio.file.Files.writeString(file, lines);

        var result = run("stale", "--file", file.toString(), "--key-schema", "PK,SK", "--gsi", "GSI1=GSI1PK,GSI1SK", "--json");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertBlogFindings(result.json(), true);
        assertThat(result.json().path("read").path("estimate").isNull()).isTrue();
    }

    @Test
    void neitherTableNorFile_isAUsageError() {
        var result = run("stale");

        assertThat(result.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(result.err()).contains("Name a TABLE");
    }

    @Test
    void segments_zeroOrMoreThanAScanTakes_isAUsageErrorInASentence() {
        var zero = run("stale", "--file", BLOG, "--segments", "0");
        var tooMany = run("stale", "--file", BLOG, "--segments", "2000000");

        assertThat(zero.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(zero.err()).contains("Invalid value for option '--segments': '0' is not a whole number of 1 or more")
                .doesNotContain("bytes").doesNotContain("at once");
        assertThat(tooMany.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(tooMany.err())
                .startsWith("dynalens: --segments 2000000: a Scan has at most 1,000,000 segments (DynamoDB's TotalSegments)")
                .doesNotContain("at once");
    }
}

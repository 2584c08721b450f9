package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `dynalens size` in-process over the real adapter (files need no endpoint). */
class SizeCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        var file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    /** Sizes worked out by hand from the Developer Guide's rules, not by the code under test. */
    private static final String ORDER = """
            {
              "PK": {"S": "CUSTOMER#42"},
              "SK": {"S": "ORDER#2024-05-01"},
              "total": {"N": "-12.50"},
              "paid": {"BOOL": true},
              "lines": {"L": [{"M": {"sku": {"S": "é1"}}}, {"NULL": true}]},
              "tags": {"SS": ["a", "bc"]}
            }
            """;
    // PK 2 + 11 = 13; SK 2 + 16 = 18; total: 5 + (1 + 2 pairs "12|5" + 1 negative) = 9; paid 4 + 1 = 5;
    // lines 5 + [3 + 2 elements + map (3 + 1 key + "sku" 3 + "é1" 3) + null 1] = 5 + 3 + 2 + 10 + 1 = 21; tags 4 + 3 = 7
    private static final long ORDER_BYTES = 13 + 18 + 9 + 5 + 21 + 7;

    @Test
    void anItem_printsItsKeySizeAttributesCostsAndWarnings() throws IOException {
        var run = RealCli.run("size", "--item", file("order.json", ORDER).toString(), "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        var item = MAPPER.readTree(run.out()).path("items").get(0);
        assertThat(item.path("key")).isEqualTo(MAPPER.readTree("{\"PK\": \"CUSTOMER#42\", \"SK\": \"ORDER#2024-05-01\"}"));
        assertThat(item.path("size").asLong()).isEqualTo(ORDER_BYTES);
        assertThat(item.path("attributes")).isEqualTo(MAPPER.readTree(
                "{\"PK\": 13, \"SK\": 18, \"total\": 9, \"paid\": 5, \"lines\": 21, \"tags\": 7}"));
        assertThat(item.path("rcu")).isEqualTo(MAPPER.readTree("{\"eventual\": 0.5, \"strong\": 1, \"transactional\": 2}"));
        assertThat(item.path("wcu")).isEqualTo(MAPPER.readTree("{\"standard\": 1, \"transactional\": 2}"));
        assertThat(item.path("warnings")).isEmpty();
        // exact decimals on the wire: 0.5 and 1, never 1.0 or 0.50000001
        assertThat(run.out()).contains("\"rcu\":{\"eventual\":0.5,\"strong\":1,\"transactional\":2}")
                .contains("\"wcu\":{\"standard\":1,\"transactional\":2}");
    }

    @Test
    void anItemOver400Kb_isWarnedAbout_andCostsAWriteUnitPerKilobyte() throws IOException {
        // 2 + 1 + 4 + 409,600 = 409,607 bytes
        var big = "{\"PK\": {\"S\": \"A\"}, \"blob\": {\"S\": \"" + "x".repeat(409_600) + "\"}}";
        var run = RealCli.run("size", "--item", file("big.json", big).toString(), "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        var item = MAPPER.readTree(run.out()).path("items").get(0);
        assertThat(item.path("size").asLong()).isEqualTo(409_607);
        assertThat(item.path("rcu").path("strong").decimalValue()).isEqualByComparingTo("101");   // ceil(409,607 / 4096)
        assertThat(item.path("rcu").path("eventual").decimalValue()).isEqualByComparingTo("50.5");
        assertThat(item.path("wcu").path("standard").asLong()).isEqualTo(401);                  // ceil(409,607 / 1024)
        assertThat(item.path("warnings").get(0).path("kind").asText()).isEqualTo("ITEM_TOO_LARGE");
        assertThat(item.path("warnings").get(0).path("message").asText()).contains("409,607 bytes").contains("by 7 bytes");
    }

    @Test
    void keyValuesOverTheirLimits_areWarnedAbout_withTheKeySchemaGiven() throws IOException {
        var item = "{\"id\": {\"S\": \"" + "k".repeat(2049) + "\"}, \"at\": {\"B\": \"" + java.util.Base64.getEncoder().encodeToString(new byte[1025])
                + "\"}}";
        var run = RealCli.run("size", "--item", file("keys.json", item).toString(), "--key-schema", "id,at", "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        var warnings = MAPPER.readTree(run.out()).path("items").get(0).path("warnings");
        assertThat(warnings).extracting(w -> w.path("kind").asText() + " " + w.path("attribute").asText() + " " + w.path("bytes").asLong())
                .containsExactly("PARTITION_KEY_TOO_LARGE id 2049", "SORT_KEY_TOO_LARGE at 1025");
    }

    @Test
    void withoutTheJsonFlag_aSingleItemPrintsItsAttributesLargestFirst() throws IOException {
        var run = RealCli.run("size", "--item", file("order.json", ORDER).toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("PK=CUSTOMER#42 SK=ORDER#2024-05-01").contains("0.5 / 1 / 2").contains("1 / 2")
                .contains(ORDER_BYTES + " bytes: " + String.format(java.util.Locale.ROOT, "%,d", 409_600 - ORDER_BYTES) + " bytes below the 400 KB item limit");
        var attributeLines = run.out().lines().dropWhile(l -> !l.startsWith("Attributes")).skip(1).map(String::strip).toList();
        assertThat(attributeLines).extracting(l -> l.split("\\s+")[0]).containsExactly("lines", "SK", "PK", "total", "tags", "paid");
    }

    @Test
    void getItemOutput_isReadAsTheItemItHolds() throws IOException {
        var wrapped = "{\"Item\": " + ORDER + ", \"ConsumedCapacity\": {\"TableName\": \"Shop\", \"CapacityUnits\": 0.5}}";
        var run = RealCli.run("size", "--item", file("get-item.json", wrapped).toString(), "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(MAPPER.readTree(run.out()).path("items").get(0).path("size").asLong()).isEqualTo(ORDER_BYTES);
    }

    @Test
    void aBrokenItem_isAUsageErrorWithItsPosition() throws IOException {
        var run = RealCli.run("size", "--item", file("broken.json", "{\n  \"PK\": {\"S\": \"A\"},\n  \"n\": {\"N\": \"12x\"}\n}").toString());

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(run.err()).startsWith("dynalens: ").contains("broken.json").contains("line 3");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void anItemWithAByteOrderMark_isReadAsImportReadsIt() throws IOException {
        var run = RealCli.run("size", "--item", file("bom.json", "\uFEFF" + ORDER).toString(), "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(MAPPER.readTree(run.out()).path("items").get(0).path("size").asLong()).isEqualTo(ORDER_BYTES);
    }

    @Test
    void anItemThatIsNotUtf8_isAUsageErrorWithItsPosition_notAReplacedCharacter() throws IOException {
        var file = dir.resolve("latin1.json");
        Files.write(file, "{\n  \"PK\": {\"S\": \"K\u00ff\"}\n}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));

        var run = RealCli.run("size", "--item", file.toString(), "--json");

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(run.err()).isEqualTo("dynalens: " + file + ": Not valid UTF-8: byte 0xFF is not a character here; the file must be UTF-8"
                + " at line 2, column 17" + System.lineSeparator());
        assertThat(run.out()).isEmpty();
    }

    @Test
    void itemAndFileTogether_areRefused() throws IOException {
        var item = file("order.json", ORDER).toString();
        var run = RealCli.run("size", "--item", item, "--file", item);
        assertThat(run.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(run.err()).contains("--item reads one item");
        assertThat(RealCli.run("size").err()).contains("--file FILE");
    }

    /** A workspace file goes through the same reading as analyze --file; every item is sized, and the parts add up. */
    @Test
    void aWorkbenchModel_sizesEveryItem() throws IOException {
        var run = RealCli.run("size", "--file", Path.of("samples/online-shop.json").toString(), "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        var items = StreamSupport.stream(MAPPER.readTree(run.out()).path("items").spliterator(), false).toList();
        assertThat(items).hasSizeGreaterThan(10);
        for (JsonNode item : items) {
            assertThat(item.path("key").has("PK")).isTrue();
            long sum = 0;
            for (var bytes : item.path("attributes")) sum += bytes.asLong();
            assertThat(item.path("size").asLong()).isEqualTo(sum).isPositive();
            assertThat(item.path("rcu").path("strong").decimalValue()).isEqualByComparingTo(
                    String.valueOf(Math.ceilDiv(item.path("size").asLong(), 4096)));
        }

        var text = RealCli.run("size", "--file", Path.of("samples/online-shop.json").toString());
        assertThat(text.out()).containsPattern(items.size() + " items · average [0-9,]+ bytes · largest [0-9,]+ bytes · 0 with warnings");
    }
}

package dev.dynalens.service.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.load.LoadSettings;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, bad input to an import: bytes that are not UTF-8, a NoSQL Workbench model with wrong types, the same key
 * twice. The real importer and loader on the calling thread over a fake session that keeps what it was sent.
 */
class ImportInputFaultsTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T08:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    private final FakeDynamoSession session = new FakeDynamoSession(ConnectionProfile.local("local", URI.create("http://localhost:1")));

    @BeforeEach
    void table() {
        describe(KeySchema.of("PK", null));
        session.batchWriter = items -> CompletableFuture.completedFuture(List.of());
    }

    private void describe(KeySchema keys) {
        session.description = CompletableFuture.completedFuture(new TableDescription("Shop", keys, List.of(), List.of(), 0, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
    }

    private ImportReport importFile(Path file) throws Exception {
        var importer = new TableImporter(session, new TableLoader(session, LoadSettings.DEFAULTS, Runnable::run,
                delay -> CompletableFuture.completedFuture(null), () -> 0.5, CLOCK), Runnable::run, CLOCK);
        return importer.start(new ImportRequest("Shop", file, null), p -> { }).result().get(5, TimeUnit.SECONDS);
    }

    private List<Item> sent() {
        return session.batches.stream().flatMap(List::stream).toList();
    }

    private static byte[] bytes(Object... parts) {
        var out = new ByteArrayOutputStream();
        for (var part : parts) {
            if (part instanceof String text) {
                out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
            } else {
                out.write((Integer) part);
            }
        }
        return out.toByteArray();
    }

    @Test
    void twoKeysDifferingOnlyInBytesThatAreNotUtf8_areBothRejectedWithTheirPositions_neverWrittenAsOne() throws Exception {
        var file = Files.write(dir.resolve("keys.jsonl"), bytes(
                "{\"Item\": {\"PK\": {\"S\": \"K", 0xff, "\"}}}\n",
                "{\"Item\": {\"PK\": {\"S\": \"K", 0xfe, "\"}}}\n",
                "{\"Item\": {\"PK\": {\"S\": \"K\"}}}\n"));

        var report = importFile(file);

        assertThat(report.rejected()).extracting(ImportReport.Rejection::toString).containsExactly(
                "line 1, column 25: Not valid UTF-8: byte 0xFF is not a character here; the file must be UTF-8",
                "line 2, column 25: Not valid UTF-8: byte 0xFE is not a character here; the file must be UTF-8");
        assertThat(report.written()).isEqualTo(1);
        assertThat(sent()).extracting(item -> item.get("PK").orElseThrow()).containsExactly(AttributeValue.s("K"));
    }

    @Test
    void aCsvFileThatIsNotUtf8_rejectsTheRowWithItsPosition() throws Exception {
        var file = Files.write(dir.resolve("keys.csv"), bytes("PK:S,name:S\r\n", "K1,Ad", 0xe9, "le\r\n", "K2,Bo\r\n"));

        var report = importFile(file);

        assertThat(report.rejected()).extracting(ImportReport.Rejection::toString).containsExactly(
                "line 2, column 6: Not valid UTF-8: byte 0xE9 is not a character here; the file must be UTF-8");
        assertThat(sent()).extracting(item -> item.get("PK").orElseThrow()).containsExactly(AttributeValue.s("K2"));
    }

    @Test
    void aWorkbenchModelWithWrongTypes_reportsEveryCoercionWithItsPosition_andNeverChangesAKeysType() throws Exception {
        var file = Files.writeString(dir.resolve("model.json"), """
                {"ModelName": "m", "DataModel": [{"TableName": "Shop",
                  "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
                  "TableData": [
                    {"PK": {"N": "notnum"}, "a": {"S": "x"}},
                    {"PK": {"S": "ok"}, "five": {"S": 5}, "set": {"SS": "notalist"}},
                    {"PK": {"S": "also ok"}}
                  ]}]}
                """);

        var report = importFile(file);

        assertThat(report.rejected()).extracting(ImportReport.Rejection::toString).containsExactly(
                "line 4, column 18: The partition key PK is a number DynamoDB cannot store, read as a string; an import never"
                        + " changes a key, so the item is left out");
        assertThat(report.notes()).extracting(ImportReport.Notice::toString).containsExactly(
                "line 5, column 39: Read leniently: \"S\" with a value that is not a string, read as its text at five",
                "line 5, column 50: Read leniently: a type descriptor whose content is not of that type, read as plain JSON at set");
        assertThat(report.written()).isEqualTo(2);
        assertThat(sent()).extracting(item -> item.get("PK").orElseThrow())
                .containsExactly(AttributeValue.s("ok"), AttributeValue.s("also ok"));
    }

    @Test
    void aWorkbenchModelIsStreamed_evenWhenItNamesItsTableAfterItsItems_andTheTableIsChosenByName() throws Exception {
        var file = Files.writeString(dir.resolve("two.json"), """
                {"DataModel": [
                  {"TableData": [{"PK": {"S": "other"}}], "TableName": "Other"},
                  {"TableData": [{"PK": {"S": "a"}}, {"PK": {"S": "b"}}], "TableName": "Shop"}]}
                """);

        var report = importFile(file);

        assertThat(report.rejected()).isEmpty();
        assertThat(sent()).extracting(item -> item.get("PK").orElseThrow()).containsExactly(AttributeValue.s("a"), AttributeValue.s("b"));
    }

    @Test
    void theSameKeyTwiceInOneFile_isReportedWithBothLines_andWrittenLastWins() throws Exception {
        var file = Files.writeString(dir.resolve("dupes.jsonl"), """
                {"Item": {"PK": {"S": "a"}, "SK": {"N": "1.50"}, "v": {"S": "first"}}}
                {"Item": {"PK": {"S": "a"}, "SK": {"N": "2"}}}
                {"Item": {"PK": {"S": "a"}, "SK": {"N": "1.5"}, "v": {"S": "second"}}}
                {"Item": {"PK": {"S": "a"}, "SK": {"S": "1.5"}}}
                """);
        session.description = CompletableFuture.completedFuture(new TableDescription("Shop", new KeySchema(
                new KeySchema.KeyAttribute("PK", KeySchema.ScalarType.S), new KeySchema.KeyAttribute("SK", KeySchema.ScalarType.N)),
                List.of(), List.of(), 0, 0, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE",
                TableDescription.TimeToLive.unsupported()));

        var report = importFile(file);

        assertThat(report.notes()).extracting(ImportReport.Notice::toString).containsExactly(
                "line 3: The same key as the item at line 1 (PK=\"a\", SK=1.5): written after it, it replaces it, as a second put does");
        assertThat(report.rejected()).extracting(ImportReport.Rejection::line).containsExactly(4L);
        assertThat(report.written()).isEqualTo(3);
    }
}

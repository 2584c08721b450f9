package dev.dynalens.service.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.history.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonLinesHistoryLogTest {
    @TempDir
    Path dir;

    private static RequestRecord record(int n) {
        return new RequestRecord(Instant.parse("2026-01-01T10:00:00Z").plusSeconds(n), "profile:dev", "dev \"local\"", "Query",
                "Orders", n % 2 == 0 ? "GSI1" : null, "PK = \"A\\n" + n + "\"", n % 3 == 0 ? null : 0.5 * n, n, 10L + n,
                n == 4 ? "Throttled: rate exceeded" : "");
    }

    @Test
    void appendedRecords_readBackEqual_fieldForField() {
        var log = new JsonLinesHistoryLog(dir, 100, Runnable::run);
        var written = new ArrayList<RequestRecord>();
        for (int n = 0; n < 6; n++) {
            written.add(record(n));
            log.append(record(n), problem -> { throw new AssertionError(problem); });
        }
        var loaded = new JsonLinesHistoryLog(dir, 100, Runnable::run).load();
        assertThat(loaded.records()).containsExactlyElementsOf(written);
        assertThat(loaded.skipped()).isZero();
    }

    @Test
    void aBrokenLine_isSkippedAndCounted_theOthersLoad() throws Exception {
        var log = new JsonLinesHistoryLog(dir, 100, Runnable::run);
        log.append(record(1), p -> { });
        Files.writeString(log.location(), "{\"time\": \"yesterday\", \"operation\": \"Scan\"}\nnot json at all\n",
                java.nio.file.StandardOpenOption.APPEND);
        log.append(record(2), p -> { });
        var loaded = new JsonLinesHistoryLog(dir, 100, Runnable::run).load();
        assertThat(loaded.records()).containsExactly(record(1), record(2));
        assertThat(loaded.skipped()).isEqualTo(2);
        assertThat(loaded.problem()).contains("2 line(s)").contains("history.jsonl");
    }

    @Test
    void theFile_isCompactedToTheNewestRecords_whenItDoublesItsLimit() throws Exception {
        var log = new JsonLinesHistoryLog(dir, 3, Runnable::run);
        for (int n = 0; n < 6; n++) log.append(record(n), p -> { });
        assertThat(Files.readAllLines(log.location())).hasSize(3);
        assertThat(log.load().records()).containsExactly(record(3), record(4), record(5));
    }

    @Test
    void noFile_meansNoHistory_andNoProblem() {
        var loaded = new JsonLinesHistoryLog(dir, 10, Runnable::run).load();
        assertThat(loaded.records()).isEmpty();
        assertThat(loaded.problem()).isEmpty();
    }

    @Test
    void aWriteThatFails_isReported_notThrown() throws Exception {
        Files.createDirectories(dir.resolve("history.jsonl")); // a folder where the file should be
        var problems = new ArrayList<String>();
        new JsonLinesHistoryLog(dir, 10, Runnable::run).append(record(1), problems::add);
        assertThat(problems).singleElement().asString().contains("Could not append");
    }

    @Test
    void recordsCarryNoCredentials_onlyTheConnectionIdAndName() {
        var line = JsonLinesHistoryLog.write(record(1));
        assertThat(List.of(line.split("\""))).doesNotContain("accessKeyId", "secretAccessKey", "sessionToken");
    }
}

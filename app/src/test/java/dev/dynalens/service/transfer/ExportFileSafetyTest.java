package dev.dynalens.service.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 16: an export never writes through a link planted at its temporary or spool file's name, never replaces a
 * special file with a regular one, and keeps the permissions of the file it replaces.
 */
class ExportFileSafetyTest {
    @TempDir
    Path dir;

    private final FakeDynamoSession session = new FakeDynamoSession(ConnectionProfile.local("fake", URI.create("http://localhost:1")));
    private TableExporter exporter;

    @BeforeEach
    void setUp() {
        session.description.complete(new TableDescription("Shop", KeySchema.of("PK", "SK"), List.of(), List.of(), 1, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        session.responder = request -> new Page(List.of(new Item(Map.of("PK", AttributeValue.s("P#1"), "SK", AttributeValue.s("S")))),
                null, 1, ConsumedCapacity.NOT_REPORTED);
        exporter = new TableExporter(session, Runnable::run, Clock.fixed(Instant.parse("2026-12-01T09:00:00Z"), ZoneOffset.UTC));
    }

    private ExportReport export(TransferFormat format, Path out) throws Exception {
        return exporter.start(ExportRequest.scan("Shop", format, out), p -> { }).result().get(5, TimeUnit.SECONDS);
    }

    private Throwable refusal(TransferFormat format, Path out) {
        var result = exporter.start(ExportRequest.scan("Shop", format, out), p -> { }).result();
        assertThat(result).isCompletedExceptionally();
        return result.exceptionNow();
    }

    @ParameterizedTest
    @EnumSource(TransferFormat.class)
    void aLinkPlantedAtThePartialFilesName_isRemoved_notWrittenThrough(TransferFormat format) throws Exception {
        var victim = Files.writeString(dir.resolve("victim.txt"), "precious");
        var out = dir.resolve("out.data");
        Files.createSymbolicLink(dir.resolve("out.data.part"), victim);

        assertThat(export(format, out).outcome()).isEqualTo(ExportReport.Outcome.COMPLETED);

        assertThat(Files.readString(victim)).isEqualTo("precious");
        assertThat(Files.isSymbolicLink(out)).isFalse();
        assertThat(Files.isRegularFile(out, LinkOption.NOFOLLOW_LINKS)).isTrue();
        assertThat(Files.readString(out)).contains("P#1");
        assertThat(Files.list(dir)).containsExactlyInAnyOrder(victim, out);
    }

    @ParameterizedTest
    @EnumSource(value = TransferFormat.class, names = {"CSV", "WORKBENCH"})
    void aLinkPlantedAtTheSpoolFilesName_isRemoved_notWrittenThrough(TransferFormat format) throws Exception {
        var victim = Files.writeString(dir.resolve("victim.txt"), "precious");
        var out = dir.resolve("out.csv");
        Files.createSymbolicLink(dir.resolve("out.csv.part.spool.jsonl"), victim);

        assertThat(export(format, out).outcome()).isEqualTo(ExportReport.Outcome.COMPLETED);

        assertThat(Files.readString(victim)).isEqualTo("precious");
        assertThat(Files.readString(out)).contains("P#1");
        assertThat(Files.list(dir)).containsExactlyInAnyOrder(victim, out);
    }

    @Test
    void reExportingOverAPrivateFile_keepsItPrivate_andSoAreTheFilesWrittenOnTheWay() throws Exception {
        var out = Files.writeString(dir.resolve("secret.csv"), "older export");
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rw-------"));
        var seen = new java.util.ArrayList<String>();
        // Looks at the partial file while the export writes it (the handler runs on this thread).
        exporter.start(ExportRequest.scan("Shop", TransferFormat.CSV, out), p -> {
            try (var files = Files.list(dir)) {
                files.filter(f -> !f.equals(out)).forEach(f -> seen.add(f.getFileName() + " " + permissions(f)));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).result().get(5, TimeUnit.SECONDS);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out))).isEqualTo("rw-------");
        assertThat(Files.readString(out)).contains("P#1");
        assertThat(seen).isNotEmpty().allSatisfy(entry -> assertThat(entry).endsWith("rw-------"));
    }

    private static String permissions(Path file) {
        try {
            return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
        } catch (java.io.IOException e) {
            return "gone";
        }
    }

    @Test
    void anOutputThatIsALinkToAFile_replacesThatFile_andKeepsTheLink() throws Exception {
        var real = Files.createDirectory(dir.resolve("real"));
        var file = Files.writeString(real.resolve("shop.jsonl"), "older export");
        var link = Files.createSymbolicLink(dir.resolve("latest.jsonl"), file);

        export(TransferFormat.JSONL, link);

        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(file)).contains("P#1");
        assertThat(Files.list(real)).containsExactly(file);
    }

    @Test
    void aNamedPipeAsTheOutput_isRefusedInWords_andLeftAsItIs() throws Exception {
        var fifo = dir.resolve("pipe.jsonl");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo is needed");

        assertThat(refusal(TransferFormat.JSONL, fifo)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(fifo + " is a named pipe (FIFO), not a file; an export writes a file: give the path of a file to create or replace");
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(Files.exists(fifo)).isTrue();
    }

    @Test
    void aLinkToTheProcesssOwnStandardOutput_isRefused() throws Exception {
        var stdout = Path.of("/proc/self/fd/1");
        assumeTrue(Files.exists(stdout), "a /proc file system is needed");
        var link = Files.createSymbolicLink(dir.resolve("out.jsonl"), stdout);

        assertThat(refusal(TransferFormat.JSONL, link)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(link + " is a link to /proc/self/fd/1, which is a ")
                .hasMessageEndingWith(", not a file; an export writes a file: give the path of a file to create or replace");
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    @Test
    void aFolderOrALinkToNothing_isRefusedInWords() throws Exception {
        var folder = Files.createDirectory(dir.resolve("exports"));
        var dangling = Files.createSymbolicLink(dir.resolve("gone.jsonl"), dir.resolve("nowhere.jsonl"));

        assertThat(refusal(TransferFormat.JSONL, folder)).hasMessage(folder
                + " is a folder, not a file; an export writes a file: give the path of a file to create or replace");
        assertThat(refusal(TransferFormat.JSONL, dangling)).hasMessage(dangling + " is a link to " + dir.resolve("nowhere.jsonl")
                + ", which does not exist; give the path of the file to write instead of the link");
    }
}

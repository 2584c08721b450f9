package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.export.ExportFormat;
import dev.dynalens.export.fixtures.ExportWriter;
import dev.dynalens.service.ExportSources;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.job.Job;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The use case on exports written to a folder in DynamoDB's layout, with a fake live table, on the calling thread. */
class OpenExportTest {
    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
    private static final Instant T1 = T0.plusSeconds(3600);

    @TempDir
    Path dir;

    private final List<OpenExport.Progress> progress = new ArrayList<>();

    private static FakeDynamoSession live() {
        var live = new FakeDynamoSession(new ConnectionProfile("conn-1", "dev", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                URI.create("http://127.0.0.1:1"), false, ConnectionTag.LOCAL));
        live.description = CompletableFuture.completedFuture(new TableDescription("Shop", KeySchema.of("PK", "SK"), List.of(), List.of(),
                3, 300, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        return live;
    }

    private static Item item(String pk, String sk, String total) {
        return new Item(Map.of("PK", AttributeValue.s(pk), "SK", AttributeValue.s(sk), "total", AttributeValue.n(total)));
    }

    private static List<Item> scanAll(dev.dynalens.service.DynamoSession session) throws Exception {
        return session.read(new ReadRequest.Scan("Shop", null, null, null)).get().items();
    }

    @Test
    void aFullAndAnIncrementalExport_openAsTheTableAsOfTheLater_withTheLiveTablesKeys_andLeaveTheConnectionOpen() throws Exception {
        var writer = new ExportWriter(dir, "nightly", "Shop");
        var full = writer.full("01764496800000-full0001", ExportFormat.DYNAMODB_JSON,
                List.of(item("C#1", "ORDER#1", "10"), item("C#1", "ORDER#2", "20"), item("C#2", "ORDER#3", "30")), 3, T0);
        var changed = item("C#1", "ORDER#2", "25");
        var incremental = writer.incremental("01764500400000-incr0001", ExportFormat.DYNAMODB_JSON, List.of(
                new ExportWriter.Change(Map.of("PK", AttributeValue.s("C#1"), "SK", AttributeValue.s("ORDER#2")), changed, null)), 1, T0, T1);
        var live = live();

        var job = new OpenExport(ExportSources.localOnly(), live.profile(), live, Runnable::run).open("Shop",
                new OpenExport.Request(List.of(full.toString(), incremental.toString()), null, WorkspaceOptions.NONE), progress::add);
        var opened = job.result().get();

        assertThat(opened.table()).isEqualTo("Shop");
        assertThat(opened.exportId()).isEqualTo("01764496800000-full0001");
        assertThat(opened.incrementals()).isEqualTo(1);
        assertThat(opened.snapshotTime()).isEqualTo(T1);
        assertThat(opened.sourceText()).isEqualTo("export 01764496800000-full0001 + 1 incremental export as of " + T1);
        assertThat(opened.keysFrom()).isEqualTo("DescribeTable of Shop");
        assertThat(opened.items()).isEqualTo(3);
        assertThat(opened.exportedTable()).isEmpty();
        assertThat(opened.session()).isInstanceOf(WriteGuard.class);
        assertThat(scanAll(opened.session())).containsExactlyInAnyOrder(item("C#1", "ORDER#1", "10"), changed, item("C#2", "ORDER#3", "30"));
        assertThat(live.reads).as("a Scan reads the export, not the live table").isEmpty();
        // Each object read while opening is told, the full export's summary first; its data files are read by the Scans.
        assertThat(progress).isNotEmpty();
        assertThat(progress.get(0).reading()).endsWith("01764496800000-full0001/manifest-summary.json").startsWith(dir.toString());
        assertThat(progress).extracting(OpenExport.Progress::reading).anyMatch(r -> r.endsWith("incr0001/manifest-files.json"))
                .noneMatch(r -> r.contains("full0001/data/"));
        assertThat(progress).extracting(OpenExport.Progress::objectsRead).isSorted();

        opened.session().close();
        assertThat(live.closed).as("the connection's session stays open").isFalse();
    }

    @Test
    void anExportOfAnotherTable_saysWhichTableItWasMadeOf() throws Exception {
        var full = new ExportWriter(dir, "", "ShopCopy").full("01764496800000-copy0001", ExportFormat.ION,
                List.of(item("C#1", "ORDER#1", "10")), 2, T0);
        var live = live();

        var opened = new OpenExport(ExportSources.localOnly(), live.profile(), live, Runnable::run).open("Shop",
                new OpenExport.Request(List.of(full.toString()), null, WorkspaceOptions.NONE), progress::add).result().get();

        assertThat(opened.exportedTable()).contains("ShopCopy");
        assertThat(scanAll(opened.session())).containsExactly(item("C#1", "ORDER#1", "10"));
        opened.session().close();
    }

    @Test
    void noExportThere_failsWithTheSentenceThatNamesTheFile() throws Exception {
        var live = live();
        var missing = java.nio.file.Files.createDirectories(dir.resolve("AWSDynamoDB/01764496800000-none0001"));

        var result = new OpenExport(ExportSources.localOnly(), live.profile(), live, Runnable::run).open("Shop",
                new OpenExport.Request(List.of(missing.toString()), null, WorkspaceOptions.NONE), progress::add).result();

        assertThatThrownBy(result::get).isInstanceOf(ExecutionException.class).cause()
                .hasMessage("No export at " + missing + ": there is no " + missing.resolve("manifest-summary.json"));
        assertThat(live.closed).isFalse();
    }

    @Test
    void cancelledBeforeItRan_readsNothing_andEndsCancelled() {
        var full = new ExportWriter(dir, "", "Shop").full("01764496800000-full0001", ExportFormat.DYNAMODB_JSON,
                List.of(item("C#1", "ORDER#1", "10")), 2, T0);
        var live = live();
        var queued = new ArrayList<Runnable>();
        var job = new OpenExport(ExportSources.localOnly(), live.profile(), live, queued::add).open("Shop",
                new OpenExport.Request(List.of(full.toString()), null, WorkspaceOptions.NONE), progress::add);

        job.cancel();
        queued.forEach(Runnable::run);

        assertThat(job.result()).isCancelled();
        assertThat(progress).isEmpty();
    }

    @Test
    void cancelledWhileReadingAnObject_readsNoFurtherObject_andEndsCancelled() {
        var full = new ExportWriter(dir, "", "Shop").full("01764496800000-full0001", ExportFormat.DYNAMODB_JSON,
                List.of(item("C#1", "ORDER#1", "10")), 2, T0);
        var live = live();
        var queued = new ArrayList<Runnable>();
        var job = new AtomicReference<Job<OpenExport.Progress, OpenExport.Opened>>();
        job.set(new OpenExport(ExportSources.localOnly(), live.profile(), live, queued::add).open("Shop",
                new OpenExport.Request(List.of(full.toString()), null, WorkspaceOptions.NONE), p -> {
                    progress.add(p);
                    job.get().cancel(); // the person cancels as the first object is read
                }));

        queued.forEach(Runnable::run);

        assertThat(job.get().result()).isCancelled();
        assertThat(progress).extracting(OpenExport.Progress::reading).singleElement().asString().endsWith("manifest-summary.json");
        assertThat(live.closed).isFalse();
    }

    @Test
    void noExportChosen_isRefusedInASentence() {
        assertThatThrownBy(() -> new OpenExport.Request(List.of(), null, WorkspaceOptions.NONE))
                .hasMessage("Choose an export to read: one of the table's, a folder or an s3:// URI");
    }
}

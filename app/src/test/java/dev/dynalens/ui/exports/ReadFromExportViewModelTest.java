package dev.dynalens.ui.exports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportFormat;
import dev.dynalens.domain.exports.ExportStatus;
import dev.dynalens.domain.exports.ExportSummary;
import dev.dynalens.domain.exports.ExportType;
import dev.dynalens.domain.exports.ExportViewType;
import dev.dynalens.domain.exports.ExportsUnsupportedException;
import dev.dynalens.domain.exports.IncrementalWindow;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.ExportSources;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.usecase.ListTableExports;
import dev.dynalens.usecase.OpenExport;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dialog's model without a toolkit: a fake connection, exports written to a folder, property changes on the calling thread. */
class ReadFromExportViewModelTest {
    private static final String TABLE_ARN = "arn:aws:dynamodb:us-east-1:111122223333:table/Shop";
    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
    private static final Instant T1 = T0.plusSeconds(3600);
    private static final Instant T2 = T1.plusSeconds(3600);

    @TempDir
    Path dir;

    private final FakeDynamoSession live = new FakeDynamoSession(ConnectionProfile.local("dev", URI.create("http://localhost:1")));
    private final List<OpenExport.Opened> opened = new ArrayList<>();
    private final List<Runnable> queued = new ArrayList<>();

    private ReadFromExportViewModel model(Executor opening) {
        live.description = CompletableFuture.completedFuture(new TableDescription("Shop", KeySchema.of("PK", "SK"), List.of(), List.of(),
                2, 200, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        var model = new ReadFromExportViewModel(new ListTableExports(live), new OpenExport(ExportSources.localOnly(), live.profile(), live,
                opening), "Shop", Runnable::run);
        model.whenOpened(opened::add);
        return model;
    }

    @AfterEach
    void closeOpened() {
        opened.forEach(o -> o.session().close());
    }

    private static ExportDescription export(String id, ExportStatus status, ExportType type, Instant time, Instant from, Instant to) {
        return new ExportDescription(TABLE_ARN + "/export/" + id, status, TABLE_ARN, time, time, null, "my-bucket", "nightly",
                ExportFormat.DYNAMODB_JSON, type, type == ExportType.FULL ? null : new IncrementalWindow(from, to, ExportViewType.NEW_AND_OLD_IMAGES),
                status == ExportStatus.COMPLETED ? 1_234_567L : null, null, null, null, null, null);
    }

    /** Newest first, as ListExports answers: an incremental export, one in progress, the full export. */
    private void listing(ExportDescription... exports) {
        live.exportLister = table -> CompletableFuture.completedFuture(java.util.Arrays.stream(exports)
                .map(e -> new ExportSummary(e.exportArn(), e.status(), e.type())).toList());
        live.exportDescriber = arn -> CompletableFuture.completedFuture(java.util.Arrays.stream(exports)
                .filter(e -> e.exportArn().equals(arn)).findFirst().orElseThrow());
    }

    private Path writtenExport() {
        return new dev.dynalens.export.fixtures.ExportWriter(dir, "", "Shop").full("01764496800000-full0001",
                dev.dynalens.export.ExportFormat.DYNAMODB_JSON, List.of(
                        new Item(Map.of("PK", AttributeValue.s("C#1"), "SK", AttributeValue.s("ORDER#1"))),
                        new Item(Map.of("PK", AttributeValue.s("C#1"), "SK", AttributeValue.s("ORDER#2")))), 2, T0);
    }

    @Test
    void theTablesExports_areListedInWords_andOnlyACompletedOneCanBeTicked() {
        var incremental = export("01764503600000-incr0001", ExportStatus.COMPLETED, ExportType.INCREMENTAL, T2, T1, T2);
        var running = export("01764503000000-runs0001", ExportStatus.IN_PROGRESS, ExportType.FULL, T1, null, null);
        var full = export("01764496800000-full0001", ExportStatus.COMPLETED, ExportType.FULL, T1, null, null);
        listing(incremental, running, full);
        var model = model(Runnable::run);

        model.list();

        assertThat(model.listStatusProperty().get()).isEqualTo("3 export(s) of Shop, 2 completed: tick a full export, and the "
                + "incremental exports after it to bring it up to date.");
        assertThat(model.rows()).extracting(ExportRow::type, ExportRow::time, ExportRow::status, ExportRow::format, ExportRow::items)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("INCREMENTAL", "2026-11-30 11:00 → 12:00 UTC", "COMPLETED",
                                "DynamoDB JSON", "1,234,567"),
                        org.assertj.core.groups.Tuple.tuple("FULL", "2026-11-30 11:00 UTC", "IN_PROGRESS", "DynamoDB JSON", "—"),
                        org.assertj.core.groups.Tuple.tuple("FULL", "2026-11-30 11:00 UTC", "COMPLETED", "DynamoDB JSON", "1,234,567"));
        model.rows().get(1).chosenProperty().set(true);
        assertThat(model.rows().get(1).chosenProperty().get()).as("an export in progress cannot be read").isFalse();
        assertThat(model.canOpenProperty().get()).isFalse();
    }

    @Test
    void anIncrementalWindowAcrossMidnight_showsBothDays() {
        var row = new ExportRow(export("01764547200000-incr0002", ExportStatus.COMPLETED, ExportType.INCREMENTAL, null,
                Instant.parse("2026-11-30T23:00:00Z"), Instant.parse("2026-12-01T01:00:00Z")));

        assertThat(row.time()).isEqualTo("2026-11-30 23:00 UTC → 2026-12-01 01:00 UTC");
    }

    @Test
    void aFullAndALaterIncremental_areReadInOrder_andTickingAndTypingExcludeEachOther() {
        var incremental = export("01764503600000-incr0001", ExportStatus.COMPLETED, ExportType.INCREMENTAL, T2, T1, T2);
        var older = export("01764493200000-full0000", ExportStatus.COMPLETED, ExportType.FULL, T0, null, null);
        var full = export("01764496800000-full0001", ExportStatus.COMPLETED, ExportType.FULL, T1, null, null);
        listing(incremental, full, older);
        var model = model(Runnable::run);
        model.list();

        model.rows().get(2).chosenProperty().set(true);
        model.rows().get(0).chosenProperty().set(true);
        model.rows().get(1).chosenProperty().set(true); // another full export: it replaces the older one

        assertThat(model.rows().get(2).chosenProperty().get()).isFalse();
        assertThat(model.locations()).containsExactly("s3://my-bucket/nightly/AWSDynamoDB/01764496800000-full0001",
                "s3://my-bucket/nightly/AWSDynamoDB/01764503600000-incr0001");
        assertThat(model.canOpenProperty().get()).isTrue();

        model.locationProperty().set("/exports/AWSDynamoDB/01764496800000-full0001 ; /exports/AWSDynamoDB/01764503600000-incr0001");
        assertThat(model.rows()).noneMatch(row -> row.chosenProperty().get());
        assertThat(model.locations()).containsExactly("/exports/AWSDynamoDB/01764496800000-full0001",
                "/exports/AWSDynamoDB/01764503600000-incr0001");

        model.rows().get(1).chosenProperty().set(true);
        assertThat(model.locationProperty().get()).isEmpty();
    }

    @Test
    void anIncrementalExportAlone_isRefusedInASentence_andNothingOpens() {
        listing(export("01764503600000-incr0001", ExportStatus.COMPLETED, ExportType.INCREMENTAL, T2, T1, T2));
        var model = model(Runnable::run);
        model.list();
        model.rows().get(0).chosenProperty().set(true);

        model.open();

        assertThat(model.statusProperty().get()).isEqualTo("Tick a full export too: incremental exports are applied onto one, in order.");
        assertThat(opened).isEmpty();
    }

    @Test
    void anEndpointWithoutExports_saysSoInASentence_andAFolderStillOpens() {
        live.exportLister = table -> CompletableFuture.failedFuture(new ExportsUnsupportedException("The endpoint http://localhost:1",
                "ListExports", null));
        var model = model(Runnable::run);

        model.list();

        assertThat(model.rows()).isEmpty();
        assertThat(model.listStatusProperty().get()).isEqualTo("The endpoint http://localhost:1 has no exports to S3 nor point-in-time "
                + "recovery (ListExports is not there). Give an export's folder or s3:// URI below.");

        var folder = writtenExport();
        model.locationProperty().set(folder.toString());
        model.open();

        assertThat(opened).singleElement().satisfies(o -> {
            assertThat(o.table()).isEqualTo("Shop");
            assertThat(o.snapshotTime()).isEqualTo(T0);
        });
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.statusProperty().get()).isEqualTo("Opened export 01764496800000-full0001 as of " + T0
                + ": 2 item(s) in 2 file(s); key schema from DescribeTable of Shop.");
        assertThat(live.closed).isFalse();
    }

    @Test
    void aFolderWithoutAnExport_orABadEndpoint_isSaidInASentence() throws Exception {
        live.exportLister = table -> CompletableFuture.completedFuture(List.of());
        var model = model(Runnable::run);
        model.list();
        assertThat(model.listStatusProperty().get()).isEqualTo("DynamoDB lists no export of Shop (it lists those of the past 90 days).");
        var empty = java.nio.file.Files.createDirectories(dir.resolve("AWSDynamoDB/01764496800000-none0001"));

        model.locationProperty().set(empty.toString());
        model.open();
        assertThat(model.statusProperty().get()).isEqualTo("Could not read the export: No export at " + empty + ": there is no "
                + empty.resolve("manifest-summary.json"));

        model.s3EndpointProperty().set("localhost:9000");
        model.open();
        assertThat(model.statusProperty().get()).isEqualTo("The S3 endpoint 'localhost:9000' is not a URL like http://127.0.0.1:9000: "
                + "leave it empty for AWS's own.");
        assertThat(opened).isEmpty();
    }

    @Test
    void cancelWhileOpening_opensNothing() {
        var model = model(queued::add);
        model.locationProperty().set(writtenExport().toString());

        model.open();
        assertThat(model.runningProperty().get()).isTrue();
        assertThat(model.canOpenProperty().get()).isFalse();
        model.cancel();
        queued.forEach(Runnable::run);

        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.statusProperty().get()).isEqualTo("Cancelled: nothing was opened.");
        assertThat(opened).isEmpty();
    }

    @Test
    void theTabsNote_namesTheExport_itsTime_andTheLiveTable() {
        var opened = new OpenExport.Opened(live, "Shop", "01764496800000-full0001", 2, T2, "export …", "DescribeTable of Shop", 2, 2,
                java.util.Optional.of("ShopCopy"));

        assertThat(ReadFromExportViewModel.tabNote(opened, "dev")).isEqualTo("Read from export 01764496800000-full0001 + 2 incremental "
                + "exports as of 2026-11-30 12:00 UTC: no read capacity; key reads go to the live table on dev. The export was made of "
                + "table ShopCopy.");
    }
}

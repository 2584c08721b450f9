package dev.dynalens.ui.exports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportFormat;
import dev.dynalens.domain.exports.ExportStatus;
import dev.dynalens.domain.exports.ExportType;
import dev.dynalens.domain.exports.ExportsUnsupportedException;
import dev.dynalens.domain.exports.PointInTimeRecovery;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.export.ExportLocation;
import dev.dynalens.export.ExportSource;
import dev.dynalens.export.fixtures.ExportWriter;
import dev.dynalens.service.ExportSources;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.usecase.OpenExport;
import dev.dynalens.usecase.StartExport;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The "Export to S3…" dialog's model without a toolkit: a fake connection whose export calls answer at once, pauses that
 * do not wait (or never end), an export's files in a folder standing for its bucket, property changes on the calling thread.
 */
class StartExportViewModelTest {
    private static final String TABLE_ARN = "arn:aws:dynamodb:us-east-1:111122223333:table/Shop";
    private static final String ID = "01796025600000-1a2b3c4d";
    private static final String EXPORT_ARN = TABLE_ARN + "/export/" + ID;
    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final long GB = 1L << 30;
    private static final PointInTimeRecovery ON = new PointInTimeRecovery(true, Instant.parse("2026-11-01T00:00:00Z"),
            NOW.minusSeconds(300), 35);

    @TempDir
    Path bucket;

    private final List<OpenExport.Opened> opened = new ArrayList<>();
    private final ArrayDeque<ExportDescription> described = new ArrayDeque<>();
    private final List<String> asked = new ArrayList<>();
    private CompletableFuture<Void> pause = CompletableFuture.completedFuture(null);
    private FakeDynamoSession session;

    @AfterEach
    void closeOpened() {
        opened.forEach(o -> o.session().close());
    }

    private StartExportViewModel model(String region, boolean readOnly, ConnectionTag tag, PointInTimeRecovery recovery) {
        var profile = new ConnectionProfile("id", "shop-" + tag.name().toLowerCase(java.util.Locale.ROOT), new CredentialsSource.LocalPlaceholder(),
                region, URI.create("http://127.0.0.1:1"), readOnly, tag);
        session = new FakeDynamoSession(profile);
        session.description = CompletableFuture.completedFuture(new TableDescription("Shop", KeySchema.of("PK", "SK"), List.of(), List.of(),
                2, 20 * GB, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        session.recovery = table -> CompletableFuture.completedFuture(recovery);
        session.recoveryUpdater = (table, on) -> CompletableFuture.completedFuture(new PointInTimeRecovery(on, NOW, NOW, 35));
        session.exporter = request -> CompletableFuture.completedFuture(described.poll());
        session.exportDescriber = arn -> CompletableFuture.completedFuture(described.poll());
        var exports = new StartExport(session, duration -> pause, Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(15));
        // The bucket is a folder here: s3://my-bucket/KEY is read from bucket/KEY.
        ExportSources folders = (location, connection, endpoint) -> {
            asked.add(location.text());
            return ExportSource.local(ExportLocation.parse(bucket.resolve(location.text().substring("s3://my-bucket/".length())).toString()));
        };
        var model = new StartExportViewModel(exports, new OpenExport(folders, profile, session, Runnable::run), profile, "Shop", Runnable::run);
        model.whenOpened(opened::add);
        return model;
    }

    private static ExportDescription export(ExportStatus status, Instant started, String failureCode) {
        return new ExportDescription(EXPORT_ARN, status, TABLE_ARN, started, started, null, "my-bucket", "exports", ExportFormat.DYNAMODB_JSON,
                ExportType.FULL, null, status == ExportStatus.COMPLETED ? 2L : null, status == ExportStatus.COMPLETED ? 3 * GB : null,
                null, failureCode, failureCode == null ? null : "Access Denied", "token");
    }

    private static void fill(StartExportViewModel model) {
        model.form().bucketProperty().set("my-bucket");
        model.form().prefixProperty().set("exports");
    }

    @Test
    void aCheck_saysTheCostAndRecovery_beforeAnything_andAChangedFormIsCheckedAgain() {
        var model = model("us-east-1", false, ConnectionTag.NONE, ON);
        fill(model);

        model.check();

        assertThat(model.costProperty().get()).isEqualTo("A full export of Shop costs about $2.00: 20.0 GB (DescribeTable's size, updated "
                + "about every six hours) at $0.10 per GB in us-east-1 (price of 2026-12-03).");
        assertThat(model.recoveryProperty().get()).isEqualTo("Point-in-time recovery of Shop is on, back to 2026-11-01T00:00:00Z.");
        assertThat(model.statusProperty().get()).isEqualTo("Checked: Start export writes it to s3://my-bucket/exports/.");
        assertThat(model.recoveryOfferedProperty().get()).isFalse();
        assertThat(model.canStartProperty().get()).isTrue();
        assertThat(session.exportCalls).containsExactly("DescribeContinuousBackups Shop");

        model.form().formatProperty().set(ExportFormat.ION);

        assertThat(model.planProperty().get()).isNull();
        assertThat(model.canStartProperty().get()).isFalse();
        assertThat(model.costProperty().get()).isEmpty();
        assertThat(model.statusProperty().get()).isEqualTo("The export changed: Check it again before starting.");
        model.start(null);
        assertThat(model.statusProperty().get()).isEqualTo("Check the export first: its cost and point-in-time recovery are said before it starts.");
        assertThat(session.exportCalls).containsExactly("DescribeContinuousBackups Shop");
    }

    @Test
    void anotherRegion_hasNoPriceHere_andAnIncrementalExport_isBilledOnWhatChanged() {
        var model = model("eu-west-3", false, ConnectionTag.NONE, ON);
        fill(model);
        model.check();
        assertThat(model.costProperty().get()).startsWith("A full export of Shop is billed on its size, 20.0 GB").contains(
                "its price per GB in eu-west-3 is not known here (prices recorded 2026-12-03 for us-east-1)");

        model.form().kindProperty().set(ExportForm.Kind.INCREMENTAL);
        model.form().fromProperty().set("2026-11-30 08:00");
        model.form().toProperty().set("2026-11-30T09:00:00+00:00");
        model.check();

        assertThat(model.costProperty().get()).isEqualTo("An incremental export of Shop is billed on the data that changed from "
                + "2026-11-30T08:00:00Z to 2026-11-30T09:00:00Z, at least 10.0 MB; how much that is is known only once it ran.");
        assertThat(model.planProperty().get().request().incremental().from()).isEqualTo(Instant.parse("2026-11-30T08:00:00Z"));
    }

    @Test
    void aFormThatDoesNotRead_isSaidInASentence_andNothingIsSent() {
        var model = model("us-east-1", false, ConnectionTag.NONE, ON);

        model.check();
        assertThat(model.statusProperty().get()).isEqualTo("Give the S3 bucket the export goes to.");

        model.form().bucketProperty().set("my bucket");
        model.check();
        assertThat(model.statusProperty().get()).startsWith("'my bucket' is not an S3 bucket name DynamoDB exports to");

        fill(model);
        model.form().kindProperty().set(ExportForm.Kind.FULL_AT);
        model.form().exportTimeProperty().set("yesterday");
        model.check();
        assertThat(model.statusProperty().get()).isEqualTo("The export's time 'yesterday' is not a time such as 2026-11-30T08:00:00Z or "
                + "2026-11-30 08:00 (UTC).");

        model.form().kindProperty().set(ExportForm.Kind.INCREMENTAL);
        model.check();
        assertThat(model.statusProperty().get()).isEqualTo("The incremental export's start (from) is missing: give a time such as "
                + "2026-11-30T08:00:00Z.");
        assertThat(session.exportCalls).isEmpty();
        assertThat(model.canStartProperty().get()).isFalse();
    }

    @Test
    void anEndpointWithoutExports_saysSoWhenChecking() {
        var model = model("us-east-1", false, ConnectionTag.LOCAL, ON);
        session.recovery = table -> CompletableFuture.failedFuture(new ExportsUnsupportedException("The endpoint http://127.0.0.1:1",
                "DescribeContinuousBackups", null));
        fill(model);

        model.check();

        assertThat(model.statusProperty().get()).isEqualTo("The endpoint http://127.0.0.1:1 has no exports to S3 nor point-in-time "
                + "recovery (DescribeContinuousBackups is not there).");
        assertThat(model.planProperty().get()).isNull();
        assertThat(model.checkingProperty().get()).isFalse();
        assertThat(model.canStartProperty().get()).isFalse();
    }

    @Test
    void recoveryOff_isTurnedOnOnlyWhenTicked_thenTheExportIsWatched_andReadItOpensItInATab() {
        var model = model("us-east-1", false, ConnectionTag.NONE, PointInTimeRecovery.disabled());
        fill(model);
        model.check();

        assertThat(model.recoveryProperty().get()).isEqualTo("Point-in-time recovery is off for Shop, and an export is made from it. "
                + "Turning it on changes the table and is billed monthly by its size.");
        assertThat(model.recoveryOfferedProperty().get()).isTrue();
        assertThat(model.statusProperty().get()).isEqualTo("Checked: tick to turn on point-in-time recovery, then Start export writes it "
                + "to s3://my-bucket/exports/.");
        assertThat(model.canStartProperty().get()).as("not before the tick").isFalse();
        model.turnOnRecoveryProperty().set(true);
        assertThat(model.canStartProperty().get()).isTrue();
        assertThat(model.needsConfirmation()).isFalse();

        var statuses = new ArrayList<String>();
        model.statusProperty().addListener((obs, old, now) -> statuses.add(now));
        described.add(export(ExportStatus.IN_PROGRESS, NOW.minusSeconds(1), null));
        described.add(export(ExportStatus.IN_PROGRESS, NOW.minusSeconds(80), null));
        described.add(export(ExportStatus.COMPLETED, NOW.minusSeconds(200), null));
        new ExportWriter(bucket, "exports", "Shop").full(ID, dev.dynalens.export.ExportFormat.DYNAMODB_JSON, List.of(
                new Item(Map.of("PK", AttributeValue.s("C#1"), "SK", AttributeValue.s("ORDER#1"))),
                new Item(Map.of("PK", AttributeValue.s("C#1"), "SK", AttributeValue.s("ORDER#2")))), 2, NOW.minusSeconds(200));

        model.start(null);

        assertThat(session.exportCalls).containsExactly("DescribeContinuousBackups Shop", "UpdateContinuousBackups Shop true",
                "ExportTableToPointInTime Shop", "DescribeExport " + EXPORT_ARN, "DescribeExport " + EXPORT_ARN);
        assertThat(statuses).containsExactly("Starting the export of Shop to s3://my-bucket/exports/…", "Turning on point-in-time recovery…",
                "Starting the export…", "Export " + ID + ": IN_PROGRESS for 1 s", "Export " + ID + ": IN_PROGRESS for 1 min 20 s",
                "Export " + ID + ": COMPLETED for 3 min 20 s", "Completed: s3://my-bucket/exports/AWSDynamoDB/" + ID + ", billed on 3.0 GB, "
                        + "about $0.30 in us-east-1. Read it opens it in a tab.");
        assertThat(model.recoveryProperty().get()).isEqualTo("Point-in-time recovery of Shop was turned on for the export.");
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.completedProperty().get().uri()).isEqualTo("s3://my-bucket/exports/AWSDynamoDB/" + ID);

        model.readIt();

        assertThat(asked).containsExactly("s3://my-bucket/exports/AWSDynamoDB/" + ID);
        assertThat(opened).singleElement().satisfies(o -> {
            assertThat(o.table()).isEqualTo("Shop");
            assertThat(o.exportId()).isEqualTo(ID);
            assertThat(o.items()).isEqualTo(2);
        });
        assertThat(model.statusProperty().get()).startsWith("Opened export " + ID);
        assertThat(session.closed).as("the live connection stays open").isFalse();
    }

    @Test
    void onAProductionConnection_turningRecoveryOn_waitsForTheTablesName() {
        var model = model("us-east-1", false, ConnectionTag.PRODUCTION, PointInTimeRecovery.disabled());
        fill(model);
        model.check();
        model.turnOnRecoveryProperty().set(true);

        assertThat(model.recoveryProperty().get()).endsWith("Turning it on changes the table and is billed monthly by its size; connection "
                + "'shop-production' is tagged production, so the table's name is asked first.");
        assertThat(model.needsConfirmation()).isTrue();

        model.start("Orders");

        assertThat(model.statusProperty().get()).isEqualTo("Could not start the export: Connection 'shop-production' is tagged production: "
                + "type the table name Shop to turn on its point-in-time recovery");
        assertThat(session.exportCalls).containsExactly("DescribeContinuousBackups Shop");

        pause = new CompletableFuture<>(); // the export is started and waited for, no further
        described.add(export(ExportStatus.IN_PROGRESS, NOW, null));
        model.start("Shop");

        assertThat(session.exportCalls).containsExactly("DescribeContinuousBackups Shop", "UpdateContinuousBackups Shop true",
                "ExportTableToPointInTime Shop");
        model.stop();
    }

    @Test
    void onAReadOnlyConnection_recoveryOffIsSaid_andCannotBeTurnedOn() {
        var model = model("us-east-1", true, ConnectionTag.NONE, PointInTimeRecovery.disabled());
        fill(model);
        model.check();

        assertThat(model.recoveryProperty().get()).isEqualTo("Point-in-time recovery is off for Shop, and an export is made from it. "
                + "Connection 'shop-none' is read-only: it cannot be turned on from here.");
        assertThat(model.statusProperty().get()).isEqualTo("Nothing can be started from here.");
        assertThat(model.recoveryOfferedProperty().get()).isFalse();
        model.turnOnRecoveryProperty().set(true);
        assertThat(model.canStartProperty().get()).isFalse();

        model.start(null); // were it started anyway, the write guard refuses

        assertThat(model.statusProperty().get()).startsWith("Could not start the export: ").contains("read-only");
        assertThat(session.exportCalls).containsExactly("DescribeContinuousBackups Shop");
    }

    @Test
    void aFailedExport_saysItsFailureCodeAndMessage() {
        var model = model("us-east-1", false, ConnectionTag.NONE, ON);
        fill(model);
        model.check();
        described.add(export(ExportStatus.IN_PROGRESS, NOW, null));
        described.add(export(ExportStatus.FAILED, NOW, "S3AccessDenied"));

        model.start(null);

        assertThat(model.statusProperty().get()).isEqualTo("The export " + ID + " of Shop failed: S3AccessDenied: Access Denied. The same "
                + "export started again within eight hours is this one (the same ClientToken): change the prefix for a new one.");
        assertThat(model.completedProperty().get()).isNull();
        assertThat(model.runningProperty().get()).isFalse();
    }

    @Test
    void stopWaiting_leavesTheExportGoing_andSaysSo() {
        var model = model("us-east-1", false, ConnectionTag.NONE, ON);
        fill(model);
        model.check();
        pause = new CompletableFuture<>();
        described.add(export(ExportStatus.IN_PROGRESS, NOW.minusSeconds(30), null));

        model.start(null);
        assertThat(model.runningProperty().get()).isTrue();
        assertThat(model.statusProperty().get()).isEqualTo("Export " + ID + ": IN_PROGRESS for 30 s");

        model.stop();

        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.statusProperty().get()).isEqualTo("Stopped waiting: the export " + ID + " goes on in DynamoDB, which cannot stop it, "
                + "to s3://my-bucket/exports/AWSDynamoDB/" + ID + "; Read from an export… lists it once it completed.");
        assertThat(model.completedProperty().get()).isNull();
        assertThat(session.exportCalls).doesNotContain("DescribeExport " + EXPORT_ARN);
    }
}

package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.connection.WriteNotConfirmedException;
import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportFormat;
import dev.dynalens.domain.exports.ExportRequest;
import dev.dynalens.domain.exports.ExportStatus;
import dev.dynalens.domain.exports.ExportSummary;
import dev.dynalens.domain.exports.ExportType;
import dev.dynalens.domain.exports.ExportViewType;
import dev.dynalens.domain.exports.IncrementalWindow;
import dev.dynalens.domain.exports.PointInTimeRecovery;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** The use case on a fake session: every answer completes at once, on the calling thread, and no pause waits. */
class StartExportTest {
    private static final String TABLE_ARN = "arn:aws:dynamodb:us-east-1:111122223333:table/Shop";
    private static final String EXPORT_ARN = TABLE_ARN + "/export/01796025600000-1a2b3c4d";
    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final long GB = 1L << 30;
    private static final PointInTimeRecovery ON = new PointInTimeRecovery(true, Instant.parse("2026-11-01T00:00:00Z"),
            NOW.minusSeconds(300), 35);
    private static final ExportRequest FULL = ExportRequest.full("Shop", "my-bucket", "exports", ExportFormat.ION);

    private final List<Duration> pauses = new ArrayList<>();
    private final List<StartExport.Progress> progress = new ArrayList<>();
    private final ArrayDeque<ExportDescription> described = new ArrayDeque<>();

    private static FakeDynamoSession session(boolean readOnly, ConnectionTag tag, PointInTimeRecovery recovery) {
        var session = new FakeDynamoSession(new ConnectionProfile("id", "conn", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                URI.create("http://127.0.0.1:1"), readOnly, tag));
        session.description = CompletableFuture.completedFuture(new TableDescription("Shop", KeySchema.of("PK", "SK"), List.of(), List.of(),
                1000, 20 * GB, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        session.recovery = table -> CompletableFuture.completedFuture(recovery);
        session.recoveryUpdater = (table, on) -> CompletableFuture.completedFuture(new PointInTimeRecovery(on, NOW, NOW, 35));
        return session;
    }

    private static ExportDescription export(ExportStatus status, Instant started, String manifest, String failureCode) {
        return new ExportDescription(EXPORT_ARN, status, TABLE_ARN, NOW, started, null, "my-bucket", "exports", ExportFormat.ION,
                ExportType.FULL, null, status == ExportStatus.COMPLETED ? 1000L : null, null, manifest, failureCode,
                failureCode == null ? null : "Access Denied", FULL.clientToken());
    }

    private StartExport useCase(FakeDynamoSession session) {
        session.exporter = request -> CompletableFuture.completedFuture(described.poll());
        session.exportDescriber = arn -> CompletableFuture.completedFuture(described.poll());
        return new StartExport(session, duration -> {
            pauses.add(duration);
            return CompletableFuture.completedFuture(null);
        }, Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(15));
    }

    private static Throwable failure(CompletableFuture<?> result) {
        try {
            result.get();
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("the run did not fail");
    }

    @Test
    void thePlan_saysTheCostFromTheTablesSize_andWhetherRecoveryIsOn() throws Exception {
        var session = session(false, ConnectionTag.NONE, ON);

        var plan = useCase(session).plan(FULL).get();

        assertThat(plan.cost().text()).startsWith("A full export of Shop costs about $2.00: 20.0 GB");
        assertThat(plan.needsRecovery()).isFalse();
        assertThat(plan.problem()).isEmpty();
        assertThat(plan.recoveryText()).isEqualTo("Point-in-time recovery of Shop is on, back to 2026-11-01T00:00:00Z.");
        assertThat(session.exportCalls).containsExactly("DescribeContinuousBackups Shop");
    }

    @Test
    void anExport_isStarted_andWatchedUntilItCompleted_withItsUri() throws Exception {
        var session = session(false, ConnectionTag.NONE, ON);
        var useCase = useCase(session);
        described.add(export(ExportStatus.IN_PROGRESS, NOW.minusSeconds(1), null, null));
        described.add(export(ExportStatus.IN_PROGRESS, NOW.minusSeconds(80), null, null));
        described.add(export(ExportStatus.COMPLETED, NOW.minusSeconds(200), "exports/AWSDynamoDB/01796025600000-1a2b3c4d/manifest-summary.json", null));

        var outcome = useCase.start(useCase.plan(FULL).get(), false, WriteConfirmer.NONE, true, progress::add).result().get();

        assertThat(outcome.ending()).isEqualTo(StartExport.Ending.COMPLETED);
        assertThat(outcome.startedEarlier()).isFalse();
        assertThat(outcome.uri()).isEqualTo("s3://my-bucket/exports/AWSDynamoDB/01796025600000-1a2b3c4d");
        assertThat(session.exportRequests).containsExactly(FULL);
        assertThat(session.exportCalls).containsExactly("DescribeContinuousBackups Shop", "ExportTableToPointInTime Shop",
                "DescribeExport " + EXPORT_ARN, "DescribeExport " + EXPORT_ARN);
        assertThat(pauses).containsExactly(Duration.ofSeconds(15), Duration.ofSeconds(15));
        assertThat(progress).extracting(StartExport.Progress::text).containsExactly("Starting the export…",
                "Export 01796025600000-1a2b3c4d: IN_PROGRESS for 1 s", "Export 01796025600000-1a2b3c4d: IN_PROGRESS for 1 min 20 s",
                "Export 01796025600000-1a2b3c4d: COMPLETED for 3 min 20 s");
    }

    @Test
    void withoutWaiting_theRunEndsOnceTheExportStarted() throws Exception {
        var session = session(false, ConnectionTag.NONE, ON);
        var useCase = useCase(session);
        described.add(export(ExportStatus.IN_PROGRESS, NOW, null, null));

        var outcome = useCase.start(useCase.plan(FULL).get(), false, WriteConfirmer.NONE, false, progress::add).result().get();

        assertThat(outcome.ending()).isEqualTo(StartExport.Ending.STARTED);
        assertThat(outcome.uri()).isEqualTo("s3://my-bucket/exports/AWSDynamoDB/01796025600000-1a2b3c4d");
        assertThat(pauses).isEmpty();
    }

    @Test
    void theSameRequestAgain_answersTheExportAnEarlierRunStarted_andSaysSo() throws Exception {
        var session = session(false, ConnectionTag.NONE, ON);
        var useCase = useCase(session);
        described.add(export(ExportStatus.COMPLETED, NOW.minus(Duration.ofHours(2)), null, null));

        var outcome = useCase.start(useCase.plan(FULL).get(), false, WriteConfirmer.NONE, true, progress::add).result().get();

        assertThat(outcome.startedEarlier()).isTrue();
        assertThat(outcome.ending()).isEqualTo(StartExport.Ending.COMPLETED);
    }

    @Test
    void aFailedExport_endsWithItsFailureCodeAndMessage() throws Exception {
        var session = session(false, ConnectionTag.NONE, ON);
        var useCase = useCase(session);
        described.add(export(ExportStatus.IN_PROGRESS, NOW, null, null));
        described.add(export(ExportStatus.FAILED, NOW, null, "S3AccessDenied"));

        var failure = failure(useCase.start(useCase.plan(FULL).get(), false, WriteConfirmer.NONE, true, progress::add).result());

        assertThat(failure).isInstanceOf(ExportFailedException.class)
                .hasMessage("The export 01796025600000-1a2b3c4d of Shop failed: S3AccessDenied: Access Denied");
        assertThat(((ExportFailedException) failure).export().status()).isEqualTo(ExportStatus.FAILED);
    }

    @Test
    void cancellingTheWait_stopsAskingButNotTheExport_andGivesItAsLastDescribed() throws Exception {
        var session = session(false, ConnectionTag.NONE, ON);
        var started = export(ExportStatus.IN_PROGRESS, NOW, null, null);
        session.exporter = request -> CompletableFuture.completedFuture(started);
        var pause = new CompletableFuture<Void>();
        var useCase = new StartExport(session, duration -> pause, Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(15));

        var job = useCase.start(useCase.plan(FULL).get(), false, WriteConfirmer.NONE, true, progress::add);
        job.cancel();

        var outcome = job.result().get();
        assertThat(outcome.ending()).isEqualTo(StartExport.Ending.STOPPED_WAITING);
        assertThat(outcome.export()).isEqualTo(started);
        assertThat(session.exportCalls).doesNotContain("DescribeExport " + EXPORT_ARN);
    }

    @Test
    void recoveryOff_andNoYes_startsNothing_andSaysWhy() throws Exception {
        var session = session(false, ConnectionTag.NONE, PointInTimeRecovery.disabled());
        var useCase = useCase(session);
        var plan = useCase.plan(FULL).get();

        var failure = failure(useCase.start(plan, false, WriteConfirmer.NONE, true, progress::add).result());

        assertThat(plan.needsRecovery()).isTrue();
        assertThat(plan.recoveryText()).isEqualTo("Point-in-time recovery is off for Shop, and an export is made from it: it is turned on "
                + "first, which changes the table and is billed monthly by the table's size.");
        assertThat(failure).hasMessage("Point-in-time recovery is off for Shop, and an export is made from it: say yes to turning it on "
                + "first (nothing was started).");
        assertThat(session.exportCalls).containsExactly("DescribeContinuousBackups Shop");
    }

    @Test
    void recoveryOff_andAYes_turnsItOnThroughTheGuard_thenStarts() throws Exception {
        var session = session(false, ConnectionTag.PRODUCTION, PointInTimeRecovery.disabled());
        var useCase = useCase(session);
        described.add(export(ExportStatus.IN_PROGRESS, NOW, null, null));

        var outcome = useCase.start(useCase.plan(FULL).get(), true, WriteConfirmer.typed("Shop", "type %s"), false, progress::add)
                .result().get();

        assertThat(outcome.ending()).isEqualTo(StartExport.Ending.STARTED);
        assertThat(session.exportCalls).containsExactly("DescribeContinuousBackups Shop", "UpdateContinuousBackups Shop true",
                "ExportTableToPointInTime Shop");
        assertThat(progress).extracting(StartExport.Progress::phase).containsExactly(StartExport.Phase.TURNING_ON_RECOVERY,
                StartExport.Phase.STARTING, StartExport.Phase.WAITING);
    }

    @Test
    void turningRecoveryOn_onAProductionTableNotConfirmed_orAReadOnlyConnection_isRefused_andNothingIsSent() throws Exception {
        var production = session(false, ConnectionTag.PRODUCTION, PointInTimeRecovery.disabled());
        var useCase = useCase(production);

        var refused = failure(useCase.start(useCase.plan(FULL).get(), true, WriteConfirmer.typed("Orders", "repeat %s"), true,
                progress::add).result());

        assertThat(refused).isInstanceOf(WriteNotConfirmedException.class).hasMessage("Connection 'conn' is tagged production: repeat Shop");
        assertThat(production.exportCalls).containsExactly("DescribeContinuousBackups Shop");

        var readOnly = session(true, ConnectionTag.NONE, PointInTimeRecovery.disabled());
        var again = useCase(readOnly);
        assertThat(failure(again.start(again.plan(FULL).get(), true, WriteConfirmer.NONE, true, progress::add).result()))
                .isInstanceOf(ReadOnlyConnectionException.class);
        assertThat(readOnly.exportCalls).containsExactly("DescribeContinuousBackups Shop");
        assertThat(progress).isEmpty();
    }

    @Test
    void anIncrementalExportFromBeforeWhatRecoveryKept_isRefusedBeforeAnythingIsSent() throws Exception {
        var session = session(false, ConnectionTag.NONE, ON);
        var useCase = useCase(session);
        var request = new ExportRequest("Shop", "my-bucket", null, ExportFormat.DYNAMODB_JSON, null,
                new IncrementalWindow(Instant.parse("2026-10-01T00:00:00Z"), null, ExportViewType.NEW_AND_OLD_IMAGES));

        var plan = useCase.plan(request).get();
        var failure = failure(useCase.start(plan, true, WriteConfirmer.NONE, true, progress::add).result());

        assertThat(plan.cost().text()).startsWith("An incremental export of Shop is billed on the data that changed");
        assertThat(failure).hasMessage("Point-in-time recovery of Shop reaches back to 2026-11-01T00:00:00Z only: an incremental export "
                + "from 2026-10-01T00:00:00Z cannot be made.");
        assertThat(session.exportCalls).containsExactly("DescribeContinuousBackups Shop");
    }

    @Test
    void aTablesExports_areListed_eachDescribed() throws Exception {
        var session = session(false, ConnectionTag.NONE, ON);
        var older = TABLE_ARN + "/export/01796000000000-00000000";
        session.exportLister = table -> CompletableFuture.completedFuture(List.of(
                new ExportSummary(EXPORT_ARN, ExportStatus.COMPLETED, ExportType.FULL),
                new ExportSummary(older, ExportStatus.FAILED, ExportType.FULL)));
        session.exportDescriber = arn -> CompletableFuture.completedFuture(arn.equals(EXPORT_ARN)
                ? export(ExportStatus.COMPLETED, NOW, null, null) : export(ExportStatus.FAILED, NOW, null, "S3AccessDenied"));

        var exports = new ListTableExports(session).list("Shop").get();

        assertThat(exports).extracting(ExportDescription::status).containsExactly(ExportStatus.COMPLETED, ExportStatus.FAILED);
        assertThat(session.exportCalls).containsExactly("ListExports Shop", "DescribeExport " + EXPORT_ARN, "DescribeExport " + older);
    }
}

package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportFormat;
import dev.dynalens.domain.exports.ExportStatus;
import dev.dynalens.domain.exports.ExportSummary;
import dev.dynalens.domain.exports.ExportType;
import dev.dynalens.domain.exports.ExportViewType;
import dev.dynalens.domain.exports.IncrementalWindow;
import dev.dynalens.domain.exports.PointInTimeRecovery;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.ConnectionStore;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@code export-to-s3} and {@code exports} over a fake session whose exports answer at once (no waiting: an export that
 * is COMPLETED when started needs no DescribeExport); the wire is in {@link ExportToS3WireTest}.
 */
class ExportToS3CommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long GB = 1L << 30;
    private static final String TABLE_ARN = "arn:aws:dynamodb:us-east-1:111122223333:table/Shop";
    private static final String EXPORT_ARN = TABLE_ARN + "/export/01796025600000-1a2b3c4d";
    private static final String URI_OF_EXPORT = "s3://my-bucket/exports/AWSDynamoDB/01796025600000-1a2b3c4d";
    private static final PointInTimeRecovery ON = new PointInTimeRecovery(true, Instant.parse("2026-11-01T00:00:00Z"), Instant.now(), 35);

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<FakeDynamoSession> sessions = new ArrayList<>();
    private final List<ConnectionProfile> saved = new ArrayList<>();
    private PointInTimeRecovery recovery = ON;
    private ExportDescription answered = export(ExportStatus.COMPLETED, Instant.now(), null);

    private int run(String... args) {
        var store = new ConnectionStore() {
            @Override public LoadResult load() { return new LoadResult(saved, Optional.empty()); }
            @Override public void save(List<ConnectionProfile> connections) { throw new AssertionError("the CLI must not save"); }
            @Override public Path location() { return Path.of("connections.json"); }
        };
        var context = new CliContext(profile -> {
            var session = new FakeDynamoSession(profile);
            session.description = CompletableFuture.completedFuture(new TableDescription("Shop", KeySchema.of("PK", "SK"), List.of(),
                    List.of(), 1000, 20 * GB, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE",
                    TableDescription.TimeToLive.unsupported()));
            session.recovery = table -> CompletableFuture.completedFuture(recovery);
            session.recoveryUpdater = (table, on) -> CompletableFuture.completedFuture(ON);
            session.exporter = request -> CompletableFuture.completedFuture(answered);
            sessions.add(session);
            return session;
        }, store, RealCli.noProfiles(), Map.of(), new PrintWriter(out), new PrintWriter(err));
        return DynaLensCli.execute(context, args);
    }

    private static ExportDescription export(ExportStatus status, Instant started, String failureCode) {
        return new ExportDescription(EXPORT_ARN, status, TABLE_ARN, started, started, status == ExportStatus.IN_PROGRESS ? null
                : started.plusSeconds(200), "my-bucket", "exports", ExportFormat.ION, ExportType.FULL, null,
                status == ExportStatus.COMPLETED ? 1000L : null, status == ExportStatus.COMPLETED ? 2 * GB : null,
                status == ExportStatus.COMPLETED ? "exports/AWSDynamoDB/01796025600000-1a2b3c4d/manifest-summary.json" : null,
                failureCode, failureCode == null ? null : "Access Denied", "tok");
    }

    private FakeDynamoSession session() {
        return sessions.getFirst();
    }

    @Test
    void anExport_saysItsCostFirst_thenPrintsItsUri() {
        var code = run("export-to-s3", "Shop", "--bucket", "my-bucket", "--prefix", "exports", "--format", "ion",
                "--endpoint", "http://localhost:8000");

        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).isEqualTo(URI_OF_EXPORT + System.lineSeparator());
        var lines = err.toString().lines().toList();
        assertThat(lines.getFirst()).startsWith("dynalens: A full export of Shop costs about $2.00: 20.0 GB");
        assertThat(lines.getLast()).isEqualTo("dynalens: Export 01796025600000-1a2b3c4d of Shop completed in 3 min 20 s: 1,000 items, "
                + "billed on 2.0 GB, about $0.20 in us-east-1");
        var request = session().exportRequests.getFirst();
        assertThat(request.format()).isEqualTo(ExportFormat.ION);
        assertThat(request.prefix()).isEqualTo("exports");
        assertThat(session().exportCalls).doesNotContain("UpdateContinuousBackups Shop true");
        assertThat(session().closed).isTrue();
    }

    @Test
    void anIncrementalExport_takesItsWindowAndView_inIso8601() {
        run("export-to-s3", "Shop", "--bucket", "my-bucket", "--incremental-from", "2026-11-30T09:00:00+01:00",
                "--incremental-to", "2026-11-30T09:00:00Z", "--incremental-view", "new_image", "--endpoint", "http://localhost:8000");

        assertThat(session().exportRequests.getFirst().incremental()).isEqualTo(new IncrementalWindow(
                Instant.parse("2026-11-30T08:00:00Z"), Instant.parse("2026-11-30T09:00:00Z"), ExportViewType.NEW_IMAGE));
        assertThat(err.toString()).contains("An incremental export of Shop is billed on the data that changed from 2026-11-30T08:00:00Z");
    }

    @Test
    void recoveryOff_withoutEnablePitr_isAUsageError_andNothingIsStarted() {
        recovery = PointInTimeRecovery.disabled();

        var code = run("export-to-s3", "Shop", "--bucket", "my-bucket", "--endpoint", "http://localhost:8000");

        assertThat(code).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("dynalens: Point-in-time recovery is off for Shop, and an export is made from it: it is turned on first")
                .contains("dynalens: Point-in-time recovery is off for Shop, and an export is made from it: run again with --enable-pitr "
                        + "to turn it on (nothing was started)");
        assertThat(session().exportCalls).containsExactly("DescribeContinuousBackups Shop");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void enablePitr_onAProductionConnection_needsTheTableConfirmed() {
        recovery = PointInTimeRecovery.disabled();
        saved.add(new ConnectionProfile("p", "prod", new CredentialsSource.DefaultChain(), "us-east-1", null, false, ConnectionTag.PRODUCTION));

        var refused = run("export-to-s3", "Shop", "--bucket", "my-bucket", "--enable-pitr", "--connection", "prod");

        assertThat(refused).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("Connection 'prod' is tagged production: repeat the table name with --confirm-table Shop to turn "
                + "on point-in-time recovery (nothing was started)");
        assertThat(sessions.get(0).exportCalls).containsExactly("DescribeContinuousBackups Shop");

        var confirmed = run("export-to-s3", "Shop", "--bucket", "my-bucket", "--enable-pitr", "--confirm-table", "Shop", "--connection", "prod");

        assertThat(confirmed).as(err.toString()).isZero();
        assertThat(sessions.get(1).exportCalls).containsExactly("DescribeContinuousBackups Shop", "UpdateContinuousBackups Shop true",
                "ExportTableToPointInTime Shop");
    }

    @Test
    void aFailedExport_withJson_printsItsFailure_andEndsInError() throws Exception {
        answered = export(ExportStatus.FAILED, Instant.now(), "S3AccessDenied");

        var code = run("export-to-s3", "Shop", "--bucket", "my-bucket", "--prefix", "exports", "--json", "--endpoint", "http://localhost:8000");

        assertThat(code).isEqualTo(DynaLensCli.FAILED);
        var printed = JSON.readTree(out.toString());
        assertThat(printed.path("outcome").asText()).isEqualTo("FAILED");
        assertThat(printed.path("error").asText()).isEqualTo("The export 01796025600000-1a2b3c4d of Shop failed: S3AccessDenied: Access Denied");
        assertThat(printed.path("export").path("failureCode").asText()).isEqualTo("S3AccessDenied");
        assertThat(printed.path("cost").path("amountUsd").decimalValue()).isEqualByComparingTo("2.00");
        assertThat(err.toString()).contains("dynalens: The export 01796025600000-1a2b3c4d of Shop failed: S3AccessDenied: Access Denied")
                .doesNotContain("Exception");
    }

    @Test
    void anExportAnEarlierRunStarted_isSaidToBeThatOne() {
        answered = export(ExportStatus.COMPLETED, Instant.now().minusSeconds(7200), null);

        var code = run("export-to-s3", "Shop", "--bucket", "my-bucket", "--prefix", "exports", "--endpoint", "http://localhost:8000");

        assertThat(code).isZero();
        assertThat(err.toString()).contains("DynamoDB answered with the export an earlier run of the same request started at "
                + answered.startTime() + " (same ClientToken, kept eight hours); give another --prefix or --export-time for a new one");
        assertThat(out.toString().strip()).isEqualTo(URI_OF_EXPORT);
    }

    @Test
    void badOptions_areUsageErrorsNamingTheOption_beforeAnythingIsSent() {
        assertThat(run("export-to-s3", "Shop", "--bucket", "my-bucket", "--incremental-from", "yesterday", "--endpoint", "http://localhost:8000"))
                .isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("--incremental-from 'yesterday' is not an ISO-8601 time with its offset, such as 2026-11-30T08:00:00Z");
        assertThat(run("export-to-s3", "Shop", "--bucket", "my-bucket", "--incremental-to", "2026-11-30T09:00:00Z", "--endpoint", "http://localhost:8000"))
                .isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("--incremental-to and --incremental-view go with --incremental-from");
        assertThat(run("export-to-s3", "Shop", "--bucket", "my bucket", "--endpoint", "http://localhost:8000")).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("'my bucket' is not an S3 bucket name");
        assertThat(run("export-to-s3", "Shop", "--bucket", "b1", "--format", "csv", "--endpoint", "http://localhost:8000"))
                .isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("--format must be DYNAMODB_JSON or ION, not 'csv'");
        assertThat(sessions).allSatisfy(s -> assertThat(s.exportCalls).isEmpty());
    }

    @Test
    void exports_listsTheTablesExports_asLines_andAsJson() throws Exception {
        var older = TABLE_ARN + "/export/01796000000000-00000000";
        var failed = new ExportDescription(older, ExportStatus.FAILED, TABLE_ARN, Instant.parse("2026-11-29T00:00:00Z"), null, null,
                "my-bucket", null, ExportFormat.DYNAMODB_JSON, ExportType.FULL, null, null, null, null, "S3AccessDenied", "Access Denied", null);
        var completed = export(ExportStatus.COMPLETED, Instant.parse("2026-11-30T08:00:00Z"), null);
        java.util.function.Consumer<FakeDynamoSession> lister = s -> {
            s.exportLister = table -> CompletableFuture.completedFuture(List.of(
                    new ExportSummary(EXPORT_ARN, ExportStatus.COMPLETED, ExportType.FULL), new ExportSummary(older, ExportStatus.FAILED, ExportType.FULL)));
            s.exportDescriber = arn -> CompletableFuture.completedFuture(arn.equals(older) ? failed : completed);
        };
        var context = new CliContext(profile -> {
            var session = new FakeDynamoSession(profile);
            lister.accept(session);
            sessions.add(session);
            return session;
        }, RealCli.noSavedConnections(), RealCli.noProfiles(), Map.of(), new PrintWriter(out), new PrintWriter(err));

        assertThat(DynaLensCli.execute(context, "exports", "Shop", "--endpoint", "http://localhost:8000")).as(err.toString()).isZero();
        assertThat(out.toString().lines()).containsExactly(
                "01796025600000-1a2b3c4d  COMPLETED  FULL of 2026-11-30T08:00:00Z  ION  1,000 items  " + URI_OF_EXPORT,
                "01796000000000-00000000  FAILED  FULL of 2026-11-29T00:00:00Z  DYNAMODB_JSON  s3://my-bucket/AWSDynamoDB/01796000000000-00000000  "
                        + "S3AccessDenied: Access Denied");

        out.getBuffer().setLength(0);
        assertThat(DynaLensCli.execute(context, "exports", "Shop", "--json", "--endpoint", "http://localhost:8000")).isZero();
        var printed = JSON.readTree(out.toString());
        assertThat(printed.path("table").asText()).isEqualTo("Shop");
        assertThat(printed.path("exports")).hasSize(2);
        assertThat(printed.path("exports").get(0).path("uri").asText()).isEqualTo(URI_OF_EXPORT);
        assertThat(printed.path("exports").get(0).path("billedSizeBytes").asLong()).isEqualTo(2 * GB);
        assertThat(printed.path("exports").get(1).path("status").asText()).isEqualTo("FAILED");
    }

    @Test
    void exports_ofAnEndpointWithoutThem_saysSo() {
        var context = new CliContext(FakeDynamoSession::new, RealCli.noSavedConnections(), RealCli.noProfiles(), Map.of(),
                new PrintWriter(out), new PrintWriter(err));

        assertThat(DynaLensCli.execute(context, "exports", "Shop", "--endpoint", "http://localhost:8000")).isEqualTo(DynaLensCli.FAILED);
        assertThat(err.toString().strip()).isEqualTo("dynalens: Connection 'command line' has no exports to S3 nor point-in-time recovery "
                + "(ListExports is not there).");
    }
}

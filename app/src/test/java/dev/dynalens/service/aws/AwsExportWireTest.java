package dev.dynalens.service.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.exports.ExportFormat;
import dev.dynalens.domain.exports.ExportRequest;
import dev.dynalens.domain.exports.ExportStatus;
import dev.dynalens.domain.exports.ExportSummary;
import dev.dynalens.domain.exports.ExportType;
import dev.dynalens.domain.exports.ExportViewType;
import dev.dynalens.domain.exports.ExportsUnsupportedException;
import dev.dynalens.domain.exports.IncrementalWindow;
import dev.dynalens.service.aws.WireEndpoint.Answer;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Point-in-time recovery and exports to S3 through the real SDK client, on the wire: dynalite has none of
 * DescribeContinuousBackups, UpdateContinuousBackups, ExportTableToPointInTime, DescribeExport or ListExports, so a
 * loopback server records the JSON the SDK sends and answers with bodies shaped as the API reference documents them
 * (timestamps in seconds since the epoch; ExportDescription, ExportSummary, ContinuousBackupsDescription; the errors each
 * operation lists).
 */
class AwsExportWireTest {
    private static final String TABLE_ARN = "arn:aws:dynamodb:us-east-1:111122223333:table/Shop";
    private static final String EXPORT_ARN = TABLE_ARN + "/export/01764489600000-1a2b3c4d";
    private static final Instant FROM = Instant.parse("2026-11-30T08:00:00Z");
    private static final Instant TO = Instant.parse("2026-11-30T09:00:00Z");
    private static final Answer DESCRIBE_TABLE = new Answer(200, """
            {"Table":{"TableName":"Shop","TableArn":"%s","TableStatus":"ACTIVE",
              "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],
              "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],"TableSizeBytes":5368709120,"ItemCount":1000}}"""
            .formatted(TABLE_ARN));

    private WireEndpoint endpoint;
    private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    private final List<String> targets = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Answer> answers = new ConcurrentLinkedQueue<>();
    private AwsDynamoSession session;

    private void start(boolean readOnly) throws IOException {
        endpoint = new WireEndpoint(requests, targets, () -> answers.size() > 1 ? answers.poll() : answers.peek(), readOnly);
        session = endpoint.session();
    }

    @AfterEach
    void stop() {
        if (endpoint != null) {
            endpoint.close();
        }
    }

    private static <T> T done(CompletableFuture<T> future) throws Exception {
        return future.get(20, TimeUnit.SECONDS);
    }

    private static DynamoAccessException failure(CompletableFuture<?> future) {
        try {
            future.get(20, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            return (DynamoAccessException) e.getCause();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("the call did not fail");
    }

    private static String description(String status, String extra) {
        return """
                {"ExportDescription":{"ExportArn":"%s","ExportStatus":"%s","TableArn":"%s","TableId":"0b1c2d3e-aaaa-bbbb-cccc-0123456789ab",
                  "ExportTime":1764489600,"StartTime":1764489601.5,"ClientToken":"tok","S3Bucket":"my-bucket","S3Prefix":"exports/shop",
                  "S3SseAlgorithm":"AES256","ExportFormat":"ION"%s}}""".formatted(EXPORT_ARN, status, TABLE_ARN, extra);
    }

    @Test
    void describeContinuousBackups_sendsTheTable_andReadsTheRecoveryWindow() throws Exception {
        start(false);
        answers.add(new Answer(200, """
                {"ContinuousBackupsDescription":{"ContinuousBackupsStatus":"ENABLED",
                  "PointInTimeRecoveryDescription":{"PointInTimeRecoveryStatus":"ENABLED","RecoveryPeriodInDays":35,
                    "EarliestRestorableDateTime":1762000000,"LatestRestorableDateTime":1764489300.25}}}"""));

        var recovery = done(session.describeContinuousBackups("Shop"));

        assertThat(targets).containsExactly("DynamoDB_20120810.DescribeContinuousBackups");
        assertThat(requests.getFirst().toString()).isEqualTo("{\"TableName\":\"Shop\"}");
        assertThat(recovery.enabled()).isTrue();
        assertThat(recovery.earliestRestorable()).isEqualTo(Instant.ofEpochSecond(1762000000));
        assertThat(recovery.latestRestorable()).isEqualTo(Instant.ofEpochSecond(1764489300, 250_000_000));
        assertThat(recovery.recoveryPeriodInDays()).isEqualTo(35);
    }

    @Test
    void continuousBackupsWithoutPointInTimeRecovery_isOff() throws Exception {
        start(false);
        answers.add(new Answer(200, """
                {"ContinuousBackupsDescription":{"ContinuousBackupsStatus":"ENABLED",
                  "PointInTimeRecoveryDescription":{"PointInTimeRecoveryStatus":"DISABLED"}}}"""));

        var recovery = done(session.describeContinuousBackups("Shop"));

        assertThat(recovery.enabled()).isFalse();
        assertThat(recovery.earliestRestorable()).isNull();
    }

    @Test
    void updateContinuousBackups_turnsPointInTimeRecoveryOn() throws Exception {
        start(false);
        answers.add(new Answer(200, """
                {"ContinuousBackupsDescription":{"ContinuousBackupsStatus":"ENABLED",
                  "PointInTimeRecoveryDescription":{"PointInTimeRecoveryStatus":"ENABLED","RecoveryPeriodInDays":35,
                    "EarliestRestorableDateTime":1764489600,"LatestRestorableDateTime":1764489600}}}"""));

        var recovery = done(session.updateContinuousBackups("Shop", true));

        assertThat(targets).containsExactly("DynamoDB_20120810.UpdateContinuousBackups");
        assertThat(requests.getFirst().toString())
                .isEqualTo("{\"TableName\":\"Shop\",\"PointInTimeRecoverySpecification\":{\"PointInTimeRecoveryEnabled\":true}}");
        assertThat(recovery.enabled()).isTrue();
    }

    @Test
    void updateContinuousBackups_onAReadOnlyConnection_isRefusedBeforeAnythingIsSent() throws Exception {
        start(true);
        answers.add(new Answer(200, "{}"));

        var failure = failure(session.updateContinuousBackups("Shop", true));

        assertThat(failure).isInstanceOf(ReadOnlyConnectionException.class)
                .hasMessage("Connection 'wire' is read-only: UpdateContinuousBackups on Shop was refused");
        assertThat(requests).isEmpty();
    }

    @Test
    void aFullExport_namesTheTableByItsArn_andSendsTheRequestsClientToken() throws Exception {
        start(false);
        answers.add(DESCRIBE_TABLE);
        answers.add(new Answer(200, description("IN_PROGRESS", "")));
        var request = ExportRequest.full("Shop", "my-bucket", "exports/shop", ExportFormat.ION);

        var export = done(session.exportTableToPointInTime(request));

        assertThat(targets).containsExactly("DynamoDB_20120810.DescribeTable", "DynamoDB_20120810.ExportTableToPointInTime");
        var sent = requests.get(1);
        assertThat(sent.path("TableArn").asText()).isEqualTo(TABLE_ARN);
        assertThat(sent.path("S3Bucket").asText()).isEqualTo("my-bucket");
        assertThat(sent.path("S3Prefix").asText()).isEqualTo("exports/shop");
        assertThat(sent.path("ExportFormat").asText()).isEqualTo("ION");
        assertThat(sent.path("ExportType").asText()).isEqualTo("FULL_EXPORT");
        assertThat(sent.path("ClientToken").asText()).isEqualTo(request.clientToken()).startsWith("dynalens-");
        assertThat(sent.has("ExportTime")).isFalse();
        assertThat(sent.has("IncrementalExportSpecification")).isFalse();
        assertThat(export.exportArn()).isEqualTo(EXPORT_ARN);
        assertThat(export.status()).isEqualTo(ExportStatus.IN_PROGRESS);
        assertThat(export.exportTime()).isEqualTo(Instant.ofEpochSecond(1764489600));
        assertThat(export.startTime()).isEqualTo(Instant.ofEpochSecond(1764489601, 500_000_000));
        assertThat(export.format()).isEqualTo(ExportFormat.ION);
        assertThat(export.type()).isEqualTo(ExportType.FULL);
        assertThat(export.uri()).isEqualTo("s3://my-bucket/exports/shop/AWSDynamoDB/01764489600000-1a2b3c4d");
    }

    @Test
    void aFullExportAtATime_sendsItsExportTime() throws Exception {
        start(false);
        answers.add(new Answer(200, description("IN_PROGRESS", "")));

        done(session.exportTableToPointInTime(new ExportRequest(TABLE_ARN, "my-bucket", null, ExportFormat.DYNAMODB_JSON, FROM, null)));

        var sent = requests.getFirst();
        assertThat(targets).containsExactly("DynamoDB_20120810.ExportTableToPointInTime");
        assertThat(sent.path("ExportTime").decimalValue()).isEqualByComparingTo(String.valueOf(FROM.getEpochSecond()));
        assertThat(sent.path("ExportFormat").asText()).isEqualTo("DYNAMODB_JSON");
        assertThat(sent.has("S3Prefix")).isFalse();
    }

    @Test
    void anIncrementalExport_sendsItsWindowAndView_andIsReadBack() throws Exception {
        start(false);
        answers.add(DESCRIBE_TABLE);
        answers.add(new Answer(200, description("IN_PROGRESS", """
                ,"ExportType":"INCREMENTAL_EXPORT","IncrementalExportSpecification":{"ExportFromTime":1796025600,
                  "ExportToTime":1796029200,"ExportViewType":"NEW_IMAGE"}""")));
        var request = new ExportRequest("Shop", "my-bucket", "exports/shop", ExportFormat.DYNAMODB_JSON, null,
                new IncrementalWindow(FROM, TO, ExportViewType.NEW_IMAGE));

        var export = done(session.exportTableToPointInTime(request));

        var sent = requests.get(1);
        assertThat(sent.path("ExportType").asText()).isEqualTo("INCREMENTAL_EXPORT");
        var spec = sent.path("IncrementalExportSpecification");
        assertThat(spec.path("ExportFromTime").decimalValue()).isEqualByComparingTo(String.valueOf(FROM.getEpochSecond()));
        assertThat(spec.path("ExportToTime").decimalValue()).isEqualByComparingTo(String.valueOf(TO.getEpochSecond()));
        assertThat(spec.path("ExportViewType").asText()).isEqualTo("NEW_IMAGE");
        assertThat(sent.has("ExportTime")).isFalse();
        assertThat(export.type()).isEqualTo(ExportType.INCREMENTAL);
        assertThat(export.incremental()).isEqualTo(new IncrementalWindow(FROM, TO, ExportViewType.NEW_IMAGE));
    }

    @Test
    void theClientToken_isTheSameWhenTheSdkRetries_andWhenTheCommandRunsAgain() throws Exception {
        start(false);
        answers.add(new Answer(500, "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\",\"Message\":\"boom\"}"));
        answers.add(new Answer(200, description("IN_PROGRESS", "")));
        var request = ExportRequest.full(TABLE_ARN, "my-bucket", "exports/shop", ExportFormat.ION);

        done(session.exportTableToPointInTime(request));
        done(session.exportTableToPointInTime(ExportRequest.full(TABLE_ARN, "my-bucket", "exports/shop", ExportFormat.ION)));

        assertThat(targets).containsOnly("DynamoDB_20120810.ExportTableToPointInTime").hasSize(3);
        assertThat(requests).extracting(r -> r.path("ClientToken").asText()).containsOnly(request.clientToken());
    }

    @Test
    void describeExport_readsACompletedExport_itsItemsBilledSizeAndManifest() throws Exception {
        start(false);
        answers.add(new Answer(200, description("COMPLETED", """
                ,"EndTime":1764490200,"ItemCount":1000,"BilledSizeBytes":5368709120,"ExportType":"FULL_EXPORT",
                 "ExportManifest":"exports/shop/AWSDynamoDB/01764489600000-1a2b3c4d/manifest-summary.json\"""")));

        var export = done(session.describeExport(EXPORT_ARN));

        assertThat(targets).containsExactly("DynamoDB_20120810.DescribeExport");
        assertThat(requests.getFirst().toString()).isEqualTo("{\"ExportArn\":\"" + EXPORT_ARN + "\"}");
        assertThat(export.status()).isEqualTo(ExportStatus.COMPLETED);
        assertThat(export.endTime()).isEqualTo(Instant.ofEpochSecond(1764490200));
        assertThat(export.itemCount()).isEqualTo(1000);
        assertThat(export.billedSizeBytes()).isEqualTo(5368709120L);
        assertThat(export.manifestKey()).isEqualTo("exports/shop/AWSDynamoDB/01764489600000-1a2b3c4d/manifest-summary.json");
        assertThat(export.uri()).isEqualTo("s3://my-bucket/exports/shop/AWSDynamoDB/01764489600000-1a2b3c4d");
        assertThat(export.tableName()).contains("Shop");
    }

    @Test
    void describeExport_readsAFailure() throws Exception {
        start(false);
        answers.add(new Answer(200, description("FAILED", """
                ,"EndTime":1764490200,"FailureCode":"S3AccessDenied","FailureMessage":"Access Denied\"""")));

        var export = done(session.describeExport(EXPORT_ARN));

        assertThat(export.status()).isEqualTo(ExportStatus.FAILED);
        assertThat(export.failureText()).isEqualTo("S3AccessDenied: Access Denied");
    }

    @Test
    void listExports_readsEveryPage_ofTheTablesExports() throws Exception {
        start(false);
        answers.add(DESCRIBE_TABLE);
        answers.add(new Answer(200, """
                {"ExportSummaries":[{"ExportArn":"%s/export/02","ExportStatus":"COMPLETED","ExportType":"INCREMENTAL_EXPORT"},
                  {"ExportArn":"%s/export/01","ExportStatus":"COMPLETED","ExportType":"FULL_EXPORT"}],"NextToken":"page-2"}"""
                .formatted(TABLE_ARN, TABLE_ARN)));
        answers.add(new Answer(200, """
                {"ExportSummaries":[{"ExportArn":"%s/export/00","ExportStatus":"FAILED","ExportType":"FULL_EXPORT"}]}"""
                .formatted(TABLE_ARN)));

        var exports = done(session.listExports("Shop"));

        assertThat(targets).containsExactly("DynamoDB_20120810.DescribeTable", "DynamoDB_20120810.ListExports",
                "DynamoDB_20120810.ListExports");
        assertThat(requests.get(1).toString()).isEqualTo("{\"TableArn\":\"" + TABLE_ARN + "\",\"MaxResults\":25}");
        assertThat(requests.get(2).path("NextToken").asText()).isEqualTo("page-2");
        assertThat(requests.get(2).path("TableArn").asText()).isEqualTo(TABLE_ARN);
        assertThat(exports).containsExactly(
                new ExportSummary(TABLE_ARN + "/export/02", ExportStatus.COMPLETED, ExportType.INCREMENTAL),
                new ExportSummary(TABLE_ARN + "/export/01", ExportStatus.COMPLETED, ExportType.FULL),
                new ExportSummary(TABLE_ARN + "/export/00", ExportStatus.FAILED, ExportType.FULL));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            PointInTimeRecoveryUnavailableException | Point in time recovery is not enabled for table 'Shop' | Point-in-time recovery is off for the table, and an export is made from it: turn it on first (it is a change to the table, billed by its size) (PointInTimeRecoveryUnavailableException: Point in time recovery is not enabled for table 'Shop')
            ExportConflictException | There was a conflict when writing to the specified S3 bucket. | The export conflicts with another one writing to the same S3 bucket and prefix: wait for it, or give another prefix (ExportConflictException: There was a conflict when writing to the specified S3 bucket.)
            InvalidExportTimeException | The specified ExportTime is outside of the point in time recovery window. | The export's time is outside the table's point-in-time recovery window (from its earliest restorable time to about five minutes ago) (InvalidExportTimeException: The specified ExportTime is outside of the point in time recovery window.)
            """)
    void aRefusedExport_isASentenceSayingWhatToDo(String code, String message, String sentence) throws Exception {
        start(false);
        answers.add(new Answer(400, "{\"__type\":\"com.amazonaws.dynamodb.v20120810#" + code + "\",\"message\":\"" + message + "\"}"));

        var failure = failure(session.exportTableToPointInTime(ExportRequest.full(TABLE_ARN, "my-bucket", null, ExportFormat.ION)));

        assertThat(failure.problem().kind()).isEqualTo(ConnectionProblem.Kind.OTHER);
        assertThat(failure).hasMessage(sentence);
        assertThat(requests).hasSize(1);
    }

    @Test
    void aTableNotFound_namesTheTable() throws Exception {
        start(false);
        answers.add(new Answer(400, """
                {"__type":"com.amazonaws.dynamodb.v20120810#TableNotFoundException","message":"Table not found: Shop"}"""));

        var failure = failure(session.describeContinuousBackups("Shop"));

        assertThat(failure.problem().kind()).isEqualTo(ConnectionProblem.Kind.TABLE_NOT_FOUND);
        assertThat(failure).hasMessageStartingWith("Table 'Shop' (or its index) was not found on wire (http://127.0.0.1:");
    }

    @Test
    void anExportNotFound_saysSo() throws Exception {
        start(false);
        answers.add(new Answer(400, """
                {"__type":"com.amazonaws.dynamodb.v20120810#ExportNotFoundException","message":"Export not found"}"""));

        assertThat(failure(session.describeExport(EXPORT_ARN)))
                .hasMessage("No such export (exports are listed for 90 days) (ExportNotFoundException: Export not found)");
    }

    @Test
    void anEndpointWithoutExports_saysSo_forEachOperation() throws Exception {
        start(false);
        answers.add(new Answer(400, "{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}"));

        for (var call : List.<CompletableFuture<?>>of(session.describeContinuousBackups("Shop"), session.updateContinuousBackups("Shop", true),
                session.exportTableToPointInTime(ExportRequest.full(TABLE_ARN, "my-bucket", null, ExportFormat.ION)),
                session.describeExport(EXPORT_ARN), session.listExports(TABLE_ARN))) {
            assertThat(failure(call)).isInstanceOf(ExportsUnsupportedException.class)
                    .hasMessageStartingWith("The endpoint http://127.0.0.1:").hasMessageContaining("has no exports to S3");
        }
        assertThat(failure(session.listExports(TABLE_ARN))).hasMessageEndingWith("(ListExports is not there).");
    }
}

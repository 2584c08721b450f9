package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code export-to-s3} and {@code exports} end to end over the real AWS adapter, against a loopback server that answers
 * each operation (by its X-Amz-Target) with bodies shaped as the API reference documents them: dynalite has no exports.
 */
class ExportToS3WireTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TABLE_ARN = "arn:aws:dynamodb:us-east-1:111122223333:table/Shop";
    private static final String EXPORT_ARN = TABLE_ARN + "/export/01796025600000-1a2b3c4d";
    private static final String DESCRIBE_TABLE = """
            {"Table":{"TableName":"Shop","TableArn":"%s","TableStatus":"ACTIVE","KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],
              "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],"TableSizeBytes":5368709120,"ItemCount":1000}}"""
            .formatted(TABLE_ARN);
    private static final String RECOVERY_ON = """
            {"ContinuousBackupsDescription":{"ContinuousBackupsStatus":"ENABLED","PointInTimeRecoveryDescription":{
              "PointInTimeRecoveryStatus":"ENABLED","EarliestRestorableDateTime":1793000000,"LatestRestorableDateTime":1796025300}}}""";

    /** Answers by operation: the next of its queue, the last one again once only one is left. */
    private final Map<String, ArrayDeque<String>> answers = new ConcurrentHashMap<>();
    private final List<String> targets = new CopyOnWriteArrayList<>();
    private final List<JsonNode> bodies = new CopyOnWriteArrayList<>();
    private HttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            try (exchange) {
                var target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
                var operation = target.substring(target.indexOf('.') + 1);
                bodies.add(JSON.readTree(exchange.getRequestBody().readAllBytes()));
                targets.add(operation);
                var queue = answers.get(operation);
                String body;
                int status = 200;
                synchronized (this) {
                    body = queue == null ? null : queue.size() > 1 ? queue.poll() : queue.peek();
                }
                if (body == null) {
                    status = 400;
                    body = "{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}";
                } else if (body.startsWith("400 ")) {
                    status = 400;
                    body = body.substring(4);
                }
                var bytes = body.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/x-amz-json-1.0");
                exchange.sendResponseHeaders(status, bytes.length);
                exchange.getResponseBody().write(bytes);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void answer(String operation, String... bodies) {
        answers.put(operation, new ArrayDeque<>(List.of(bodies)));
    }

    private String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private JsonNode sent(String operation, int which) {
        int seen = 0;
        for (int i = 0; i < targets.size(); i++) {
            if (targets.get(i).equals(operation) && seen++ == which) {
                return bodies.get(i);
            }
        }
        throw new AssertionError("no " + operation + " #" + which + " among " + targets);
    }

    private static String exportDescription(String status) {
        return """
                {"ExportDescription":{"ExportArn":"%s","ExportStatus":"%s","TableArn":"%s","ExportTime":1796025600,"StartTime":1796025601,
                  "ClientToken":"tok","S3Bucket":"my-bucket","S3Prefix":"exports","ExportFormat":"DYNAMODB_JSON","ExportType":"FULL_EXPORT"}}"""
                .formatted(EXPORT_ARN, status, TABLE_ARN);
    }

    @Test
    void exportToS3_sendsOneExport_withTheSameClientTokenWhenRunAgain_andPrintsItsUri() throws Exception {
        answer("DescribeTable", DESCRIBE_TABLE);
        answer("DescribeContinuousBackups", RECOVERY_ON);
        answer("ExportTableToPointInTime", exportDescription("IN_PROGRESS"));
        var args = new String[] {"export-to-s3", "Shop", "--bucket", "my-bucket", "--prefix", "exports", "--no-wait", "--json",
                "--endpoint", endpoint()};

        var first = RealCli.run(args);
        var again = RealCli.run(args);

        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(first.err()).startsWith("dynalens: A full export of Shop costs about $0.50: 5.0 GB")
                .contains("dynalens: Export 01796025600000-1a2b3c4d of Shop started (IN_PROGRESS)");
        var printed = JSON.readTree(first.out());
        assertThat(printed.path("outcome").asText()).isEqualTo("STARTED");
        assertThat(printed.path("uri").asText()).isEqualTo("s3://my-bucket/exports/AWSDynamoDB/01796025600000-1a2b3c4d");
        assertThat(printed.path("export").path("status").asText()).isEqualTo("IN_PROGRESS");
        // DescribeTimeToLive goes with every DescribeTable of the port (this endpoint has none: the TTL is unknown)
        assertThat(targets).containsOnly("DescribeTable", "DescribeTimeToLive", "DescribeContinuousBackups", "ExportTableToPointInTime");
        assertThat(targets).filteredOn("ExportTableToPointInTime"::equals).hasSize(2);
        var export = sent("ExportTableToPointInTime", 0);
        assertThat(export.path("TableArn").asText()).isEqualTo(TABLE_ARN);
        assertThat(export.path("S3Bucket").asText()).isEqualTo("my-bucket");
        assertThat(export.path("S3Prefix").asText()).isEqualTo("exports");
        assertThat(export.path("ExportFormat").asText()).isEqualTo("DYNAMODB_JSON");
        assertThat(export.path("ExportType").asText()).isEqualTo("FULL_EXPORT");
        assertThat(again.exitCode()).isZero();
        assertThat(sent("ExportTableToPointInTime", 1).path("ClientToken").asText()).isEqualTo(export.path("ClientToken").asText())
                .startsWith("dynalens-");
    }

    @Test
    void exportToS3_ofATableWithoutRecovery_turnsItOnWithEnablePitr() throws Exception {
        answer("DescribeTable", DESCRIBE_TABLE);
        answer("DescribeContinuousBackups", """
                {"ContinuousBackupsDescription":{"ContinuousBackupsStatus":"ENABLED",
                  "PointInTimeRecoveryDescription":{"PointInTimeRecoveryStatus":"DISABLED"}}}""");
        answer("UpdateContinuousBackups", RECOVERY_ON);
        answer("ExportTableToPointInTime", exportDescription("IN_PROGRESS"));

        var run = RealCli.run("export-to-s3", "Shop", "--bucket", "my-bucket", "--prefix", "exports", "--no-wait", "--enable-pitr",
                "--endpoint", endpoint());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(sent("UpdateContinuousBackups", 0).toString())
                .isEqualTo("{\"TableName\":\"Shop\",\"PointInTimeRecoverySpecification\":{\"PointInTimeRecoveryEnabled\":true}}");
        assertThat(targets.indexOf("UpdateContinuousBackups")).isLessThan(targets.indexOf("ExportTableToPointInTime"));
        assertThat(run.out().strip()).isEqualTo("s3://my-bucket/exports/AWSDynamoDB/01796025600000-1a2b3c4d");
    }

    @Test
    void exportToS3_refusedByDynamoDb_isASentence() {
        answer("DescribeTable", DESCRIBE_TABLE);
        answer("DescribeContinuousBackups", RECOVERY_ON);
        answer("ExportTableToPointInTime", "400 " + """
                {"__type":"com.amazonaws.dynamodb.v20120810#ExportConflictException","message":"There was a conflict when writing to the specified S3 bucket."}""");

        var run = RealCli.run("export-to-s3", "Shop", "--bucket", "my-bucket", "--endpoint", endpoint());

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.FAILED);
        assertThat(run.err().lines().toList().getLast()).isEqualTo("dynalens: The export conflicts with another one writing to the same S3 "
                + "bucket and prefix: wait for it, or give another prefix (ExportConflictException: There was a conflict when writing to the specified S3 bucket.)");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void exportToS3_onAnEndpointWithoutExports_saysSo() {
        answer("DescribeTable", DESCRIBE_TABLE);

        var run = RealCli.run("export-to-s3", "Shop", "--bucket", "my-bucket", "--endpoint", endpoint());

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.FAILED);
        assertThat(run.err().strip()).isEqualTo("dynalens: The endpoint " + endpoint() + " has no exports to S3 nor point-in-time recovery "
                + "(DescribeContinuousBackups is not there).");
    }

    @Test
    void exports_listsEveryPageOfTheTablesExports_eachDescribed() throws Exception {
        answer("DescribeTable", DESCRIBE_TABLE);
        answer("ListExports", """
                {"ExportSummaries":[{"ExportArn":"%s","ExportStatus":"COMPLETED","ExportType":"FULL_EXPORT"}],"NextToken":"page-2"}"""
                .formatted(EXPORT_ARN), """
                {"ExportSummaries":[{"ExportArn":"%s","ExportStatus":"IN_PROGRESS","ExportType":"FULL_EXPORT"}]}""".formatted(EXPORT_ARN));
        answer("DescribeExport", exportDescription("COMPLETED"), exportDescription("IN_PROGRESS"));

        var run = RealCli.run("exports", "Shop", "--json", "--endpoint", endpoint());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(targets).containsExactly("DescribeTable", "ListExports", "ListExports", "DescribeExport", "DescribeExport");
        assertThat(sent("ListExports", 0).toString()).isEqualTo("{\"TableArn\":\"" + TABLE_ARN + "\",\"MaxResults\":25}");
        assertThat(sent("ListExports", 1).path("NextToken").asText()).isEqualTo("page-2");
        var exports = JSON.readTree(run.out()).path("exports");
        assertThat(exports).extracting(e -> e.path("status").asText()).containsExactly("COMPLETED", "IN_PROGRESS");
        assertThat(exports.get(0).path("uri").asText()).isEqualTo("s3://my-bucket/exports/AWSDynamoDB/01796025600000-1a2b3c4d");
    }
}

package dev.dynalens.service.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportFormat;
import dev.dynalens.domain.exports.ExportRequest;
import dev.dynalens.domain.exports.ExportStatus;
import dev.dynalens.domain.exports.ExportSummary;
import dev.dynalens.domain.exports.ExportType;
import dev.dynalens.domain.exports.PointInTimeRecovery;
import dev.dynalens.domain.history.RequestHistory;
import dev.dynalens.domain.history.RequestRecord;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class RecordingSessionTest {
    private final ConnectionProfile profile = ConnectionProfile.local("dev", URI.create("http://127.0.0.1:9"));
    private final FakeDynamoSession fake = new FakeDynamoSession(profile);
    private final RequestHistory history = new RequestHistory(100);
    private final MutableClock clock = new MutableClock();
    private final RecordingSession session = new RecordingSession(fake, history, clock);

    private static Item item(String pk) {
        return Item.of(Map.of("PK", AttributeValue.s(pk)));
    }

    @Test
    void query_isRecordedWithItsKeyConditionIndexCapacityItemCountAndDuration() {
        var query = ReadRequest.Query.of("Orders", "GSI1PK", AttributeValue.s("CUST#1")).onIndex("GSI1")
                .withSortKey("GSI1SK", SortKeyCondition.of(SortKeyCondition.Operator.BEGINS_WITH, AttributeValue.s("2024")))
                        .withScanIndexForward(false).withLimit(25);
        var pending = session.read(query);
        assertThat(history.snapshot()).isEmpty(); // recorded when it completes
        clock.advance(Duration.ofMillis(40));
        fake.lastRead().complete(new Page(List.of(item("a"), item("b")), null, 7, new ConsumedCapacity(1.5, 1.5, null)));

        assertThat(pending).isCompleted();
        var r = history.snapshot().getFirst();
        assertThat(r.operation()).isEqualTo("Query");
        assertThat(r.table()).isEqualTo("Orders");
        assertThat(r.index()).isEqualTo("GSI1");
        assertThat(r.condition()).isEqualTo("GSI1PK = \"CUST#1\" AND begins_with(GSI1SK, \"2024\") · descending");
        assertThat(r.capacity()).isEqualTo(1.5);
        assertThat(r.itemCount()).isEqualTo(2);
        assertThat(r.durationMillis()).isEqualTo(40);
        assertThat(r.connectionId()).isEqualTo(profile.id());
        assertThat(r.failed()).isFalse();
    }

    @Test
    void scanFollowingAPage_saysSo_andCapacityNotReportedStaysUnknown() {
        session.read(new ReadRequest.Scan("T", null, null, Map.of("PK", AttributeValue.s("x"))));
        fake.lastRead().complete(new Page(List.of(), null, 0, ConsumedCapacity.NOT_REPORTED));
        var r = history.snapshot().getFirst();
        assertThat(r.condition()).isEqualTo("next page");
        assertThat(r.capacity()).isNull();
        assertThat(r.itemCount()).isZero();
    }

    @Test
    void failedRequest_isRecordedWithItsError_andTheCallerStillSeesTheFailure() {
        var pending = session.read(new ReadRequest.Scan("Missing", null, null, null));
        fake.lastRead().completeExceptionally(new IllegalStateException("Requested resource not found"));
        assertThat(pending).isCompletedExceptionally();
        assertThat(history.snapshot().getFirst().error()).contains("Requested resource not found");
    }

    @Test
    void cancelledRequest_isRecordedAsCancelled_andTheCancelReachesTheWrappedCall() {
        var pending = session.read(new ReadRequest.Scan("T", null, null, null));
        pending.cancel(true);
        assertThat(fake.lastRead()).isCancelled();
        assertThat(history.snapshot().getFirst().error()).isEqualTo("cancelled");
    }

    @Test
    void getItem_recordsTheKeyExactly_numbersIncluded() {
        fake.getter = key -> CompletableFuture.completedFuture(new GetResult(Optional.of(item("a")), new ConsumedCapacity(0.5, 0.5, null)));
        session.getItem("T", Map.of("PK", AttributeValue.s("a"), "SK", AttributeValue.n("12345678901234567890.5")), true);
        var r = history.snapshot().getFirst();
        assertThat(r.operation()).isEqualTo("GetItem");
        assertThat(r.condition()).isEqualTo("PK = \"a\" AND SK = 12345678901234567890.5 · consistent");
        assertThat(r.itemCount()).isEqualTo(1);
        assertThat(r.capacity()).isEqualTo(0.5);
    }

    @Test
    void conditionalWriteThatDidNotApply_isRecordedWithItsConditionAndOutcome() {
        fake.writer = w -> CompletableFuture.completedFuture(new WriteResult(WriteResult.Status.CONDITION_FAILED, Optional.empty(),
                new ConsumedCapacity(1.0, null, 1.0)));
        session.write(new ItemWrite.Delete("T", Map.of("PK", AttributeValue.s("a")), "attribute_exists(#v)", Map.of("#v", "v"), Map.of()));
        var r = history.snapshot().getFirst();
        assertThat(r.operation()).isEqualTo("DeleteItem");
        assertThat(r.condition()).isEqualTo("PK = \"a\" · if attribute_exists(#v)");
        assertThat(r.error()).isEqualTo("condition not met");
        assertThat(r.itemCount()).isZero();
    }

    @Test
    void listTables_andDescribe_areRecordedToo() {
        fake.tables = CompletableFuture.completedFuture(List.of("A", "B", "C"));
        session.listTables();
        session.describeTable("A");
        fake.description.completeExceptionally(new DynamoAccessException(
                new dev.dynalens.domain.connection.ConnectionProblem(dev.dynalens.domain.connection.ConnectionProblem.Kind.TABLE_NOT_FOUND,
                        "no such table", null), null));
        assertThat(history.snapshot()).extracting(RequestRecord::operation).containsExactly("ListTables", "DescribeTable");
        assertThat(history.snapshot().get(0).itemCount()).isEqualTo(3);
        assertThat(history.snapshot().get(1).failed()).isTrue();
    }

    @Test
    void pointInTimeRecoveryAndExports_areRecorded_andReachTheWrappedSession() {
        var arn = "arn:aws:dynamodb:us-east-1:111122223333:table/Shop/export/01764489600000-1a2b3c4d";
        var failed = new ExportDescription(arn, ExportStatus.FAILED, null, null, null, null, "b1", null, ExportFormat.ION, ExportType.FULL,
                null, null, null, null, "S3AccessDenied", "Access Denied", null);
        fake.recovery = table -> CompletableFuture.completedFuture(PointInTimeRecovery.disabled());
        fake.recoveryUpdater = (table, on) -> CompletableFuture.completedFuture(new PointInTimeRecovery(on, null, null, 35));
        fake.exporter = request -> CompletableFuture.completedFuture(failed);
        fake.exportDescriber = exportArn -> CompletableFuture.completedFuture(failed);
        fake.exportLister = table -> CompletableFuture.completedFuture(List.of(new ExportSummary(arn, ExportStatus.FAILED, ExportType.FULL)));

        session.describeContinuousBackups("Shop");
        session.updateContinuousBackups("Shop", true);
        session.exportTableToPointInTime(ExportRequest.full("Shop", "b1", "daily", ExportFormat.ION));
        session.describeExport(arn);
        session.listExports("Shop");

        assertThat(fake.exportCalls).containsExactly("DescribeContinuousBackups Shop", "UpdateContinuousBackups Shop true",
                "ExportTableToPointInTime Shop", "DescribeExport " + arn, "ListExports Shop");
        assertThat(history.snapshot()).extracting(RequestRecord::operation).containsExactly("DescribeContinuousBackups",
                "UpdateContinuousBackups", "ExportTableToPointInTime", "DescribeExport", "ListExports");
        assertThat(history.snapshot().get(1).condition()).isEqualTo("point-in-time recovery on");
        assertThat(history.snapshot().get(2).condition()).isEqualTo("FULL_EXPORT to s3://b1/daily/ · ION");
        assertThat(history.snapshot().get(3).error()).isEqualTo("export failed: S3AccessDenied: Access Denied");
        assertThat(history.snapshot().get(4).itemCount()).isEqualTo(1);
    }

    /** A method the recording session does not override would be answered by the port's default, not by the connection. */
    @Test
    void everyMethodOfThePort_isPassedOn() {
        for (var method : DynamoSession.class.getMethods()) {
            if (java.lang.reflect.Modifier.isStatic(method.getModifiers())) {
                continue;
            }
            assertThat(java.util.Arrays.stream(RecordingSession.class.getDeclaredMethods())
                    .anyMatch(m -> m.getName().equals(method.getName()) && java.util.Arrays.equals(m.getParameterTypes(), method.getParameterTypes())))
                    .as("RecordingSession overrides " + method).isTrue();
        }
    }

    private static final class MutableClock extends Clock {
        private Instant now = Instant.parse("2026-01-01T10:00:00Z");

        void advance(Duration duration) { now = now.plus(duration); }
        @Override public ZoneOffset getZone() { return ZoneOffset.UTC; }
        @Override public Clock withZone(java.time.ZoneId zone) { return this; }
        @Override public Instant instant() { return now; }
    }
}

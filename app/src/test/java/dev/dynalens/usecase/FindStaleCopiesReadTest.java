package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.staleness.RuleSpec;
import dev.dynalens.domain.staleness.StalenessReport;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.usecase.support.TableReads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the one read of a detection costs, asks and reuses: samples/blog.json as table "Blog" of a fake session. */
class FindStaleCopiesReadTest {
    @TempDir
    Path spillDirectory;

    private FindStaleCopies.Settings settings() {
        return FindStaleCopies.Settings.defaults().withSpillDirectory(spillDirectory).withParallelism(2);
    }

    /** The blog described with a size, as DynamoDB describes a table whose figures are up to date. */
    private static void sized(FakeDynamoSession session, long bytes) {
        var described = session.description.join();
        session.description = CompletableFuture.completedFuture(new TableDescription(described.name(), described.keySchema(),
                described.globalSecondaryIndexes(), List.of(), BlogTable.BLOG.items().size(), bytes, described.billingMode(), null, null,
                "ACTIVE", described.timeToLive()));
    }

    private static List<String> counts(StalenessReport report) {
        return report.rules().stream().map(r -> r.rule().toSpec() + " " + r.copies() + "/" + r.stale() + "/" + r.orphans()).toList();
    }

    @Test
    void plan_saysWhatTheReadCosts_fromDescribeTable_beforeAnythingIsRead() {
        var session = BlogTable.answering();
        sized(session, 3 * 1024 * 1024 + 100);

        var plan = new FindStaleCopies(session, Runnable::run, settings(), null).plan("Blog", RuleChoice.INFERRED).join();

        // 3 MB and 100 bytes on a local endpoint: two segments of 1.5 MB and 50 bytes, each a full page of 256 units of
        // 4 KB and a last page of 129, half a unit each.
        assertThat(plan.estimate().capacity()).isEqualTo(CapacityUnits.ofHalves(2 * (256 + 129)));
        assertThat(plan.estimate().requests()).isEqualTo(4);
        assertThat(plan.estimate().segments()).isEqualTo(2);
        assertThat(plan.text()).isEqualTo("Reads Blog once: about 385 read units (eventually consistent, 3.0 MB), 4 requests in 2 parallel segments");
        assertThat(plan.needsConfirmation()).isFalse();
        assertThat(session.reads).isEmpty();
    }

    @Test
    void segmentsAsked_areBoundedByWhatTheTablesSizeCanUse_andThePlanSaysSo() {
        var sizedSession = BlogTable.answering();
        sized(sizedSession, 4_404_019);
        var unknownSize = BlogTable.answering();
        sized(unknownSize, 0);
        var settings = settings().withSegments(1_000_000);

        var sizedPlan = new FindStaleCopies(sizedSession, Runnable::run, settings, null).plan("Blog", RuleChoice.INFERRED).join();
        var unknownPlan = new FindStaleCopies(unknownSize, Runnable::run, settings, null).plan("Blog", RuleChoice.INFERRED).join();
        var fewPlan = new FindStaleCopies(sizedSession, Runnable::run, settings().withSegments(3), null)
                .plan("Blog", RuleChoice.INFERRED).join();

        assertThat(sizedPlan.estimate().segments()).isEqualTo(5);
        assertThat(sizedPlan.segmentsBound()).isEqualTo("Blog's 4.2 MB can use at most 5 segments (a segment should read at least "
                + "about 1 MB of the table), so it is read in 5");
        assertThat(sizedPlan.confirm().segmentsBound()).isEqualTo(sizedPlan.segmentsBound());
        assertThat(unknownPlan.estimate().segments()).isEqualTo(16);
        assertThat(unknownPlan.segmentsBound()).isEqualTo("DescribeTable does not know Blog's size (it says 0 bytes), so it is read in 16 "
                + "segments, the most for a table of unknown size");
        assertThat(fewPlan.estimate().segments()).isEqualTo(3);
        assertThat(fewPlan.segmentsBound()).isNull();
        assertThat(sizedSession.reads).isEmpty();
    }

    @Test
    void aProductionTable_isNotReadWithoutConfirmation_andIsOnceConfirmed() {
        var session = BlogTable.session(false, ConnectionTag.PRODUCTION);
        session.responder = BlogTable::page;
        sized(session, 40_000);
        var finder = new FindStaleCopies(session, Runnable::run, settings(), null);

        var plan = finder.plan("Blog", RuleChoice.INFERRED).join();
        var refused = finder.start(plan, RuleChoice.INFERRED, 100, f -> { }, p -> { }).result();
        var refusedByName = finder.start("Blog", RuleChoice.INFERRED, 100, f -> { }, p -> { }).result();

        assertThat(plan.needsConfirmation()).isTrue();
        assertThatThrownBy(refused::join).cause().isInstanceOf(StaleDetectionFailedException.class)
                .hasMessageStartingWith("Reading all of Blog on a production connection costs about 5 read units")
                .satisfies(e -> assertThat(((StaleDetectionFailedException) e).getCause()).isInstanceOf(ReadNotConfirmedException.class));
        assertThatThrownBy(refusedByName::join).cause().isInstanceOf(StaleDetectionFailedException.class);
        assertThat(session.reads).isEmpty();

        var detection = finder.start(plan.confirm(), RuleChoice.INFERRED, 100, f -> { }, p -> { }).result().join();
        assertThat(detection.complete()).isTrue();
        assertThat(detection.report().staleCopies()).hasSize(6);
        assertThat(session.reads).hasSize(BlogTable.pagesPerPass());
    }

    @Test
    void afterTheRead_theCapacityThePagesReported_isSummed() {
        var session = BlogTable.answering();
        session.responder = request -> {
            var page = BlogTable.page(request);
            return new Page(page.items(), page.next().orElse(null), page.scannedCount(), new ConsumedCapacity(2.5, 2.5, null));
        };

        var detection = new FindStaleCopies(session, Runnable::run, settings(), null).start("Blog", RuleChoice.INFERRED, 100, f -> { }, p -> { })
                .result().join();

        assertThat(detection.read().requests()).isEqualTo(4);
        assertThat(detection.read().consumed()).isEqualTo(CapacityUnits.ofHalves(20));
        assertThat(detection.read().text()).isEqualTo("4 requests, 10 read units consumed");
        assertThat(detection.read().reused()).isFalse();
    }

    /** Segment s of n answers its own slice of the blog in pages of 10, the start key carrying the offset. */
    private static Page segmentPage(ReadRequest request) {
        var items = BlogTable.BLOG.items();
        var scan = (ReadRequest.Scan) request;
        int from = 0;
        int to = items.size();
        if (scan.segment() != null) {
            from = items.size() * scan.segment().index() / scan.segment().total();
            to = items.size() * (scan.segment().index() + 1) / scan.segment().total();
        }
        int start = request.exclusiveStartKey() == null ? from
                : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("at")).value());
        int end = Math.min(to, start + 10);
        Map<String, AttributeValue> last = end < to ? Map.of("at", AttributeValue.s(Integer.toString(end))) : null;
        return new Page(items.subList(start, end), last, end - start, ConsumedCapacity.NOT_REPORTED);
    }

    @Test
    void inSegments_eachSegmentIsReadOnce_intoItsOwnPart_andTheAnswerIsTheSameAsOneScans() {
        var oneScan = BlogTable.answering();
        oneScan.responder = FindStaleCopiesReadTest::segmentPage;
        var whole = new FindStaleCopies(oneScan, Runnable::run, settings(), null).start("Blog", RuleChoice.INFERRED, 100, f -> { }, p -> { })
                .result().join();
        var segmented = BlogTable.answering();
        segmented.responder = FindStaleCopiesReadTest::segmentPage;
        // Large enough to use three segments (a segment reads at least about 1 MB); the pages stay the fake's.
        sized(segmented, 3 * 1024 * 1024);

        var detection = new FindStaleCopies(segmented, Runnable::run, settings().withSegments(3), null)
                .start("Blog", RuleChoice.INFERRED, 100, f -> { }, p -> { }).result().join();

        assertThat(counts(detection.report())).isEqualTo(counts(whole.report()));
        assertThat(detection.report().staleCopies()).isEqualTo(whole.report().staleCopies());
        assertThat(detection.report().orphanCopies()).isEqualTo(whole.report().orphanCopies());
        assertThat(segmented.reads).allSatisfy(r -> assertThat(((ReadRequest.Scan) r).segment().total()).isEqualTo(3));
        // 88 items in slices of 29, 29 and 30: three pages each, and each page requested once.
        assertThat(segmented.reads).extracting(r -> ((ReadRequest.Scan) r).segment().index()).containsOnly(0, 1, 2).hasSize(9);
        assertThat(segmented.reads).doesNotHaveDuplicates();
        assertThat(detection.read().requests()).isEqualTo(9);
        assertThat(detection.read().segments()).isEqualTo(3);
    }

    @Test
    void aKeptCurrentRead_isReused_andNothingIsRead_untilItIsTooOldOrAWriteWentThrough() {
        var now = new Instant[] {Instant.parse("2026-12-01T10:00:00Z")};
        var clock = new Clock() {
            @Override public java.time.ZoneId getZone() { return ZoneOffset.UTC; }
            @Override public Clock withZone(java.time.ZoneId zone) { return this; }
            @Override public Instant instant() { return now[0]; }
        };
        var reads = new TableReads(clock, Duration.ofMinutes(5));
        var session = BlogTable.answering();
        var finder = new FindStaleCopies(session, Runnable::run, settings(), reads);

        var first = finder.start("Blog", RuleChoice.INFERRED, 100, f -> { }, p -> { }).result().join();
        now[0] = now[0].plusSeconds(120);
        var plan = finder.plan("Blog", RuleChoice.given(List.of(RuleSpec.parse("POST.authorName=USER.name@authorId")), "--rule")).join();
        var second = finder.start(plan, RuleChoice.given(List.of(RuleSpec.parse("POST.authorName=USER.name@authorId")), "--rule"), 100,
                f -> { }, p -> { }).result().join();

        assertThat(first.read().reused()).isFalse();
        assertThat(plan.reads()).isFalse();
        assertThat(plan.text()).isEqualTo("Reuses the last detection's read of Blog, 2 min ago (88 items): nothing is read");
        assertThat(second.read().reused()).isTrue();
        assertThat(second.report().staleCopies()).hasSize(3);
        assertThat(session.reads).hasSize(BlogTable.pagesPerPass());

        reads.invalidate();
        finder.start("Blog", RuleChoice.INFERRED, 100, f -> { }, p -> { }).result().join();
        assertThat(session.reads).hasSize(2 * BlogTable.pagesPerPass());
        now[0] = now[0].plus(Duration.ofMinutes(6));
        var expired = finder.plan("Blog", RuleChoice.INFERRED).join();
        assertThat(expired.reads()).isTrue();
    }

    @Test
    void whatDoesNotFitTheMemoryBudget_spillsToATemporaryFile_thatIsDeletedAfterwards_andTheAnswerIsTheSame() throws Exception {
        var inMemory = new FindStaleCopies(BlogTable.answering(), Runnable::run, settings(), null)
                .start("Blog", RuleChoice.INFERRED, 100, f -> { }, p -> { }).result().join();
        var session = BlogTable.answering();

        // No memory at all for projections: every chunk goes to the file.
        var spilled = new FindStaleCopies(session, Runnable::run, settings().withMemoryBudget(0), null)
                .start("Blog", RuleChoice.INFERRED, 100, f -> { }, p -> { }).result().join();

        assertThat(spilled.read().spilledBytes()).isPositive();
        assertThat(counts(spilled.report())).isEqualTo(counts(inMemory.report()));
        assertThat(spilled.report().staleCopies()).isEqualTo(inMemory.report().staleCopies());
        try (var left = Files.list(spillDirectory)) {
            assertThat(left).isEmpty();
        }
    }
}

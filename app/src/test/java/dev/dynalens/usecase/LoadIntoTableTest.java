package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.connection.WriteNotConfirmedException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteIntent;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.load.LoadFailedException;
import dev.dynalens.service.load.LoadProgress;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.load.LoadSettings;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.usecase.support.PageFeed;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The load use case on the calling thread: a fake source answering page by page, a fake target whose BatchWriteItem
 * the test may hold, and the real loader and pager.
 */
class LoadIntoTableTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T08:00:00Z"), ZoneOffset.UTC);
    private static final int PAGE_SIZE = 10;
    /** A number DynamoDB keeps exactly and a double does not. */
    private static final String EXACT = "98765432109876543210.000000000000000001";
    private static final IndexDescription GSI1 = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"),
            IndexDescription.Projection.ALL, List.of(), null, null, "ACTIVE");
    private static final WriteConfirmer NOT_ASKED = intent -> {
        throw new AssertionError("only a production target asks");
    };

    private final FakeDynamoSession source = new FakeDynamoSession(ConnectionProfile.local("workspace", URI.create("http://localhost:1")));
    private final FakeDynamoSession target = new FakeDynamoSession(ConnectionProfile.local("local", URI.create("http://localhost:2")));
    private final LoadIntoTable loads = new LoadIntoTable(guard -> new TableLoader(guard, LoadSettings.DEFAULTS, Runnable::run,
            delay -> CompletableFuture.completedFuture(null), () -> 0.5, CLOCK), CLOCK);
    private final List<LoadProgress> progress = new ArrayList<>();
    /** BatchWriteItem answers the test holds, oldest first. */
    private final List<CompletableFuture<List<Item>>> heldBatches = new ArrayList<>();

    private static Item item(int i) {
        return new Item(Map.of("PK", AttributeValue.s(String.format("P#%05d", i)), "SK", AttributeValue.s("S"),
                "amount", AttributeValue.n(EXACT)));
    }

    private static TableDescription shop(long itemCount) {
        return new TableDescription("Shop", KeySchema.of("PK", "SK"), List.of(GSI1), List.of(), itemCount, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
    }

    /** The source holds {@code pages} pages of {@link #PAGE_SIZE} items; the page after the one whose last key is given. */
    private void sourceOf(int pages, int failingPage) {
        source.description.complete(shop((long) pages * PAGE_SIZE));
        source.responder = request -> {
            var start = request.exclusiveStartKey() == null ? 0
                    : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("PK")).value().substring(2)) + 1;
            var number = start / PAGE_SIZE;
            if (number == failingPage) {
                throw new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.ACCESS_DENIED, "Not allowed to Scan Shop", null), null);
            }
            var items = IntStream.range(start, start + PAGE_SIZE).mapToObj(LoadIntoTableTest::item).toList();
            var more = number < pages - 1;
            return new Page(items, more ? items.getLast().key("PK", "SK") : null, items.size(), ConsumedCapacity.NOT_REPORTED);
        };
    }

    private void targetWritesAll() {
        target.batchWriter = items -> CompletableFuture.completedFuture(List.of());
    }

    private void targetHoldsBatches() {
        target.batchWriter = items -> {
            var answer = new CompletableFuture<List<Item>>();
            heldBatches.add(answer);
            return answer;
        };
    }

    private Job<LoadProgress, LoadReport> start(boolean createTable, WriteConfirmer confirmer) {
        return loads.start(new LoadIntoTable.Request(source, "Shop", target, "ShopCopy", createTable), confirmer, progress::add);
    }

    private long itemsSent() {
        return target.batches.stream().mapToLong(List::size).sum();
    }

    private static Throwable failure(Job<?, ?> job) {
        var thrown = catchThrowable(() -> job.result().get(1, TimeUnit.SECONDS));
        assertThat(thrown).isInstanceOf(ExecutionException.class);
        return thrown.getCause();
    }

    @Test
    void copiesEveryItemOfAManyPageTable_readingOnlyAFewPagesAheadOfWhatTheTargetWasSent() throws Exception {
        sourceOf(100, -1);
        targetHoldsBatches();

        var job = start(false, NOT_ASKED);

        assertThat(target.batches).as("four BatchWriteItem in flight, held by the target").hasSize(4);
        long mostPagesAhead = 0;
        while (!job.result().isDone()) {
            var pagesSent = (itemsSent() + PAGE_SIZE - 1) / PAGE_SIZE;
            // Pages read but not yet sent on: two at most, however many pages the source has.
            assertThat(source.reads.size() - pagesSent).isLessThanOrEqualTo(2);
            mostPagesAhead = Math.max(mostPagesAhead, source.reads.size() - pagesSent);
            heldBatches.stream().filter(answer -> !answer.isDone()).findFirst().orElseThrow().complete(List.of());
        }

        var report = job.result().get(1, TimeUnit.SECONDS);
        assertThat(mostPagesAhead).isEqualTo(PageFeed.PAGES_AHEAD);
        assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.COMPLETED);
        assertThat(report.read()).isEqualTo(1000);
        assertThat(report.written()).isEqualTo(1000);
        assertThat(report.total()).isEqualTo(1000);
        assertThat(report.unwritten()).isZero();
        assertThat(source.reads).hasSize(100);
        assertThat(target.batches.stream().flatMap(List::stream).toList())
                .containsExactlyElementsOf(IntStream.range(0, 1000).mapToObj(LoadIntoTableTest::item).toList());
        assertThat(target.batches.getLast().getLast().get("amount")).contains(AttributeValue.n(EXACT));
        assertThat(progress.getLast()).isEqualTo(new LoadProgress(1000, 1000, 0, 0, 0));
    }

    @Test
    void createsTheTargetWithTheSourcesKeySchemaAndGsis_onceTheFirstPageWasRead() throws Exception {
        sourceOf(3, -1);
        target.description = CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(
                ConnectionProblem.Kind.TABLE_NOT_FOUND, "Table ShopCopy was not found", null), null));
        target.creator = spec -> CompletableFuture.completedFuture(null);
        targetWritesAll();

        var report = start(true, NOT_ASKED).result().get(1, TimeUnit.SECONDS);

        assertThat(target.created).containsExactly(new CreateTableSpec("ShopCopy", KeySchema.of("PK", "SK"), List.of(GSI1)));
        assertThat(report.written()).isEqualTo(30);
    }

    @Test
    void aSourceThatCannotBeRead_failsWithItsReason_andLeavesNoTableBehind() {
        sourceOf(3, 0);
        target.creator = spec -> CompletableFuture.completedFuture(null);
        targetWritesAll();

        var failure = failure(start(true, NOT_ASKED));

        assertThat(failure).isInstanceOf(DynamoAccessException.class).hasMessage("Not allowed to Scan Shop");
        assertThat(target.created).isEmpty();
        assertThat(target.batches).isEmpty();
    }

    @Test
    void aSourceThatFailsMidRead_stopsTheLoad_andReportsWhatWasWritten() {
        sourceOf(10, 5);
        targetWritesAll();

        var failure = failure(start(false, NOT_ASKED));

        assertThat(failure).isInstanceOf(LoadFailedException.class)
                .hasMessage("Loading into ShopCopy stopped after 50 items: reading Shop failed: Not allowed to Scan Shop");
        var report = ((LoadFailedException) failure).report();
        assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.FAILED);
        assertThat(report.written()).isEqualTo(50);
        assertThat(source.reads).as("no page after the one that failed").hasSize(6);
        assertThat(itemsSent()).isEqualTo(50);
    }

    @Test
    void cancel_stopsReadingAndSending_andTheBatchesInFlightFinish() throws Exception {
        sourceOf(100, -1);
        targetHoldsBatches();
        var job = start(false, NOT_ASKED);
        var readsBefore = source.reads.size();

        job.cancel();
        assertThat(job.result()).as("the four batches in flight finish first").isNotDone();
        List.copyOf(heldBatches).forEach(answer -> answer.complete(List.of()));

        var report = job.result().get(1, TimeUnit.SECONDS);
        assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.CANCELLED);
        assertThat(target.batches).hasSize(4);
        assertThat(report.written()).isEqualTo(100);
        assertThat(report.read()).isEqualTo(100);
        assertThat(report.unwritten()).isEqualTo(900);
        assertThat(source.reads).as("no page requested after the cancel").hasSize(readsBefore);
    }

    @Test
    void cancel_whileTheFirstPageIsOnItsWay_abortsTheRead_andNeitherCreatesNorWrites() throws Exception {
        source.description.complete(shop(25));
        target.creator = spec -> CompletableFuture.completedFuture(null);
        targetWritesAll();
        var job = start(true, NOT_ASKED);
        assertThat(source.reads).hasSize(1);

        job.cancel();

        var report = job.result().get(1, TimeUnit.SECONDS);
        assertThat(source.pendingReads.getFirst()).isCancelled();
        assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.CANCELLED);
        assertThat(report.read()).isZero();
        assertThat(report.total()).isEqualTo(25);
        assertThat(target.created).isEmpty();
        assertThat(target.batches).isEmpty();
    }

    @Test
    void aReadOnlyTarget_isRefused_beforeTheSourceIsDescribedOrRead() {
        var readOnly = new FakeDynamoSession(ConnectionProfile.create("mirror", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                URI.create("http://localhost:3"), true, ConnectionTag.NONE));

        var job = loads.start(new LoadIntoTable.Request(source, "Shop", readOnly, "ShopCopy", true), NOT_ASKED, progress::add);

        // The source's DescribeTable is never answered here: the refusal comes before it is asked.
        assertThat(job.result()).isCompletedExceptionally();
        assertThat(failure(job)).isInstanceOf(ReadOnlyConnectionException.class)
                .hasMessage("Connection 'mirror' is read-only: a load of Shop on ShopCopy was refused");
        assertThat(source.reads).isEmpty();
        assertThat(progress).isEmpty();
    }

    @Test
    void anUnconfirmedProductionTarget_isRefused_withNothingReadOrSent() {
        var production = new FakeDynamoSession(ConnectionProfile.create("prod", new CredentialsSource.DefaultChain(), "eu-west-1", null,
                false, ConnectionTag.PRODUCTION));

        var job = loads.start(new LoadIntoTable.Request(source, "Shop", production, "ShopCopy", true),
                WriteConfirmer.typed("Shop", "type the table name %s to load into it"), progress::add);

        assertThat(job.result()).isCompletedExceptionally();
        assertThat(failure(job)).isInstanceOf(WriteNotConfirmedException.class)
                .hasMessage("Connection 'prod' is tagged production: type the table name ShopCopy to load into it");
        assertThat(source.reads).isEmpty();
        assertThat(production.created).isEmpty();
        assertThat(production.batches).isEmpty();
    }

    @Test
    void aConfirmedProductionTarget_isAskedOnceForTheWholeLoad_andLoaded() throws Exception {
        sourceOf(20, -1);
        var production = new FakeDynamoSession(ConnectionProfile.create("prod", new CredentialsSource.DefaultChain(), "eu-west-1", null,
                false, ConnectionTag.PRODUCTION));
        production.batchWriter = items -> CompletableFuture.completedFuture(List.of());
        var asked = new ArrayList<WriteIntent>();
        var typed = WriteConfirmer.typed("ShopCopy", "type the table name %s to load into it");
        WriteConfirmer confirmer = intent -> {
            asked.add(intent);
            return typed.confirm(intent);
        };

        var report = loads.start(new LoadIntoTable.Request(source, "Shop", production, "ShopCopy", false), confirmer, progress::add)
                .result().get(1, TimeUnit.SECONDS);

        assertThat(report.written()).isEqualTo(200);
        assertThat(production.batches).hasSize(8);
        assertThat(asked).containsExactly(new WriteIntent(production.profile(), "ShopCopy", "a load of Shop"));
    }

    @Test
    void aSourceWithoutAnItemCount_hasAnUnknownTotal() throws Exception {
        sourceOf(3, -1);
        source.description = CompletableFuture.completedFuture(shop(0));
        targetWritesAll();

        var report = start(false, NOT_ASKED).result().get(1, TimeUnit.SECONDS);

        assertThat(report.written()).isEqualTo(30);
        assertThat(report.total()).isEqualTo(-1);
        assertThat(progress).isNotEmpty().allSatisfy(p -> assertThat(p.total()).isEqualTo(-1));
        assertThat(progress.getLast().fraction()).isEqualTo(-1);
    }
}

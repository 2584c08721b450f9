package dev.dynalens.service.load;

import static dev.dynalens.service.load.WriteSession.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.load.LoadReport.Outcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The loader against {@link WriteSession}, on the calling thread, with recorded delays: fully deterministic. */
class TableLoaderTest {
    private static final String TABLE = "Shop";
    private static final LoadSettings SETTINGS = LoadSettings.DEFAULTS.withDelays(Duration.ofMillis(100), Duration.ofSeconds(1));

    private final WriteSession session = new WriteSession();
    private final List<Duration> delays = new ArrayList<>();
    /** When set, delays stay pending until the test completes them; otherwise they pass at once. */
    private final List<CompletableFuture<Void>> pendingDelays = new ArrayList<>();
    private boolean holdDelays;
    private final List<LoadProgress> progress = new ArrayList<>();

    private TableLoader loader(LoadSettings settings) {
        Delayer delayer = duration -> {
            delays.add(duration);
            if (!holdDelays) {
                return CompletableFuture.completedFuture(null);
            }
            var pending = new CompletableFuture<Void>();
            pendingDelays.add(pending);
            return pending;
        };
        return new TableLoader(session, settings, Runnable::run, delayer, () -> 0.5,
                Clock.fixed(Instant.parse("2025-01-15T10:00:00Z"), ZoneOffset.UTC));
    }

    private Job<LoadProgress, LoadReport> start(LoadSettings settings, LoadRequest request) {
        return loader(settings).start(request, progress::add);
    }

    private static List<Item> items(int count) {
        var items = new ArrayList<Item>();
        for (int i = 0; i < count; i++) {
            items.add(new Item(Map.of("PK", AttributeValue.s("CUSTOMER#" + i / 10), "SK", AttributeValue.s(String.format("ORDER#%04d", i)),
                    "total", AttributeValue.n(i))));
        }
        return items;
    }

    private static LoadReport report(Job<LoadProgress, LoadReport> handle) throws Exception {
        return handle.result().get(1, TimeUnit.SECONDS);
    }

    private static LoadFailedException failure(Job<LoadProgress, LoadReport> handle) {
        var thrown = catchThrowable(() -> handle.result().get(1, TimeUnit.SECONDS));
        assertThat(thrown).isInstanceOf(ExecutionException.class).cause().isInstanceOf(LoadFailedException.class);
        return (LoadFailedException) thrown.getCause();
    }

    private static List<Integer> sizes(List<List<Item>> batches) {
        return batches.stream().map(List::size).toList();
    }

    @Test
    void load_sendsBatchesOf25InSourceOrder_andReportsEveryItemWritten() throws Exception {
        var items = items(60);

        var report = report(start(SETTINGS, LoadRequest.of(TABLE, items)));

        assertThat(sizes(session.batches)).containsExactly(25, 25, 10);
        assertThat(session.batches.stream().flatMap(List::stream).toList()).containsExactlyElementsOf(items);
        assertThat(session.table.values()).containsExactlyInAnyOrderElementsOf(items);
        assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED);
        assertThat(report.written()).isEqualTo(60);
        assertThat(report.read()).isEqualTo(60);
        assertThat(report.rejected()).isEmpty();
        assertThat(report.retries()).isZero();
        assertThat(report.unwritten()).isZero();
        assertThat(delays).isEmpty();
    }

    @Test
    void load_keepsAtMostMaxInFlightBatchesInFlight() throws Exception {
        var pending = new ArrayList<CompletableFuture<List<Item>>>();
        session.onBatch = batch -> {
            session.writeAll(batch);
            var answer = new CompletableFuture<List<Item>>();
            pending.add(answer);
            return answer;
        };

        var handle = start(SETTINGS, LoadRequest.of(TABLE, items(250)));

        assertThat(session.batches).hasSize(4);
        pending.getFirst().complete(List.of());
        assertThat(session.batches).hasSize(5);
        for (int i = 1; i < 10; i++) {
            pending.get(i).complete(List.of());
        }
        assertThat(report(handle).written()).isEqualTo(250);
        assertThat(session.batches).hasSize(10);
        assertThat(session.maxInFlight).isEqualTo(4);
    }

    @Test
    void unprocessedItems_areRetriedAlone_afterExponentialBackoffWithFullJitter() throws Exception {
        var items = items(25);
        var leftOver = new ArrayList<>(List.of(5, 2, 1, 0));
        session.onBatch = batch -> {
            var keep = leftOver.removeFirst();
            var unprocessed = batch.subList(batch.size() - keep, batch.size());
            session.writeAll(batch.subList(0, batch.size() - keep));
            return CompletableFuture.completedFuture(List.copyOf(unprocessed));
        };

        var report = report(start(SETTINGS, LoadRequest.of(TABLE, items)));

        assertThat(session.batches).containsExactly(items, items.subList(20, 25), items.subList(23, 25), items.subList(24, 25));
        // Ceilings 100, 200, 400 ms (base 100 ms, doubling); the jitter drew 0.5 of each.
        assertThat(delays).containsExactly(Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(200));
        assertThat(report.written()).isEqualTo(25);
        assertThat(report.retries()).isEqualTo(3);
        assertThat(session.table.values()).containsExactlyInAnyOrderElementsOf(items);
    }

    @Test
    void throttledBatch_isRetriedWithBackoff_thenWritten() throws Exception {
        var throttles = new int[] {2};
        session.onBatch = batch -> throttles[0]-- > 0
                ? CompletableFuture.failedFuture(problem(Kind.THROTTLED, "DynamoDB is throttling the requests (ThrottlingException)"))
                : session.writeAll(batch);

        var report = report(start(SETTINGS, LoadRequest.of(TABLE, items(25))));

        assertThat(sizes(session.batches)).containsExactly(25, 25, 25);
        assertThat(delays).containsExactly(Duration.ofMillis(50), Duration.ofMillis(100));
        assertThat(report.written()).isEqualTo(25);
        assertThat(report.retries()).isEqualTo(2);
        assertThat(report.rejected()).isEmpty();
    }

    @Test
    void backoff_neverExceedsMaxDelay() throws Exception {
        session.onBatch = batch -> CompletableFuture.failedFuture(problem(Kind.THROTTLED, "throttled"));

        start(SETTINGS.withMaxAttempts(8), LoadRequest.of(TABLE, items(1))).result().get(1, TimeUnit.SECONDS);

        // Ceilings 100, 200, 400, 800, then the 1 s cap; half of each.
        assertThat(delays).extracting(Duration::toMillis).containsExactly(50L, 100L, 200L, 400L, 500L, 500L, 500L);
    }

    @Test
    void itemsStillUnprocessedAfterTheLastAttempt_areRejectedWithTheReason() throws Exception {
        var items = items(25);
        session.onBatch = CompletableFuture::completedFuture;

        var report = report(start(SETTINGS.withMaxAttempts(3), LoadRequest.of(TABLE, items)));

        assertThat(session.batches).hasSize(3);
        assertThat(delays).hasSize(2);
        assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED);
        assertThat(report.written()).isZero();
        assertThat(report.rejected()).extracting(LoadReport.RejectedItem::item).containsExactlyElementsOf(items);
        assertThat(report.rejected().getFirst().reason()).isEqualTo("Not written after 3 attempts: DynamoDB left it unprocessed");
    }

    @Test
    void anInvalidItem_isFoundByPuttingTheBatchOneByOne_andTheOther24AreWritten() throws Exception {
        var items = new ArrayList<>(items(50));
        var bad = new Item(Map.of("PK", AttributeValue.s("CUSTOMER#0"), "total", AttributeValue.n(7)));
        items.set(7, bad);
        var refusal = "One or more parameter values were invalid: Missing the key SK in the item";
        session.onBatch = batch -> batch.contains(bad)
                ? CompletableFuture.failedFuture(problem(Kind.VALIDATION, refusal)) : session.writeAll(batch);
        session.onPut = item -> item.equals(bad)
                ? CompletableFuture.failedFuture(problem(Kind.VALIDATION, refusal)) : session.write(item);

        var report = report(start(SETTINGS, LoadRequest.of(TABLE, items)));

        assertThat(session.puts).containsExactlyElementsOf(items.subList(0, 25));
        assertThat(report.written()).isEqualTo(49);
        assertThat(report.rejected()).containsExactly(new LoadReport.RejectedItem(bad, refusal));
        assertThat(session.table).hasSize(49).doesNotContainValue(bad);
        assertThat(report.outcome()).isEqualTo(Outcome.COMPLETED);
    }

    @Test
    void readOnlyConnection_failsAtOnce_andSendsNothing() {
        var readOnly = new WriteSession(true);
        var loader = new TableLoader(readOnly, SETTINGS, Runnable::run, d -> CompletableFuture.completedFuture(null), () -> 0.5,
                Clock.systemUTC());
        var spec = new CreateTableSpec(TABLE, KeySchema.of("PK", "SK"), List.of());

        var failure = failure(loader.start(LoadRequest.of(TABLE, items(30)).creatingTable(spec), progress::add));

        assertThat(failure.problem().kind()).isEqualTo(Kind.READ_ONLY);
        assertThat(failure).hasMessage("Nothing was loaded into Shop: Connection 'mirror' is read-only: loading was refused");
        assertThat(failure.getCause()).isInstanceOf(ReadOnlyConnectionException.class);
        assertThat(failure.report().outcome()).isEqualTo(Outcome.FAILED);
        assertThat(readOnly.described).isEmpty();
        assertThat(readOnly.created).isEmpty();
        assertThat(readOnly.batches).isEmpty();
    }

    @Test
    void aReadOnlyRefusalFromTheSession_stopsTheLoad_withoutRetrying() {
        session.onBatch = batch -> CompletableFuture.failedFuture(new ReadOnlyConnectionException("local", "BatchWriteItem on Shop"));

        var failure = failure(start(SETTINGS.withMaxInFlight(1), LoadRequest.of(TABLE, items(100))));

        assertThat(failure.problem().kind()).isEqualTo(Kind.READ_ONLY);
        assertThat(failure).hasMessageContaining("read-only");
        assertThat(session.batches).hasSize(1);
        assertThat(delays).isEmpty();
        assertThat(failure.report().retries()).isZero();
    }

    @Test
    void aFailureRetryingCannotFix_stopsTheLoad_andTheReportKeepsWhatWasWritten() {
        var calls = new int[1];
        session.onBatch = batch -> ++calls[0] == 2
                ? CompletableFuture.failedFuture(problem(Kind.ACCESS_DENIED, "Access denied: not authorized to perform dynamodb:BatchWriteItem"))
                : session.writeAll(batch);

        var failure = failure(start(SETTINGS.withMaxInFlight(1), LoadRequest.of(TABLE, items(100))));

        assertThat(failure.problem().kind()).isEqualTo(Kind.ACCESS_DENIED);
        assertThat(failure).hasMessageStartingWith("Loading into Shop stopped after 25 items: Access denied");
        assertThat(failure.report().written()).isEqualTo(25);
        assertThat(failure.report().unwritten()).isEqualTo(75);
        assertThat(session.batches).hasSize(2);
        assertThat(delays).isEmpty();
    }

    @Test
    void tooManyRejectedItems_stopTheLoad() {
        var refusal = "Item size has exceeded the maximum allowed size";
        session.onBatch = batch -> CompletableFuture.failedFuture(problem(Kind.VALIDATION, refusal));
        session.onPut = item -> CompletableFuture.failedFuture(problem(Kind.VALIDATION, refusal));

        var failure = failure(start(SETTINGS.withMaxInFlight(1).withMaxRejected(3), LoadRequest.of(TABLE, items(1000))));

        assertThat(failure).hasMessage("Nothing was loaded into Shop: More than 3 items were rejected; the first: " + refusal);
        assertThat(session.puts).hasSize(4);
        assertThat(session.batches).hasSize(1);
    }

    @Test
    void cancel_sendsNoFurtherBatch_letsThoseInFlightFinish_andReportsWhatWasWritten() throws Exception {
        var pending = new ArrayList<CompletableFuture<List<Item>>>();
        session.onBatch = batch -> {
            session.writeAll(batch);
            var answer = new CompletableFuture<List<Item>>();
            pending.add(answer);
            return answer;
        };
        var handle = start(SETTINGS, LoadRequest.of(TABLE, items(250)));
        assertThat(pending).hasSize(4);

        handle.cancel();
        assertThat(handle.result()).isNotDone();
        pending.forEach(answer -> answer.complete(List.of()));

        var report = report(handle);
        assertThat(report.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(session.batches).hasSize(4);
        assertThat(report.written()).isEqualTo(100);
        assertThat(report.unwritten()).isEqualTo(150);
    }

    @Test
    void cancel_duringBackoff_abandonsTheRetryAtOnce() throws Exception {
        holdDelays = true;
        session.onBatch = batch -> {
            session.writeAll(batch.subList(0, 20));
            return CompletableFuture.completedFuture(List.copyOf(batch.subList(20, 25)));
        };
        var handle = start(SETTINGS, LoadRequest.of(TABLE, items(25)));
        assertThat(pendingDelays).hasSize(1);

        handle.cancel();

        var report = report(handle);
        assertThat(report.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(report.written()).isEqualTo(20);
        assertThat(report.unwritten()).isEqualTo(5);
        assertThat(session.batches).hasSize(1);
    }

    @Test
    void cancel_askedWhileTheSourceHoldsTheLane_sendsNothingItYieldsAfterwards_andReportsCancelled() throws Exception {
        // A source that blocks (a table read page by page) holds the lane, so the cancel task queues behind it; the
        // loader must see the cancel at once. This source is cancelled under it after 30 items and then runs dry.
        var job = new java.util.concurrent.atomic.AtomicReference<Job<LoadProgress, LoadReport>>();
        var items = items(30);
        var source = new Iterator<Item>() {
            private int served;

            @Override
            public boolean hasNext() {
                if (served == items.size()) {
                    job.get().cancel();
                    return false;
                }
                return true;
            }

            @Override
            public Item next() {
                return items.get(served++);
            }
        };
        var pending = new ArrayList<CompletableFuture<List<Item>>>();
        session.onBatch = batch -> {
            session.writeAll(batch);
            var answer = new CompletableFuture<List<Item>>();
            pending.add(answer);
            return answer;
        };
        job.set(start(SETTINGS.withMaxInFlight(1), LoadRequest.streaming(TABLE, source)));
        assertThat(session.batches).hasSize(1);

        pending.getFirst().complete(List.of());

        var report = report(job.get());
        assertThat(report.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(session.batches).as("the 5 items read after the cancel are not sent").hasSize(1);
        assertThat(report.written()).isEqualTo(25);
        assertThat(report.read()).isEqualTo(30);
        assertThat(report.unwritten()).isEqualTo(5);
    }

    @Test
    void cancellingTheResultFuture_cancelsTheLoad() {
        var pending = new ArrayList<CompletableFuture<List<Item>>>();
        session.onBatch = batch -> {
            var answer = new CompletableFuture<List<Item>>();
            pending.add(answer);
            return answer;
        };
        var handle = start(SETTINGS, LoadRequest.of(TABLE, items(250)));

        handle.result().cancel(true);
        pending.forEach(answer -> answer.complete(List.of()));

        assertThat(session.batches).hasSize(4);
    }

    @Test
    void progress_isToldAfterEveryRequest_andEndsAtTheTotal() throws Exception {
        var leftOver = new ArrayList<>(List.of(0, 3, 0, 0));
        session.onBatch = batch -> {
            var keep = leftOver.removeFirst();
            session.writeAll(batch.subList(0, batch.size() - keep));
            return CompletableFuture.completedFuture(List.copyOf(batch.subList(batch.size() - keep, batch.size())));
        };

        start(SETTINGS.withMaxInFlight(1), LoadRequest.of(TABLE, items(60))).result().get(1, TimeUnit.SECONDS);

        assertThat(progress.getFirst()).isEqualTo(new LoadProgress(0, 60, 0, 0, 0));
        assertThat(progress).extracting(LoadProgress::written).isSorted();
        assertThat(progress).extracting(LoadProgress::written).contains(25L, 47L, 50L, 60L);
        assertThat(progress.getLast()).isEqualTo(new LoadProgress(60, 60, 0, 1, 0));
        assertThat(progress.getLast().fraction()).isEqualTo(1.0);
    }

    @Test
    void createTable_createsItWithItsIndexes_beforeTheFirstBatch() throws Exception {
        var gsi = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"),
                IndexDescription.Projection.ALL, List.of(), null, null, null);
        var spec = new CreateTableSpec(TABLE, KeySchema.of("PK", "SK"), List.of(gsi));
        var batchesWhenCreated = new ArrayList<Integer>();
        var createdFirst = session.onBatch;
        session.onBatch = batch -> {
            batchesWhenCreated.add(session.created.size());
            return createdFirst.apply(batch);
        };

        var report = report(start(SETTINGS, LoadRequest.of(TABLE, items(30)).creatingTable(spec)));

        assertThat(session.created).containsExactly(spec);
        assertThat(batchesWhenCreated).containsOnly(1);
        assertThat(report.written()).isEqualTo(30);
    }

    @Test
    void createTable_whenTheTableExists_failsClearly_andWritesNothing() {
        session.tableExists = true;
        var spec = new CreateTableSpec(TABLE, KeySchema.of("PK", "SK"), List.of());

        var failure = failure(start(SETTINGS, LoadRequest.of(TABLE, items(30)).creatingTable(spec)));

        assertThat(failure).hasMessage("Nothing was loaded into Shop: Table Shop already exists; load into it without creating it, "
                + "or choose another name");
        assertThat(session.created).isEmpty();
        assertThat(session.batches).isEmpty();
    }

    @Test
    void streamingSource_isReadOneBatchAtATime_asSlotsFree() throws Exception {
        var source = items(1000);
        var taken = new int[1];
        Iterator<Item> counting = new Iterator<>() {
            private final Iterator<Item> inner = source.iterator();

            @Override
            public boolean hasNext() {
                return inner.hasNext();
            }

            @Override
            public Item next() {
                taken[0]++;
                return inner.next();
            }
        };
        var pending = new ArrayList<CompletableFuture<List<Item>>>();
        session.onBatch = batch -> {
            session.writeAll(batch);
            var answer = new CompletableFuture<List<Item>>();
            pending.add(answer);
            return answer;
        };

        var handle = start(SETTINGS, LoadRequest.streaming(TABLE, counting));
        assertThat(taken[0]).isEqualTo(100);
        for (int i = 0; i < pending.size(); i++) {
            pending.get(i).complete(List.of());
        }

        var report = report(handle);
        assertThat(report.total()).isEqualTo(-1);
        assertThat(report.written()).isEqualTo(1000);
        assertThat(progress).allSatisfy(p -> assertThat(p.fraction()).isEqualTo(-1));
    }

    @Test
    void aSourceThatFails_stopsTheLoadWithItsMessage() {
        Iterator<Item> broken = new Iterator<>() {
            private int served;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Item next() {
                if (served == 30) {
                    throw new IllegalStateException("blog.json line 812: expected a typed value");
                }
                return items(31).get(served++);
            }
        };

        var failure = failure(start(SETTINGS.withMaxInFlight(1), LoadRequest.streaming(TABLE, broken)));

        assertThat(failure).hasMessage("Loading into Shop stopped after 25 items: blog.json line 812: expected a typed value");
        assertThat(failure.report().written()).isEqualTo(25);
    }

    @Test
    void aSessionThatThrowsInsteadOfFailingItsFuture_failsTheLoad_ratherThanHangingIt() {
        session.onBatch = batch -> {
            throw new IllegalStateException("Connection 'local' is closed");
        };

        var failure = failure(start(SETTINGS, LoadRequest.of(TABLE, items(100))));

        assertThat(failure).hasMessage("Nothing was loaded into Shop: Connection 'local' is closed");
        assertThat(failure.problem().kind()).isEqualTo(Kind.OTHER);
    }
}

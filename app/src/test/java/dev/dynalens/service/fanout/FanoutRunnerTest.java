package dev.dynalens.service.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.domain.staleness.RepairStep;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.load.Delayer;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FanoutRunnerTest {
    private static final FanoutSettings FAST = FanoutSettings.DEFAULTS.withMaxConcurrency(4).withDelays(Duration.ofMillis(10), Duration.ofMillis(80));
    private final ExecutorService pool = Executors.newFixedThreadPool(4);
    private final List<Duration> delays = Collections.synchronizedList(new ArrayList<>());
    private final Delayer recordingDelayer = duration -> {
        delays.add(duration);
        return CompletableFuture.completedFuture(null);
    };

    @TempDir
    Path dir;

    @AfterEach
    void stopPool() {
        pool.shutdownNow();
    }

    /** Key PK=STEP#i; the copy is the top-level attribute "copy". */
    private static RepairPlan plan(int steps) {
        var list = new ArrayList<RepairStep>();
        for (int i = 0; i < steps; i++) {
            list.add(new RepairStep(Map.of("PK", AttributeValue.s("STEP#" + i)), AttributePath.of("copy"), AttributeValue.s("old"),
                    AttributeValue.s("new"), "R"));
        }
        return new RepairPlan("T", list, List.of());
    }

    /**
     * A table in memory whose UpdateItem applies the runner's {@code SET #c0 = :new} guarded by {@code #c0 = :old}, answering
     * on a pool so that requests overlap. {@code fault} may fail an attempt before (applied=false) or after (applied=true) it
     * is applied.
     */
    private final class ScriptedSession implements DynamoSession {
        final Map<String, AttributeValue> copies = new HashMap<>();
        final Map<String, AtomicInteger> attempts = new HashMap<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();
        final AtomicInteger applied = new AtomicInteger();
        volatile BiFunction<String, Integer, Fault> fault = (pk, attempt) -> null;
        final boolean readOnly;

        record Fault(Kind kind, boolean afterApplying) {
        }

        ScriptedSession(int items, boolean readOnly) {
            for (int i = 0; i < items; i++) {
                copies.put("STEP#" + i, AttributeValue.s("old"));
            }
            this.readOnly = readOnly;
        }

        @Override
        public ConnectionProfile profile() {
            return ConnectionProfile.create("fake", new CredentialsSource.LocalPlaceholder(), "us-east-1", URI.create("http://127.0.0.1:9"),
                    readOnly, ConnectionTag.LOCAL);
        }

        @Override
        public CompletableFuture<dev.dynalens.domain.write.TransactionResult> transactWrite(List<ItemWrite> writes, String token) {
            throw new UnsupportedOperationException("the fan-out writes item by item");
        }

    @Override
    public CompletableFuture<dev.dynalens.domain.partiql.PartiqlPage> executeStatement(dev.dynalens.domain.partiql.PartiqlStatement statement,
            boolean consistentRead, Integer limit, String nextToken) {
        throw new UnsupportedOperationException("the fan-out writes item by item");
    }

    @Override
    public CompletableFuture<dev.dynalens.domain.partiql.PartiqlBatchResult> batchExecuteStatement(
            List<dev.dynalens.domain.partiql.PartiqlStatement> statements) {
        throw new UnsupportedOperationException("the fan-out writes item by item");
    }

    @Override
    public CompletableFuture<dev.dynalens.domain.partiql.PartiqlTransactionResult> executeTransaction(
            List<dev.dynalens.domain.partiql.PartiqlStatement> statements, String clientRequestToken) {
        throw new UnsupportedOperationException("the fan-out writes item by item");
    }

        @Override
        public CompletableFuture<WriteResult> write(ItemWrite write) {
            var update = (ItemWrite.Update) write;
            var pk = ((AttributeValue.Str) update.key().get("PK")).value();
            int attempt;
            synchronized (this) {
                attempt = attempts.computeIfAbsent(pk, k -> new AtomicInteger()).getAndIncrement();
            }
            int now = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(now, Math::max);
            return CompletableFuture.supplyAsync(() -> {
                try {
                    Thread.sleep(2);
                    var fault = this.fault.apply(pk, attempt);
                    if (fault != null && !fault.afterApplying()) {
                        throw problem(fault.kind());
                    }
                    WriteResult result;
                    synchronized (this) {
                        if (update.values().get(":old").equals(copies.get(pk))) {
                            copies.put(pk, update.values().get(":new"));
                            applied.incrementAndGet();
                            result = new WriteResult(WriteResult.Status.APPLIED, Optional.empty(), ConsumedCapacity.NOT_REPORTED);
                        } else {
                            result = new WriteResult(WriteResult.Status.CONDITION_FAILED, Optional.empty(), ConsumedCapacity.NOT_REPORTED);
                        }
                    }
                    if (fault != null) {
                        throw problem(fault.kind());
                    }
                    return result;
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                } finally {
                    inFlight.decrementAndGet();
                }
            }, pool);
        }

        @Override
        public synchronized CompletableFuture<GetResult> getItem(String tableName, Map<String, AttributeValue> key, boolean consistent) {
            var pk = ((AttributeValue.Str) key.get("PK")).value();
            var copy = copies.get(pk);
            var item = copy == null ? Optional.<Item>empty() : Optional.of(new Item(Map.of("PK", key.get("PK"), "copy", copy)));
            return CompletableFuture.completedFuture(new GetResult(item, ConsumedCapacity.NOT_REPORTED));
        }

        static DynamoAccessException problem(Kind kind) {
            return new DynamoAccessException(new ConnectionProblem(kind, kind + " injected", null), null);
        }

        @Override public CompletableFuture<Void> testConnection() { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<List<String>> listTables() { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<TableDescription> describeTable(String tableName) { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<Page> read(ReadRequest request) { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<Void> createTable(CreateTableSpec spec) { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<Void> deleteTable(String tableName) { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<Void> putItem(String tableName, Item item) { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<Void> deleteItem(String tableName, Map<String, AttributeValue> key) { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<List<Item>> batchPut(String tableName, List<Item> items) { throw new UnsupportedOperationException(); }
        @Override public void close() { }
    }

    private FanoutReport run(ScriptedSession session, RepairPlan plan, Map<Integer, JournalEntry> settled, FanoutJournal journal,
                             List<FanoutProgress> progress) throws Exception {
        var runner = new FanoutRunner(session, FAST, recordingDelayer, () -> 0.5, System::nanoTime);
        return runner.start(plan, settled, journal, progress::add).result().get(20, TimeUnit.SECONDS);
    }

    @Test
    void everyStepIsUpdatedOnce_withNoMoreThanTheConcurrencyLimitInFlight() throws Exception {
        var session = new ScriptedSession(200, false);
        var progress = Collections.synchronizedList(new ArrayList<FanoutProgress>());

        var report = run(session, plan(200), Map.of(), null, progress);

        assertThat(report.counts().updated()).isEqualTo(200);
        assertThat(report.complete()).isTrue();
        assertThat(report.sentThisRun()).isEqualTo(200);
        assertThat(session.applied).hasValue(200);
        assertThat(session.copies.values()).containsOnly(AttributeValue.s("new"));
        assertThat(session.maxInFlight.get()).isBetween(2, 4);
        assertThat(progress).isNotEmpty().allSatisfy(p -> assertThat(p.inFlight()).isLessThanOrEqualTo(4));
    }

    @Test
    void throttling_isRetriedWithJitteredBackoff_andHalvesTheRequestsInFlight() throws Exception {
        var session = new ScriptedSession(40, false);
        session.fault = (pk, attempt) -> attempt < 2 ? new ScriptedSession.Fault(Kind.THROTTLED, false) : null;
        var progress = Collections.synchronizedList(new ArrayList<FanoutProgress>());

        var report = run(session, plan(40), Map.of(), null, progress);

        assertThat(report.counts().updated()).isEqualTo(40);
        assertThat(report.counts().retries()).isEqualTo(80);
        assertThat(session.applied).hasValue(40);
        // Full jitter with random 0.5: half of 10 ms, then half of 20 ms.
        assertThat(delays).containsOnly(Duration.ofMillis(5), Duration.ofMillis(10));
        assertThat(progress).extracting(FanoutProgress::concurrency).contains(1);
    }

    @Test
    void aServerErrorAfterApplying_isResentHarmlessly_andCountedAsThisRunsUpdate() throws Exception {
        var session = new ScriptedSession(10, false);
        session.fault = (pk, attempt) -> attempt == 0 && pk.endsWith("3") ? new ScriptedSession.Fault(Kind.SERVER_ERROR, true) : null;

        var report = run(session, plan(10), Map.of(), null, new ArrayList<>());

        assertThat(report.counts().updated()).isEqualTo(10);
        assertThat(report.counts().alreadyRepaired()).isZero();
        assertThat(session.applied).hasValue(10);
        assertThat(session.attempts.get("STEP#3")).hasValue(2);
    }

    @Test
    void aCopyChangedSinceDetection_isSkippedAndNeverOverwritten() throws Exception {
        var session = new ScriptedSession(5, false);
        session.copies.put("STEP#2", AttributeValue.s("changed by its owner"));
        session.copies.remove("STEP#4");

        var report = run(session, plan(5), Map.of(), null, new ArrayList<>());

        assertThat(report.counts().updated()).isEqualTo(3);
        assertThat(report.counts().skippedChanged()).isEqualTo(2);
        assertThat(session.copies.get("STEP#2")).isEqualTo(AttributeValue.s("changed by its owner"));
        assertThat(report.notable()).extracting(FanoutReport.StepReport::index).containsExactly(2, 4);
        assertThat(report.notable().get(0).detail()).contains("changed by its owner");
        assertThat(report.notable().get(1).detail()).contains("no longer exists");
    }

    @Test
    void aRetriesRunningOut_failsTheStep_andAResumedRunRetriesOnlyThatStep() throws Exception {
        var session = new ScriptedSession(6, false);
        session.fault = (pk, attempt) -> pk.equals("STEP#5") ? new ScriptedSession.Fault(Kind.THROTTLED, false) : null;
        var file = dir.resolve("j.jsonl");
        var plan = plan(6);

        var first = run(session, plan, Map.of(), FanoutJournal.create(file, plan), new ArrayList<>());
        assertThat(first.counts().failed()).isEqualTo(1);
        assertThat(first.complete()).isFalse();
        assertThat(first.notable()).singleElement().satisfies(s -> assertThat(s.detail()).contains("gave up after 10 attempts"));

        session.fault = (pk, attempt) -> null;
        var state = FanoutJournal.read(file).orElseThrow();
        var second = run(session, state.plan(), state.outcomes(), FanoutJournal.append(file), new ArrayList<>());

        assertThat(second.complete()).isTrue();
        assertThat(second.sentThisRun()).isEqualTo(1);
        assertThat(second.counts().updated()).isEqualTo(6);
        assertThat(session.applied).hasValue(6);
        assertThat(FanoutJournal.read(file).orElseThrow().complete()).isTrue();
    }

    @Test
    void aStepAppliedByAnInterruptedRun_isRecognisedAsAlreadyRepaired() throws Exception {
        var session = new ScriptedSession(3, false);
        session.copies.put("STEP#1", AttributeValue.s("new"));

        var report = run(session, plan(3), Map.of(), null, new ArrayList<>());

        assertThat(report.counts().updated()).isEqualTo(2);
        assertThat(report.counts().alreadyRepaired()).isEqualTo(1);
        assertThat(report.complete()).isTrue();
    }

    @Test
    void cancel_sendsNothingMore_andLeavesTheRestPending() throws Exception {
        var session = new ScriptedSession(500, false);
        var runner = new FanoutRunner(session, FAST.withMaxConcurrency(2), recordingDelayer, () -> 0.5, System::nanoTime);
        var handle = new Object() { Job<FanoutProgress, FanoutReport> value; };
        handle.value = runner.start(plan(500), Map.of(), null, p -> {
            if (p.finished() == 20) {
                handle.value.cancel();
            }
        });

        var report = handle.value.result().get(20, TimeUnit.SECONDS);

        assertThat(report.cancelled()).isTrue();
        assertThat(report.pending()).isGreaterThan(400);
        assertThat(session.applied.get()).isEqualTo(report.counts().updated()).isLessThan(30);
    }

    @Test
    void anAccessProblem_stopsTheRun() throws Exception {
        var session = new ScriptedSession(100, false);
        session.fault = (pk, attempt) -> new ScriptedSession.Fault(Kind.ACCESS_DENIED, false);

        var report = run(session, plan(100), Map.of(), null, new ArrayList<>());

        assertThat(report.fatal()).isNotNull();
        assertThat(report.fatal().problem().kind()).isEqualTo(Kind.ACCESS_DENIED);
        assertThat(report.counts().failed()).isLessThanOrEqualTo(4);
        assertThat(report.pending()).isGreaterThanOrEqualTo(96);
    }

    @Test
    void aReadOnlyConnection_isRefusedBeforeAnythingIsSent() {
        var session = new ScriptedSession(3, true);
        var runner = new FanoutRunner(session, FAST);

        assertThatThrownBy(() -> runner.start(plan(3), Map.of(), null, p -> { }).result().get(5, TimeUnit.SECONDS))
                .cause().isInstanceOf(ReadOnlyConnectionException.class);
        assertThat(session.attempts).isEmpty();
    }
}

package dev.dynalens.service.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.change.ChangeFileReader;
import dev.dynalens.domain.change.ChangePlanner;
import dev.dynalens.domain.change.ItemChange;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.expression.ConditionEvaluator;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.expression.UpdateEvaluator;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.fanout.FanoutSettings;
import dev.dynalens.service.load.Delayer;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The runner over a table in memory that applies conditions and updates as DynamoDB does (the domain's evaluators), with
 * transactions (which dynalite lacks, so ChangeApplyIT cannot show them), lost answers and a write budget.
 */
class ChangeRunnerTest {
    private static final TableDescription ORDERS = new TableDescription("Orders", KeySchema.of("PK", "SK"), List.of(), List.of(), 0, 0,
            TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
    private static final ChangeSettings FAST = new ChangeSettings(FanoutSettings.DEFAULTS.withMaxConcurrency(4)
            .withDelays(Duration.ofMillis(1), Duration.ofMillis(4)), null);
    private static final ConnectionProfile DEV = ConnectionProfile.create("dev", new CredentialsSource.LocalPlaceholder(), "us-east-1",
            URI.create("http://localhost:1"), false, ConnectionTag.DEV);

    /** A table in memory behind the fake session: each write applied under its condition, transactions all or nothing. */
    private static final class MemoryTable extends FakeDynamoSession {
        final Map<Map<String, AttributeValue>, Item> items = new ConcurrentHashMap<>();
        final AtomicBoolean withTransactions = new AtomicBoolean(true);
        /** When set, the next write or transaction is applied and then answered with a 500. */
        final AtomicBoolean loseNextAnswer = new AtomicBoolean();
        /** Runs after the first write of each item-by-item move (someone editing the old item in between). */
        volatile Runnable afterPut = () -> { };

        MemoryTable(ConnectionProfile profile) {
            super(profile);
            getter = key -> CompletableFuture.completedFuture(new GetResult(Optional.ofNullable(items.get(key)), ConsumedCapacity.NOT_REPORTED));
            writer = write -> {
                boolean applied;
                Item old;
                synchronized (items) {
                    old = items.get(key(write));
                    applied = holds(write) && apply(write);
                }
                if (write instanceof ItemWrite.Put && applied) {
                    afterPut.run();
                }
                // a delete answers with the item it removed (ALL_OLD), as the port's DeleteItem does
                var returned = write instanceof ItemWrite.Delete && applied ? Optional.ofNullable(old) : Optional.<Item>empty();
                return answer(new WriteResult(applied ? WriteResult.Status.APPLIED : WriteResult.Status.CONDITION_FAILED, returned,
                        ConsumedCapacity.NOT_REPORTED));
            };
            transactor = writes -> {
                if (!withTransactions.get()) {
                    return CompletableFuture.completedFuture(TransactionResult.unsupported("no transactions here"));
                }
                synchronized (items) {
                    var reasons = writes.stream().map(w -> new TransactionResult.Reason(holds(w) ? "None" : "ConditionalCheckFailed", "",
                            Optional.empty())).toList();
                    if (reasons.stream().anyMatch(r -> !r.code().equals("None"))) {
                        return CompletableFuture.completedFuture(TransactionResult.cancelled(reasons, "Transaction cancelled"));
                    }
                    writes.forEach(this::apply);
                }
                return answer(TransactionResult.committed(ConsumedCapacity.NOT_REPORTED));
            };
        }

        private <T> CompletableFuture<T> answer(T value) {
            if (loseNextAnswer.compareAndSet(true, false)) {
                return CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.SERVER_ERROR,
                        "Injected: applied, then a 500", null), null));
            }
            return CompletableFuture.completedFuture(value);
        }

        private Map<String, AttributeValue> key(ItemWrite write) {
            return switch (write) {
                case ItemWrite.Put put -> put.item().key("PK", "SK");
                case ItemWrite.Update update -> update.key();
                case ItemWrite.Delete delete -> delete.key();
            };
        }

        private boolean holds(ItemWrite write) {
            if (write.conditionExpression() == null) {
                return true;
            }
            var current = items.get(key(write));
            var condition = Expressions.parseCondition(write.conditionExpression(), write.names(), write.values());
            return ConditionEvaluator.evaluate(condition, current == null ? new Item(Map.of()) : current);
        }

        private boolean apply(ItemWrite write) {
            switch (write) {
                case ItemWrite.Put put -> items.put(key(put), put.item());
                case ItemWrite.Update update -> items.put(update.key(), UpdateEvaluator.apply(
                        Expressions.parseUpdate(update.updateExpression(), update.names(), update.values()), items.get(update.key())));
                case ItemWrite.Delete delete -> items.remove(delete.key());
            }
            return true;
        }
    }

    private static Item order(int i, String status) {
        var values = new LinkedHashMap<String, AttributeValue>();
        values.put("PK", AttributeValue.s("CUSTOMER#" + i));
        values.put("SK", AttributeValue.s("ORDER#" + i));
        values.put("orderId", AttributeValue.s("O" + i));
        values.put("status", AttributeValue.s(status));
        values.put("total", AttributeValue.n("99999999999999999999999999999999999999"));
        return new Item(values);
    }

    private static List<ItemChange> plan(MemoryTable table, String change, int count) {
        var planner = new ChangePlanner(ChangeFileReader.read(change), ORDERS);
        var changes = new ArrayList<ItemChange>();
        for (int i = 0; i < count; i++) {
            var item = order(i, i % 2 == 0 ? "OPEN" : "SHIPPED");
            table.items.put(item.key("PK", "SK"), item);
            changes.add(planner.plan(item));
        }
        return changes;
    }

    private static final String MOVE = """
            table: Orders
            where: {condition: "attribute_exists(status)"}
            set: {SK: "ORDER#{status}#{orderId}"}
            """;

    private ChangeReport run(MemoryTable table, List<ItemChange> changes, ChangeSettings settings, Delayer delayer, java.util.function.LongSupplier clock)
            throws Exception {
        return new ChangeRunner(table, settings, Runnable::run, delayer, () -> 0.5, clock)
                .start("Orders", changes, Map.of(), "run-1", null, null, p -> { }).result().get(10, TimeUnit.SECONDS);
    }

    @Test
    void movesGoInOneTransactionEach_whereTheEndpointHasThem() throws Exception {
        var table = new MemoryTable(DEV);
        var changes = plan(table, MOVE, 6);

        var report = run(table, changes, FAST, Delayer.system(), System::nanoTime);

        assertThat(report.counts().applied()).isEqualTo(6);
        assertThat(report.itemByItem()).isFalse();
        assertThat(table.transactions).hasSize(6);
        assertThat(table.writes).isEmpty();
        assertThat(table.items).hasSize(6).allSatisfy((key, item) ->
                assertThat(((AttributeValue.Str) key.get("SK")).value()).startsWith("ORDER#" + ((AttributeValue.Str) item.get("status").orElseThrow()).value()));
    }

    @Test
    void aMoveWhoseOldItemChanged_isCancelledWhole_andReportedSkipped() throws Exception {
        var table = new MemoryTable(DEV);
        var changes = plan(table, MOVE, 2);
        var edited = order(1, "SHIPPED").with("total", AttributeValue.n("1"));   // an attribute the change neither reads nor writes
        table.items.put(edited.key("PK", "SK"), edited);

        var report = run(table, changes, FAST, Delayer.system(), System::nanoTime);

        assertThat(report.counts().applied()).isEqualTo(1);
        assertThat(report.counts().skippedChanged()).isEqualTo(1);
        assertThat(table.items).containsEntry(edited.key("PK", "SK"), edited).hasSize(2);
    }

    @Test
    void aTransactionAppliedWhoseAnswerWasLost_isRecognisedOnTheReRead_andCountedOnce() throws Exception {
        var table = new MemoryTable(DEV);
        var changes = plan(table, MOVE, 1);
        table.loseNextAnswer.set(true);

        var report = run(table, changes, FAST, Delayer.system(), System::nanoTime);

        assertThat(report.counts().applied()).isEqualTo(1);
        assertThat(report.counts().retries()).isEqualTo(1);
        assertThat(table.items).hasSize(1);
        var moved = (ItemChange.Move) changes.getFirst();
        assertThat(table.items).containsEntry(moved.newKey(), moved.after());
    }

    @Test
    void withoutTransactions_aMoveWhoseOldItemChangesAfterThePut_takesThePutBack() throws Exception {
        var table = new MemoryTable(DEV);
        table.withTransactions.set(false);
        var changes = plan(table, MOVE, 1);
        var original = order(0, "OPEN");
        var edited = original.with("total", AttributeValue.n("2"));   // edited between the put and the delete
        table.afterPut = () -> table.items.put(edited.key("PK", "SK"), edited);

        var report = run(table, changes, FAST, Delayer.system(), System::nanoTime);

        assertThat(report.itemByItem()).isTrue();
        assertThat(report.counts().skippedChanged()).isEqualTo(1);
        assertThat(report.notable().getFirst().detail()).contains("deleted again");
        assertThat(table.items).containsOnlyKeys(original.key("PK", "SK")).containsEntry(original.key("PK", "SK"), edited);
    }

    @Test
    void theBudgetSpacesTheWritesByTheirUnits() throws Exception {
        var table = new MemoryTable(DEV);
        var changes = plan(table, """
                table: Orders
                where: {condition: "attribute_exists(status)"}
                set: {flag: "Y"}
                """, 10);
        var now = new AtomicLong();
        var waits = Collections.synchronizedList(new ArrayList<Duration>());
        Delayer clockDelayer = duration -> {
            waits.add(duration);
            now.addAndGet(duration.toNanos());
            return CompletableFuture.completedFuture(null);
        };

        var report = run(table, changes, FAST.withBudget(new BigDecimal("4")), clockDelayer, now::get);

        assertThat(report.counts().applied()).isEqualTo(10);
        // ten writes of 1 WCU at 4 per second: the last may start 9/4 s after the first, not before
        assertThat(now.get()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(2250));
        assertThat(report.counts().units().toBigDecimal()).isEqualByComparingTo("10");
    }

    @Test
    void aReadOnlyConnectionRefusesBeforeAnythingIsSent() {
        var readOnly = ConnectionProfile.create("ro", new CredentialsSource.LocalPlaceholder(), "us-east-1", URI.create("http://localhost:1"),
                true, ConnectionTag.NONE);
        var table = new MemoryTable(readOnly);
        var changes = plan(table, MOVE, 2);

        var job = new ChangeRunner(table, FAST).start("Orders", changes, Map.of(), "r", null, null, p -> { });

        assertThatThrownBy(() -> job.result().join()).hasCauseInstanceOf(ReadOnlyConnectionException.class);
        assertThat(table.transactions).isEmpty();
        assertThat(table.writes).isEmpty();
    }

    @Test
    void aDeletedItemGoesToTheUndoFileAsDynamoDbRemovedIt_withAnAttributeAddedSinceThePlan(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        var table = new MemoryTable(DEV);
        var changes = plan(table, """
                table: Orders
                where: {condition: "status = 'SHIPPED'"}
                delete: true
                """, 2);
        var added = order(1, "SHIPPED").with("note", AttributeValue.s("added after the plan"));
        table.items.put(added.key("PK", "SK"), added);
        var undoFile = dir.resolve("undo.jsonl");
        var undo = UndoFile.create(undoFile, "Orders", "delete.yaml", "abc", java.time.Instant.EPOCH);

        var report = new ChangeRunner(table, FAST, Runnable::run, Delayer.system(), () -> 0.5, System::nanoTime)
                .start("Orders", changes, Map.of(), "run", null, undo, p -> { }).result().get(10, TimeUnit.SECONDS);

        assertThat(report.counts().applied()).isEqualTo(2);
        assertThat(UndoFile.read(undoFile).entries()).extracting(dev.dynalens.domain.change.UndoEntry::before).contains(added);
    }
}

package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.connection.WriteNotConfirmedException;
import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RunUpdateTest {
    private static final String TABLE = "Orders";
    private static final KeySchema KEYS = KeySchema.of("PK", "SK");
    /** SET #s = :new IF #s = :old */
    private static final RenderedExpressions SHIP = RenderedExpressions.update("SET #s = :new", "#s = :old", Map.of("#s", "status"),
            Map.of(":new", AttributeValue.s("shipped"), ":old", AttributeValue.s("open")));
    private static final WriteConfirmer TYPED_ORDERS = WriteConfirmer.typed("Orders", "type the table name %s to confirm.");
    private static final WriteConfirmer TYPED_NOTHING = WriteConfirmer.typed("", "type the table name %s to confirm.");

    private static FakeDynamoSession session(boolean readOnly, ConnectionTag tag) {
        return new FakeDynamoSession(new ConnectionProfile("id", "conn", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                URI.create("http://127.0.0.1:1"), readOnly, tag));
    }

    private static Item order(String pk, String status) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s("ORDER"));
        attributes.put("status", AttributeValue.s(status));
        return new Item(attributes);
    }

    private static String pk(ItemWrite write) {
        return ((AttributeValue.Str) ((ItemWrite.Update) write).key().get("PK")).value();
    }

    private static CompletableFuture<WriteResult> answer(WriteResult.Status status, Item returned) {
        return CompletableFuture.completedFuture(new WriteResult(status, Optional.ofNullable(returned), ConsumedCapacity.NOT_REPORTED));
    }

    @Test
    void eachItemIsUpdatedByItsKey_underTheCondition_andEachOutcomeIsReportedInOrder() {
        var local = session(false, ConnectionTag.LOCAL);
        var shipped = order("o#1", "shipped");
        local.writer = write -> switch (pk(write)) {
            case "o#1" -> answer(WriteResult.Status.APPLIED, shipped);
            case "o#2" -> answer(WriteResult.Status.CONDITION_FAILED, null);
            default -> CompletableFuture.failedFuture(new IllegalStateException("Throughput exceeds the current capacity"));
        };
        var items = List.of(order("o#1", "open"), order("o#2", "closed"), order("o#3", "open"));
        var reported = new ArrayList<RunUpdate.Outcome>();

        var report = new RunUpdate(local).start(TABLE, KEYS, items, SHIP, WriteConfirmer.NONE, reported::add).result().join();

        assertThat(local.writes).extracting(RunUpdateTest::pk).containsExactly("o#1", "o#2", "o#3");
        var first = (ItemWrite.Update) local.writes.getFirst();
        assertThat(first).isEqualTo(new ItemWrite.Update(TABLE, Map.of("PK", AttributeValue.s("o#1"), "SK", AttributeValue.s("ORDER")),
                "SET #s = :new", "#s = :old", SHIP.names(), SHIP.values()));
        assertThat(reported).isEqualTo(report.outcomes());
        assertThat(report.outcomes()).extracting(RunUpdate.Outcome::index, RunUpdate.Outcome::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple(0, RunUpdate.Status.APPLIED),
                org.assertj.core.groups.Tuple.tuple(1, RunUpdate.Status.CONDITION_FAILED),
                org.assertj.core.groups.Tuple.tuple(2, RunUpdate.Status.ERROR));
        assertThat(report.outcomes()).extracting(RunUpdate.Outcome::after).containsExactly(shipped, items.get(1), items.get(2));
        assertThat(report.outcomes().get(2).message()).isEqualTo("Throughput exceeds the current capacity");
        assertThat(report.applied()).isEqualTo(1);
        assertThat(report.conditionFailed()).isEqualTo(1);
        assertThat(report.errors()).isEqualTo(1);
        assertThat(report.complete()).isTrue();
    }

    @Test
    void anItemWithoutItsWholeKey_isNotSent_andTheOthersAre() {
        var local = session(false, ConnectionTag.LOCAL);
        local.writer = write -> answer(WriteResult.Status.APPLIED, null);
        var keyless = Item.of(Map.of("status", AttributeValue.s("open")));

        var report = new RunUpdate(local).start(TABLE, KEYS, List.of(keyless, order("o#2", "open")), SHIP, WriteConfirmer.NONE,
                outcome -> { }).result().join();

        assertThat(local.writes).extracting(RunUpdateTest::pk).containsExactly("o#2");
        assertThat(report.outcomes().getFirst().status()).isEqualTo(RunUpdate.Status.ERROR);
        assertThat(report.outcomes().getFirst().message()).isEqualTo("The item's primary key is not known: not sent.");
        assertThat(report.outcomes().get(1).after()).as("applied without the item returned: as given").isEqualTo(order("o#2", "open"));
        assertThat(RunUpdate.primaryKey(null, keyless)).isEmpty();
    }

    @Test
    void aReadOnlyConnection_refusesTheRun_withNothingSent() {
        var readOnly = session(true, ConnectionTag.DEV);
        readOnly.writer = write -> answer(WriteResult.Status.APPLIED, null);

        var job = new RunUpdate(readOnly).start(TABLE, KEYS, List.of(order("o#1", "open")), SHIP, TYPED_ORDERS, outcome -> { });

        assertThat(job.result()).isCompletedExceptionally();
        assertThat(job.result().handle((ok, failure) -> failure).join()).isInstanceOf(ReadOnlyConnectionException.class)
                .hasMessageContaining("read-only");
        assertThat(readOnly.writes).isEmpty();
    }

    @Test
    void production_wantsTheTableNameTyped_evenThroughAProtectedSession() {
        var production = session(false, ConnectionTag.PRODUCTION);
        production.writer = write -> answer(WriteResult.Status.APPLIED, null);
        var protectedSession = WriteGuard.protect(production);
        var items = List.of(order("o#1", "open"));

        var refused = new RunUpdate(protectedSession).start(TABLE, KEYS, items, SHIP, TYPED_NOTHING, outcome -> { });

        assertThat(refused.result().handle((ok, failure) -> failure).join()).isInstanceOf(WriteNotConfirmedException.class)
                .hasMessageContaining("type the table name Orders to confirm");
        assertThat(production.writes).isEmpty();

        var confirmed = new RunUpdate(protectedSession).start(TABLE, KEYS, items, SHIP, TYPED_ORDERS, outcome -> { }).result().join();

        assertThat(confirmed.applied()).isEqualTo(1);
        assertThat(production.writes).hasSize(1);
    }

    @Test
    void cancel_sendsNoFurtherItem_andReportsTheWriteInFlight() {
        var local = session(false, ConnectionTag.LOCAL);
        var inFlight = new ArrayList<CompletableFuture<WriteResult>>();
        local.writer = write -> {
            var pending = new CompletableFuture<WriteResult>();
            inFlight.add(pending);
            return pending;
        };
        var job = new RunUpdate(local).start(TABLE, KEYS, List.of(order("o#1", "open"), order("o#2", "open"), order("o#3", "open")), SHIP,
                WriteConfirmer.NONE, outcome -> { });
        inFlight.getFirst().complete(new WriteResult(WriteResult.Status.APPLIED, Optional.empty(), ConsumedCapacity.NOT_REPORTED));

        job.cancel();
        inFlight.get(1).complete(new WriteResult(WriteResult.Status.APPLIED, Optional.empty(), ConsumedCapacity.NOT_REPORTED));

        var report = job.result().join();
        assertThat(local.writes).extracting(RunUpdateTest::pk).containsExactly("o#1", "o#2");
        assertThat(report.outcomes()).hasSize(2);
        assertThat(report.complete()).isFalse();
    }

    @Test
    void manyItemsAnsweredAtOnce_doNotNestOneWriteInAnother() {
        var local = session(false, ConnectionTag.LOCAL);
        var depth = new int[1];
        local.writer = write -> {
            depth[0] = Math.max(depth[0], Thread.currentThread().getStackTrace().length);
            return answer(WriteResult.Status.APPLIED, null);
        };
        var items = IntStream.range(0, 5_000).mapToObj(i -> order("o#" + i, "open")).toList();

        var report = new RunUpdate(local).start(TABLE, KEYS, items, SHIP, WriteConfirmer.NONE, outcome -> { }).result().join();

        assertThat(report.applied()).isEqualTo(5_000);
        assertThat(depth[0]).isLessThan(200);
    }

    @Test
    void withoutAnUpdateExpression_nothingStarts() {
        var local = session(false, ConnectionTag.LOCAL);
        var conditionOnly = RenderedExpressions.update(null, "#s = :old", Map.of("#s", "status"), Map.of(":old", AttributeValue.s("open")));

        assertThatThrownBy(() -> new RunUpdate(local).start(TABLE, KEYS, List.of(order("o#1", "open")), conditionOnly, WriteConfirmer.NONE,
                outcome -> { })).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Build a valid update first");
        assertThat(local.writes).isEmpty();
    }
}

package dev.dynalens.service.editing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.editing.CommitOutcome;
import dev.dynalens.domain.editing.CommitReport;
import dev.dynalens.domain.editing.StagedChange;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The transaction path of staged commits, against a session whose transaction answers the test scripts. */
class StagedCommitterTest {
    private static final KeySchema KEYS = KeySchema.of("PK", null);

    private static FakeDynamoSession session() {
        return new FakeDynamoSession(ConnectionProfile.create("c", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                URI.create("https://dynamodb.us-east-1.amazonaws.com"), false, ConnectionTag.NONE));
    }

    private static Item item(String pk, String total) {
        return Item.of(Map.of("PK", AttributeValue.s(pk), "total", AttributeValue.n(total)));
    }

    /** update 1, delete 2, create 3. */
    private static List<StagedChange> threeChanges() {
        return List.of(new StagedChange.Update("Orders", KEYS, item("1", "10"), item("1", "11")),
                new StagedChange.Delete("Orders", KEYS, item("2", "5")),
                new StagedChange.Create("Orders", KEYS, item("3", "1")));
    }

    private static TransactionResult.Reason none() {
        return new TransactionResult.Reason("None", null, Optional.empty());
    }

    @Test
    void aCommittedTransaction_sendsEveryGuardedWriteOnce_withTheToken_andWritesAll() {
        var session = session();
        session.transactor = writes -> CompletableFuture.completedFuture(
                TransactionResult.committed(new ConsumedCapacity(6, null, 6.0)));
        var changes = threeChanges();

        var report = new StagedCommitter(session, () -> "token-1").commit(changes, StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).join();

        assertThat(report.method()).isEqualTo(CommitReport.Method.TRANSACTION);
        assertThat(report.outcomes()).extracting(CommitOutcome::status).containsOnly(CommitOutcome.Status.APPLIED);
        assertThat(report.summary()).isEqualTo("3 written, 0 conflict(s), 0 failed (one transaction, all or nothing)");
        assertThat(session.transactions).singleElement().satisfies(writes -> {
            assertThat(writes).extracting(ItemWrite::operation).containsExactly("UpdateItem", "DeleteItem", "PutItem");
            assertThat(writes).allSatisfy(w -> assertThat(w.conditionExpression()).isNotBlank());
            assertThat(writes).isEqualTo(changes.stream().map(StagedChange::toWrite).toList());
        });
        assertThat(session.writes).isEmpty();
    }

    @Test
    void aCancelledTransaction_writesNothing_reportsTheConflictWithTheItemAsItIs_andHoldsTheRestBack() {
        var session = session();
        var theirs = item("2", "99");
        session.transactor = writes -> CompletableFuture.completedFuture(TransactionResult.cancelled(List.of(none(),
                new TransactionResult.Reason("ConditionalCheckFailed", "The conditional request failed", Optional.of(theirs)),
                none()), "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed, None]"));

        var report = new StagedCommitter(session).commit(threeChanges(), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).join();

        assertThat(report.outcomes()).extracting(CommitOutcome::status).containsExactly(
                CommitOutcome.Status.HELD_BACK, CommitOutcome.Status.CONFLICT, CommitOutcome.Status.HELD_BACK);
        assertThat(report.outcomes().get(1).current()).contains(theirs);
        assertThat(report.outcomes().get(0).message()).startsWith("Not written: The transaction was cancelled by 1 conflict(s).")
                .contains("still staged");
        assertThat(report.written()).isEmpty();
        assertThat(report.summary()).startsWith("0 written, 1 conflict(s), 0 failed, 2 held back (one transaction, all or nothing).")
                .contains("Nothing in the transaction was written");
        assertThat(session.writes).isEmpty();
    }

    @Test
    void aConflictWithoutTheItem_isReadAgainConsistently_andAnotherReasonIsAFailureInWords() {
        var session = session();
        var reads = new AtomicInteger();
        session.getter = key -> {
            reads.incrementAndGet();
            return CompletableFuture.completedFuture(new GetResult(Optional.empty(), ConsumedCapacity.NOT_REPORTED));
        };
        session.transactor = writes -> CompletableFuture.completedFuture(TransactionResult.cancelled(List.of(
                new TransactionResult.Reason("ConditionalCheckFailed", "", Optional.empty()),
                new TransactionResult.Reason("TransactionConflict", "Transaction is ongoing for the item", Optional.empty()),
                none()), "cancelled"));

        var report = new StagedCommitter(session).commit(threeChanges(), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).join();

        assertThat(report.outcomes()).extracting(CommitOutcome::status).containsExactly(
                CommitOutcome.Status.CONFLICT, CommitOutcome.Status.FAILED, CommitOutcome.Status.HELD_BACK);
        assertThat(reads).hasValue(1);
        assertThat(report.outcomes().get(0).current()).isEmpty();
        assertThat(report.outcomes().get(0).message()).containsIgnoringCase("deleted");
        assertThat(report.outcomes().get(1).message()).contains("TransactionConflict").contains("try again");
        assertThat(report.outcomes().get(2).message()).contains("1 conflict(s) and 1 other problem(s)");
    }

    @Test
    void aCancellationWithFewerReasonsThanWrites_reportsTheRestAsUnknown_notAsAnError() {
        var session = session();
        session.transactor = writes -> CompletableFuture.completedFuture(TransactionResult.cancelled(List.of(none()), "cancelled"));

        var report = new StagedCommitter(session).commit(threeChanges(), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).join();

        assertThat(report.outcomes()).extracting(CommitOutcome::status).containsExactly(
                CommitOutcome.Status.HELD_BACK, CommitOutcome.Status.FAILED, CommitOutcome.Status.FAILED);
        assertThat(report.outcomes().get(1).message()).isEqualTo("Not written: Unknown: The endpoint gave no reason for this write.");
        assertThat(report.outcomes().get(0).message()).contains("cancelled by 2 other problem(s)");
    }

    @Test
    void anEndpointWithoutTransactions_getsTheChangesItemByItem_andIsNotAskedAgain() {
        var session = session();
        session.writer = write -> CompletableFuture.completedFuture(
                new WriteResult(WriteResult.Status.APPLIED, Optional.empty(), ConsumedCapacity.NOT_REPORTED));
        var committer = new StagedCommitter(session);

        var first = committer.commit(threeChanges(), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).join();
        var second = committer.commit(threeChanges(), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).join();

        assertThat(first.method()).isEqualTo(CommitReport.Method.ITEM_BY_ITEM);
        assertThat(first.summary()).isEqualTo("3 written, 0 conflict(s), 0 failed (item by item, each guarded). The fake endpoint"
                + " does not support transactions (TransactWriteItems). Committed item by item, each guarded.");
        assertThat(second.summary()).isEqualTo(first.summary());
        assertThat(session.transactions).hasSize(1);
        assertThat(session.writes).hasSize(6);
    }

    @Test
    void moreThanAHundredChanges_orOneChange_goItemByItem_andTheReportSaysWhy() {
        var session = session();
        session.writer = write -> CompletableFuture.completedFuture(
                new WriteResult(WriteResult.Status.APPLIED, Optional.empty(), ConsumedCapacity.NOT_REPORTED));
        var many = new ArrayList<StagedChange>();
        for (int i = 0; i < 101; i++) many.add(new StagedChange.Create("Orders", KEYS, item("N" + i, "1")));
        var committer = new StagedCommitter(session);

        var big = committer.commit(many, StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).join();
        var one = committer.commit(many.subList(0, 1), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).join();

        assertThat(big.summary()).contains("at most 100 writes; 101 are staged. Committed item by item, each guarded.");
        assertThat(big.count(CommitOutcome.Status.APPLIED)).isEqualTo(101);
        assertThat(one.summary()).isEqualTo("1 written, 0 conflict(s), 0 failed (item by item, each guarded)");
        assertThat(session.transactions).isEmpty();
    }

    @Test
    void aChangeThatCannotBePrepared_sendsNothing() {
        var session = session();
        var nothingChanged = new StagedChange.Update("Orders", KEYS, item("9", "1"), item("9", "1"));
        var changes = List.<StagedChange>of(threeChanges().get(0), nothingChanged);

        var report = new StagedCommitter(session).commit(changes, StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).join();

        assertThat(report.outcomes()).extracting(CommitOutcome::status)
                .containsExactly(CommitOutcome.Status.HELD_BACK, CommitOutcome.Status.FAILED);
        assertThat(report.outcomes().get(1).message()).contains("Nothing changed");
        assertThat(session.transactions).isEmpty();
        assertThat(session.writes).isEmpty();
    }

    @Test
    void aServerErrorOnTheTransaction_failsEveryChange_andSaysItMayHaveBeenApplied() {
        var session = session();
        session.transactor = writes -> CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(
                ConnectionProblem.Kind.SERVER_ERROR, "The endpoint failed on its side (InternalServerError)", null), null));

        var report = new StagedCommitter(session).commit(threeChanges(), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).join();

        assertThat(report.outcomes()).allSatisfy(o -> {
            assertThat(o.status()).isEqualTo(CommitOutcome.Status.FAILED);
            assertThat(o.message()).contains("InternalServerError").contains("may or may not have been applied");
        });
        assertThat(report.written()).isEmpty();
    }

    @Test
    void itemByItemMode_neverAsksForATransaction() {
        var session = session();
        session.transactor = writes -> { throw new AssertionError("no transaction expected"); };
        session.writer = write -> CompletableFuture.completedFuture(
                new WriteResult(WriteResult.Status.APPLIED, Optional.empty(), ConsumedCapacity.NOT_REPORTED));

        var report = new StagedCommitter(session).commit(threeChanges(), StagedCommitter.Mode.ITEM_BY_ITEM).join();

        assertThat(report.summary()).isEqualTo("3 written, 0 conflict(s), 0 failed (item by item, each guarded)");
        assertThat(session.transactions).isEmpty();
    }
}

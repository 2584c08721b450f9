package dev.dynalens.ui.editor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.editing.CommitOutcome;
import dev.dynalens.domain.editing.StagedChange;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class StagedEditsViewModelTest {
    private static final KeySchema KEYS = KeySchema.of("PK", null);

    private static FakeDynamoSession session(boolean readOnly, ConnectionTag tag) {
        return new FakeDynamoSession(ConnectionProfile.create("c", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                URI.create("http://127.0.0.1:9"), readOnly, tag));
    }

    private static StagedEditsViewModel model(FakeDynamoSession session) {
        var model = new StagedEditsViewModel(session, "Orders", Runnable::run);
        model.useKeySchema(KEYS);
        return model;
    }

    private static Item item(String pk, String total) {
        return Item.of(Map.of("PK", AttributeValue.s(pk), "total", AttributeValue.n(total), "paid", AttributeValue.bool(false)));
    }

    private static WriteResult applied() {
        return new WriteResult(WriteResult.Status.APPLIED, Optional.empty(), ConsumedCapacity.NOT_REPORTED);
    }

    @Test
    void aCellEdit_isParsedAsTheAttributesType_andStagedAsADiff_withoutWriting() {
        var session = session(false, ConnectionTag.LOCAL);
        var model = model(session);

        assertThat(model.stageCellEdit(item("1", "10"), "total", "10.50")).isTrue();
        assertThat(model.stageCellEdit(item("1", "10"), "paid", "TRUE")).isTrue();

        assertThat(model.changes()).hasSize(1);
        assertThat(StagedChangeText.title(model.changes().getFirst())).isEqualTo("update PK=\"1\"");
        assertThat(StagedChangeText.diffLines(model.changes().getFirst())).containsExactlyInAnyOrder("~ total: 10 → 10.50", "~ paid: false → true");
        assertThat(model.countProperty().get()).isEqualTo(1);
        assertThat(session.writes).isEmpty();
    }

    @Test
    void aCellEdit_thatIsNotANumber_orTouchesTheKey_isRefusedWithAReason() {
        var model = model(session(false, ConnectionTag.LOCAL));

        assertThat(model.stageCellEdit(item("1", "10"), "total", "ten")).isFalse();
        assertThat(model.errorProperty().get()).containsIgnoringCase("number");
        assertThat(model.stageCellEdit(item("1", "10"), "paid", "maybe")).isFalse();
        assertThat(model.errorProperty().get()).contains("true or false");
        assertThat(model.isCellEditable(item("1", "10"), "PK")).isFalse();
        assertThat(model.changes()).isEmpty();
    }

    @Test
    void undo_takesBackTheLastStagingAction() {
        var model = model(session(false, ConnectionTag.LOCAL));
        model.stageCellEdit(item("1", "10"), "total", "11");
        model.stageDelete(item("2", "5"));
        assertThat(model.canUndoProperty().get()).isTrue();

        model.undo();

        assertThat(model.changes()).extracting(StagedChange::verb).containsExactly("update");
    }

    @Test
    void commit_writesEachChange_reportsConflictsWithBothVersions_andKeepsOnlyTheConflicting() {
        var session = session(false, ConnectionTag.LOCAL);
        var theirs = item("2", "99");
        session.writer = write -> CompletableFuture.completedFuture(write instanceof ItemWrite.Delete
                ? new WriteResult(WriteResult.Status.CONDITION_FAILED, Optional.empty(), ConsumedCapacity.NOT_REPORTED) : applied());
        session.getter = key -> CompletableFuture.completedFuture(new GetResult(Optional.of(theirs), ConsumedCapacity.NOT_REPORTED));
        var model = model(session);
        var written = new ArrayList<CommitOutcome>();
        model.onWritten(written::addAll);
        model.stageCellEdit(item("1", "10"), "total", "11");
        model.stageDelete(item("2", "5"));

        var report = model.commit(null).join();

        assertThat(session.writes).hasSize(2);
        assertThat(report.summary()).startsWith("1 written, 1 conflict(s), 0 failed");
        assertThat(model.messageProperty().get()).isEqualTo(report.summary());
        assertThat(model.changes()).extracting(StagedChange::verb).containsExactly("delete");
        assertThat(written).extracting(o -> o.change().verb()).containsExactly("update");
        var conflict = model.outcomes().get(1);
        assertThat(conflict.status()).isEqualTo(CommitOutcome.Status.CONFLICT);
        assertThat(StagedChangeText.conflictDetails(conflict)).contains("as you read it").contains("in the table now")
                .containsPattern("total +│ 5 +│ 99 +│ \\(delete\\)");
        assertThat(model.errorProperty().get()).contains("PK=\"2\"").contains("changed by someone else");
    }

    @Test
    void commit_isOneTransactionByDefault_andItemByItemWhenThePersonUnticksIt() {
        var session = session(false, ConnectionTag.LOCAL);
        session.transactor = writes -> CompletableFuture.completedFuture(
                dev.dynalens.domain.write.TransactionResult.committed(ConsumedCapacity.NOT_REPORTED));
        session.writer = write -> CompletableFuture.completedFuture(applied());
        var model = model(session);
        assertThat(model.transactionalProperty().get()).isTrue();
        model.stageCellEdit(item("1", "10"), "total", "11");
        model.stageDelete(item("2", "5"));

        var report = model.commit(null).join();

        assertThat(report.method()).isEqualTo(dev.dynalens.domain.editing.CommitReport.Method.TRANSACTION);
        assertThat(model.messageProperty().get()).isEqualTo("2 written, 0 conflict(s), 0 failed (one transaction, all or nothing)");
        assertThat(session.transactions).singleElement().asList().hasSize(2);
        assertThat(session.writes).isEmpty();
        assertThat(model.changes()).isEmpty();

        model.transactionalProperty().set(false);
        model.stageCellEdit(item("3", "1"), "total", "2");
        model.stageDelete(item("4", "5"));
        assertThat(model.commit(null).join().method()).isEqualTo(dev.dynalens.domain.editing.CommitReport.Method.ITEM_BY_ITEM);
        assertThat(session.transactions).hasSize(1);
        assertThat(session.writes).hasSize(2);
    }

    @Test
    void aReadOnlyConnection_refusesToStageOrCommit() {
        var session = session(true, ConnectionTag.PRODUCTION);
        var model = model(session);

        assertThat(model.editableProperty().get()).isFalse();
        assertThat(model.stageCellEdit(item("1", "10"), "total", "11")).isFalse();
        assertThat(model.stageDelete(item("1", "10"))).isFalse();
        assertThat(model.errorProperty().get()).contains("read-only");
        assertThat(model.changes()).isEmpty();
        assertThat(session.writes).isEmpty();
    }

    @Test
    void aProductionConnection_commitsOnlyWhenTheTableNameIsTyped() {
        var session = session(false, ConnectionTag.PRODUCTION);
        session.writer = write -> CompletableFuture.completedFuture(applied());
        var model = model(session);
        model.stageDelete(item("1", "10"));
        assertThat(model.requiresConfirmation()).isTrue();

        assertThat(model.commit("orders").join()).isNull();
        assertThat(model.errorProperty().get()).contains("type the table name \"Orders\"");
        assertThat(session.writes).isEmpty();

        assertThat(model.commit("Orders").join().written()).hasSize(1);
        assertThat(session.writes).hasSize(1);
        assertThat(model.changes()).isEmpty();
    }
}

package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.connection.WriteNotConfirmedException;
import dev.dynalens.domain.editing.CommitOutcome;
import dev.dynalens.domain.editing.CommitReport;
import dev.dynalens.domain.editing.StagedChange;
import dev.dynalens.domain.editing.StagedEdits;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.editing.StagedCommitter;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class CommitStagedEditsTest {
    private static final KeySchema KEYS = KeySchema.of("PK", null);

    private static FakeDynamoSession session(boolean readOnly, ConnectionTag tag) {
        var session = new FakeDynamoSession(ConnectionProfile.create("conn", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                URI.create("http://127.0.0.1:9"), readOnly, tag));
        session.writer = write -> CompletableFuture.completedFuture(new WriteResult(WriteResult.Status.APPLIED, Optional.empty(),
                ConsumedCapacity.NOT_REPORTED));
        return session;
    }

    private static List<StagedChange> twoEdits() {
        var edits = new StagedEdits("Orders", KEYS);
        for (var pk : List.of("1", "2")) {
            var read = Item.of(Map.of("PK", AttributeValue.s(pk), "total", AttributeValue.n("10")));
            edits.stageEdit(read, read.with("total", AttributeValue.n("11")));
        }
        return edits.changes();
    }

    @Test
    void anEndpointWithoutTransactions_isAskedOnce_thenEveryCommitGoesItemByItem() throws Exception {
        var session = session(false, ConnectionTag.LOCAL);
        var commits = new CommitStagedEdits(session, () -> "token");

        var first = commits.commit("Orders", twoEdits(), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE, WriteConfirmer.NONE).get();
        var second = commits.commit("Orders", twoEdits(), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE, WriteConfirmer.NONE).get();

        assertThat(first.outcomes()).extracting(CommitOutcome::status).containsOnly(CommitOutcome.Status.APPLIED);
        assertThat(first.method()).isEqualTo(CommitReport.Method.ITEM_BY_ITEM);
        assertThat(second.method()).isEqualTo(CommitReport.Method.ITEM_BY_ITEM);
        assertThat(session.transactions).hasSize(1);
        assertThat(session.writes).hasSize(4);
        assertThat(commits.transactionsUnsupported()).isNotNull();
    }

    @Test
    void aProductionConnection_commitsWhenTheTableNameWasTyped_andNothingIsSentOtherwise() throws Exception {
        var session = session(false, ConnectionTag.PRODUCTION);
        var commits = new CommitStagedEdits(WriteGuard.protect(session), () -> "token");

        assertThatThrownBy(() -> commits.commit("Orders", twoEdits(), StagedCommitter.Mode.ITEM_BY_ITEM,
                WriteConfirmer.typed("orders", "type the table name \"%s\" to commit.")).get())
                .isInstanceOf(ExecutionException.class).cause().isInstanceOf(WriteNotConfirmedException.class)
                .hasMessage("Connection 'conn' is tagged production: type the table name \"Orders\" to commit.");
        assertThat(session.writes).isEmpty();

        var report = commits.commit("Orders", twoEdits(), StagedCommitter.Mode.ITEM_BY_ITEM,
                WriteConfirmer.typed("Orders", "type the table name \"%s\" to commit.")).get();

        assertThat(report.outcomes()).extracting(CommitOutcome::status).containsOnly(CommitOutcome.Status.APPLIED);
        assertThat(session.writes).hasSize(2);
    }

    @Test
    void aReadOnlyConnection_isRefusedBeforeAnythingIsSent() {
        var session = session(true, ConnectionTag.NONE);
        var commits = new CommitStagedEdits(WriteGuard.protect(session));

        assertThatThrownBy(() -> commits.commit("Orders", twoEdits(), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE,
                WriteConfirmer.NONE).get()).cause().isInstanceOf(ReadOnlyConnectionException.class);
        assertThat(session.writes).isEmpty();
        assertThat(session.transactions).isEmpty();
    }
}

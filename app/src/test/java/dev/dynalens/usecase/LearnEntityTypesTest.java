package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.SqlTrackerData;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The sample read that learns the entity types on a production connection, and what is known without any read. */
class LearnEntityTypesTest {
    private static FakeDynamoSession tracker(ConnectionTag tag) {
        var items = SqlTrackerData.items();
        var workspace = SqlTrackerData.session(items);
        var session = new FakeDynamoSession(ConnectionProfile.create("conn", new CredentialsSource.LocalPlaceholder(), "us-east-1", null, false, tag));
        session.description = CompletableFuture.completedFuture(SqlTrackerData.table(items).description());
        session.responder = request -> {
            var page = workspace.read(request).join();
            return new Page(page.items(), page.lastEvaluatedKey(), page.scannedCount(), new ConsumedCapacity(0.5, 0.5, null));
        };
        return session;
    }

    private static LearnEntityTypes learn(FakeDynamoSession session) {
        return new LearnEntityTypes(session, new LearnEntityTypesIT.NoStore(), "conn", Runnable::run, Clock.systemUTC());
    }

    /** Issue 28: the sample read Scanned a production table without asking; unconfirmed it is refused, nothing read. */
    @Test
    void onProduction_theSample_isReadOnlyOnceConfirmed() {
        var session = tracker(ConnectionTag.PRODUCTION);
        var learn = learn(session);
        var table = session.description.join();

        assertThat(learn.sampleNeedsConfirmation()).isTrue();
        var refused = learn.sample(table, Lens.NONE);

        assertThat(refused.result()).failsWithin(Duration.ZERO).withThrowableThat().havingCause()
                .isInstanceOf(ReadNotConfirmedException.class)
                .withMessage("A sample read of Tracker on a production connection costs the first 9 items, about 0.5 RCU; confirm the read first");
        assertThat(session.reads).isEmpty();

        var catalog = learn.sample(table, Lens.NONE, true).result().join();

        assertThat(catalog.source().how()).isEqualTo("sample read");
        assertThat(session.reads).hasSize(1);
    }

    @Test
    void elsewhere_theSampleIsReadAsAsked() {
        var session = tracker(ConnectionTag.DEV);

        assertThat(learn(session).sampleNeedsConfirmation()).isFalse();
        learn(session).sample(session.description.join(), Lens.NONE).result().join();

        assertThat(session.reads).hasSize(1);
    }

    /** Without a read: the whole table under its own name, with the key attributes of the table and its index, no entity type. */
    @Test
    void described_isTheWholeTableAndItsKeys_withNothingRead() {
        var session = tracker(ConnectionTag.PRODUCTION);

        var catalog = LearnEntityTypes.described(session.description.join());

        assertThat(catalog.tables()).extracting(t -> t.name()).containsExactly("Tracker");
        assertThat(catalog.tables().getFirst().attributes()).extracting(a -> a.name()).containsExactly("PK", "SK", "GSI1PK", "GSI1SK");
        assertThat(catalog.source().how()).isEqualTo(LearnEntityTypes.DESCRIBED);
        assertThat(catalog.source().itemsAnalysed()).isZero();
        assertThat(session.reads).isEmpty();
    }
}

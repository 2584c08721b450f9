package dev.dynalens.ui.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.staleness.RepairOutcome;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.domain.staleness.RepairStep;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.fanout.FanoutJournal;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.RecordedNotices;
import dev.dynalens.usecase.RepairStaleCopies;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FanoutViewModelTest {
    @TempDir
    Path dir;

    private final Map<String, AttributeValue> copies = new ConcurrentHashMap<>();

    private FakeDynamoSession session(boolean readOnly, ConnectionTag tag) {
        var session = new FakeDynamoSession(ConnectionProfile.create("conn", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                URI.create("http://127.0.0.1:9"), readOnly, tag));
        session.writer = write -> {
            var update = (ItemWrite.Update) write;
            var pk = ((AttributeValue.Str) update.key().get("PK")).value();
            boolean holds = update.values().get(":old").equals(copies.get(pk));
            if (holds) {
                copies.put(pk, update.values().get(":new"));
            }
            return CompletableFuture.completedFuture(new WriteResult(holds ? WriteResult.Status.APPLIED : WriteResult.Status.CONDITION_FAILED,
                    Optional.empty(), ConsumedCapacity.NOT_REPORTED));
        };
        session.getter = key -> {
            var pk = ((AttributeValue.Str) key.get("PK")).value();
            return CompletableFuture.completedFuture(new GetResult(Optional.of(new Item(Map.of("PK", key.get("PK"),
                    "authorName", copies.get(pk)))), ConsumedCapacity.NOT_REPORTED));
        };
        return session;
    }

    private RepairPlan plan(int steps) {
        var list = new ArrayList<RepairStep>();
        for (int i = 0; i < steps; i++) {
            copies.put("POST#" + i, AttributeValue.s("Ann"));
            list.add(new RepairStep(Map.of("PK", AttributeValue.s("POST#" + i)), AttributePath.of("authorName"), AttributeValue.s("Ann"),
                    AttributeValue.s("Ann Lee"), "POST.authorName=USER.name@authorId"));
        }
        return new RepairPlan("Blog", list, List.of());
    }

    @Test
    void theDryRun_listsEveryGuardedUpdate_andWritesNothing() {
        var session = session(false, ConnectionTag.LOCAL);
        var model = FanoutViewModel.plan(session, Runnable::run, dir, dev.dynalens.service.fanout.FanoutSettings.DEFAULTS, plan(3));

        assertThat(model.steps()).hasSize(3);
        assertThat(model.steps().getFirst()).satisfies(row -> {
            assertThat(row.key()).isEqualTo("POST#0");
            assertThat(row.oldValue()).isEqualTo("\"Ann\"");
            assertThat(row.newValue()).isEqualTo("\"Ann Lee\"");
            assertThat(row.expression()).isEqualTo("SET #c0 = :new IF #c0 = :old  (#c0=authorName)");
            assertThat(row.outcome()).isEqualTo("pending");
        });
        assertThat(model.statusProperty().get()).contains("3 guarded updates planned; nothing has been written");
        assertThat(model.canApplyProperty().get()).isTrue();
        assertThat(session.writes).isEmpty();
    }

    @Test
    void onAProductionConnection_applyWaitsForTheTypedTableName() {
        var model = FanoutViewModel.plan(session(false, ConnectionTag.PRODUCTION), Runnable::run, dir,
                dev.dynalens.service.fanout.FanoutSettings.DEFAULTS, plan(2));

        assertThat(model.needsTypedConfirmation()).isTrue();
        assertThat(model.canApplyProperty().get()).isFalse();
        model.confirmationProperty().set("blog");
        assertThat(model.canApplyProperty().get()).isFalse();
        model.confirmationProperty().set("Blog ");
        assertThat(model.canApplyProperty().get()).isTrue();
    }

    /** The dialog enables Apply before the name is typed, and asks for it when Apply is pressed. */
    @Test
    void onAProductionConnection_applyIsReadyBeforeTheName_andWritesOnlyOnceTheAskedNameIsGiven() throws Exception {
        var session = session(false, ConnectionTag.PRODUCTION);
        var model = FanoutViewModel.plan(session, Runnable::run, dir, dev.dynalens.service.fanout.FanoutSettings.DEFAULTS, plan(2));

        assertThat(model.readyToApplyProperty().get()).isTrue();
        assertThat(model.canApplyProperty().get()).isFalse();
        assertThat(model.connectionName()).isEqualTo("conn");
        assertThat(model.apply()).isCompletedExceptionally();
        assertThat(session.writes).isEmpty();
        assertThat(dir).isEmptyDirectory();

        model.confirmationProperty().set("Blog");
        var report = model.apply().get(10, TimeUnit.SECONDS);

        assertThat(report.counts().updated()).isEqualTo(2);
        assertThat(session.writes).hasSize(2);
        assertThat(model.readyToApplyProperty().get()).isFalse();
        assertThat(model.journalFile().getFileName().toString()).matches("Blog-\\d{8}-\\d{6}\\.jsonl");
    }

    @Test
    void aJournalThatCannotBeWritten_sendsNothing_andApplyCanBeTriedAgain() throws Exception {
        var session = session(false, ConnectionTag.LOCAL);
        var notADirectory = dir.resolve("file");
        Files.writeString(notADirectory, "");
        var model = FanoutViewModel.plan(session, Runnable::run, notADirectory, dev.dynalens.service.fanout.FanoutSettings.DEFAULTS, plan(2));
        var dryRun = model.statusProperty().get();

        assertThat(model.apply()).isCompletedExceptionally();

        assertThat(model.errorProperty().get()).startsWith("The journal cannot be written, so nothing was sent: ");
        assertThat(model.statusProperty().get()).isEqualTo(dryRun);
        assertThat(session.writes).isEmpty();
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.readyToApplyProperty().get()).isTrue();
    }

    @Test
    void onAReadOnlyConnection_thePlanCanBeReviewedButNotApplied() {
        var session = session(true, ConnectionTag.NONE);
        var model = FanoutViewModel.plan(session, Runnable::run, dir, dev.dynalens.service.fanout.FanoutSettings.DEFAULTS, plan(2));

        assertThat(model.canApplyProperty().get()).isFalse();
        assertThat(model.statusProperty().get()).contains("read-only");
        assertThat(model.apply()).isCompletedExceptionally();
        assertThat(session.writes).isEmpty();
        assertThat(dir).isEmptyDirectory();
    }

    /** A plan made from a table's export: the export's own profile is read-only, its writes go to the live (production) table. */
    @Test
    void aPlanFromAnExport_isAppliedToTheLiveTable_withItsConnectionsConfirmation() throws Exception {
        var live = session(false, ConnectionTag.PRODUCTION);
        var exportProfile = ConnectionProfile.create("export 01764496800000-blog0001", new CredentialsSource.LocalPlaceholder(), "local",
                null, true, ConnectionTag.NONE);
        var fromExport = new FakeDynamoSession(exportProfile) {
            @Override
            public ConnectionProfile writeProfile() {
                return live.profile();
            }
        };
        fromExport.writer = live.writer;
        fromExport.getter = live.getter;
        var model = FanoutViewModel.plan(fromExport, Runnable::run, dir, dev.dynalens.service.fanout.FanoutSettings.DEFAULTS, plan(2));

        assertThat(model.statusProperty().get()).contains("2 guarded updates planned");
        assertThat(model.readyToApplyProperty().get()).isTrue();
        assertThat(model.needsTypedConfirmation()).isTrue();
        assertThat(model.connectionName()).isEqualTo("conn");
        model.confirmationProperty().set("Blog");

        assertThat(model.apply().get(10, TimeUnit.SECONDS).counts().updated()).isEqualTo(2);
        assertThat(fromExport.writes).hasSize(2);
    }

    @Test
    void apply_journalsThePlan_showsProgress_andSavesAReport() throws Exception {
        var session = session(false, ConnectionTag.LOCAL);
        var plan = plan(4);
        copies.put("POST#2", AttributeValue.s("Edited"));
        var model = FanoutViewModel.plan(session, Runnable::run, dir, dev.dynalens.service.fanout.FanoutSettings.DEFAULTS, plan);

        var report = model.apply().get(10, TimeUnit.SECONDS);

        assertThat(report.counts().updated()).isEqualTo(3);
        assertThat(report.counts().skippedChanged()).isEqualTo(1);
        assertThat(copies.get("POST#2")).isEqualTo(AttributeValue.s("Edited"));
        assertThat(model.progressProperty().get()).isEqualTo(1.0);
        assertThat(model.countsProperty().get()).startsWith("4 of 4 · 3 updated · 0 already repaired · 1 skipped (changed)");
        assertThat(model.statusProperty().get()).startsWith("Done in");
        assertThat(model.steps().get(2).outcome()).startsWith("skipped changed: changed since detection");
        assertThat(model.steps()).extracting(FanoutViewModel.StepRow::outcome).filteredOn(o -> o.equals("updated")).hasSize(3);
        assertThat(model.canApplyProperty().get()).isFalse();
        var journal = FanoutJournal.read(model.journalFile()).orElseThrow();
        assertThat(journal.plan().fingerprint()).isEqualTo(plan.fingerprint());
        assertThat(journal.count(RepairOutcome.UPDATED)).isEqualTo(3);

        var saved = dir.resolve("report.txt");
        model.saveReport(saved);
        assertThat(Files.readString(saved)).contains("3 updated").contains("SKIPPED_CHANGED POST#2 authorName");
    }

    @Test
    void anUnfinishedJournal_isFound_andResumingSendsOnlyThePendingSteps() throws Exception {
        var plan = plan(5);
        var file = dir.resolve("Blog-20261130-090000.jsonl");
        try (var journal = FanoutJournal.create(file, plan)) {
            journal.record(0, RepairOutcome.UPDATED, null);
            journal.record(1, RepairOutcome.UPDATED, null);
        }
        copies.put("POST#0", AttributeValue.s("Ann Lee"));
        copies.put("POST#1", AttributeValue.s("Ann Lee"));
        Files.writeString(dir.resolve("notes.jsonl"), "not a journal\n");

        var state = RepairStaleCopies.newestUnfinished(dir, "Blog").orElseThrow();
        assertThat(RepairStaleCopies.newestUnfinished(dir, "Other")).isEmpty();
        var session = session(false, ConnectionTag.LOCAL);
        var model = FanoutViewModel.resumeFrom(session, Runnable::run, dev.dynalens.service.fanout.FanoutSettings.DEFAULTS, state);
        assertThat(model.statusProperty().get()).contains("2 of 5 steps settled");
        assertThat(model.steps()).extracting(FanoutViewModel.StepRow::outcome).containsExactly("updated", "updated", "pending", "pending", "pending");

        var report = model.apply().get(10, TimeUnit.SECONDS);

        assertThat(session.writes).hasSize(3);
        assertThat(report.counts().updated()).isEqualTo(5);
        assertThat(FanoutJournal.read(file).orElseThrow().complete()).isTrue();
        assertThat(RepairStaleCopies.newestUnfinished(dir, "Blog")).isEmpty();
    }

    private final RecordedNotices notices = new RecordedNotices();

    private FanoutViewModel told(FanoutViewModel model) {
        model.notifyWith(notices);
        return model;
    }

    @Test
    void aCompletedRun_notifiesWithItsCounts() throws Exception {
        var session = session(false, ConnectionTag.LOCAL);
        var plan = plan(4);
        copies.put("POST#2", AttributeValue.s("Edited"));
        var model = told(FanoutViewModel.plan(session, Runnable::run, dir, dev.dynalens.service.fanout.FanoutSettings.DEFAULTS, plan));

        model.apply().get(10, TimeUnit.SECONDS);

        assertThat(notices.lines()).containsExactly("Repair finished | Repair of Blog: 3 updated, 1 skipped (changed), 0 failed | ok");
    }

    @Test
    void aCancelledRun_notifiesWithWhatWasWrittenAndWhatIsPending() throws Exception {
        var session = session(false, ConnectionTag.LOCAL);
        var plan = plan(4);
        var held = new ArrayList<CompletableFuture<WriteResult>>();
        var answer = session.writer;
        session.writer = write -> {
            var pending = new CompletableFuture<WriteResult>();
            held.add(pending);
            return pending.thenCompose(ignored -> answer.apply(write));
        };
        var oneAtATime = new dev.dynalens.service.fanout.FanoutSettings(1, java.time.Duration.ofMillis(1), java.time.Duration.ofMillis(1), 1);
        var model = told(FanoutViewModel.plan(session, Runnable::run, dir, oneAtATime, plan));

        var result = model.apply();
        assertThat(held).hasSize(1);
        model.cancel();
        assertThat(notices.lines()).isEmpty(); // the update in flight is still to be answered
        held.getFirst().complete(null);

        assertThat(result.get(10, TimeUnit.SECONDS).cancelled()).isTrue();
        assertThat(notices.lines()).containsExactly("Repair cancelled | Repair of Blog cancelled: 1 updated, 0 skipped (changed), 0 failed; 3 pending | failed");
    }

    @Test
    void aRunStoppedByAnAccessProblem_notifiesWithTheReason() throws Exception {
        var session = session(false, ConnectionTag.LOCAL);
        session.writer = write -> CompletableFuture.failedFuture(new dev.dynalens.domain.connection.DynamoAccessException(
                new dev.dynalens.domain.connection.ConnectionProblem(dev.dynalens.domain.connection.ConnectionProblem.Kind.ACCESS_DENIED,
                        "Not allowed to UpdateItem on Blog", null), null));
        var oneAtATime = new dev.dynalens.service.fanout.FanoutSettings(1, java.time.Duration.ofMillis(1), java.time.Duration.ofMillis(1), 1);
        var model = told(FanoutViewModel.plan(session, Runnable::run, dir, oneAtATime, plan(3)));

        model.apply().get(10, TimeUnit.SECONDS);

        assertThat(notices.lines()).containsExactly("Repair stopped | Repair of Blog stopped: 0 updated, 0 skipped (changed), 1 failed; 2 pending"
                + " (Not allowed to UpdateItem on Blog) | failed");
    }
}

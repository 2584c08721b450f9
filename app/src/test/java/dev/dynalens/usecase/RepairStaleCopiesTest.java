package dev.dynalens.usecase;

import dev.dynalens.service.fanout.JournalState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.connection.WriteNotConfirmedException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.staleness.RepairOutcome;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.staleness.RuleSpec;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.fanout.FanoutJournal;
import dev.dynalens.service.fanout.FanoutProgress;
import dev.dynalens.service.fanout.FanoutSettings;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Planning, journaling and applying the repair of the blog sample's six stale copies, on the calling thread. */
class RepairStaleCopiesTest {
    private static final WriteConfirmer NOT_ASKED = intent -> {
        throw new AssertionError("only a production connection asks");
    };

    @TempDir
    Path dir;

    /** The copies as the table holds them now, by item key: every guarded update is checked against them. */
    private final Map<Map<String, AttributeValue>, AttributeValue> copies = new ConcurrentHashMap<>();
    private final List<FanoutProgress> progress = new ArrayList<>();

    private RepairPlan blogPlan() {
        var planned = new RepairStaleCopies(BlogTable.answering(), FanoutSettings.DEFAULTS, Runnable::run)
                .planFromTable("Blog", RuleChoice.INFERRED, p -> { }).result().join();
        planned.plan().steps().forEach(step -> copies.put(step.key(), step.oldValue()));
        return planned.plan();
    }

    /** A session whose guarded updates apply where the copy still holds the old value, as DynamoDB's condition does. */
    private FakeDynamoSession writable(boolean readOnly, ConnectionTag tag) {
        var session = BlogTable.session(readOnly, tag);
        session.writer = write -> {
            var update = (ItemWrite.Update) write;
            boolean holds = update.values().get(":old").equals(copies.get(update.key()));
            if (holds) {
                copies.put(update.key(), update.values().get(":new"));
            }
            return CompletableFuture.completedFuture(new WriteResult(holds ? WriteResult.Status.APPLIED : WriteResult.Status.CONDITION_FAILED,
                    Optional.empty(), ConsumedCapacity.NOT_REPORTED));
        };
        session.getter = key -> {
            throw new AssertionError("no condition fails here, so nothing is read back");
        };
        return session;
    }

    private static RepairStaleCopies repair(FakeDynamoSession session) {
        return new RepairStaleCopies(session, FanoutSettings.DEFAULTS, Runnable::run);
    }

    // ---- the plan ----

    @Test
    void planFromTable_plansEveryStaleCopy_withoutListingThemInTheReport() {
        var planned = new RepairStaleCopies(BlogTable.answering(), FanoutSettings.DEFAULTS, Runnable::run)
                .planFromTable("Blog", RuleChoice.INFERRED, p -> { }).result().join();

        assertThat(planned.plan().tableName()).isEqualTo("Blog");
        assertThat(planned.plan().steps()).hasSize(6).allSatisfy(step -> {
            assertThat(step.oldValue()).isEqualTo(AttributeValue.s("Priya Raman"));
            assertThat(step.newValue()).isEqualTo(AttributeValue.s("Priya Natarajan"));
        });
        assertThat(planned.plan().steps()).extracting(step -> step.copyPath().render()).containsOnly("authorName", "commenterName", "author.name");
        assertThat(planned.detection().report().staleCopies()).isEmpty();
        assertThat(planned.detection().report().truncated()).isTrue();
    }

    @Test
    void planFromTable_keepsTheDetectionsWarnings() {
        var planned = new RepairStaleCopies(BlogTable.answering(), FanoutSettings.DEFAULTS, Runnable::run)
                .planFromTable("Blog", RuleChoice.given(List.of(RuleSpec.parse("POSTS.authorName=USER.name@authorId")), "--rule"), p -> { })
                .result().join();

        assertThat(planned.plan().steps()).isEmpty();
        assertThat(planned.detection().warnings()).extracting(StaleDetection.UnknownEntity::entity).containsExactly("POSTS");
    }

    @Test
    void planFromTable_cancelled_plansNothing() {
        var session = BlogTable.session(false, ConnectionTag.LOCAL);
        var job = new RepairStaleCopies(session, FanoutSettings.DEFAULTS, Runnable::run).planFromTable("Blog", RuleChoice.INFERRED, p -> { });
        session.lastRead().complete(BlogTable.page(session.reads.getLast()));

        job.cancel();

        assertThatThrownBy(job.result()::join).cause().isInstanceOf(CancellationException.class);
    }

    @Test
    void plan_ofACompleteDetection_coversEveryStaleCopy_andThereIsNoneOfACancelledOrCutOne() {
        var finder = new FindStaleCopies(BlogTable.answering(), Runnable::run);
        var complete = finder.start("Blog", RuleChoice.INFERRED, 100, f -> { }, p -> { }).result().join();
        var cut = finder.start("Blog", RuleChoice.INFERRED, 2, f -> { }, p -> { }).result().join();
        var session = BlogTable.session(false, ConnectionTag.LOCAL);
        var cancelledJob = new FindStaleCopies(session, Runnable::run).start("Blog", RuleChoice.INFERRED, 100, f -> { }, p -> { });
        cancelledJob.cancel();

        assertThat(RepairStaleCopies.plan(complete)).get().satisfies(plan -> {
            assertThat(plan.tableName()).isEqualTo("Blog");
            assertThat(plan.steps()).hasSize(6);
        });
        assertThat(RepairStaleCopies.plan(cut)).isEmpty();
        assertThat(RepairStaleCopies.plan(cancelledJob.result().join())).isEmpty();
    }

    // ---- the journals ----

    @Test
    void journalFileFor_namesTheFileByTableAndTime_withUnsafeCharactersReplaced() {
        var at = LocalDateTime.of(2026, 11, 30, 9, 0, 5);

        assertThat(RepairStaleCopies.journalFileFor(dir, "Blog", at)).isEqualTo(dir.resolve("Blog-20261130-090005.jsonl"));
        assertThat(RepairStaleCopies.journalFileFor(dir, "my table/v2", at)).isEqualTo(dir.resolve("my_table_v2-20261130-090005.jsonl"));
    }

    @Test
    void aWrittenJournal_readsBackToThePlan_andIsNeverOverwritten() throws Exception {
        var plan = blogPlan();
        var file = dir.resolve("fix.jsonl");

        RepairStaleCopies.writeJournal(file, plan);

        var state = RepairStaleCopies.readJournal(file).orElseThrow();
        assertThat(state.plan().steps()).isEqualTo(plan.steps());
        assertThat(state.fingerprint()).isEqualTo(plan.fingerprint());
        assertThat(state.outcomes()).isEmpty();
        assertThatThrownBy(() -> RepairStaleCopies.writeJournal(file, plan)).isInstanceOf(FileAlreadyExistsException.class);
        assertThat(RepairStaleCopies.readJournal(dir.resolve("none.jsonl"))).isEmpty();
    }

    @Test
    void newestUnfinished_findsTheNewestUnfinishedJournalOfTheTable_passingOverTheRest() throws Exception {
        var plan = blogPlan();
        // journals are ordered by the time written in them, not by their names
        var t0 = Instant.parse("2026-12-01T09:00:00Z");
        var older = dir.resolve("Blog-3.jsonl");
        RepairStaleCopies.writeJournal(older, plan, Clock.fixed(t0, ZoneOffset.UTC));
        var newer = dir.resolve("Blog-1.jsonl");
        RepairStaleCopies.writeJournal(newer, plan, Clock.fixed(t0.plusSeconds(1), ZoneOffset.UTC));
        var finished = dir.resolve("Blog-2.jsonl");
        try (var journal = FanoutJournal.create(finished, plan, Clock.fixed(t0.plusSeconds(2), ZoneOffset.UTC))) {
            for (int i = 0; i < plan.steps().size(); i++) {
                journal.record(i, RepairOutcome.UPDATED, null);
            }
        }
        RepairStaleCopies.writeJournal(dir.resolve("Other-4.jsonl"), new RepairPlan("Other", plan.steps(), List.of()));
        Files.writeString(dir.resolve("notes.jsonl"), "not a journal\n");

        assertThat(RepairStaleCopies.newestUnfinished(dir, "Blog")).get().extracting(JournalState::file).isEqualTo(newer);
        assertThat(RepairStaleCopies.newestUnfinished(dir, "Other")).isPresent();
        assertThat(RepairStaleCopies.newestUnfinished(dir, "Shop")).isEmpty();
        assertThat(RepairStaleCopies.newestUnfinished(dir.resolve("missing"), "Blog")).isEmpty();
    }

    // ---- applying ----

    @Test
    void apply_writesThePlanToANewJournal_thenEveryGuardedUpdate() throws Exception {
        var plan = blogPlan();
        var session = writable(false, ConnectionTag.LOCAL);
        var file = dir.resolve("Blog-fix.jsonl");

        var report = repair(session).apply(plan, Map.of(), RepairStaleCopies.JournalFile.create(file), NOT_ASKED, progress::add).result().join();

        assertThat(report.complete()).isTrue();
        assertThat(report.counts().updated()).isEqualTo(6);
        assertThat(session.writes).hasSize(6).allSatisfy(write -> assertThat(write).isInstanceOf(ItemWrite.Update.class));
        assertThat(copies.values()).containsOnly(AttributeValue.s("Priya Natarajan"));
        assertThat(progress.getLast().finished()).isEqualTo(6);
        var journal = RepairStaleCopies.readJournal(file).orElseThrow();
        assertThat(journal.fingerprint()).isEqualTo(plan.fingerprint());
        assertThat(journal.complete()).isTrue();
        assertThat(session.reads).isEmpty();
    }

    @Test
    void apply_resumingAJournal_sendsOnlyThePendingSteps() throws Exception {
        var plan = blogPlan();
        var file = dir.resolve("Blog-fix.jsonl");
        RepairStaleCopies.writeJournal(file, plan);
        try (var journal = FanoutJournal.append(file)) {
            journal.record(0, RepairOutcome.UPDATED, null);
            journal.record(1, RepairOutcome.UPDATED, null);
        }
        copies.put(plan.steps().get(0).key(), plan.steps().get(0).newValue());
        copies.put(plan.steps().get(1).key(), plan.steps().get(1).newValue());
        var session = writable(false, ConnectionTag.LOCAL);
        var state = RepairStaleCopies.readJournal(file).orElseThrow();

        var report = repair(session).apply(state.plan(), state.outcomes(), RepairStaleCopies.JournalFile.append(file), NOT_ASKED, progress::add)
                .result().join();

        assertThat(session.writes).hasSize(4);
        assertThat(report.counts().updated()).isEqualTo(6);
        assertThat(report.sentThisRun()).isEqualTo(4);
        assertThat(RepairStaleCopies.readJournal(file).orElseThrow().complete()).isTrue();
        assertThat(RepairStaleCopies.newestUnfinished(dir, "Blog")).isEmpty();
    }

    @Test
    void onAReadOnlyConnection_applyIsRefused_withNothingReadSentOrJournaled() {
        var plan = blogPlan();
        var session = writable(true, ConnectionTag.NONE);
        var file = dir.resolve("Blog-fix.jsonl");

        var result = repair(session).apply(plan, Map.of(), RepairStaleCopies.JournalFile.create(file), NOT_ASKED, progress::add).result();

        assertThatThrownBy(result::join).isInstanceOf(CompletionException.class).cause().isInstanceOf(ReadOnlyConnectionException.class)
                .hasMessage("Connection 'conn' is read-only: the fan-out on Blog was refused");
        assertThat(session.writes).isEmpty();
        assertThat(session.reads).isEmpty();
        assertThat(file).doesNotExist();
        assertThat(progress).isEmpty();
        assertThat(repair(session).confirm("Blog", NOT_ASKED)).isCompletedExceptionally();
    }

    @Test
    void onAProductionConnection_applyWaitsForTheTableName_andAWrongOneSendsNothing() {
        var plan = blogPlan();
        var session = writable(false, ConnectionTag.PRODUCTION);
        var file = dir.resolve("Blog-fix.jsonl");

        var refused = repair(session).apply(plan, Map.of(), RepairStaleCopies.JournalFile.create(file),
                WriteConfirmer.typed("blog", "type the table name %s to apply."), progress::add).result();

        assertThatThrownBy(refused::join).cause().isInstanceOf(WriteNotConfirmedException.class)
                .hasMessage("Connection 'conn' is tagged production: type the table name Blog to apply.");
        assertThat(session.writes).isEmpty();
        assertThat(session.reads).isEmpty();
        assertThat(file).doesNotExist();
        assertThatThrownBy(repair(session).confirm("Blog", WriteConfirmer.typed(null, "repeat the table name with --confirm-table %s to apply"))::join)
                .hasMessageContaining("repeat the table name with --confirm-table Blog to apply");

        var confirmed = repair(session).apply(plan, Map.of(), RepairStaleCopies.JournalFile.create(file),
                WriteConfirmer.typed("Blog", "type the table name %s to apply."), progress::add).result().join();

        assertThat(confirmed.counts().updated()).isEqualTo(6);
        assertThat(session.writes).hasSize(6);
    }

    @Test
    void aJournalThatCannotBeCreated_failsTheRun_withNothingSent() throws Exception {
        var plan = blogPlan();
        var session = writable(false, ConnectionTag.LOCAL);
        var file = dir.resolve("taken.jsonl");
        Files.writeString(file, "someone else's file\n");

        var result = repair(session).apply(plan, Map.of(), RepairStaleCopies.JournalFile.create(file), NOT_ASKED, progress::add).result();

        assertThatThrownBy(result::join).cause().isInstanceOf(FileAlreadyExistsException.class);
        assertThat(session.writes).isEmpty();
        assertThat(Files.readString(file)).isEqualTo("someone else's file\n");
    }

    @Test
    void cancel_sendsNothingMore_andTheReportSaysWhatIsPending() throws Exception {
        var plan = blogPlan();
        var session = writable(false, ConnectionTag.LOCAL);
        var answer = session.writer;
        var held = new ArrayList<CompletableFuture<WriteResult>>();
        session.writer = write -> {
            var pending = new CompletableFuture<WriteResult>();
            held.add(pending);
            return pending.thenCompose(ignored -> answer.apply(write));
        };
        var oneAtATime = new FanoutSettings(1, Duration.ofMillis(1), Duration.ofMillis(1), 1);
        var file = dir.resolve("Blog-fix.jsonl");

        var job = new RepairStaleCopies(session, oneAtATime, Runnable::run)
                .apply(plan, Map.of(), RepairStaleCopies.JournalFile.create(file), NOT_ASKED, progress::add);
        assertThat(held).hasSize(1);
        job.cancel();
        held.getFirst().complete(null);

        var report = job.result().join();
        assertThat(report.cancelled()).isTrue();
        assertThat(report.counts().updated()).isEqualTo(1);
        assertThat(report.pending()).isEqualTo(5);
        assertThat(session.writes).hasSize(1);
        assertThat(RepairStaleCopies.newestUnfinished(dir, "Blog")).get().extracting(JournalState::settled).isEqualTo(1L);
    }
}

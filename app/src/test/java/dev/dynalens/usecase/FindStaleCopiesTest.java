package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.staleness.Finding;
import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.staleness.RuleSpec;
import dev.dynalens.domain.staleness.StalenessReport;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** Finding stale copies on samples/blog.json served page by page by a fake session, on the calling thread. */
class FindStaleCopiesTest {
    private static final String POST_AUTHOR = "POST.authorName=USER.name@authorId";
    private static final String COMMENTER = "COMMENT.commenterName=USER.name@commenterId";
    private static final String TAG_AUTHOR = "TAG→POST.author.name=USER.name@author.id";
    /** The tag entries' copies of their post, found by the post's id in their sort key (issue 14). */
    private static final String TAG_TITLE = "TAG→POST.title=POST.title@SK:2";
    private static final String TAG_AUTHOR_ID = "TAG→POST.author.id=POST.authorId@SK:2";

    private final List<StaleProgress> progress = new ArrayList<>();

    private StaleDetection detect(FakeDynamoSession session, RuleChoice rules) {
        return new FindStaleCopies(session, Runnable::run).start("Blog", rules, 100, finding -> { }, progress::add).result().join();
    }

    private static List<String> counts(StalenessReport report) {
        return report.rules().stream().map(r -> r.rule().toSpec() + " " + r.copies() + "/" + r.stale() + "/" + r.orphans()).toList();
    }

    /** How many times the whole table was read: one Scan is {@link BlogTable#pagesPerPass()} pages. */
    private static int passesRead(FakeDynamoSession session) {
        return session.reads.size() / BlogTable.pagesPerPass();
    }

    @Test
    void inferredRules_findExactlyTheSixPlantedStaleCopiesAndTwoOrphans_inOneRead() {
        var session = BlogTable.answering();

        var detection = detect(session, RuleChoice.INFERRED);

        assertThat(detection.complete()).isTrue();
        assertThat(detection.inferred()).isTrue();
        assertThat(detection.itemCount()).isEqualTo(88);
        assertThat(detection.warnings()).isEmpty();
        assertThat(counts(detection.report())).containsExactlyInAnyOrder(POST_AUTHOR + " 16/3/0", COMMENTER + " 40/2/2", TAG_AUTHOR + " 24/1/0",
                TAG_TITLE + " 24/0/0", TAG_AUTHOR_ID + " 24/0/0");
        assertThat(detection.report().staleCopies()).hasSize(6).allSatisfy(stale -> {
            assertThat(stale.copyValue()).isEqualTo(AttributeValue.s("Priya Raman"));
            assertThat(stale.sourceValue()).isEqualTo(AttributeValue.s("Priya Natarajan"));
        });
        assertThat(detection.report().orphanCopies()).hasSize(2);
        // One Scan of every page, once: inference and detection run over what it kept.
        assertThat(session.reads).hasSize(BlogTable.pagesPerPass()).allMatch(r -> r instanceof ReadRequest.Scan);
        assertThat(detection.read().requests()).isEqualTo(BlogTable.pagesPerPass());
    }

    @Test
    void givenRules_areCheckedExactlyAndInOrder_withoutInferring() {
        var session = BlogTable.answering();

        var detection = detect(session, RuleChoice.given(List.of(RuleSpec.parse(COMMENTER), RuleSpec.parse(POST_AUTHOR)), "--rule"));

        assertThat(detection.inferred()).isFalse();
        assertThat(counts(detection.report())).containsExactly(COMMENTER + " 40/2/2", POST_AUTHOR + " 16/3/0");
        assertThat(detection.report().staleCopies()).hasSize(5);
        assertThat(passesRead(session)).isEqualTo(1);
        assertThat(progress).extracting(StaleProgress::step).containsOnly(StaleProgress.Step.READING, StaleProgress.Step.NAMING,
                StaleProgress.Step.DETECTING);
    }

    @Test
    void aLensWithConfirmedRules_checksOnlyThose_andLeavesOutASavedSpecThatDoesNotParse() {
        var session = BlogTable.answering();
        var unreadable = new ArrayList<String>();
        var lens = new Lens.RuleChoices(List.of("POST.authorName USER.name", COMMENTER), List.of(POST_AUTHOR));

        var rules = RuleChoice.of(lens, "the lens", (spec, e) -> unreadable.add(spec + ": " + e.problem()));
        var detection = detect(session, rules);

        assertThat(unreadable).singleElement().asString().startsWith("POST.authorName USER.name: ");
        assertThat(detection.inferred()).isFalse();
        assertThat(counts(detection.report())).containsExactly(COMMENTER + " 40/2/2");
        assertThat(passesRead(session)).isEqualTo(1);
    }

    @Test
    void aLensWithOnlyRejectedRules_infersTheOthers() {
        var session = BlogTable.answering();

        var detection = detect(session, RuleChoice.of(new Lens.RuleChoices(List.of(), List.of(COMMENTER)), "the lens", (spec, e) -> { }));

        assertThat(detection.inferred()).isTrue();
        assertThat(counts(detection.report())).containsExactlyInAnyOrder(POST_AUTHOR + " 16/3/0", TAG_AUTHOR + " 24/1/0",
                TAG_TITLE + " 24/0/0", TAG_AUTHOR_ID + " 24/0/0");
        assertThat(detection.report().staleCopies()).hasSize(4);
        assertThat(detection.report().orphanCopies()).isEmpty();
        assertThat(passesRead(session)).isEqualTo(1);
    }

    @Test
    void aGivenRuleOnAnUnknownEntity_findsNothing_andWarnsInTheCommandLinesWords() {
        var detection = detect(BlogTable.answering(), RuleChoice.given(List.of(RuleSpec.parse("POSTS.authorName=USER.name@authorId")), "--rule"));

        assertThat(detection.warnings()).extracting(StaleDetection.UnknownEntity::message).containsExactly(
                "--rule POSTS.authorName=USER.name@authorId: no entity 'POSTS' in Blog; its entities: COMMENT, POST, TAG→POST, USER");
        assertThat(detection.report().rules().getFirst().copies()).isZero();
        assertThat(detection.report().staleCopies()).isEmpty();
    }

    @Test
    void everyFindingReachesTheConsumer_beyondTheListedOnes_andAllAreCounted() {
        var found = new ArrayList<Finding>();

        var detection = new FindStaleCopies(BlogTable.answering(), Runnable::run)
                .start("Blog", RuleChoice.INFERRED, 1, found::add, p -> { }).result().join();

        assertThat(detection.report().truncated()).isTrue();
        assertThat(detection.report().staleCopies()).hasSize(1);
        assertThat(detection.report().rules()).extracting(StalenessReport.RuleCounts::stale).containsExactlyInAnyOrder(3L, 2L, 1L, 0L, 0L);
        assertThat(found).filteredOn(f -> f instanceof Finding.StaleCopy).hasSize(6);
        assertThat(found).filteredOn(f -> f instanceof Finding.OrphanCopy).hasSize(2);
    }

    @Test
    void progress_namesTheStepAndTheItemsRead_andTheRulesOnceDetectionBegan() {
        var session = BlogTable.session(false, ConnectionTag.LOCAL);
        var job = new FindStaleCopies(session, Runnable::run).start("Blog", RuleChoice.INFERRED, 100, finding -> { }, progress::add);

        session.lastRead().complete(BlogTable.page(session.reads.getLast()));

        assertThat(job.progress()).get().extracting(StaleProgress::text).isEqualTo("Reading the table · 25 items");
        while (!job.result().isDone()) {
            session.lastRead().complete(BlogTable.page(session.reads.getLast()));
        }
        assertThat(progress.getLast().text()).isEqualTo("Checking every copy against its source · 88 items · 1 of 1 part");
        assertThat(progress).filteredOn(p -> p.step() != StaleProgress.Step.DETECTING).allSatisfy(p -> assertThat(p.checking()).isEmpty());
        assertThat(progress).filteredOn(p -> p.step() == StaleProgress.Step.DETECTING).allSatisfy(p -> assertThat(p.checking()).hasSize(5));
        assertThat(progress).extracting(StaleProgress::step).containsSequence(StaleProgress.Step.READING, StaleProgress.Step.READING,
                StaleProgress.Step.READING, StaleProgress.Step.READING, StaleProgress.Step.NAMING);
    }

    @Test
    void cancel_duringTheRead_abortsTheReadInFlight_andListsNothing() {
        var session = BlogTable.session(false, ConnectionTag.LOCAL);
        var job = new FindStaleCopies(session, Runnable::run).start("Blog", RuleChoice.INFERRED, 100, finding -> { }, progress::add);
        for (int i = 0; i < BlogTable.pagesPerPass() - 1; i++) { // every page but the last
            session.lastRead().complete(BlogTable.page(session.reads.getLast()));
        }
        var pending = session.lastRead();

        job.cancel();

        assertThat(pending.isCancelled()).isTrue();
        var partial = job.result().join();
        assertThat(partial.complete()).isFalse();
        assertThat(partial.endedIn().text()).isEqualTo("Reading the table · 75 items");
        assertThat(partial.report()).isNull();
        assertThat(session.reads).hasSize(BlogTable.pagesPerPass());
    }

    @Test
    void cancel_beforeDetection_givesNoReport() {
        var session = BlogTable.session(false, ConnectionTag.LOCAL);
        var job = new FindStaleCopies(session, Runnable::run).start("Blog", RuleChoice.INFERRED, 100, finding -> { }, progress::add);
        session.lastRead().complete(BlogTable.page(session.reads.getLast()));

        job.cancel();

        var partial = job.result().join();
        assertThat(partial.complete()).isFalse();
        assertThat(partial.report()).isNull();
        assertThat(partial.endedIn().text()).isEqualTo("Reading the table · 25 items");
    }

    @Test
    void aFailedRead_failsTheDetection_inTheReadsWords() {
        var session = BlogTable.answering();
        int failAt = 1; // the second page
        session.responder = request -> {
            if (session.reads.size() == failAt + 1) {
                throw new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.THROTTLED, "Throttled: try again later", null), null);
            }
            return BlogTable.page(request);
        };

        var result = new FindStaleCopies(session, Runnable::run).start("Blog", RuleChoice.INFERRED, 100, finding -> { }, progress::add).result();

        assertThatThrownBy(result::join).isInstanceOf(CompletionException.class).cause()
                .isInstanceOf(StaleDetectionFailedException.class).hasMessage("Throttled: try again later")
                .satisfies(e -> {
                    var failed = (StaleDetectionFailedException) e;
                    assertThat(failed.problem().kind()).isEqualTo(ConnectionProblem.Kind.THROTTLED);
                    assertThat(failed.partial().complete()).isFalse();
                    assertThat(failed.partial().report()).isNull();
                    assertThat(failed.partial().endedIn().text()).isEqualTo("Reading the table · 25 items");
                });
        assertThat(session.reads).hasSize(failAt + 1);
    }

    @Test
    void aMissingTable_failsBeforeAnyScan() {
        var session = BlogTable.answering();
        session.description = CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(
                ConnectionProblem.Kind.TABLE_NOT_FOUND, "No table 'Blog' in us-east-1", null), null));

        var result = new FindStaleCopies(session, Runnable::run).start("Blog", RuleChoice.INFERRED, 100, finding -> { }, progress::add).result();

        assertThatThrownBy(result::join).cause().isInstanceOf(StaleDetectionFailedException.class).hasMessage("No table 'Blog' in us-east-1")
                .satisfies(e -> assertThat(((StaleDetectionFailedException) e).partial().report()).isNull());
        assertThat(session.reads).isEmpty();
    }
}

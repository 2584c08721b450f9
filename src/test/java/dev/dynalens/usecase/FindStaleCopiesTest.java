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

    private final List<StaleProgress> progress = new ArrayList<>();

    private StaleDetection detect(FakeDynamoSession session, RuleChoice rules) {
        return new FindStaleCopies(session, Runnable::run).start("Blog", rules, 100, finding -> { }, progress::add).result().join();
    }

    private static List<String> counts(StalenessReport report) {
        return report.rules().stream().map(r -> r.rule().toSpec() + " " + r.copies() + "/" + r.stale() + "/" + r.orphans()).toList();
    }

    private static int passesRead(FakeDynamoSession session) {
        return session.reads.size() / BlogTable.pagesPerPass();
    }

    @Test
    void inferredRules_findExactlyTheSixPlantedStaleCopiesAndTwoOrphans_inFivePasses() {
        var session = BlogTable.answering();

        var detection = detect(session, RuleChoice.INFERRED);

        assertThat(detection.complete()).isTrue();
        assertThat(detection.inferred()).isTrue();
        assertThat(detection.itemCount()).isEqualTo(88);
        assertThat(detection.warnings()).isEmpty();
        assertThat(counts(detection.report())).containsExactlyInAnyOrder(POST_AUTHOR + " 16/3/0", COMMENTER + " 40/2/2", TAG_AUTHOR + " 24/1/0");
        assertThat(detection.report().staleCopies()).hasSize(6).allSatisfy(stale -> {
            assertThat(stale.copyValue()).isEqualTo(AttributeValue.s("Priya Raman"));
            assertThat(stale.sourceValue()).isEqualTo(AttributeValue.s("Priya Natarajan"));
        });
        assertThat(detection.report().orphanCopies()).hasSize(2);
        assertThat(session.reads).hasSize(FindStaleCopies.PASSES * BlogTable.pagesPerPass()).allMatch(r -> r instanceof ReadRequest.Scan);
    }

    @Test
    void givenRules_areCheckedExactlyAndInOrder_withoutTheTwoInferencePasses() {
        var session = BlogTable.answering();

        var detection = detect(session, RuleChoice.given(List.of(RuleSpec.parse(COMMENTER), RuleSpec.parse(POST_AUTHOR)), "--rule"));

        assertThat(detection.inferred()).isFalse();
        assertThat(counts(detection.report())).containsExactly(COMMENTER + " 40/2/2", POST_AUTHOR + " 16/3/0");
        assertThat(detection.report().staleCopies()).hasSize(5);
        assertThat(passesRead(session)).isEqualTo(3);
        assertThat(progress).extracting(StaleProgress::pass).containsOnly(1, 4, 5);
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
        assertThat(passesRead(session)).isEqualTo(3);
    }

    @Test
    void aLensWithOnlyRejectedRules_infersTheOthers() {
        var session = BlogTable.answering();

        var detection = detect(session, RuleChoice.of(new Lens.RuleChoices(List.of(), List.of(COMMENTER)), "the lens", (spec, e) -> { }));

        assertThat(detection.inferred()).isTrue();
        assertThat(counts(detection.report())).containsExactlyInAnyOrder(POST_AUTHOR + " 16/3/0", TAG_AUTHOR + " 24/1/0");
        assertThat(detection.report().staleCopies()).hasSize(4);
        assertThat(detection.report().orphanCopies()).isEmpty();
        assertThat(passesRead(session)).isEqualTo(5);
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
        assertThat(detection.report().rules()).extracting(StalenessReport.RuleCounts::stale).containsExactlyInAnyOrder(3L, 2L, 1L);
        assertThat(found).filteredOn(f -> f instanceof Finding.StaleCopy).hasSize(6);
        assertThat(found).filteredOn(f -> f instanceof Finding.OrphanCopy).hasSize(2);
    }

    @Test
    void progress_namesThePassAndTheItemsReadInIt_andTheRulesOnceDetectionBegan() {
        var session = BlogTable.session(false, ConnectionTag.LOCAL);
        var job = new FindStaleCopies(session, Runnable::run).start("Blog", RuleChoice.INFERRED, 100, finding -> { }, progress::add);

        session.lastRead().complete(BlogTable.page(session.reads.getLast()));

        assertThat(job.progress()).get().extracting(StaleProgress::text).isEqualTo("Pass 1 of 5 · 25 items");
        while (!job.result().isDone()) {
            session.lastRead().complete(BlogTable.page(session.reads.getLast()));
        }
        assertThat(progress.getLast().text()).isEqualTo("Pass 5 of 5 · 88 items");
        assertThat(progress).filteredOn(p -> p.pass() <= 3).allSatisfy(p -> assertThat(p.checking()).isEmpty());
        assertThat(progress).filteredOn(p -> p.pass() >= 4).allSatisfy(p -> assertThat(p.checking()).hasSize(3));
        assertThat(progress).extracting(StaleProgress::pass).containsSequence(1, 1, 1, 1, 2);
    }

    @Test
    void cancel_duringDetection_abortsTheReadInFlight_andGivesWhatWasFoundSoFar() {
        var session = BlogTable.session(false, ConnectionTag.LOCAL);
        var job = new FindStaleCopies(session, Runnable::run).start("Blog", RuleChoice.INFERRED, 100, finding -> { }, progress::add);
        for (int i = 0; i < 4 * BlogTable.pagesPerPass() + 1; i++) { // passes 1 to 4, and the first page of pass 5
            session.lastRead().complete(BlogTable.page(session.reads.getLast()));
        }
        var pending = session.lastRead();

        job.cancel();

        assertThat(pending.isCancelled()).isTrue();
        var partial = job.result().join();
        assertThat(partial.complete()).isFalse();
        assertThat(partial.endedIn().text()).isEqualTo("Pass 5 of 5 · 25 items");
        assertThat(partial.report().rules()).hasSize(3);
        assertThat(partial.report().staleCopies().size()).isLessThan(6);
        assertThat(session.reads).hasSize(4 * BlogTable.pagesPerPass() + 2);
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
        assertThat(partial.endedIn().text()).isEqualTo("Pass 1 of 5 · 25 items");
    }

    @Test
    void aFailedRead_failsTheDetection_inTheReadsWords_keepingWhatWasFound() {
        var session = BlogTable.answering();
        int failAt = 3 * BlogTable.pagesPerPass() + 1; // the second page of pass 4
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
                    assertThat(failed.partial().report().rules()).hasSize(3);
                    assertThat(failed.partial().endedIn().text()).isEqualTo("Pass 4 of 5 · 25 items");
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

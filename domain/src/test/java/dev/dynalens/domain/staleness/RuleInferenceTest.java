package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.SampleModels;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuleInferenceTest {

    private static List<String> specs(List<InferredRule> rules) {
        return rules.stream().map(r -> r.rule().toSpec()).toList();
    }

    @Test
    void blog_findsTheThreeNameCopies_withTheirSupportAndConfidence() {
        var blog = SampleModels.load(SampleModels.BLOG);
        var rules = RuleInference.infer(StalenessDetectorTest.classifierOf(blog), blog.items(), RuleInference.Options.DEFAULTS);
        rules.forEach(r -> System.out.println("blog: " + r));

        // The name copies, among the rules (issue 14 added the tag entries' copies of their post, tested below).
        assertThat(rules).filteredOn(r -> r.rule().source().entity().equals("USER")).extracting(InferredRule::toString).containsExactly(
                "COMMENT.commenterName=USER.name@commenterId (36/38, 0.95)",
                "TAG→POST.author.name=USER.name@author.id (23/24, 0.96)",
                "POST.authorName=USER.name@authorId (13/16, 0.81)");
    }

    @Test
    void blog_findsTheTagEntriesCopiesOfTheirPost_byTheSlugInTheSortKey() {
        var blog = SampleModels.load(SampleModels.BLOG);
        var rules = RuleInference.infer(StalenessDetectorTest.classifierOf(blog), blog.items(), RuleInference.Options.DEFAULTS);

        // TAG#<tag> / POST#<publishedAt>#<slug> copies POST#<slug>'s title and author id: the slug is the sort key's
        // second variable, the post's id.
        assertThat(rules).extracting(InferredRule::toString).containsExactly(
                "COMMENT.commenterName=USER.name@commenterId (36/38, 0.95)",
                "TAG→POST.author.id=POST.authorId@SK:2 (24/24, 1.00)",
                "TAG→POST.title=POST.title@SK:2 (24/24, 1.00)",
                "TAG→POST.author.name=USER.name@author.id (23/24, 0.96)",
                "POST.authorName=USER.name@authorId (13/16, 0.81)");
    }

    @Test
    void blog_inferredRulesDetectExactlyThePlantedCopies() {
        var blog = SampleModels.load(SampleModels.BLOG);
        var classifier = StalenessDetectorTest.classifierOf(blog);
        var rules = RuleInference.infer(classifier, blog.items(), RuleInference.Options.DEFAULTS).stream().map(InferredRule::rule).toList();
        var report = StalenessDetectorTest.detect(classifier, rules, blog.items());
        assertThat(report.staleCopies()).hasSize(6);
        assertThat(report.orphanCopies()).hasSize(2);
    }

    @Test
    void teams_findsTheNameCopiesOfBothEdgeDirections_byTheSortKey() {
        var teams = SampleModels.load(SampleModels.TEAMS);
        var rules = RuleInference.infer(StalenessDetectorTest.classifierOf(teams), teams.items(), RuleInference.Options.DEFAULTS);
        rules.forEach(r -> System.out.println("teams: " + r));
        assertThat(specs(rules)).containsExactlyInAnyOrder("USER→TEAM.teamName=TEAM.name@SK:key", "TEAM→USER.userName=USER.name@SK:key");
    }

    @Test
    void synthetic_findsTheKeyBasedReference_andTheNestedCopy() {
        var table = new ProjectTasks(20, 5, 100, 10, 15);
        var classifier = new EntityClassifier(ProjectTasks.KEYS);
        classifier.acceptAll(table);
        var rules = RuleInference.infer(classifier, table, RuleInference.Options.DEFAULTS);
        rules.forEach(r -> System.out.println("projects: " + r));

        assertThat(rules).extracting(InferredRule::toString).containsExactly(
                "TASK.assignee.name=USER.name@assigneeId (97/97, 1.00)",
                "TASK.projectTitle=PROJECT.title@key (90/100, 0.90)");
    }

    @Test
    void copiesThatRarelyAgree_makeNoRule() {
        var table = new ProjectTasks(20, 5, 100, 2, 0);
        var classifier = new EntityClassifier(ProjectTasks.KEYS);
        classifier.acceptAll(table);
        var rules = RuleInference.infer(classifier, table, new RuleInference.Options(0.6, 2, 256, 1_000, 1_000, 3));
        // Half the titles are old: 0.5 < 0.6.
        assertThat(specs(rules)).containsExactly("TASK.assignee.name=USER.name@assigneeId");
    }

    @Test
    void largeInput_keepsOnlyRootsAndBoundedCandidates() {
        var table = new ProjectTasks(2_000, 1_000, 197_000, 1_000, 997);
        long start = System.nanoTime();
        var classifier = new EntityClassifier(ProjectTasks.KEYS);
        classifier.acceptAll(table);
        var inference = new RuleInference(classifier, RuleInference.Options.DEFAULTS);
        table.forEach(inference::acceptSource);
        table.forEach(inference::acceptCopy);
        var rules = inference.result();
        System.out.printf("rule inference: %,d items, 3 passes in %,d ms; %d candidates, %d pruned%n", table.itemCount(),
                (System.nanoTime() - start) / 1_000_000, inference.candidateCount(), inference.prunedCandidates());

        rules.forEach(r -> System.out.println("large: " + r));
        assertThat(inference.sourceEntries()).isEqualTo(3_000);
        assertThat(inference.droppedSources()).isZero();
        assertThat(inference.candidateCount()).isLessThanOrEqualTo(2 * RuleInference.Options.DEFAULTS.maxCandidatesPerEntityPair());
        assertThat(specs(rules)).containsExactlyInAnyOrder("TASK.projectTitle=PROJECT.title@key", "TASK.assignee.name=USER.name@assigneeId");
    }
}

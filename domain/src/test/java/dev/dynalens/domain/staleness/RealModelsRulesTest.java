package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.workspace.FileWorkspaces;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The rules inferred from the seven AWS NoSQL Workbench models and the samples: the same as before the new reference
 * shapes (no false rule appears where there was none), except the blog's tag entries' copies of their post, which the
 * new key-variable reference finds; and the tracker sample's eight rules, one per shape. Both through the two-pass
 * engines and the one read.
 */
class RealModelsRulesTest {
    private static final Map<String, List<String>> EXPECTED = Map.ofEntries(Map.entry("tracker.json", List.of(
                    "COMMENT.taskTitle=TASK.title@PK=SK (59/60, 0.98)", "WATCH.taskTitle=TASK.title@SK:1=SK:1 (59/60, 0.98)",
                    "COMMENT.author.name=USER.name@author.id (55/60, 0.92)", "TASK.sprintName=SPRINT.name@GSI1PK=GSI1PK (29/30, 0.97)",
                    "TASK.assigneeName=USER.name@assigneeId (28/30, 0.93)", "TASK.projectTitle=PROJECT.title@PK=SK (27/30, 0.90)",
                    "ORG→USER.userName=USER.name@SK:key (14/15, 0.93)", "PROJECT.orgName=ORG.name@key (5/6, 0.83)")),
            Map.entry("ChatSystemSchema.json", List.of()),
            Map.entry("ComplaintManagementSchema.json", List.of("comm.complaint_state=metadata.current_state@key (3/5, 0.60)")),
            Map.entry("ConnectedVehiclesSchema.json", List.of()),
            Map.entry("GamePlayerProfilesSchema.json", List.of()),
            Map.entry("RecurringPaymentsSchema.json", List.of()),
            Map.entry("SessionManagementSchema.json", List.of()),
            Map.entry("SocialNetworkSchema.json", List.of()),
            Map.entry("blog.json", List.of("COMMENT.commenterName=USER.name@commenterId (36/38, 0.95)", "TAG→POST.author.id=POST.authorId@SK:2 (24/24, 1.00)",
                    "TAG→POST.title=POST.title@SK:2 (24/24, 1.00)", "TAG→POST.author.name=USER.name@author.id (23/24, 0.96)",
                    "POST.authorName=USER.name@authorId (13/16, 0.81)")),
            Map.entry("online-shop.json", List.of("ITEM.price=PRODUCT.price@productId (60/60, 1.00)")),
            Map.entry("teams.json", List.of("USER→TEAM.teamName=TEAM.name@SK:key (18/18, 1.00)",
                    "TEAM→USER.userName=USER.name@SK:key (17/17, 1.00)")));

    @Test
    void everyModelAndSample_givesTheRulesItGaveBefore_plusTheBlogsTagEntryCopies() throws IOException {
        var found = new LinkedHashMap<String, List<String>>();
        var scanned = new LinkedHashMap<String, List<String>>();
        var namedAsKept = new LinkedHashMap<String, List<String>>();
        for (var file : dev.dynalens.domain.RealModels.modelsAndSamples()) {
            for (var table : FileWorkspaces.read(file, WorkspaceOptions.NONE).tables()) {
                var analyzer = new Analyzer(table.tableKeys());
                analyzer.acceptAll(table.items());
                var name = file.getFileName().toString();
                found.put(name, RuleInference.infer(analyzer.classifier(), table.items(), RuleInference.Options.DEFAULTS).stream()
                        .map(InferredRule::toString).toList());
                var scan = new StaleScan(table.tableKeys(), RuleChoice.INFERRED, RuleInference.Options.DEFAULTS, ProjectionStore.Budget.unlimited());
                var partial = scan.partial(0);
                partial.acceptAll(table.items());
                scanned.put(name, scan.finish(List.of(partial), RuleChoice.INFERRED, TaskRunner.IN_TURN, 1, 100, f -> { }, p -> { }, () -> false)
                        .inferred().stream().map(InferredRule::toString).toList());
                // The one part that is the whole table names its items as it keeps them (a file, a one-segment Scan).
                var whole = new StaleScan(table.tableKeys(), RuleChoice.INFERRED, RuleInference.Options.DEFAULTS, ProjectionStore.Budget.unlimited());
                var only = whole.firstPartial();
                only.acceptAll(table.items());
                namedAsKept.put(name, whole.finish(List.of(only), RuleChoice.INFERRED, TaskRunner.IN_TURN, 1, 100, f -> { }, p -> { }, () -> false)
                        .inferred().stream().map(InferredRule::toString).toList());
            }
        }
        assertThat(found).isEqualTo(EXPECTED);
        assertThat(scanned).isEqualTo(EXPECTED);
        assertThat(namedAsKept).isEqualTo(EXPECTED);
    }
}

package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.RealModels;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.workspace.FileWorkspaces;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Copies that record their source's value as it was (history) are not stale copies: issue 28's finding on AWS's
 * complaint management model, where the fan-out would have rewritten two messages' record of the complaint's state.
 */
class HistoryCheckTest {
    private static final TableKeys KEYS = TableKeys.of(KeySchema.of("PK", "SK"));

    private static StalenessReport scan(List<Item> items, RuleChoice rules, int parts) {
        var scan = new StaleScan(KEYS, rules, RuleInference.Options.DEFAULTS, ProjectionStore.Budget.unlimited());
        var partials = new ArrayList<StaleScan.Partial>();
        int size = (items.size() + parts - 1) / parts;
        for (int p = 0; p < parts; p++) {
            var partial = p == 0 ? scan.firstPartial() : scan.partial(p);
            items.subList(Math.min(items.size(), p * size), Math.min(items.size(), (p + 1) * size)).forEach(partial::accept);
            partial.end();
            partials.add(partial);
        }
        return scan.finish(partials, rules, TaskRunner.IN_TURN, 2, 100, finding -> { }, progress -> { }, () -> false).report();
    }

    private static Item item(String pk, String sk, String attribute, String value) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s(sk));
        attributes.put(attribute, AttributeValue.s(value));
        return new Item(attributes);
    }

    @Test
    void theComplaintModelsMessages_recordTheStateAsItWas_andAreNotStale() throws IOException {
        var model = FileWorkspaces.read(RealModels.awsModel("ComplaintManagementSchema.json"), WorkspaceOptions.NONE);
        var table = model.tables().get(0);
        var scan = new StaleScan(TableKeys.of(table.keySchema()), RuleChoice.INFERRED, RuleInference.Options.DEFAULTS,
                ProjectionStore.Budget.unlimited());
        var partial = scan.firstPartial();
        table.items().forEach(partial::accept);
        partial.end();

        var report = scan.finish(List.of(partial), RuleChoice.INFERRED, TaskRunner.IN_TURN, 1, 100, f -> { }, p -> { }, () -> false)
                .report();

        var rule = report.rules().stream().filter(r -> r.rule().toSpec().equals("comm.complaint_state=metadata.current_state@key"))
                .findFirst().orElseThrow();
        assertThat(rule.stale()).isZero();
        assertThat(rule.history()).isEqualTo(2);
        assertThat(rule.recordsHistory()).isTrue();
        assertThat(report.staleCopies()).isEmpty();
    }

    @Test
    void onEveryModelAndSample_onlyTheComplaintMessagesRecordHistory() throws IOException {
        var historic = new ArrayList<String>();
        for (var file : RealModels.modelsAndSamples()) {
            for (var table : FileWorkspaces.read(file, WorkspaceOptions.NONE).tables()) {
                var scan = new StaleScan(TableKeys.of(table.keySchema()).withTableName(table.name()), RuleChoice.INFERRED,
                        RuleInference.Options.DEFAULTS, ProjectionStore.Budget.unlimited());
                var partial = scan.firstPartial();
                table.items().forEach(partial::accept);
                partial.end();
                var report = scan.finish(List.of(partial), RuleChoice.INFERRED, TaskRunner.IN_TURN, 1, 100, f -> { }, p -> { },
                        () -> false).report();
                report.rules().stream().filter(StalenessReport.RuleCounts::recordsHistory)
                        .forEach(counts -> historic.add(file.getFileName() + " " + counts.rule().toSpec()));
            }
        }
        assertThat(historic).containsExactly("ComplaintManagementSchema.json comm.complaint_state=metadata.current_state@key");
    }

    @Test
    void aPartitionWhoseLatestCopyDiffers_hasStaleCopies_andTheRuleIsCheckedAsUsual() {
        var rules = RuleChoice.given(List.of(RuleSpec.parse("MSG.state=CASE.state@key")), "test");
        var items = List.of(
                item("CASE#1", "CASE", "state", "closed"),
                item("CASE#1", "MSG#2023-04-30T12:00:24#1", "state", "open"),
                item("CASE#1", "MSG#2023-04-30T12:35:54#2", "state", "closed"),
                item("CASE#2", "CASE", "state", "closed"),
                item("CASE#2", "MSG#2023-05-01T08:00:00#3", "state", "open"));

        var report = scan(items, rules, 1);

        var counts = report.rules().get(0);
        assertThat(counts.stale()).isEqualTo(2);
        assertThat(counts.history()).isZero();
        assertThat(report.staleCopies()).extracting(f -> f.key().get("SK"))
                .containsExactly(AttributeValue.s("MSG#2023-04-30T12:00:24#1"), AttributeValue.s("MSG#2023-05-01T08:00:00#3"));
    }

    @Test
    void copiesUnderSortKeysWithoutATime_areStaleEvenWhenALaterOneAgrees() {
        var rules = RuleChoice.given(List.of(RuleSpec.parse("TASK.projectTitle=PROJECT.title@key")), "test");
        var items = List.of(
                item("PROJECT#1", "PROJECT", "title", "New title"),
                item("PROJECT#1", "TASK#T-1", "projectTitle", "Old title"),
                item("PROJECT#1", "TASK#T-2", "projectTitle", "New title"));

        var counts = scan(items, rules, 1).rules().get(0);

        assertThat(counts.stale()).isEqualTo(1);
        assertThat(counts.history()).isZero();
    }

    @Test
    void historyIsTheSameHoweverTheTableIsCut_epochTimesToo() {
        var rules = RuleChoice.given(List.of(RuleSpec.parse("EVENT.status=ORDER.status@key")), "test");
        var items = new ArrayList<Item>();
        for (int order = 0; order < 20; order++) {
            items.add(item("ORDER#" + order, "ORDER", "status", "DELIVERED"));
            items.add(item("ORDER#" + order, "EVENT#" + (1_700_000_000L + order * 10), "status", "PLACED"));
            items.add(item("ORDER#" + order, "EVENT#" + (1_700_000_005L + order * 10), "status", "SHIPPED"));
            items.add(item("ORDER#" + order, "EVENT#" + (1_700_000_009L + order * 10), "status", "DELIVERED"));
        }
        for (int parts : new int[] {1, 2, 3, 7}) {
            var counts = scan(items, rules, parts).rules().get(0);
            assertThat(counts.history()).as("%d parts", parts).isEqualTo(40);
            assertThat(counts.stale()).as("%d parts", parts).isZero();
        }
    }

    @Test
    void aCheckMerges_theLatestCopyWinsWhoeverSawIt() {
        var left = new HistoryCheck();
        var right = new HistoryCheck();
        left.saw("CASE#1", "MSG#2024-01-02", false);
        right.saw("CASE#1", "MSG#2024-01-03", true);
        right.saw("CASE#1", "MSG#2024-01-01", false);

        left.absorb(right);

        assertThat(left.recordsHistory()).isTrue();
        var later = new HistoryCheck();
        later.saw("CASE#1", "MSG#2024-01-04", false);
        left.absorb(later);
        assertThat(left.recordsHistory()).isFalse();
    }
}

package dev.dynalens.ui.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.staleness.RuleSpec;
import dev.dynalens.domain.staleness.StalenessReport;
import org.junit.jupiter.api.Test;

class RuleRowTest {
    @Test
    void aRuleThatRecordsHistory_showsItsHistoryBesideTheStaleCount() {
        var rule = RuleSpec.parse("comm.complaint_state=metadata.current_state@key");

        var history = RuleRow.detected(new StalenessReport.RuleCounts(rule, 5, 0, 0, 2));
        var stale = RuleRow.detected(new StalenessReport.RuleCounts(rule, 5, 2, 0));

        assertThat(history.staleText()).isEqualTo("0 (2 history)");
        assertThat(history.history()).isEqualTo(2);
        assertThat(stale.staleText()).isEqualTo("2");
    }
}

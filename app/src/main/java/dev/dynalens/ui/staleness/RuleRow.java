package dev.dynalens.ui.staleness;

import dev.dynalens.domain.staleness.DenormalizationRule;
import dev.dynalens.domain.staleness.InferredRule;
import dev.dynalens.domain.staleness.StalenessReport;
import java.util.Locale;

/**
 * A rule with its counts; before detection, the inference's evidence (stale = copies that disagree).
 *
 * @param history copies that record an earlier value of their source (never repaired; see {@code HistoryCheck})
 */
public record RuleRow(String spec, long copies, long stale, long orphans, long history, double confidence) {
    static RuleRow inferred(InferredRule rule) {
        return new RuleRow(rule.rule().toSpec(), rule.copies(), rule.copies() - rule.support(), 0, 0, rule.confidence());
    }

    static RuleRow detected(StalenessReport.RuleCounts counts) {
        return new RuleRow(counts.rule().toSpec(), counts.copies(), counts.stale(), counts.orphans(), counts.history(),
                counts.confidence());
    }

    /** The stale count, and where the rule records history, how many copies are records of an earlier value. */
    public String staleText() {
        return history == 0 ? Long.toString(stale) : stale + " (" + history + " history)";
    }

    /** A rule detection checks, before it counted anything. */
    static RuleRow checking(DenormalizationRule rule) {
        return detected(new StalenessReport.RuleCounts(rule, 0, 0, 0));
    }

    public String confidenceText() {
        return String.format(Locale.ROOT, "%.2f", confidence);
    }
}

package dev.dynalens.ui.staleness;

import dev.dynalens.domain.staleness.DenormalizationRule;
import dev.dynalens.domain.staleness.InferredRule;
import dev.dynalens.domain.staleness.StalenessReport;
import java.util.Locale;

/** A rule with its counts; before detection, the inference's evidence (stale = copies that disagree). */
public record RuleRow(String spec, long copies, long stale, long orphans, double confidence) {
    static RuleRow inferred(InferredRule rule) {
        return new RuleRow(rule.rule().toSpec(), rule.copies(), rule.copies() - rule.support(), 0, rule.confidence());
    }

    static RuleRow detected(StalenessReport.RuleCounts counts) {
        return new RuleRow(counts.rule().toSpec(), counts.copies(), counts.stale(), counts.orphans(), counts.confidence());
    }

    /** A rule detection checks, before it counted anything. */
    static RuleRow checking(DenormalizationRule rule) {
        return detected(new StalenessReport.RuleCounts(rule, 0, 0, 0));
    }

    public String confidenceText() {
        return String.format(Locale.ROOT, "%.2f", confidence);
    }
}

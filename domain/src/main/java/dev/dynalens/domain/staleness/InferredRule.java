package dev.dynalens.domain.staleness;

import java.util.Objects;

/**
 * A rule found in the data, with the evidence for it.
 *
 * @param copies     copies whose source exists (items of the copy entity with the copy attribute and a
 *                   reference that resolves); orphans are not counted
 * @param support    those copies that equal their source
 * @param confidence support / copies
 */
public record InferredRule(DenormalizationRule rule, long copies, long support, double confidence) {
    public InferredRule {
        Objects.requireNonNull(rule, "rule");
    }

    @Override
    public String toString() {
        return rule.toSpec() + " (" + support + "/" + copies + String.format(java.util.Locale.ROOT, ", %.2f)", confidence);
    }
}

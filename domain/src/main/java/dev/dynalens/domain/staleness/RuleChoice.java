package dev.dynalens.domain.staleness;

import dev.dynalens.domain.inference.Lens;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Which denormalization rules a detection checks: rules the person gave (checked exactly, nothing is inferred), or the
 * rules inferred from the data minus those the person rejected. The app and the command line choose the same way from
 * a lens ({@link #of(Lens.RuleChoices, String, BiConsumer)}): its confirmed rules when it has any, otherwise inference
 * without its rejected rules.
 */
public sealed interface RuleChoice permits RuleChoice.Given, RuleChoice.Inferred {

    /** Infer every rule the data shows. */
    RuleChoice INFERRED = new Inferred(Set.of());

    /**
     * Check exactly these rules, in this order; the inference passes are skipped.
     *
     * @param origin where the rules came from, for messages about them ({@code --rule}, {@code --lens blog.json})
     */
    record Given(List<DenormalizationRule> rules, String origin) implements RuleChoice {
        public Given {
            rules = List.copyOf(rules);
            Objects.requireNonNull(origin, "origin");
            if (rules.isEmpty()) {
                throw new IllegalArgumentException("Given rules need at least one rule; without any, rules are inferred");
            }
        }
    }

    /** Infer the rules from the data and leave out these rule SPECs (in canonical form, as {@link DenormalizationRule#toSpec}). */
    record Inferred(Set<String> rejected) implements RuleChoice {
        public Inferred {
            rejected = Set.copyOf(rejected);
        }

        /** The inferred rules that were not rejected, in the inference's order. */
        public List<DenormalizationRule> keep(List<DenormalizationRule> inferred) {
            return inferred.stream().filter(rule -> !rejected.contains(rule.toSpec())).toList();
        }
    }

    /** The given rules, or inference when there are none. */
    static RuleChoice given(List<DenormalizationRule> rules, String origin) {
        return rules.isEmpty() ? INFERRED : new Given(rules, origin);
    }

    /**
     * What a lens chose: its confirmed rules when any of them parses, otherwise inference without its rejected rules.
     *
     * @param origin    where the lens came from, for messages about its rules
     * @param unreadable told of each confirmed SPEC that does not parse, which is then left out; it may throw to refuse
     *                   the whole lens instead (the command line does)
     */
    static RuleChoice of(Lens.RuleChoices choices, String origin, BiConsumer<String, RuleSpecException> unreadable) {
        var confirmed = new ArrayList<DenormalizationRule>();
        for (var spec : choices.confirmed()) {
            try {
                confirmed.add(RuleSpec.parse(spec));
            } catch (RuleSpecException e) {
                unreadable.accept(spec, e);
            }
        }
        return confirmed.isEmpty() ? new Inferred(Set.copyOf(choices.rejected())) : new Given(confirmed, origin);
    }
}

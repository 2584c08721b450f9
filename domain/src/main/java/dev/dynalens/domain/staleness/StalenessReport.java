package dev.dynalens.domain.staleness;

import java.util.List;
import java.util.Objects;

/**
 * What detection found: counts per rule (exact) and the findings, listed up to the detector's cap.
 *
 * @param truncated true when more findings were counted than listed
 */
public record StalenessReport(List<RuleCounts> rules, List<Finding.StaleCopy> staleCopies, List<Finding.OrphanCopy> orphanCopies,
                              boolean truncated) {
    public StalenessReport {
        rules = List.copyOf(rules);
        staleCopies = List.copyOf(staleCopies);
        orphanCopies = List.copyOf(orphanCopies);
    }

    /**
     * One rule's counts.
     *
     * @param copies  items of the copy entity that have the copy attribute and a reference
     * @param stale   copies whose source exists with another value
     * @param orphans copies whose source does not exist
     * @param history copies that differ from their source as records of an earlier value of it, not as stale copies:
     *                the rule's copies are written along a time-ordered sort key in the source's partition, and in every
     *                partition with such a difference a later copy agrees ({@link HistoryCheck}); never repaired
     */
    public record RuleCounts(DenormalizationRule rule, long copies, long stale, long orphans, long history) {
        public RuleCounts {
            Objects.requireNonNull(rule, "rule");
        }

        public RuleCounts(DenormalizationRule rule, long copies, long stale, long orphans) {
            this(rule, copies, stale, orphans, 0);
        }

        /** Whether the rule's copies record the source's value as it was: differences are history, not staleness. */
        public boolean recordsHistory() {
            return history > 0;
        }

        /** Copies that agree with their source. */
        public long agreeing() {
            return copies - stale - orphans - history;
        }

        /** Agreeing copies among those whose source exists; 0 when none has one. */
        public double confidence() {
            long withSource = copies - orphans;
            return withSource == 0 ? 0.0 : (double) agreeing() / withSource;
        }
    }
}

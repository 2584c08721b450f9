package dev.dynalens.domain.staleness;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Tells a rule whose copies record their source's value as it was from one whose copies went stale. AWS's complaint
 * management model keeps, in each complaint's partition, messages ({@code comm#2023-04-30T12:00:24#comm1}) that note the
 * complaint's state when each was written: the earlier ones differ from the complaint's {@code current_state} because
 * they are history, and a repair would rewrite it.
 *
 * <p>A rule records history when its copies live in their source's partition ({@code @key}) under a sort key that holds
 * a time (an ISO-8601 date or time, or epoch seconds or milliseconds: sort-key order is then time order), and in every
 * partition where a copy differs from the source, a later copy (by sort key) agrees with it and every differing copy is
 * older than that latest one. A partition whose latest copy differs has a stale copy, and the rule is checked as usual.
 *
 * <p>Memory: one entry per source partition with copies, and none once a copy's sort key holds no time. Merges by
 * {@link #absorb} in any order (the latest copy is the one with the greatest sort key, whoever saw it). A plain value
 * (Strings and booleans by source text): equal checks are equal, and it serializes as it is.
 */
final class HistoryCheck implements Serializable {
    private static final long serialVersionUID = 1L;
    /** A date (2023-04-30), a date and time (2023-04-30T12:00 …), or epoch seconds or milliseconds. */
    private static final Pattern TIME = Pattern.compile("(?<!\\d)(\\d{4}-\\d{2}-\\d{2}|\\d{10}|\\d{13})(?!\\d)");

    /** Per source (its reference text): the latest copy's sort key and whether it agrees, and the latest differing one. */
    private Map<String, Latest> bySource = new HashMap<>();

    private static final class Latest implements Serializable {
        private static final long serialVersionUID = 1L;
        String sortKey;
        boolean agrees;
        String latestDiffering;

        void saw(String sortKey, boolean agrees) {
            if (this.sortKey == null || sortKey.compareTo(this.sortKey) > 0) {
                this.sortKey = sortKey;
                this.agrees = agrees;
            }
            if (!agrees && (latestDiffering == null || sortKey.compareTo(latestDiffering) > 0)) {
                latestDiffering = sortKey;
            }
        }

        void absorb(Latest other) {
            if (other.sortKey != null) {
                saw(other.sortKey, other.agrees);
            }
            if (other.latestDiffering != null && (latestDiffering == null || other.latestDiffering.compareTo(latestDiffering) > 0)) {
                latestDiffering = other.latestDiffering;
            }
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Latest latest && Objects.equals(latest.sortKey, sortKey) && latest.agrees == agrees
                    && Objects.equals(latest.latestDiffering, latestDiffering);
        }

        @Override
        public int hashCode() {
            return Objects.hash(sortKey, agrees, latestDiffering);
        }
    }

    /** Whether a rule's copies can record history: they are found by their own partition key, and the table has a sort key. */
    static boolean applies(DenormalizationRule rule, boolean tableHasSortKey) {
        return tableHasSortKey && rule.reference() instanceof DenormalizationRule.Reference.ByOwnKey;
    }

    /** One copy whose source exists: its source's reference text, its sort key as text (null: none), whether it agrees. */
    void saw(String source, String sortKey, boolean agrees) {
        if (bySource == null) {
            return; // a copy's sort key held no time: the rule records no history
        }
        if (sortKey == null || !TIME.matcher(sortKey).find()) {
            bySource = null;
            return;
        }
        bySource.computeIfAbsent(source, s -> new Latest()).saw(sortKey, agrees);
    }

    /** Adds what another check of the same rule saw (a split of the copies). */
    void absorb(HistoryCheck other) {
        if (bySource == null) {
            return;
        }
        if (other.bySource == null) {
            bySource = null;
            return;
        }
        // Their entries are copied: the two checks share nothing afterwards.
        other.bySource.forEach((source, latest) -> bySource.computeIfAbsent(source, s -> new Latest()).absorb(latest));
    }

    HistoryCheck copy() {
        var copy = new HistoryCheck();
        copy.absorb(this);
        return copy;
    }

    @Override
    public boolean equals(Object other) {
        return other == this || other instanceof HistoryCheck check && Objects.equals(check.bySource, bySource);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(bySource);
    }

    /** Whether every differing copy is older than a later copy of the same source that agrees (and one differs). */
    boolean recordsHistory() {
        if (bySource == null) {
            return false;
        }
        boolean differs = false;
        for (var latest : bySource.values()) {
            if (latest.latestDiffering == null) {
                continue;
            }
            differs = true;
            if (!latest.agrees || latest.latestDiffering.compareTo(latest.sortKey) >= 0) {
                return false;
            }
        }
        return differs;
    }
}

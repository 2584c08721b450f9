package dev.dynalens.usecase;

import dev.dynalens.domain.staleness.DenormalizationRule;
import java.util.List;
import java.util.Locale;

/**
 * Where a detection of stale copies is: the pass it reads ({@link FindStaleCopies#PASSES} in all) and the items read in
 * that pass, with the rules it checks once it knows them.
 *
 * @param pass     1 names the entities, 2 and 3 infer the rules, 4 and 5 check the copies against their sources
 * @param items    items read in this pass so far
 * @param checking the rules passes 4 and 5 check; empty before detection began
 */
public record StaleProgress(int pass, long items, List<DenormalizationRule> checking) {
    /** Where a run is before its first page. */
    static final StaleProgress STARTING = new StaleProgress(1, 0, List.of());

    public StaleProgress {
        checking = List.copyOf(checking);
    }

    /** "Pass 2 of 5 · 1,234 items". */
    public String text() {
        return String.format(Locale.ROOT, "Pass %d of %d · %,d items", pass, FindStaleCopies.PASSES, items);
    }
}

package dev.dynalens.usecase;

import dev.dynalens.domain.staleness.DenormalizationRule;
import dev.dynalens.domain.staleness.StalenessReport;
import dev.dynalens.domain.table.KeySchema;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What one detection of stale copies found.
 *
 * @param report    the counts per rule and the findings listed; null for a run that was cancelled or failed (detection
 *                  runs over the whole read, so it has nothing to say before the end)
 * @param inferred  the rules were inferred from the data (not given, nor confirmed in a lens)
 * @param itemCount the items of the table, as the read read them
 * @param warnings  given rules naming an entity the table does not have (they find nothing)
 * @param complete  the read read every page and every copy was checked (false after a cancel or a failure)
 * @param endedIn   the step the run was in when it ended, and the items it had read
 * @param keySchema the table's primary key, how a finding's key is read off an item; null when the table could not be
 *                  described
 * @param plan      what was to be read, said before it was (the estimate); null when the table could not be described
 * @param read      what the read took (requests, consumed capacity); null when nothing was read before the run ended
 */
public record StaleDetection(String tableName, StalenessReport report, boolean inferred, long itemCount, List<UnknownEntity> warnings,
                             boolean complete, StaleProgress endedIn, KeySchema keySchema, StaleReadPlan plan, StaleRead read) {
    public StaleDetection {
        Objects.requireNonNull(tableName, "tableName");
        warnings = List.copyOf(warnings);
        Objects.requireNonNull(endedIn, "endedIn");
        if (complete && report == null) {
            throw new IllegalArgumentException("A complete detection has a report");
        }
    }

    /**
     * A given rule that names an entity the table does not have.
     *
     * @param origin   where the rule came from ({@code --rule}, {@code --lens FILE})
     * @param entities the entities the table has
     */
    public record UnknownEntity(String origin, DenormalizationRule rule, String entity, String tableName, SortedSet<String> entities) {
        public UnknownEntity {
            entities = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(entities));
        }

        /** "--rule POSTS.authorName=USER.name@authorId: no entity 'POSTS' in Blog; its entities: COMMENT, POST, USER". */
        public String message() {
            return origin + " " + rule.toSpec() + ": no entity '" + entity + "' in " + tableName + "; its entities: " + String.join(", ", entities);
        }
    }
}

package dev.dynalens.domain.staleness;

/**
 * What pass 2 of rule inference looks a copy's texts up in: the sources a key part's text names. On one machine it is
 * the sealed {@link SourceIndex}; a distributed job can join the copies' texts with the index's by text and hand each
 * copy a lookup of the chains its texts name.
 *
 * <p>The order of a chain does not change what is counted: each source of it is resolved on its own, and what one
 * resolution asks of the others (whether the copy's whole value named the same source) is settled before any chain of
 * a key variable is read ({@code CopyCountsTest} counts with every chain reversed and shuffled).
 */
interface SourceLookup {
    /** The sources that carry this text as one of their parts, as a chain; null when none does. */
    SourceIndex.Ref get(String text);

    /** The length of the longest text held (a longer one is not looked up); -1 when none is held. */
    int longestText();
}

package dev.dynalens.service.fanout;

/**
 * Counts of a fan-out so far, over the whole plan (steps settled by an earlier run included).
 *
 * @param concurrency the current limit of updates in flight (it drops under throttling)
 */
public record FanoutProgress(int total, int updated, int alreadyRepaired, int skippedChanged, int failed, long retries,
                             int inFlight, int concurrency) {
    public int finished() {
        return updated + alreadyRepaired + skippedChanged + failed;
    }

    public double fraction() {
        return total == 0 ? 1.0 : (double) finished() / total;
    }
}

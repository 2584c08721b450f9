package dev.dynalens.service.change;

import dev.dynalens.domain.capacity.CapacityUnits;

/**
 * Where a bulk change stands.
 *
 * @param units    the write units of the items written so far (this run's), as the plan counts them
 * @param inFlight items being written now; {@code limit} how many may be (halved on throttling)
 */
public record ChangeProgress(int total, int applied, int alreadyApplied, int skippedChanged, int failed, long retries, int inFlight,
                             int limit, CapacityUnits units) {
    public int finished() {
        return applied + alreadyApplied + skippedChanged + failed;
    }
}

package dev.dynalens.service.load;

/**
 * A load's progress so far.
 *
 * @param written  items DynamoDB confirmed
 * @param total    items to load, or -1 when the source did not say
 * @param rejected items given up on (refused by DynamoDB, or still unprocessed after every attempt)
 * @param retries  requests sent again (unprocessed items, throttling, one-by-one isolation not counted)
 * @param inFlight requests in flight
 */
public record LoadProgress(long written, long total, long rejected, long retries, int inFlight) {

    /** Done so far as a fraction of the total, or -1 when the total is unknown. */
    public double fraction() {
        return total < 0 ? -1 : total == 0 ? 1 : (double) (written + rejected) / total;
    }
}

package dev.dynalens.service.transfer;

/**
 * An import's progress so far.
 *
 * @param written   items DynamoDB confirmed
 * @param rejected  malformed lines and items refused so far
 * @param retries   requests sent again (unprocessed items, throttling)
 * @param bytesRead bytes of the file read so far (of the compressed file, for a .gz)
 * @param fileSize  the file's size in bytes
 * @param inFlight  BatchWriteItem requests sent and not answered yet: up to 25 items each may land without being counted
 */
public record ImportProgress(long written, long rejected, long retries, long bytesRead, long fileSize, int inFlight) {

    /** The share of the file read so far, from 0 to 1. */
    public double fraction() {
        return fileSize <= 0 ? 1 : Math.min(1, (double) bytesRead / fileSize);
    }
}

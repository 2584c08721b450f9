package dev.dynalens.export;

import java.util.Objects;

/**
 * One data file of an export, as {@code manifest-files.json} lists it.
 *
 * @param key       its S3 key as the manifest gives it ({@code AWSDynamoDB/<ExportId>/data/….json.gz}, or the shared
 *                  {@code AWSDynamoDB/data/…} of an incremental export), possibly behind the export's prefix
 * @param itemCount the items (or, in an incremental export, the change records) it holds
 * @param md5       the MD5 of the object's bytes (gzipped), base64, as S3's Content-MD5
 * @param etag      S3's ETag, which is not an MD5 for a multipart upload; kept, not checked
 */
public record DataFile(String key, long itemCount, String md5, String etag) {
    public DataFile {
        Objects.requireNonNull(key, "key");
        if (itemCount < 0) {
            throw new IllegalArgumentException("A data file holds no fewer than 0 items: " + itemCount);
        }
    }
}

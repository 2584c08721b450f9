package dev.dynalens.domain.exports;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An export of a table to S3 to start (ExportTableToPointInTime): a full one, of the table as it was at
 * {@code exportTime} (null: now), or an incremental one of what changed in {@code incremental}'s window.
 *
 * @param prefix     the S3 prefix the export's folder goes under; null for the bucket's root
 * @param exportTime a full export's point in time, within point-in-time recovery's window; null for now
 * @param incremental the window of an incremental export; null for a full one
 * @throws IllegalArgumentException when a field breaks the API reference's rules, with the field named
 */
public record ExportRequest(String tableName, String bucket, String prefix, ExportFormat format, Instant exportTime,
                            IncrementalWindow incremental) {
    /** S3Bucket's pattern and length (API reference, ExportTableToPointInTime). */
    private static final Pattern BUCKET = Pattern.compile("^[a-z0-9A-Z]+[.\\-\\w]*[a-z0-9A-Z]+$");
    private static final int MAX_BUCKET = 255;
    /** S3Prefix's length (API reference, ExportTableToPointInTime). */
    private static final int MAX_PREFIX = 1024;

    public ExportRequest {
        if (tableName == null || tableName.isBlank()) {
            throw new IllegalArgumentException("An export needs the table's name");
        }
        if (bucket == null || bucket.length() > MAX_BUCKET || !BUCKET.matcher(bucket).matches()) {
            throw new IllegalArgumentException("'" + bucket + "' is not an S3 bucket name DynamoDB exports to (letters, digits, '.', '-' "
                    + "and '_', starting and ending with a letter or digit, at most " + MAX_BUCKET + " characters)");
        }
        if (prefix != null && prefix.isEmpty()) {
            prefix = null;
        }
        if (prefix != null && prefix.length() > MAX_PREFIX) {
            throw new IllegalArgumentException("An export's S3 prefix holds at most " + MAX_PREFIX + " characters, not " + prefix.length());
        }
        Objects.requireNonNull(format, "format");
        if (incremental != null) {
            if (exportTime != null) {
                throw new IllegalArgumentException("An incremental export has a window (from, to), not an export time");
            }
            if (incremental.from() == null) {
                throw new IllegalArgumentException("An incremental export needs the time its window starts from");
            }
            if (incremental.to() != null && !incremental.to().isAfter(incremental.from())) {
                throw new IllegalArgumentException("An incremental export's window ends after it starts: from " + incremental.from()
                        + " to " + incremental.to());
            }
        }
    }

    /** A full export of the table as it is now. */
    public static ExportRequest full(String tableName, String bucket, String prefix, ExportFormat format) {
        return new ExportRequest(tableName, bucket, prefix, format, null, null);
    }

    public ExportType type() {
        return incremental == null ? ExportType.FULL : ExportType.INCREMENTAL;
    }

    /**
     * The request's ClientToken: the same for the same request (table, bucket, prefix, format, times), so that running
     * it again within DynamoDB's eight hours gives back the export the first run started instead of starting a second
     * (API reference, ExportTableToPointInTime: ClientToken). A request that differs in anything has another token.
     */
    public String clientToken() {
        var text = String.join("\n", "dynalens-export-v1", tableName, bucket, String.valueOf(prefix), format.name(),
                String.valueOf(exportTime), type().name(),
                incremental == null ? "" : incremental.from() + "\n" + incremental.to() + "\n" + incremental.viewType());
        try {
            var digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "dynalens-" + HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
    }

    /** "s3://bucket/prefix/": where the export's folder goes. */
    public String destination() {
        return "s3://" + bucket + "/" + (prefix == null ? "" : prefix.endsWith("/") ? prefix : prefix + "/");
    }
}

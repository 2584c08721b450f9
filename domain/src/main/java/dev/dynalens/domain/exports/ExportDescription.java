package dev.dynalens.domain.exports;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What DynamoDB says of one export (API reference, ExportDescription), as ExportTableToPointInTime and DescribeExport
 * answer. Counts and times are null where DynamoDB gave none (an export in progress has no end, no item count).
 *
 * @param exportTime   the point in time the export is a snapshot of (a full export)
 * @param incremental  an incremental export's window; null for a full export
 * @param itemCount    the items exported, once completed
 * @param billedSizeBytes what the export is billed on, once completed
 * @param manifestKey  ExportManifest: the S3 key of the export's {@code manifest-summary.json}
 */
public record ExportDescription(String exportArn, ExportStatus status, String tableArn, Instant exportTime, Instant startTime,
                                Instant endTime, String bucket, String prefix, ExportFormat format, ExportType type,
                                IncrementalWindow incremental, Long itemCount, Long billedSizeBytes, String manifestKey,
                                String failureCode, String failureMessage, String clientToken) {
    /** The folder every export writes under its prefix (Developer Guide, "DynamoDB table export output format"). */
    public static final String FOLDER = "AWSDynamoDB";
    private static final String SUMMARY = "manifest-summary.json";

    public ExportDescription {
        Objects.requireNonNull(exportArn, "exportArn");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(type, "type");
        if (prefix != null && prefix.isEmpty()) {
            prefix = null;
        }
    }

    /** The export's id, the last part of its ARN ({@code arn:aws:dynamodb:…:table/Shop/export/01700000000000-1a2b3c4d}). */
    public String exportId() {
        return exportArn.substring(exportArn.lastIndexOf('/') + 1);
    }

    /** The exported table's name, from its ARN ({@code arn:aws:dynamodb:…:table/Shop}); empty when the ARN gives none. */
    public Optional<String> tableName() {
        if (tableArn == null) {
            return Optional.empty();
        }
        var marker = ":table/";
        var at = tableArn.indexOf(marker);
        if (at < 0) {
            return Optional.empty();
        }
        var rest = tableArn.substring(at + marker.length());
        var slash = rest.indexOf('/');
        return Optional.of(slash < 0 ? rest : rest.substring(0, slash));
    }

    /**
     * The S3 key of the folder holding the export's {@code manifest-summary.json}: ExportManifest without its file name,
     * or, before DynamoDB says it, {@code PREFIX/AWSDynamoDB/EXPORT_ID} as the export writes it.
     */
    public String folderKey() {
        if (manifestKey != null && !manifestKey.isEmpty()) {
            var slash = manifestKey.lastIndexOf('/');
            return slash < 0 ? "" : manifestKey.substring(0, slash);
        }
        var under = prefix == null ? "" : prefix.endsWith("/") ? prefix : prefix + "/";
        return under + FOLDER + "/" + exportId();
    }

    /** {@code s3://BUCKET/PREFIX/AWSDynamoDB/EXPORT_ID}: the export's folder, which a read of the export is given. */
    public String uri() {
        return "s3://" + bucket + "/" + folderKey();
    }

    /** The key of the export's {@code manifest-summary.json}. */
    public String summaryKey() {
        return manifestKey != null && !manifestKey.isEmpty() ? manifestKey : folderKey() + "/" + SUMMARY;
    }

    /** "S3AccessDenied: Access Denied" or whichever of the two DynamoDB gave; empty when it gave neither. */
    public String failureText() {
        var code = failureCode == null ? "" : failureCode;
        var message = failureMessage == null ? "" : failureMessage;
        return code.isEmpty() ? message : message.isEmpty() ? code : code + ": " + message;
    }
}

package dev.dynalens.export;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code manifest-summary.json} says about an export (DynamoDB Developer Guide, "DynamoDB table export output
 * format").
 *
 * @param exportArn          the export's ARN
 * @param tableArn           the exported table's ARN
 * @param format             the data files' format
 * @param incremental        whether it is an incremental export ({@code exportType} {@code INCREMENTAL_EXPORT})
 * @param exportTime         a full export's point in time; null for an incremental one
 * @param fromTime           an incremental export's window start (inclusive); null for a full one
 * @param toTime             an incremental export's window end (exclusive); null for a full one
 * @param itemCount          the items (full) or change records (incremental) in all its files
 * @param billedSizeBytes    the size DynamoDB billed for it (0 when not given)
 * @param manifestFilesKey   the key of its {@code manifest-files.json}
 * @param outputView         an incremental export's view ({@code NEW_AND_OLD_IMAGES} or {@code NEW_IMAGE}); null otherwise
 */
public record ExportSummary(String exportArn, String tableArn, ExportFormat format, boolean incremental, Instant exportTime,
                            Instant fromTime, Instant toTime, long itemCount, long billedSizeBytes, String manifestFilesKey,
                            String outputView) {
    public ExportSummary {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(manifestFilesKey, "manifestFilesKey");
    }

    /** The moment the data is as of: a full export's point in time, an incremental export's window end. */
    public Instant snapshotTime() {
        return incremental ? toTime : exportTime;
    }

    /** The table's name, from its ARN ({@code arn:aws:dynamodb:REGION:ACCOUNT:table/NAME}). */
    public Optional<String> tableName() {
        if (tableArn == null) {
            return Optional.empty();
        }
        int slash = tableArn.indexOf(":table/");
        if (slash < 0) {
            return Optional.empty();
        }
        var rest = tableArn.substring(slash + ":table/".length());
        int end = rest.indexOf('/');
        var name = end < 0 ? rest : rest.substring(0, end);
        return name.isEmpty() ? Optional.empty() : Optional.of(name);
    }

    /** The region, from the table's ARN. */
    public Optional<String> region() {
        if (tableArn == null) {
            return Optional.empty();
        }
        var parts = tableArn.split(":", 6);
        return parts.length >= 4 && !parts[3].isEmpty() ? Optional.of(parts[3]) : Optional.empty();
    }

    /** The export's id, the last part of its ARN. */
    public String exportId() {
        if (exportArn == null) {
            return "";
        }
        int slash = exportArn.lastIndexOf('/');
        return slash < 0 ? exportArn : exportArn.substring(slash + 1);
    }
}

package dev.dynalens.service.aws;

import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportFormat;
import dev.dynalens.domain.exports.ExportRequest;
import dev.dynalens.domain.exports.ExportStatus;
import dev.dynalens.domain.exports.ExportSummary;
import dev.dynalens.domain.exports.ExportType;
import dev.dynalens.domain.exports.ExportViewType;
import dev.dynalens.domain.exports.IncrementalWindow;
import dev.dynalens.domain.exports.PointInTimeRecovery;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsDescription;
import software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeExportRequest;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.IncrementalExportSpecification;
import software.amazon.awssdk.services.dynamodb.model.ListExportsRequest;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsRequest;

/**
 * Point-in-time recovery and exports to S3: domain requests to the SDK's, and the SDK's answers to domain values
 * (API reference: DescribeContinuousBackups, UpdateContinuousBackups, ExportTableToPointInTime, DescribeExport,
 * ListExports). Pure.
 */
final class ExportMapper {
    /** ListExports answers at most 25 exports a page (API reference, ListExports: MaxResults). */
    static final int LIST_EXPORTS_PAGE = 25;

    private ExportMapper() {
    }

    static DescribeContinuousBackupsRequest describeContinuousBackups(String tableName) {
        return DescribeContinuousBackupsRequest.builder().tableName(tableName).build();
    }

    static UpdateContinuousBackupsRequest updateContinuousBackups(String tableName, boolean enabled) {
        return UpdateContinuousBackupsRequest.builder().tableName(tableName)
                .pointInTimeRecoverySpecification(spec -> spec.pointInTimeRecoveryEnabled(enabled)).build();
    }

    /** Continuous backups without a point-in-time recovery description have it off. */
    static PointInTimeRecovery toPointInTimeRecovery(ContinuousBackupsDescription description) {
        var recovery = description == null ? null : description.pointInTimeRecoveryDescription();
        if (recovery == null) {
            return PointInTimeRecovery.disabled();
        }
        return new PointInTimeRecovery(recovery.pointInTimeRecoveryStatus() == PointInTimeRecoveryStatus.ENABLED,
                recovery.earliestRestorableDateTime(), recovery.latestRestorableDateTime(), recovery.recoveryPeriodInDays());
    }

    /** The export of the table {@code tableArn} names; the ClientToken is the request's own, so a retry is the same export. */
    static ExportTableToPointInTimeRequest exportTableToPointInTime(ExportRequest request, String tableArn) {
        var builder = ExportTableToPointInTimeRequest.builder()
                .tableArn(tableArn)
                .s3Bucket(request.bucket())
                .s3Prefix(request.prefix())
                .exportFormat(request.format().name())
                .exportType(request.type().wireName())
                .clientToken(request.clientToken())
                .exportTime(request.exportTime());
        var window = request.incremental();
        if (window != null) {
            builder.incrementalExportSpecification(IncrementalExportSpecification.builder()
                    .exportFromTime(window.from()).exportToTime(window.to()).exportViewType(window.viewType().name()).build());
        }
        return builder.build();
    }

    static DescribeExportRequest describeExport(String exportArn) {
        return DescribeExportRequest.builder().exportArn(exportArn).build();
    }

    static ListExportsRequest listExports(String tableArn, String nextToken) {
        return ListExportsRequest.builder().tableArn(tableArn).maxResults(LIST_EXPORTS_PAGE).nextToken(nextToken).build();
    }

    /** A description without a format or a type is of DynamoDB's defaults: DYNAMODB_JSON, a full export. */
    static ExportDescription toDescription(software.amazon.awssdk.services.dynamodb.model.ExportDescription export) {
        var type = ExportType.ofWireName(export.exportTypeAsString());
        var spec = export.incrementalExportSpecification();
        var window = type == ExportType.INCREMENTAL && spec != null
                ? new IncrementalWindow(spec.exportFromTime(), spec.exportToTime(), ExportViewType.ofWireName(spec.exportViewTypeAsString()))
                : null;
        var format = export.exportFormatAsString() == null ? ExportFormat.DYNAMODB_JSON : ExportFormat.parse(export.exportFormatAsString());
        return new ExportDescription(export.exportArn(), ExportStatus.ofWireName(export.exportStatusAsString()), export.tableArn(),
                export.exportTime(), export.startTime(), export.endTime(), export.s3Bucket(), export.s3Prefix(), format, type, window,
                export.itemCount(), export.billedSizeBytes(), export.exportManifest(), export.failureCode(), export.failureMessage(),
                export.clientToken());
    }

    static ExportSummary toSummary(software.amazon.awssdk.services.dynamodb.model.ExportSummary summary) {
        return new ExportSummary(summary.exportArn(), ExportStatus.ofWireName(summary.exportStatusAsString()),
                ExportType.ofWireName(summary.exportTypeAsString()));
    }
}

package dev.dynalens.domain.exports;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ExportDescriptionTest {
    private static final String ARN = "arn:aws:dynamodb:us-east-1:111122223333:table/Shop/export/01764489600000-1a2b3c4d";
    private static final String TABLE_ARN = "arn:aws:dynamodb:us-east-1:111122223333:table/Shop";

    private static ExportDescription export(String prefix, String manifest) {
        return new ExportDescription(ARN, ExportStatus.COMPLETED, TABLE_ARN, Instant.parse("2026-11-30T08:00:00Z"), null, null,
                "my-bucket", prefix, ExportFormat.DYNAMODB_JSON, ExportType.FULL, null, 10L, 2048L, manifest, null, null, "t");
    }

    @Test
    void theUri_isTheFolderOfTheManifestSummary_fromExportManifest() {
        var export = export("exports/shop", "exports/shop/AWSDynamoDB/01764489600000-1a2b3c4d/manifest-summary.json");

        assertThat(export.uri()).isEqualTo("s3://my-bucket/exports/shop/AWSDynamoDB/01764489600000-1a2b3c4d");
        assertThat(export.summaryKey()).isEqualTo("exports/shop/AWSDynamoDB/01764489600000-1a2b3c4d/manifest-summary.json");
    }

    @Test
    void beforeDynamoDbNamesTheManifest_theUriIsWhereTheExportWritesIt() {
        assertThat(export("exports/shop", null).uri()).isEqualTo("s3://my-bucket/exports/shop/AWSDynamoDB/01764489600000-1a2b3c4d");
        assertThat(export("exports/shop/", null).uri()).isEqualTo("s3://my-bucket/exports/shop/AWSDynamoDB/01764489600000-1a2b3c4d");
        assertThat(export(null, null).uri()).isEqualTo("s3://my-bucket/AWSDynamoDB/01764489600000-1a2b3c4d");
        assertThat(export("", null).uri()).isEqualTo("s3://my-bucket/AWSDynamoDB/01764489600000-1a2b3c4d");
    }

    @Test
    void theIdAndTheTable_areReadFromTheArns() {
        var export = export(null, null);

        assertThat(export.exportId()).isEqualTo("01764489600000-1a2b3c4d");
        assertThat(export.tableName()).contains("Shop");
    }

    @Test
    void aFailure_isItsCodeAndMessage() {
        var failed = new ExportDescription(ARN, ExportStatus.FAILED, TABLE_ARN, null, null, null, "b1", null, ExportFormat.ION,
                ExportType.FULL, null, null, null, null, "S3AccessDenied", "Access Denied", null);

        assertThat(failed.failureText()).isEqualTo("S3AccessDenied: Access Denied");
    }
}

package dev.dynalens.domain.exports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExportRequestTest {
    private static final Instant FROM = Instant.parse("2026-11-30T08:00:00Z");
    private static final Instant TO = Instant.parse("2026-11-30T09:00:00Z");

    private static ExportRequest incremental(Instant from, Instant to, ExportViewType view) {
        return new ExportRequest("Shop", "my-bucket", "exports", ExportFormat.DYNAMODB_JSON, null, new IncrementalWindow(from, to, view));
    }

    @Test
    void theClientToken_isTheSameForTheSameRequest_soARetriedCommandGetsTheSameExport() {
        var first = ExportRequest.full("Shop", "my-bucket", "exports", ExportFormat.ION);
        var again = ExportRequest.full("Shop", "my-bucket", "exports", ExportFormat.ION);

        assertThat(first.clientToken()).isEqualTo(again.clientToken()).startsWith("dynalens-").hasSize("dynalens-".length() + 32)
                .doesNotContain("$");
    }

    @Test
    void theClientToken_differsWhenAnythingOfTheRequestDiffers() {
        var base = ExportRequest.full("Shop", "my-bucket", "exports", ExportFormat.ION).clientToken();

        assertThat(ExportRequest.full("Shop2", "my-bucket", "exports", ExportFormat.ION).clientToken()).isNotEqualTo(base);
        assertThat(ExportRequest.full("Shop", "other-bucket", "exports", ExportFormat.ION).clientToken()).isNotEqualTo(base);
        assertThat(ExportRequest.full("Shop", "my-bucket", "exports/b", ExportFormat.ION).clientToken()).isNotEqualTo(base);
        assertThat(ExportRequest.full("Shop", "my-bucket", "exports", ExportFormat.DYNAMODB_JSON).clientToken()).isNotEqualTo(base);
        assertThat(new ExportRequest("Shop", "my-bucket", "exports", ExportFormat.ION, FROM, null).clientToken()).isNotEqualTo(base);
        assertThat(incremental(FROM, TO, ExportViewType.NEW_IMAGE).clientToken())
                .isNotEqualTo(incremental(FROM, TO, ExportViewType.NEW_AND_OLD_IMAGES).clientToken())
                .isNotEqualTo(incremental(FROM, null, ExportViewType.NEW_IMAGE).clientToken());
    }

    @Test
    void anIncrementalExport_needsAWindowThatEndsAfterItStarts_andNoExportTime() {
        assertThat(incremental(FROM, TO, ExportViewType.NEW_IMAGE).type()).isEqualTo(ExportType.INCREMENTAL);
        assertThat(incremental(FROM, null, ExportViewType.NEW_IMAGE).type()).isEqualTo(ExportType.INCREMENTAL);
        assertThatThrownBy(() -> incremental(TO, FROM, ExportViewType.NEW_IMAGE))
                .hasMessage("An incremental export's window ends after it starts: from 2026-11-30T09:00:00Z to 2026-11-30T08:00:00Z");
        assertThatThrownBy(() -> incremental(null, TO, ExportViewType.NEW_IMAGE))
                .hasMessage("An incremental export needs the time its window starts from");
        assertThatThrownBy(() -> new ExportRequest("Shop", "b1", null, ExportFormat.ION, FROM, new IncrementalWindow(FROM, TO, ExportViewType.NEW_IMAGE)))
                .hasMessage("An incremental export has a window (from, to), not an export time");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-bucket", "bucket-", "my bucket", "s3://bucket", "a"})
    void aBucketDynamoDbWouldRefuse_isRefusedWithItsName(String bucket) {
        assertThatThrownBy(() -> ExportRequest.full("Shop", bucket, null, ExportFormat.ION))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("'" + bucket + "' is not an S3 bucket name");
    }

    @Test
    void anEmptyPrefix_isNoPrefix_andTheDestinationSaysWhereTheFolderGoes() {
        assertThat(ExportRequest.full("Shop", "my.bucket_1", "", ExportFormat.ION).prefix()).isNull();
        assertThat(ExportRequest.full("Shop", "my.bucket_1", "", ExportFormat.ION).destination()).isEqualTo("s3://my.bucket_1/");
        assertThat(ExportRequest.full("Shop", "b1", "a/b", ExportFormat.ION).destination()).isEqualTo("s3://b1/a/b/");
        assertThat(ExportRequest.full("Shop", "b1", "a/b/", ExportFormat.ION).destination()).isEqualTo("s3://b1/a/b/");
    }

    @Test
    void aFormat_isReadInEitherCase() {
        assertThat(ExportFormat.parse("ion")).isEqualTo(ExportFormat.ION);
        assertThat(ExportFormat.parse("dynamodb-json")).isEqualTo(ExportFormat.DYNAMODB_JSON);
        assertThatThrownBy(() -> ExportFormat.parse("csv")).hasMessage("An export's format is DYNAMODB_JSON or ION, not 'csv'");
    }
}

package dev.dynalens.export.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.export.ExportReadException;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * What S3 answers that the in-process server cannot (a bucket in another region answers 301 PermanentRedirect), as a
 * sentence: a client that fails every request with the error S3 sends (S3 API reference, "Error responses").
 */
class S3ExportStoreErrorsTest {

    private static S3ExportStore failingWith(int status, String code) {
        var error = S3Exception.builder().statusCode(status)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).errorMessage("the message S3 sent").build()).build();
        S3AsyncClient client = new S3AsyncClient() {
            @Override
            public <T> CompletableFuture<T> getObject(GetObjectRequest request, AsyncResponseTransformer<GetObjectResponse, T> transformer) {
                return CompletableFuture.failedFuture(error);
            }

            @Override
            public CompletableFuture<HeadObjectResponse> headObject(HeadObjectRequest request) {
                return CompletableFuture.failedFuture(error);
            }

            @Override
            public String serviceName() {
                return "s3";
            }

            @Override
            public void close() {
            }
        };
        return new S3ExportStore(client, "exports", "nightly/", false);
    }

    @Test
    void aBucketInAnotherRegionIsSaid() {
        assertThatThrownBy(() -> failingWith(301, "PermanentRedirect").open("AWSDynamoDB/x/manifest-summary.json"))
                .isInstanceOf(ExportReadException.class)
                .hasMessage("The bucket exports is in another region than the connection's: give the bucket's region (reading "
                        + "s3://exports/nightly/AWSDynamoDB/x/manifest-summary.json)");
    }

    @Test
    void accessDeniedAndNoSuchBucketAreSaid_andAMissingObjectIsNoSuchFile() throws Exception {
        assertThatThrownBy(() -> failingWith(403, "AccessDenied").open("k")).isInstanceOf(ExportReadException.class)
                .hasMessageStartingWith("Access denied to s3://exports/nightly/k");
        assertThatThrownBy(() -> failingWith(404, "NoSuchBucket").open("k")).hasMessage("There is no bucket exports (reading s3://exports/nightly/k)");
        assertThatThrownBy(() -> failingWith(404, "NoSuchKey").open("k")).isInstanceOf(NoSuchFileException.class);
        assertThat(failingWith(404, "NoSuchKey").exists("k")).isFalse();
        assertThatThrownBy(() -> failingWith(500, "InternalError").open("k")).isInstanceOf(ExportReadException.class)
                .hasMessage("S3 refused s3://exports/nightly/k: InternalError the message S3 sent");
    }
}

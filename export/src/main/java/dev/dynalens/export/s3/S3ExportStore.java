package dev.dynalens.export.s3;

import dev.dynalens.export.ExportReadException;
import dev.dynalens.export.ExportStore;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * An export in a bucket, read with the SDK's S3 async client: each object streamed from its first byte (GetObject), so
 * a data file is never held whole in memory. Only GetObject and HeadObject are sent: the manifests name every object,
 * so nothing is listed. An S3-compatible endpoint (path-style) serves tests and private stores.
 */
public final class S3ExportStore implements ExportStore {
    private final S3AsyncClient client;
    private final String bucket;
    private final String root;
    private final boolean ownsClient;

    /**
     * @param bucket the export's bucket
     * @param root   the prefix above {@code AWSDynamoDB/} ({@code ""} or ending in {@code /})
     */
    public S3ExportStore(S3AsyncClient client, String bucket, String root, boolean ownsClient) {
        this.client = Objects.requireNonNull(client, "client");
        this.bucket = Objects.requireNonNull(bucket, "bucket");
        this.root = Objects.requireNonNull(root, "root");
        this.ownsClient = ownsClient;
    }

    /**
     * A client of its own, closed with the store.
     *
     * @param endpoint an S3-compatible endpoint (path-style), or null for AWS's own
     */
    public static S3ExportStore open(String bucket, String root, String region, URI endpoint, AwsCredentialsProvider credentials,
                                     int concurrency) {
        var builder = S3AsyncClient.builder()
                .region(Region.of(region))
                .credentialsProvider(credentials)
                .httpClientBuilder(NettyNioAsyncHttpClient.builder()
                        .maxConcurrency(Math.max(8, concurrency * 2))
                        .connectionTimeout(Duration.ofSeconds(10))
                        .readTimeout(Duration.ofSeconds(60)));
        if (endpoint != null) {
            builder.endpointOverride(endpoint).forcePathStyle(true);
        }
        return new S3ExportStore(builder.build(), bucket, root, true);
    }

    @Override
    public InputStream open(String key) throws IOException {
        try {
            return client.getObject(GetObjectRequest.builder().bucket(bucket).key(root + key).build(),
                    AsyncResponseTransformer.toBlockingInputStream()).join();
        } catch (CompletionException e) {
            throw mapped(e.getCause(), key);
        }
    }

    @Override
    public boolean exists(String key) throws IOException {
        try {
            client.headObject(HeadObjectRequest.builder().bucket(bucket).key(root + key).build()).join();
            return true;
        } catch (CompletionException e) {
            var failure = mapped(e.getCause(), key);
            if (failure instanceof NoSuchFileException) {
                return false;
            }
            throw failure;
        }
    }

    private IOException mapped(Throwable failure, String key) {
        var where = describe(key);
        if (failure instanceof NoSuchKeyException) {
            return new NoSuchFileException(where);
        }
        if (failure instanceof S3Exception s3) {
            int status = s3.statusCode();
            var code = s3.awsErrorDetails() == null ? null : s3.awsErrorDetails().errorCode();
            if (status == 404 && "NoSuchBucket".equals(code)) {
                throw new ExportReadException("There is no bucket " + bucket + " (reading " + where + ")");
            }
            if (status == 404) {
                return new NoSuchFileException(where);
            }
            if (status == 403) {
                throw new ExportReadException("Access denied to " + where + ": the connection's credentials may not read the "
                        + "export's bucket (s3:GetObject on " + bucket + ")");
            }
            if (status == 301 || "PermanentRedirect".equals(code) || "AuthorizationHeaderMalformed".equals(code)) {
                throw new ExportReadException("The bucket " + bucket + " is in another region than the connection's: give the "
                        + "bucket's region (reading " + where + ")");
            }
            throw new ExportReadException("S3 refused " + where + ": " + (code == null ? "HTTP " + status : code) + " "
                    + s3.awsErrorDetails().errorMessage());
        }
        if (failure instanceof software.amazon.awssdk.core.exception.SdkClientException client) {
            throw new ExportReadException("Cannot reach S3 for " + where + ": " + client.getMessage());
        }
        return new IOException(failure == null ? "unknown failure" : failure.getMessage(), failure);
    }

    @Override
    public String describe(String key) {
        return "s3://" + bucket + "/" + root + key;
    }

    @Override
    public void close() {
        if (ownsClient) {
            client.close();
        }
    }
}

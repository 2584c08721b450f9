package dev.dynalens.service.aws;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.export.ExportLocation;
import dev.dynalens.export.ExportSource;
import dev.dynalens.export.s3.S3ExportStore;
import dev.dynalens.service.ExportSources;
import java.net.URI;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;

/**
 * Exports in S3 read with the SDK's S3 async client, signed with the connection's credentials (the same provider as its
 * DynamoDB client: profiles, SSO, assume-role) in its region; without a connection, the default chain and
 * {@code AWS_REGION}. Local folders are read from the file system.
 */
public final class AwsExportSources implements ExportSources {
    /** Objects read at once from one bucket: the reader's threads, and a few more for the manifests. */
    static final int CONCURRENCY = 16;
    private final Map<String, String> env;

    public AwsExportSources(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    @Override
    public ExportSource open(ExportLocation location, ConnectionProfile profile, URI s3Endpoint) {
        if (!location.isS3()) {
            return ExportSource.local(location);
        }
        AwsCredentialsProvider credentials = profile == null ? DefaultCredentialsProvider.builder().build()
                : AwsDynamoSessionFactory.credentialsProvider(profile.credentials());
        var region = profile != null && profile.region() != null && !profile.region().isBlank() ? profile.region()
                : env.getOrDefault("AWS_REGION", env.getOrDefault("AWS_DEFAULT_REGION", "us-east-1"));
        return new ExportSource(location, S3ExportStore.open(location.bucket(), location.root(), region, s3Endpoint, credentials,
                CONCURRENCY));
    }
}

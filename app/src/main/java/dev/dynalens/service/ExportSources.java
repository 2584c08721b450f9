package dev.dynalens.service;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.export.ExportLocation;
import dev.dynalens.export.ExportSource;
import java.net.URI;

/** Opens the store an export is read from: a local folder, or a bucket through S3 with a connection's credentials. */
public interface ExportSources {

    /**
     * @param profile    the connection whose credentials and region read a bucket; null for the default chain
     * @param s3Endpoint an S3-compatible endpoint, or null for AWS's own
     * @throws IllegalArgumentException with a sentence when it cannot be opened
     */
    ExportSource open(ExportLocation location, ConnectionProfile profile, URI s3Endpoint);

    /** Local folders only: where no S3 client is wired (tests of the commands). */
    static ExportSources localOnly() {
        return (location, profile, s3Endpoint) -> {
            if (location.isS3()) {
                throw new IllegalArgumentException("Reading " + location.text() + " needs S3, which this context has not wired");
            }
            return ExportSource.local(location);
        };
    }
}

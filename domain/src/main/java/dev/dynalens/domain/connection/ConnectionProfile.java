package dev.dynalens.domain.connection;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A saved connection: how to reach DynamoDB, never a secret.
 *
 * @param timeouts how long a call may take before the endpoint is reported unreachable
 */
public record ConnectionProfile(
        String id,
        String name,
        CredentialsSource credentials,
        String region,
        URI endpointOverride,
        boolean readOnly,
        ConnectionTag tag,
        CallTimeouts timeouts) {

    /** A connection with the {@linkplain CallTimeouts#DEFAULT default timeouts}. */
    public ConnectionProfile(String id, String name, CredentialsSource credentials, String region, URI endpointOverride,
                             boolean readOnly, ConnectionTag tag) {
        this(id, name, credentials, region, endpointOverride, readOnly, tag, CallTimeouts.DEFAULT);
    }

    public ConnectionProfile {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(credentials, "credentials");
        Objects.requireNonNull(tag, "tag");
        Objects.requireNonNull(timeouts, "timeouts");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("A connection needs a name");
        }
        if (region == null || region.isBlank()) {
            throw new IllegalArgumentException("A connection needs a region");
        }
        name = name.strip();
        region = region.strip();
        if (endpointOverride != null) {
            var scheme = endpointOverride.getScheme();
            if (scheme == null || !(scheme.equals("http") || scheme.equals("https")) || endpointOverride.getHost() == null) {
                throw new IllegalArgumentException("An endpoint must be an http:// or https:// URL with a host, not '" + endpointOverride + "'");
            }
        }
    }

    public static ConnectionProfile create(String name, CredentialsSource credentials, String region, URI endpoint,
                                           boolean readOnly, ConnectionTag tag) {
        return new ConnectionProfile(UUID.randomUUID().toString(), name, credentials, region, endpoint, readOnly, tag);
    }

    /** A connection to a local DynamoDB-compatible endpoint with placeholder credentials. */
    public static ConnectionProfile local(String name, URI endpoint) {
        return create(name, new CredentialsSource.LocalPlaceholder(), "us-east-1", endpoint, false, ConnectionTag.LOCAL);
    }

    public Optional<URI> endpoint() {
        return Optional.ofNullable(endpointOverride);
    }

    public ConnectionProfile withName(String newName) {
        return new ConnectionProfile(id, newName, credentials, region, endpointOverride, readOnly, tag, timeouts);
    }

    public ConnectionProfile withTimeouts(CallTimeouts newTimeouts) {
        return new ConnectionProfile(id, name, credentials, region, endpointOverride, readOnly, tag, newTimeouts);
    }
}

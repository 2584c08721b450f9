package dev.dynalens.domain.connection;

import java.util.Objects;

/** A profile found in ~/.aws/config or ~/.aws/credentials, described without any of its secrets. */
public record AwsProfileSummary(String name, Kind kind, String region) {
    public AwsProfileSummary {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }

    public enum Kind { STATIC_KEYS, SSO, ASSUME_ROLE, CREDENTIAL_PROCESS, WEB_IDENTITY, OTHER }
}

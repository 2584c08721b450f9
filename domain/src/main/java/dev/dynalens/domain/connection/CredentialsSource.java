package dev.dynalens.domain.connection;

import java.util.Objects;

/**
 * Where a connection's credentials come from. None of these hold a secret: keys, session tokens and
 * SSO tokens stay where the AWS tools keep them, and are resolved by the SDK's providers at run time.
 */
public sealed interface CredentialsSource {

    /** The SDK's default chain: environment, system properties, web identity, profile, container, instance. */
    record DefaultChain() implements CredentialsSource {
    }

    /** A named profile of ~/.aws/config and ~/.aws/credentials (static keys, SSO, assume-role, credential_process). */
    record Profile(String profileName) implements CredentialsSource {
        public Profile {
            Objects.requireNonNull(profileName, "profileName");
            if (profileName.isBlank()) {
                throw new IllegalArgumentException("A profile name must not be blank");
            }
        }
    }

    /**
     * Fixed, non-secret placeholder credentials for local endpoints (dynalite, DynamoDB Local, LocalStack)
     * that need a signed request but do not check who signed it.
     */
    record LocalPlaceholder() implements CredentialsSource {
        public static final String ACCESS_KEY_ID = "dynalens-local";
        public static final String SECRET_ACCESS_KEY = "dynalens-local";
    }

    default String describe() {
        if (this instanceof DefaultChain) {
            return "Default credential chain";
        }
        if (this instanceof Profile p) {
            return "Profile " + p.profileName();
        }
        if (this instanceof LocalPlaceholder) {
            return "Local endpoint (no credentials)";
        }
        throw new IllegalStateException("unexpected " + getClass());
    }
}

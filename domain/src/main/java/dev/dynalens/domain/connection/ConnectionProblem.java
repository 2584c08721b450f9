package dev.dynalens.domain.connection;

import java.util.Objects;

/** Why a connection failed, in words a person can act on. */
public record ConnectionProblem(Kind kind, String message, String detail) {
    public ConnectionProblem {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    public enum Kind {
        ENDPOINT_UNREACHABLE,
        BAD_CREDENTIALS,
        MISSING_CREDENTIALS,
        SSO_SESSION_EXPIRED,
        PROFILE_NOT_FOUND,
        UNKNOWN_REGION,
        ACCESS_DENIED,
        THROTTLED,
        /** The service answered with a 5xx: it failed on its side, and the request may or may not have been applied. */
        SERVER_ERROR,
        TABLE_NOT_FOUND,
        VALIDATION,
        READ_ONLY,
        /** A write to a production-tagged connection that the person did not confirm (by typing the table name). */
        NOT_CONFIRMED,
        CANCELLED,
        OTHER
    }

    @Override
    public String toString() {
        return message;
    }
}

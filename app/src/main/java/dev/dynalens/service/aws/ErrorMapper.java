package dev.dynalens.service.aws;

import dev.dynalens.domain.connection.CallTimeouts;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.table.IndexDescription;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.regions.Region;

/** Any failure of a DynamoDB call to a {@link ConnectionProblem} a person can act on. Pure. */
final class ErrorMapper {
    private static final Set<String> BAD_CREDENTIAL_CODES = Set.of("UnrecognizedClientException",
            "InvalidSignatureException", "IncompleteSignatureException", "InvalidClientTokenId",
            "MissingAuthenticationToken", "MissingAuthenticationTokenException", "ExpiredTokenException", "ExpiredToken",
            "SignatureDoesNotMatch");
    private static final Set<String> ACCESS_DENIED_CODES = Set.of("AccessDeniedException", "AccessDenied");
    private static final Set<String> THROTTLING_CODES = Set.of("ProvisionedThroughputExceededException",
            "ThrottlingException", "Throttling", "RequestLimitExceeded");
    private static final List<String> SSO_EXPIRED_HINTS = List.of("the sso session associated with this profile",
            "token is expired", "token has expired", "refresh failed", "unable to load sso token",
            "session token not found or invalid");

    private ErrorMapper() {
    }

    /** The failure as a {@link DynamoAccessException}; one already in the chain is returned as it is. */
    static DynamoAccessException toException(Throwable error, ConnectionProfile profile) {
        for (var t : causes(error)) {
            if (t instanceof DynamoAccessException known) {
                return known;
            }
        }
        return new DynamoAccessException(toProblem(error, profile), unwrap(error));
    }

    /** As {@link #toException(Throwable, ConnectionProfile)}, naming the table when it is the one not found. */
    static DynamoAccessException toException(Throwable error, ConnectionProfile profile, String tableName) {
        var mapped = toException(error, profile);
        if (tableName == null || mapped.problem().kind() != Kind.TABLE_NOT_FOUND) {
            return mapped;
        }
        var where = profile.endpoint().map(Object::toString).orElse(profile.region());
        return new DynamoAccessException(new ConnectionProblem(Kind.TABLE_NOT_FOUND, "Table '" + tableName
                + "' (or its index) was not found on " + profile.name() + " (" + where + ")", mapped.problem().detail()),
                mapped.getCause());
    }

    static ConnectionProblem toProblem(Throwable error, ConnectionProfile profile) {
        var chain = causes(error);
        for (var t : chain) {
            if (t instanceof DynamoAccessException known) {
                return known.problem();
            }
        }
        var root = unwrap(error);
        var detail = describe(root);
        if (chain.stream().anyMatch(t -> t instanceof CancellationException
                || t instanceof AbortedException)) {
            return new ConnectionProblem(Kind.CANCELLED, "The request was cancelled", detail);
        }
        if (ssoSessionExpired(chain)) {
            return new ConnectionProblem(Kind.SSO_SESSION_EXPIRED,
                    "The AWS SSO session has expired or was never started. Run `aws sso login"
                            + profileOption(profile) + "` and try again.", detail);
        }
        for (var t : chain) {
            if (t instanceof AwsServiceException service) {
                return fromService(service, profile, detail);
            }
        }
        return fromClientSide(chain, root, profile, detail);
    }

    /**
     * The answers of endpoints that know one HASH and one RANGE element per key schema only, to a request that had more
     * (docs/expressions.md, "Where a test endpoint departs"): dynalite's length constraint and its check of the second
     * element, and DynamoDB Local's "Key Schema too big".
     */
    private static final List<String> ONE_HASH_ONE_RANGE_ANSWERS = List.of("member must have length less than or equal to 2",
            "the second keyschemaelement is not a range key type", "key schema too big");

    /**
     * The failure of a request that gave these indexes a multi-attribute key: where the endpoint refused the key's length,
     * the sentence that it does not support such keys, with its own words; otherwise as {@link #toException(Throwable,
     * ConnectionProfile)}.
     */
    static DynamoAccessException toException(Throwable error, ConnectionProfile profile, List<IndexDescription> indexes) {
        var multi = indexes.stream().filter(index -> !index.key().isSingle()).toList();
        var mapped = toException(error, profile);
        var said = mapped.problem().message();
        var lower = said.toLowerCase(Locale.ROOT);
        if (multi.isEmpty() || mapped.problem().kind() != Kind.VALIDATION
                || ONE_HASH_ONE_RANGE_ANSWERS.stream().noneMatch(lower::contains)
                || lower.contains("length less than or equal to 2") && !lower.contains("keyschema")) {
            return mapped;
        }
        var keys = multi.stream().map(index -> index.name() + " (" + index.key().summary() + ")").toList();
        return new DynamoAccessException(new ConnectionProblem(Kind.VALIDATION, "The endpoint " + endpointText(profile) + " refused "
                + (keys.size() == 1 ? "the key of index " : "the keys of indexes ") + String.join(", ", keys)
                + ": this endpoint does not support multi-attribute GSI keys. It said: " + said, mapped.problem().detail()),
                mapped.getCause());
    }

    /** DynamoDB-compatible endpoints without an operation (dynalite: UpdateTimeToLive, PartiQL, transactions) say so. */
    static boolean isUnsupportedOperation(Throwable error) {
        return causes(error).stream().anyMatch(t -> t instanceof AwsServiceException service
                && "UnknownOperationException".equals(errorCode(service)));
    }

    private static ConnectionProblem fromService(AwsServiceException service, ConnectionProfile profile, String detail) {
        var code = errorCode(service);
        var message = serviceMessage(service);
        if (isSsoServiceError(service)) {
            return new ConnectionProblem(Kind.SSO_SESSION_EXPIRED,
                    "The AWS SSO session has expired. Run `aws sso login" + profileOption(profile) + "` and try again.",
                    detail);
        }
        if (BAD_CREDENTIAL_CODES.contains(code)
                || message.toLowerCase(Locale.ROOT).contains("security token included in the request is invalid")) {
            return new ConnectionProblem(Kind.BAD_CREDENTIALS, "The credentials of " + profile.credentials().describe()
                    + " were refused (" + code + "): " + message, detail);
        }
        if (ACCESS_DENIED_CODES.contains(code)) {
            return new ConnectionProblem(Kind.ACCESS_DENIED, "Access denied: " + message, detail);
        }
        if (THROTTLING_CODES.contains(code)) {
            return new ConnectionProblem(Kind.THROTTLED,
                    "DynamoDB is throttling the requests (" + code + "). Wait a moment and try again.", detail);
        }
        if ("ResourceNotFoundException".equals(code) || "TableNotFoundException".equals(code)) {
            return new ConnectionProblem(Kind.TABLE_NOT_FOUND, message.isEmpty() ? "Table not found" : message, detail);
        }
        if ("ValidationException".equals(code)) {
            return new ConnectionProblem(Kind.VALIDATION, message, detail);
        }
        var exportProblem = exportProblem(code, message, detail);
        if (exportProblem != null) {
            return exportProblem;
        }
        if ("UnknownOperationException".equals(code)) {
            return new ConnectionProblem(Kind.OTHER, "The endpoint " + endpointText(profile)
                    + " does not support this operation (UnknownOperationException)", detail);
        }
        if (service.statusCode() >= 500) {
            return new ConnectionProblem(Kind.SERVER_ERROR, "The endpoint failed on its side (" + (code == null || code.isEmpty()
                    ? "HTTP " + service.statusCode() : code) + ")" + (message.isEmpty() ? "" : ": " + message), detail);
        }
        if (code.isEmpty() && message.isEmpty()) {
            // an answer without DynamoDB's error body: a proxy or load balancer refused it (HTTP 413: the request is
            // larger than it takes)
            return new ConnectionProblem(Kind.OTHER, "The endpoint refused the request (HTTP " + service.statusCode()
                    + (service.statusCode() == 413 ? ": the request is too large" : "") + ") and said nothing more", detail);
        }
        return new ConnectionProblem(Kind.OTHER, message.isEmpty() ? code : code.isEmpty() ? message : code + ": " + message, detail);
    }

    /**
     * The refusals of point-in-time recovery and exports to S3 (API reference, ExportTableToPointInTime, DescribeExport,
     * UpdateContinuousBackups: Errors), each with what to do; null for any other code.
     */
    private static ConnectionProblem exportProblem(String code, String message, String detail) {
        var text = switch (code) {
            case "PointInTimeRecoveryUnavailableException" -> "Point-in-time recovery is off for the table, and an export is made from it: "
                    + "turn it on first (it is a change to the table, billed by its size)";
            case "InvalidExportTimeException" -> "The export's time is outside the table's point-in-time recovery window (from its "
                    + "earliest restorable time to about five minutes ago)";
            case "ExportConflictException" -> "The export conflicts with another one writing to the same S3 bucket and prefix: wait for it, "
                    + "or give another prefix";
            case "ExportNotFoundException" -> "No such export (exports are listed for 90 days)";
            case "ContinuousBackupsUnavailableException" -> "The table's backups cannot be changed right now (they are being turned on): "
                    + "try again in a few minutes";
            default -> null;
        };
        return text == null ? null : new ConnectionProblem(Kind.OTHER, text + " (" + code + (message.isEmpty() ? "" : ": " + message) + ")",
                detail);
    }

    private static ConnectionProblem fromClientSide(List<Throwable> chain, Throwable root, ConnectionProfile profile,
                                                    String detail) {
        var messages = chain.stream().map(ErrorMapper::lowerMessage).toList();
        if (messages.stream().anyMatch(m -> m.contains("unable to load credentials"))) {
            return new ConnectionProblem(Kind.MISSING_CREDENTIALS, "No AWS credentials were found for "
                    + profile.credentials().describe() + ". Run `aws configure` (or `aws configure sso`), or pick a "
                    + "profile that has credentials.", detail);
        }
        if (messages.stream().anyMatch(m -> m.contains("profile file contained no credentials for profile")
                || m.contains("no profile named") || m.contains("profile not found"))) {
            return new ConnectionProblem(Kind.PROFILE_NOT_FOUND, "Profile " + profileName(profile)
                    + " was not found in ~/.aws/config or ~/.aws/credentials, or it holds no credentials.", detail);
        }
        var endpoint = endpointText(profile);
        if (chain.stream().anyMatch(UnknownHostException.class::isInstance)) {
            if (profile.endpoint().isEmpty() && !isKnownRegion(profile.region())) {
                return new ConnectionProblem(Kind.UNKNOWN_REGION, "'" + profile.region() + "' is not an AWS region "
                        + "this application knows, and " + URI.create(endpoint).getHost()
                        + " does not resolve. Check the region.", detail);
            }
            return new ConnectionProblem(Kind.ENDPOINT_UNREACHABLE, "Cannot reach " + endpoint
                    + ": unknown host. " + (profile.endpoint().isPresent()
                    ? "Check the endpoint's host name." : "Is this computer online?"), detail);
        }
        var connect = chain.stream().filter(ConnectException.class::isInstance).findFirst();
        if (connect.isPresent()) {
            var timedOut = lowerMessage(connect.get()).contains("timed out");
            return new ConnectionProblem(Kind.ENDPOINT_UNREACHABLE, "Cannot reach " + endpoint + ": "
                    + (timedOut ? "connection timed out" : "connection refused") + ". "
                    + (profile.endpoint().isPresent() ? "Is the endpoint running?" : "Check your network and proxy."),
                    detail);
        }
        if (messages.stream().anyMatch(m -> m.contains("acquire operation took longer"))) {
            // Netty's pool gave up waiting for a connection: the endpoint did not accept one in time.
            return new ConnectionProblem(Kind.ENDPOINT_UNREACHABLE, "Cannot reach " + endpoint
                    + ": no connection could be made in time. "
                    + (profile.endpoint().isPresent() ? "Is the endpoint running?" : "Check your network and proxy."), detail);
        }
        if (chain.stream().anyMatch(t -> t instanceof ApiCallAttemptTimeoutException
                || t instanceof ApiCallTimeoutException)) {
            var timeouts = profile.timeouts();
            return new ConnectionProblem(Kind.ENDPOINT_UNREACHABLE, endpoint + " did not answer in time ("
                    + CallTimeouts.seconds(timeouts.attempt()) + " s a request, " + CallTimeouts.seconds(timeouts.total())
                    + " s with retries: the timeouts of connection '" + profile.name() + "'). "
                    + (profile.endpoint().isPresent() ? "Is the endpoint running?" : "Check your network and proxy.")
                    + " A slow link needs longer timeouts, in the connection's settings.", detail);
        }
        if (chain.stream().anyMatch(SdkClientException.class::isInstance) && (chain.stream().anyMatch(java.io.IOException.class::isInstance)
                || messages.stream().anyMatch(m -> m.contains("connection was closed during the request")))) {
            // The connection broke mid-request (reset, closed by the endpoint or a proxy): worth another attempt, and if
            // it keeps happening the endpoint is gone.
            return new ConnectionProblem(Kind.ENDPOINT_UNREACHABLE, "The connection to " + endpoint
                    + " broke during the request (it was closed or reset).", detail);
        }
        if (root instanceof IllegalArgumentException) {
            return new ConnectionProblem(Kind.VALIDATION, String.valueOf(root.getMessage()), detail);
        }
        var message = root.getMessage() == null || root.getMessage().isBlank()
                ? root.getClass().getSimpleName() : root.getMessage();
        return new ConnectionProblem(Kind.OTHER, message, detail);
    }

    private static boolean ssoSessionExpired(List<Throwable> chain) {
        return chain.stream().anyMatch(t -> {
            var message = lowerMessage(t);
            return SSO_EXPIRED_HINTS.stream().anyMatch(message::contains)
                    || (t instanceof AwsServiceException service && isSsoServiceError(service));
        });
    }

    /** The SSO portal answers UnauthorizedException when the cached access token is stale. */
    private static boolean isSsoServiceError(AwsServiceException service) {
        var type = service.getClass().getName();
        return (type.startsWith("software.amazon.awssdk.services.sso.") || type.startsWith("software.amazon.awssdk.services.ssooidc."))
                && Set.of("UnauthorizedException", "ExpiredTokenException", "InvalidGrantException").contains(errorCode(service));
    }

    private static String profileOption(ConnectionProfile profile) {
        return profile.credentials() instanceof CredentialsSource.Profile p ? " --profile " + p.profileName() : "";
    }

    private static String profileName(ConnectionProfile profile) {
        return profile.credentials() instanceof CredentialsSource.Profile p ? "'" + p.profileName() + "'" : "'default'";
    }

    static String endpointText(ConnectionProfile profile) {
        return profile.endpoint().map(URI::toString).orElse("https://dynamodb." + profile.region() + ".amazonaws.com");
    }

    private static boolean isKnownRegion(String region) {
        return Region.regions().stream().anyMatch(r -> r.id().equals(region));
    }

    private static String errorCode(AwsServiceException service) {
        var details = service.awsErrorDetails();
        var code = details == null ? null : details.errorCode();
        return code == null ? "" : code;
    }

    private static String serviceMessage(AwsServiceException service) {
        var details = service.awsErrorDetails();
        var message = details == null ? null : details.errorMessage();
        return message == null ? "" : message;
    }

    private static String lowerMessage(Throwable t) {
        return t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
    }

    private static String describe(Throwable t) {
        return t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }

    /** Strips the wrappers CompletableFuture adds. */
    static Throwable unwrap(Throwable error) {
        var t = error;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** The error and its causes, wrappers included, without looping on a cyclic chain. */
    private static List<Throwable> causes(Throwable error) {
        var chain = new ArrayList<Throwable>();
        for (var t = error; t != null && !chain.contains(t) && chain.size() < 32; t = t.getCause()) {
            chain.add(t);
        }
        return chain;
    }
}

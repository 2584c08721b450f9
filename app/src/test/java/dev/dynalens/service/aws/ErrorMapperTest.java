package dev.dynalens.service.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.sso.model.UnauthorizedException;

class ErrorMapperTest {
    private static final ConnectionProfile LOCAL = ConnectionProfile.local("local", URI.create("http://127.0.0.1:1234"));
    private static final ConnectionProfile WORK = ConnectionProfile.create("work", new CredentialsSource.Profile("work"),
            "eu-west-1", null, false, ConnectionTag.DEV);
    private static final ConnectionProfile NOWHERE = ConnectionProfile.create("typo", new CredentialsSource.DefaultChain(),
            "eu-nowhere-9", null, false, ConnectionTag.NONE);

    static Stream<Arguments> problems() {
        return Stream.of(
                Arguments.of("connection refused", LOCAL, refused(), Kind.ENDPOINT_UNREACHABLE),
                Arguments.of("unknown local host", LOCAL, unknownHost("nohost"), Kind.ENDPOINT_UNREACHABLE),
                Arguments.of("unknown host of an unknown region", NOWHERE, unknownHost("dynamodb.eu-nowhere-9.amazonaws.com"),
                        Kind.UNKNOWN_REGION),
                Arguments.of("unknown host of a known region (offline)", WORK, unknownHost("dynamodb.eu-west-1.amazonaws.com"),
                        Kind.ENDPOINT_UNREACHABLE),
                Arguments.of("attempt timeout", LOCAL, ApiCallAttemptTimeoutException.create(30_000), Kind.ENDPOINT_UNREACHABLE),
                Arguments.of("unrecognized client", WORK, service("UnrecognizedClientException",
                        "The security token included in the request is invalid."), Kind.BAD_CREDENTIALS),
                Arguments.of("invalid signature", WORK, service("InvalidSignatureException",
                        "The request signature we calculated does not match the signature you provided."), Kind.BAD_CREDENTIALS),
                Arguments.of("invalid token by message only", WORK, service("SomeOtherCode",
                        "The security token included in the request is invalid"), Kind.BAD_CREDENTIALS),
                Arguments.of("no credentials anywhere", WORK, client("Unable to load credentials from any of the providers in "
                        + "the chain AwsCredentialsProviderChain(credentialsProviders=[ProfileCredentialsProvider(): Profile "
                        + "file contained no credentials for profile 'default': ProfileFile(sections=[])])"),
                        Kind.MISSING_CREDENTIALS),
                Arguments.of("SSO session expired", WORK, client("The SSO session associated with this profile has expired "
                        + "or is otherwise invalid. To refresh this SSO session run aws sso login with the corresponding "
                        + "profile."), Kind.SSO_SESSION_EXPIRED),
                Arguments.of("SSO token expired", WORK, client("Token is expired"), Kind.SSO_SESSION_EXPIRED),
                Arguments.of("SSO token refresh failed", WORK, client("Token refresh failed: invalid_grant"),
                        Kind.SSO_SESSION_EXPIRED),
                Arguments.of("SSO portal refuses the token", WORK, UnauthorizedException.builder()
                        .awsErrorDetails(details("UnauthorizedException", "Session token not found or invalid"))
                        .statusCode(401).build(), Kind.SSO_SESSION_EXPIRED),
                Arguments.of("profile not found", WORK, client("Profile file contained no credentials for profile 'work': "
                        + "ProfileFile(sections=[profiles], profiles=[Profile(name=default, properties=[region])])"),
                        Kind.PROFILE_NOT_FOUND),
                Arguments.of("access denied", WORK, service("AccessDeniedException", "User: arn:aws:iam::1:user/x is not "
                        + "authorized to perform: dynamodb:Scan"), Kind.ACCESS_DENIED),
                Arguments.of("provisioned throughput", WORK, ProvisionedThroughputExceededException.builder()
                        .awsErrorDetails(details("ProvisionedThroughputExceededException", "slow down")).statusCode(400).build(),
                        Kind.THROTTLED),
                Arguments.of("throttling", WORK, service("ThrottlingException", "Rate exceeded"), Kind.THROTTLED),
                Arguments.of("internal server error", WORK, software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException.builder()
                        .awsErrorDetails(details("InternalServerError", "Internal server error")).statusCode(500).build(), Kind.SERVER_ERROR),
                Arguments.of("request limit", WORK, service("RequestLimitExceeded", "Throughput exceeds the account limit"),
                        Kind.THROTTLED),
                Arguments.of("table not found", WORK, ResourceNotFoundException.builder()
                        .awsErrorDetails(details("ResourceNotFoundException", "Requested resource not found"))
                        .statusCode(400).build(), Kind.TABLE_NOT_FOUND),
                Arguments.of("validation", WORK, service("ValidationException", "Query condition missed key schema element: sk"),
                        Kind.VALIDATION),
                Arguments.of("cancelled", WORK, new CancellationException(), Kind.CANCELLED),
                Arguments.of("cancelled inside the SDK", WORK, new CompletionException(new CancellationException("x")),
                        Kind.CANCELLED),
                Arguments.of("anything else", WORK, new IOException("disk on fire"), Kind.OTHER),
                Arguments.of("unknown operation", LOCAL, service("UnknownOperationException", null), Kind.OTHER));
    }

    @ParameterizedTest(name = "{0} -> {3}")
    @MethodSource("problems")
    void toProblem_kinds(String situation, ConnectionProfile profile, Throwable error, Kind expected) {
        assertEquals(expected, ErrorMapper.toProblem(error, profile).kind(), situation);
        assertEquals(expected, ErrorMapper.toProblem(new CompletionException(new CompletionException(error)), profile).kind(),
                situation + ", wrapped twice");
    }

    @Test
    void connectionRefused_namesTheEndpointAndWhatToCheck() {
        var problem = ErrorMapper.toProblem(new CompletionException(refused()), LOCAL);

        assertEquals("Cannot reach http://127.0.0.1:1234: connection refused. Is the endpoint running?", problem.message());
        assertTrue(problem.detail().contains("Connection refused"), problem.detail());
    }

    @Test
    void connectionPoolAcquireTimeout_isAnUnreachableEndpoint() {
        var problem = ErrorMapper.toProblem(new CompletionException(client("Unable to execute HTTP request: Acquire operation "
                + "took longer than the configured maximum time. This indicates that a request cannot get a connection")), LOCAL);

        assertEquals(Kind.ENDPOINT_UNREACHABLE, problem.kind());
        assertEquals("Cannot reach http://127.0.0.1:1234: no connection could be made in time. Is the endpoint running?",
                problem.message());
    }

    @Test
    void unknownRegion_namesTheRegionAndHost() {
        var problem = ErrorMapper.toProblem(unknownHost("dynamodb.eu-nowhere-9.amazonaws.com"), NOWHERE);

        assertTrue(problem.message().contains("'eu-nowhere-9'"), problem.message());
        assertTrue(problem.message().contains("dynamodb.eu-nowhere-9.amazonaws.com"), problem.message());
    }

    @Test
    void ssoExpired_tellsTheLoginCommandForTheProfile() {
        var problem = ErrorMapper.toProblem(client("Token is expired"), WORK);

        assertTrue(problem.message().contains("Run `aws sso login --profile work`"), problem.message());
    }

    @Test
    void missingCredentials_pointsAtAwsConfigure() {
        var problem = ErrorMapper.toProblem(client("Unable to load credentials from any of the providers in the chain"), WORK);

        assertTrue(problem.message().contains("aws configure"), problem.message());
    }

    @Test
    void profileNotFound_namesTheProfile() {
        var problem = ErrorMapper.toProblem(client("Profile file contained no credentials for profile 'work': ProfileFile()"), WORK);

        assertTrue(problem.message().contains("'work'"), problem.message());
    }

    @Test
    void validation_keepsDynamoDbsMessage() {
        var problem = ErrorMapper.toProblem(service("ValidationException", "One or more parameter values were invalid"), WORK);

        assertEquals("One or more parameter values were invalid", problem.message());
    }

    @Test
    void badCredentials_saysWhichCredentials() {
        var problem = ErrorMapper.toProblem(service("UnrecognizedClientException",
                "The security token included in the request is invalid."), WORK);

        assertTrue(problem.message().contains("Profile work"), problem.message());
        assertTrue(problem.message().contains("The security token included in the request is invalid."), problem.message());
    }

    @Test
    void anAnswerWithoutAnErrorBody_saysItsStatus_neverNothing() {
        // a 23.8 MB request came back as HTTP 413 with no DynamoDB error, and the CLI printed "dynalens: " and nothing
        var problem = ErrorMapper.toProblem(DynamoDbException.builder().statusCode(413).build(), WORK);

        assertEquals("The endpoint refused the request (HTTP 413: the request is too large) and said nothing more", problem.message());
    }

    @Test
    void other_keepsTheMessage() {
        assertEquals("disk on fire", ErrorMapper.toProblem(new IOException("disk on fire"), WORK).message());
    }

    @Test
    void toException_keepsAnAccessExceptionAlreadyInTheChain() {
        var readOnly = new ReadOnlyConnectionException("prod", "PutItem");

        assertSame(readOnly, ErrorMapper.toException(new CompletionException(readOnly), WORK));
        assertEquals(Kind.READ_ONLY, ErrorMapper.toProblem(readOnly, WORK).kind());
    }

    @Test
    void toException_causeIsTheUnwrappedError() {
        var error = service("ValidationException", "bad");

        var exception = ErrorMapper.toException(new CompletionException(error), WORK);

        assertSame(error, exception.getCause());
        assertEquals(Kind.VALIDATION, exception.problem().kind());
    }

    @Test
    void unsupportedOperation_isRecognised() {
        assertTrue(ErrorMapper.isUnsupportedOperation(new CompletionException(service("UnknownOperationException", null))));
        assertFalse(ErrorMapper.isUnsupportedOperation(service("ValidationException", "x")));
    }

    @Test
    void cyclicCauseChain_doesNotLoop() {
        var a = new RuntimeException("a");
        var b = new RuntimeException("b", a);
        a.initCause(b);

        assertEquals(Kind.OTHER, ErrorMapper.toProblem(a, WORK).kind());
    }

    private static SdkClientException refused() {
        return SdkClientException.builder().message("Unable to execute HTTP request: Connection refused: /127.0.0.1:1234")
                .cause(new ConnectException("Connection refused: /127.0.0.1:1234")).build();
    }

    private static SdkClientException unknownHost(String host) {
        return SdkClientException.builder().message("Unable to execute HTTP request: " + host)
                .cause(new UnknownHostException(host)).build();
    }

    private static SdkClientException client(String message) {
        return SdkClientException.builder().message(message).build();
    }

    private static AwsErrorDetails details(String code, String message) {
        return AwsErrorDetails.builder().errorCode(code).errorMessage(message).serviceName("DynamoDb").build();
    }

    private static DynamoDbException service(String code, String message) {
        return (DynamoDbException) DynamoDbException.builder().awsErrorDetails(details(code, message)).message(message)
                .statusCode(400).build();
    }
}

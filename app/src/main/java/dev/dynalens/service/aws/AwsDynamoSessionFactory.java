package dev.dynalens.service.aws;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.DynamoSessionFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Objects;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.SdkEventLoopGroup;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/** Opens one {@link DynamoDbAsyncClient} (Netty) per connection. */
public final class AwsDynamoSessionFactory implements DynamoSessionFactory {
    static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(5);
    /** A desktop client needs few: one connection's requests are mostly sequential pages. */
    static final int EVENT_LOOP_THREADS = 2;

    private final AwsDynamoSession.Settings settings;

    public AwsDynamoSessionFactory() {
        this(AwsDynamoSession.Settings.DEFAULT);
    }

    AwsDynamoSessionFactory(AwsDynamoSession.Settings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    @Override
    public DynamoSession open(ConnectionProfile profile) {
        var credentials = credentialsProvider(profile.credentials());
        SdkAsyncHttpClient http = null;
        try {
            var cancellation = new HttpCancellation();
            // Our own event loop group: the SDK would shut its own down with Netty's 2 s quiet period, which
            // made closing a connection (and every CLI command) wait 2 s. Nothing is in flight when we close.
            var eventLoops = SdkEventLoopGroup.builder().numberOfThreads(EVENT_LOOP_THREADS).build();
            // The connection's timeouts (CallTimeouts): an endpoint that is dead or hung is reported in seconds, naming it.
            var timeouts = profile.timeouts();
            var connect = CONNECTION_TIMEOUT.compareTo(timeouts.attempt()) < 0 ? CONNECTION_TIMEOUT : timeouts.attempt();
            http = cancellation.wrap(NettyNioAsyncHttpClient.builder().connectionTimeout(connect)
                    .eventLoopGroup(eventLoops).build());
            var builder = DynamoDbAsyncClient.builder()
                    .region(Region.of(profile.region()))
                    .credentialsProvider(credentials)
                    .httpClient(http)
                    .overrideConfiguration(c -> c.retryStrategy(RetryMode.STANDARD)
                            .addExecutionInterceptor(cancellation)
                            .apiCallAttemptTimeout(timeouts.attempt())
                            .apiCallTimeout(timeouts.total()));
            profile.endpoint().ifPresent(builder::endpointOverride);
            var toClose = new ArrayList<AutoCloseable>();
            // The SDK closes neither an HTTP client nor a credentials provider it was given, nor an event loop group.
            toClose.add(http);
            toClose.add(() -> eventLoops.eventLoopGroup().shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS)
                    .awaitUninterruptibly(2, java.util.concurrent.TimeUnit.SECONDS));
            if (credentials instanceof AutoCloseable closeable) {
                toClose.add(closeable);
            }
            return new AwsDynamoSession(profile, builder.build(), cancellation, toClose, settings);
        } catch (RuntimeException e) {
            closeQuietly(http);
            if (credentials instanceof AutoCloseable closeable) {
                closeQuietly(closeable);
            }
            throw ErrorMapper.toException(e, profile);
        }
    }

    /**
     * Profiles resolve through the SDK's own provider, so static keys, SSO (with sso-session), assume-role with
     * source_profile and credential_process all work as they do for the AWS CLI. Nothing is read here.
     */
    static AwsCredentialsProvider credentialsProvider(CredentialsSource source) {
        return switch (source) {
            case CredentialsSource.DefaultChain ignored -> DefaultCredentialsProvider.builder().build();
            case CredentialsSource.Profile profile -> ProfileCredentialsProvider.builder()
                    .profileName(profile.profileName()).build();
            case CredentialsSource.LocalPlaceholder ignored -> StaticCredentialsProvider.create(AwsBasicCredentials.create(
                    CredentialsSource.LocalPlaceholder.ACCESS_KEY_ID, CredentialsSource.LocalPlaceholder.SECRET_ACCESS_KEY));
        };
    }

    /** Closing is best effort: a resource that fails to close must not keep the others open. */
    static void closeQuietly(AutoCloseable resource) {
        if (resource == null) {
            return;
        }
        try {
            resource.close();
        } catch (Exception ignored) {
            // nothing a person could do about it
        }
    }
}

package dev.dynalens.testsupport;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * Gives tests a DynamoDB-compatible endpoint: a {@link TestEndpoint} and, if asked for, a {@link DynamoSession}
 * opened through the application's own factory. One endpoint, one client and one session serve the whole
 * test JVM; they live in the root store and are closed when the run ends, whatever its outcome.
 *
 * <p>Which endpoint is chosen by system properties (the pom passes them on):
 * <ul>
 *   <li>default: the dynalite of {@code dynalite.dir} (default {@code src/test/dynalite}), started once, lazily;</li>
 *   <li>{@code -Ddynamodb.endpoint=http://host:port}: that endpoint; nothing is started;</li>
 *   <li>{@code -Ddynamodb.backend=container}: DynamoDB Local in Docker; fails (never skips) without Docker.</li>
 * </ul>
 */
public final class DynamoEndpointExtension implements ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(DynamoEndpointExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        var type = parameter.getParameter().getType();
        return type == TestEndpoint.class || type == DynamoSession.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Resources resources;
        try {
            resources = context.getRoot().getStore(NAMESPACE)
                    .getOrComputeIfAbsent(Resources.class, key -> Resources.start(), Resources.class);
        } catch (RuntimeException e) {
            throw new ParameterResolutionException("No DynamoDB test endpoint: " + e.getMessage(), e);
        }
        return parameter.getParameter().getType() == TestEndpoint.class ? resources.endpoint() : resources.session();
    }

    /** A dynalite of its own, for a test that has to stop it; the caller closes it. */
    public static DynaliteProcess startPrivateDynalite() {
        return DynaliteProcess.start(dynaliteDir());
    }

    /** A client for any endpoint, configured like the shared one (placeholder credentials, us-east-1). Close it. */
    public static DynamoDbAsyncClient newClient(URI endpoint) {
        return DynamoDbAsyncClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        CredentialsSource.LocalPlaceholder.ACCESS_KEY_ID, CredentialsSource.LocalPlaceholder.SECRET_ACCESS_KEY)))
                .httpClientBuilder(NettyNioAsyncHttpClient.builder().connectionTimeout(Duration.ofSeconds(5)))
                .build();
    }

    static Path dynaliteDir() {
        var dir = System.getProperty("dynalite.dir", "");
        return dir.isBlank() ? Path.of("app/src/test/dynalite") : Path.of(dir);
    }

    /**
     * Everything of the run, closed in reverse order of opening. JUnit closes AutoCloseable values of the
     * root store when the run ends (Store.CloseableResource is deprecated since JUnit 5.13).
     */
    static final class Resources implements AutoCloseable {
        private final Deque<AutoCloseable> toClose = new ArrayDeque<>();
        private TestEndpoint endpoint;
        private DynamoSession session;

        static Resources start() {
            var resources = new Resources();
            try {
                var uri = resources.startEndpoint();
                var client = newClient(uri);
                resources.toClose.push(client);
                resources.endpoint = new TestEndpoint(uri, client, backend());
                return resources;
            } catch (RuntimeException e) {
                resources.close();
                throw e;
            }
        }

        private URI startEndpoint() {
            var external = System.getProperty("dynamodb.endpoint", "").strip();
            if (!external.isEmpty()) {
                return URI.create(external);
            }
            var backend = backend();
            if (!backend.equals("dynalite") && !backend.equals("container")) {
                throw new IllegalStateException("-Ddynamodb.backend=" + backend + " is not a backend: use dynalite (the default) "
                        + "or container, or pass -Ddynamodb.endpoint=http://host:port");
            }
            if (backend.equals("container")) {
                var container = ContainerEndpoint.start();
                toClose.push(container);
                return container.endpoint();
            }
            var dynalite = DynaliteProcess.start(dynaliteDir());
            toClose.push(dynalite);
            System.out.printf("[dynalite] listening on %s, started in %d ms%n", dynalite.endpoint(), dynalite.startUp().toMillis());
            return dynalite.endpoint();
        }

        private static String backend() {
            if (!System.getProperty("dynamodb.endpoint", "").isBlank()) {
                return "external";
            }
            var backend = System.getProperty("dynamodb.backend", "").strip().toLowerCase(Locale.ROOT);
            return backend.isEmpty() ? "dynalite" : backend;
        }

        TestEndpoint endpoint() {
            return endpoint;
        }

        /** Shared by every test of the run, like the client: do not close it. */
        synchronized DynamoSession session() {
            if (session == null) {
                session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("test endpoint", endpoint.endpoint()));
                toClose.push(session);
            }
            return session;
        }

        @Override
        public synchronized void close() {
            RuntimeException failure = null;
            while (!toClose.isEmpty()) {
                try {
                    toClose.pop().close();
                } catch (Exception e) {
                    if (failure == null) {
                        failure = new IllegalStateException("Closing the test endpoint failed", e);
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
        }
    }
}

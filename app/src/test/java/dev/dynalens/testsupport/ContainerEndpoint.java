package dev.dynalens.testsupport;

import java.net.URI;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/** DynamoDB Local in Docker, for -Ddynamodb.backend=container. Kept apart so other runs never load Testcontainers. */
final class ContainerEndpoint implements AutoCloseable {
    static final String IMAGE = "amazon/dynamodb-local";
    static final String NO_DOCKER = "-Ddynamodb.backend=container needs a running Docker engine; none was found. "
            + "Start Docker, or drop the option to use the bundled dynalite, or pass -Ddynamodb.endpoint=http://host:port";
    private static final int PORT = 8000;

    private final GenericContainer<?> container;

    private ContainerEndpoint(GenericContainer<?> container) {
        this.container = container;
    }

    static ContainerEndpoint start() {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            // Never skip: a run that asked for the container and tested nothing would look green.
            throw new IllegalStateException(NO_DOCKER);
        }
        var container = new GenericContainer<>(DockerImageName.parse(IMAGE))
                .withExposedPorts(PORT)
                .withCommand("-jar", "DynamoDBLocal.jar", "-inMemory", "-sharedDb")
                .waitingFor(Wait.forListeningPort());
        container.start();
        return new ContainerEndpoint(container);
    }

    URI endpoint() {
        return URI.create("http://" + container.getHost() + ":" + container.getMappedPort(PORT));
    }

    @Override
    public void close() {
        container.stop();
    }
}

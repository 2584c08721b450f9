package dev.dynalens.service.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynalens.domain.connection.CallTimeouts;
import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.DynamoAccessException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 16: an endpoint that accepts connections and never answers took 92 s to be reported (the SDK's attempts with a
 * 30 s attempt timeout). A connection's own timeouts bound it now, and the message names the endpoint and the timeouts.
 * On the wire, through the real SDK client, against a loopback socket that reads and never writes.
 */
class HungEndpointWireTest {
    private ServerSocket server;
    private final List<Socket> accepted = new CopyOnWriteArrayList<>();

    @BeforeEach
    void listenAndNeverAnswer() throws Exception {
        server = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            while (!server.isClosed()) {
                try {
                    accepted.add(server.accept());
                } catch (java.io.IOException e) {
                    return;
                }
            }
        });
    }

    @AfterEach
    void close() throws Exception {
        server.close();
        for (var socket : accepted) {
            socket.close();
        }
    }

    @Test
    void aHungEndpoint_isReportedWithinTheConnectionsTimeouts_namingItAndThem() {
        var endpoint = URI.create("http://127.0.0.1:" + server.getLocalPort());
        var profile = ConnectionProfile.local("hung", endpoint).withTimeouts(CallTimeouts.ofSeconds(0.5, 1.2));
        try (var session = new AwsDynamoSessionFactory().open(profile)) {
            long start = System.nanoTime();
            var failure = catchThrowable(() -> session.listTables().get(30, TimeUnit.SECONDS));
            double seconds = (System.nanoTime() - start) / 1e9;

            assertThat(failure).isInstanceOf(ExecutionException.class).cause().isInstanceOf(DynamoAccessException.class);
            var problem = ((DynamoAccessException) failure.getCause()).problem();
            assertThat(problem.kind()).isEqualTo(Kind.ENDPOINT_UNREACHABLE);
            assertThat(problem.message()).isEqualTo(endpoint + " did not answer in time (0.5 s a request, 1.2 s with retries: the"
                    + " timeouts of connection 'hung'). Is the endpoint running? A slow link needs longer timeouts, in the connection's settings.");
            assertThat(seconds).isLessThan(5);
        }
    }

    @Test
    void theDefaults_reportAHungEndpointInSeconds_notMinutes() {
        assertThat(CallTimeouts.DEFAULT.attempt()).isEqualTo(java.time.Duration.ofSeconds(10));
        assertThat(CallTimeouts.DEFAULT.total()).isEqualTo(java.time.Duration.ofSeconds(20));
        assertThat(ConnectionProfile.local("x", URI.create("http://localhost:1")).timeouts()).isEqualTo(CallTimeouts.DEFAULT);
    }
}

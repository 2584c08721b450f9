package dev.dynalens.service.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;

/**
 * The wire tests' endpoint: a loopback HTTP server that records the JSON body and {@code X-Amz-Target} of every request
 * the real SDK client sends, and answers each with the next {@link Answer} (a body shaped as DynamoDB's API reference
 * documents it), behind an {@link AwsDynamoSession} opened on it.
 */
final class WireEndpoint implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One answer: the HTTP status and the JSON body. */
    record Answer(int status, String body) {
    }

    private final HttpServer server;
    private final AwsDynamoSession session;

    /**
     * @param requests where each request's body is added, in the order received
     * @param targets  where each request's {@code X-Amz-Target} is added
     * @param answers  the answer to the request just received
     */
    WireEndpoint(List<JsonNode> requests, List<String> targets, Supplier<Answer> answers, boolean readOnly) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            try (exchange) {
                requests.add(JSON.readTree(exchange.getRequestBody().readAllBytes()));
                targets.add(exchange.getRequestHeaders().getFirst("X-Amz-Target"));
                var reply = answers.get();
                var bytes = reply.body().getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/x-amz-json-1.0");
                exchange.sendResponseHeaders(reply.status(), bytes.length);
                exchange.getResponseBody().write(bytes);
            }
        });
        server.start();
        var profile = ConnectionProfile.create("wire", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                URI.create("http://127.0.0.1:" + server.getAddress().getPort()), readOnly, ConnectionTag.LOCAL);
        session = (AwsDynamoSession) new AwsDynamoSessionFactory().open(profile);
    }

    AwsDynamoSession session() {
        return session;
    }

    /** Where the endpoint listens, for a test that sends a request the session has no operation for. */
    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void close() {
        session.close();
        server.stop(0);
    }
}

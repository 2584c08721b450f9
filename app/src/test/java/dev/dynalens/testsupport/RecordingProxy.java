package dev.dynalens.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A loopback HTTP proxy in front of a DynamoDB-compatible endpoint that records every request as the SDK sent it (the
 * operation from {@code X-Amz-Target} and the JSON body), and forwards it unchanged; and every answer, as the endpoint
 * sent it back. Tests compare what a plan said it would send with what the endpoint received, and count what it read.
 */
public final class RecordingProxy implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One request the endpoint received: {@code Query}, {@code BatchGetItem}…, and its body. */
    public record Received(String operation, JsonNode body) {
    }

    /** A request and the endpoint's answer to it: its status and JSON body (null when it was not JSON). */
    public record Answered(String operation, JsonNode request, int status, JsonNode answer) {
        /** The items a Scan or Query page returned ({@code Count}); 0 for an answer without any. */
        public long count() {
            return answer == null ? 0 : answer.path("Count").asLong();
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        var thread = new Thread(r, "recording-proxy");
        thread.setDaemon(true);
        return thread;
    });
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    private final URI target;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final List<Answered> answered = new CopyOnWriteArrayList<>();

    /** A request body's {@code ExpressionAttributeNames}, placeholder to name, in their order. */
    public static Map<String, String> names(JsonNode node) {
        var names = new LinkedHashMap<String, String>();
        node.properties().forEach(e -> names.put(e.getKey(), e.getValue().asText()));
        return names;
    }

    /** A request body's {@code ExpressionAttributeValues}, placeholder to value (DynamoDB JSON read exactly), in their order. */
    public static Map<String, AttributeValue> values(JsonNode node) {
        var values = new LinkedHashMap<String, AttributeValue>();
        node.properties().forEach(e -> values.put(e.getKey(), DynamoJsonCodec.readValue(e.getValue().toString())));
        return values;
    }

    public RecordingProxy(URI target) throws IOException {
        this.target = target;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    /** The answers received so far, in the order they came. */
    public List<Answered> answered() {
        return List.copyOf(answered);
    }

    public void clear() {
        received.clear();
        answered.clear();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            var body = exchange.getRequestBody().readAllBytes();
            var target = String.valueOf(exchange.getRequestHeaders().getFirst("X-Amz-Target"));
            var operation = target.substring(target.indexOf('.') + 1);
            var request = JSON.readTree(body.length == 0 ? "{}".getBytes() : body);
            received.add(new Received(operation, request));
            var response = client.send(HttpRelay.forward(exchange, this.target, body), HttpResponse.BodyHandlers.ofByteArray());
            answered.add(new Answered(operation, request, response.statusCode(), json(response.body())));
            HttpRelay.answer(exchange, response);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the client went away
        }
    }

    private static JsonNode json(byte[] body) {
        try {
            return body.length == 0 ? null : JSON.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}

package dev.dynalens.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A loopback HTTP proxy in front of a DynamoDB-compatible endpoint that records every request as the SDK sent it (the
 * operation from {@code X-Amz-Target} and the JSON body), and forwards it unchanged. Tests compare what a plan said it
 * would send with what the endpoint received.
 */
public final class RecordingProxy implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One request the endpoint received: {@code Query}, {@code BatchGetItem}…, and its body. */
    public record Received(String operation, JsonNode body) {
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

    public void clear() {
        received.clear();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            var body = exchange.getRequestBody().readAllBytes();
            var target = String.valueOf(exchange.getRequestHeaders().getFirst("X-Amz-Target"));
            received.add(new Received(target.substring(target.indexOf('.') + 1), JSON.readTree(body.length == 0 ? "{}".getBytes() : body)));
            var response = client.send(HttpRelay.forward(exchange, this.target, body), HttpResponse.BodyHandlers.ofByteArray());
            HttpRelay.answer(exchange, response);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the client went away
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}

package dev.dynalens.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback HTTP proxy in front of a DynamoDB-compatible endpoint that misbehaves on purpose: it answers a share of
 * requests with a throttling error without forwarding them, forwards a share and then answers 500 (so the request was
 * applied but the client cannot know), and can slow every request down. It counts the UpdateItem requests the
 * endpoint answered with 200, which is how a test proves no update was applied twice.
 */
public final class FaultInjectingProxy implements AutoCloseable {
    private static final Set<String> HOP_HEADERS = Set.of("host", "content-length", "connection", "transfer-encoding", "expect",
            "upgrade", "keep-alive");
    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        var thread = new Thread(r, "fault-proxy");
        thread.setDaemon(true);
        return thread;
    });
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    private final URI target;
    private volatile double throttleShare;
    private volatile double serverErrorAfterForwardShare;
    private volatile Duration delay = Duration.ZERO;
    private final AtomicInteger throttled = new AtomicInteger();
    private final AtomicInteger serverErrors = new AtomicInteger();
    private final AtomicInteger updatesApplied = new AtomicInteger();
    private final AtomicInteger forwarded = new AtomicInteger();

    public FaultInjectingProxy(URI target) throws IOException {
        this.target = target;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Shares in [0, 1]: answered with ProvisionedThroughputExceededException unforwarded; forwarded, then answered 500. */
    public FaultInjectingProxy faults(double throttleShare, double serverErrorAfterForwardShare) {
        this.throttleShare = throttleShare;
        this.serverErrorAfterForwardShare = serverErrorAfterForwardShare;
        return this;
    }

    public FaultInjectingProxy delay(Duration delay) {
        this.delay = delay;
        return this;
    }

    public int throttled() {
        return throttled.get();
    }

    public int serverErrors() {
        return serverErrors.get();
    }

    /** UpdateItem requests the endpoint applied (answered 200), whatever the client was told. */
    public int updatesApplied() {
        return updatesApplied.get();
    }

    public int forwarded() {
        return forwarded.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            var body = exchange.getRequestBody().readAllBytes();
            var operation = String.valueOf(exchange.getRequestHeaders().getFirst("X-Amz-Target"));
            if (!delay.isZero()) {
                Thread.sleep(delay.toMillis());
            }
            var random = ThreadLocalRandom.current();
            if (random.nextDouble() < throttleShare) {
                throttled.incrementAndGet();
                error(exchange, 400, "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
                        "Injected: the level of configured provisioned throughput for the table was exceeded");
                return;
            }
            var request = HttpRequest.newBuilder(target.resolve(exchange.getRequestURI().getRawPath()))
                    .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
            exchange.getRequestHeaders().forEach((name, values) -> {
                if (!HOP_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                    values.forEach(value -> request.header(name, value));
                }
            });
            var response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            forwarded.incrementAndGet();
            if (response.statusCode() == 200 && operation.endsWith(".UpdateItem")) {
                updatesApplied.incrementAndGet();
            }
            if (random.nextDouble() < serverErrorAfterForwardShare) {
                serverErrors.incrementAndGet();
                error(exchange, 500, "com.amazon.coral.service#InternalFailure", "Injected: failed after the request was applied");
                return;
            }
            response.headers().map().forEach((name, values) -> {
                if (!HOP_HEADERS.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                    exchange.getResponseHeaders().put(name, values);
                }
            });
            var answer = response.body();
            exchange.sendResponseHeaders(response.statusCode(), answer.length == 0 ? -1 : answer.length);
            exchange.getResponseBody().write(answer);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // The client went away (or the endpoint did); nothing to answer.
        }
    }

    private static void error(HttpExchange exchange, int status, String type, String message) throws IOException {
        var body = ("{\"__type\":\"" + type + "\",\"message\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.0");
        exchange.getResponseHeaders().set("x-amzn-RequestId", "fault-" + System.nanoTime());
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
        client.close();
    }
}

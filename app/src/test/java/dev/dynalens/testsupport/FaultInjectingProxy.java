package dev.dynalens.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback HTTP proxy in front of a DynamoDB-compatible endpoint that misbehaves on purpose: it answers a share of
 * requests with a throttling error without forwarding them, forwards a share and then answers 500 (so the request was
 * applied but the client cannot know), leaves a share of each BatchWriteItem's items unprocessed (forwarding the others
 * and answering the rest in {@code UnprocessedItems}, as DynamoDB does when partitions are throttled), and can slow
 * every request down. It counts the UpdateItem requests the
 * endpoint answered with 200, which is how a test proves no update was applied twice.
 */
public final class FaultInjectingProxy implements AutoCloseable {
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
    private volatile double unprocessedShare;
    private volatile String faultyOperation;
    private final AtomicInteger leftUnprocessed = new AtomicInteger();
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();
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

    /** Injects the faults into this operation only ("BatchWriteItem"), the others pass untouched; null: into every one. */
    public FaultInjectingProxy onlyFor(String operation) {
        this.faultyOperation = operation;
        return this;
    }

    /** The share in [0, 1] of each BatchWriteItem's items left unprocessed (each item drawn on its own). */
    public FaultInjectingProxy unprocessed(double share) {
        this.unprocessedShare = share;
        return this;
    }

    /** Items of BatchWriteItem requests answered as unprocessed. */
    public int leftUnprocessed() {
        return leftUnprocessed.get();
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
            var faulty = faultyOperation == null || operation.endsWith("." + faultyOperation);
            if (faulty && random.nextDouble() < throttleShare) {
                throttled.incrementAndGet();
                error(exchange, 400, "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
                        "Injected: the level of configured provisioned throughput for the table was exceeded");
                return;
            }
            com.fasterxml.jackson.databind.node.ObjectNode unprocessed = null;
            if (unprocessedShare > 0 && operation.endsWith(".BatchWriteItem")) {
                var split = leaveUnprocessed(body, random);
                if (split != null) {
                    body = split.forwarded();
                    unprocessed = split.unprocessed();
                    if (split.nothingForwarded()) {
                        answer(exchange, JSON.createObjectNode().set("UnprocessedItems", unprocessed));
                        return;
                    }
                }
            }
            var response = client.send(HttpRelay.forward(exchange, target, body), HttpResponse.BodyHandlers.ofByteArray());
            forwarded.incrementAndGet();
            if (response.statusCode() == 200 && operation.endsWith(".UpdateItem")) {
                updatesApplied.incrementAndGet();
            }
            if (faulty && random.nextDouble() < serverErrorAfterForwardShare) {
                serverErrors.incrementAndGet();
                error(exchange, 500, "com.amazon.coral.service#InternalFailure", "Injected: failed after the request was applied");
                return;
            }
            if (unprocessed != null && response.statusCode() == 200) {
                var answered = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(response.body());
                answered.set("UnprocessedItems", unprocessed);
                answer(exchange, answered);
                return;
            }
            HttpRelay.answer(exchange, response);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // The client went away (or the endpoint did); nothing to answer.
        } catch (RuntimeException e) {
            System.err.println("fault-proxy: " + e);
            e.printStackTrace();
            throw e;
        }
    }

    private record Split(byte[] forwarded, com.fasterxml.jackson.databind.node.ObjectNode unprocessed, boolean nothingForwarded) {
    }

    /** The request with a share of its puts taken out, and those puts as UnprocessedItems; null when none was taken. */
    private Split leaveUnprocessed(byte[] body, ThreadLocalRandom random) throws IOException {
        var request = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(body);
        var tables = (com.fasterxml.jackson.databind.node.ObjectNode) request.get("RequestItems");
        var unprocessed = JSON.createObjectNode();
        boolean anyForwarded = false;
        int taken = 0;
        for (var names = tables.fieldNames(); names.hasNext(); ) {
            var table = names.next();
            var kept = JSON.createArrayNode();
            var left = JSON.createArrayNode();
            for (var write : tables.get(table)) {
                (random.nextDouble() < unprocessedShare ? left : kept).add(write);
            }
            taken += left.size();
            anyForwarded |= !kept.isEmpty();
            tables.set(table, kept);
            if (!left.isEmpty()) {
                unprocessed.set(table, left);
            }
        }
        if (taken == 0) {
            return null;
        }
        leftUnprocessed.addAndGet(taken);
        var forwarded = JSON.createObjectNode();
        var nonEmpty = JSON.createObjectNode();
        tables.fields().forEachRemaining(e -> {
            if (!e.getValue().isEmpty()) {
                nonEmpty.set(e.getKey(), e.getValue());
            }
        });
        forwarded.set("RequestItems", nonEmpty);
        return new Split(JSON.writeValueAsBytes(forwarded), unprocessed, !anyForwarded);
    }

    /** A 200 answer with this body (no CRC32 header: the body is not the endpoint's, and the SDK checks one only when given). */
    private static void answer(HttpExchange exchange, com.fasterxml.jackson.databind.JsonNode body) throws IOException {
        var bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.0");
        exchange.getResponseHeaders().set("x-amzn-RequestId", "fault-" + System.nanoTime());
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
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

package dev.dynalens.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.zip.CRC32;

/**
 * A loopback proxy in front of dynalite that plays UpdateTable's index creation, which dynalite 4.0.0 lacks (it takes a
 * GlobalSecondaryIndexUpdates Create and ignores it). The table is created on dynalite with the index already, so dynalite
 * keeps it up to date with every write; the relay hides that index from DescribeTable until an UpdateTable asks to create
 * it, answers that UpdateTable itself (the index CREATING, as the API reference's answer has it), then shows it CREATING
 * and backfilling for a few DescribeTables, then ACTIVE. Everything else (the backfill's writes, the proof's Queries on the
 * index) goes to dynalite as it is. What is played is said where it is used: the index's creation, not the items in it.
 */
public final class IndexCreatingRelay implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private enum State { HIDDEN, CREATING, ACTIVE }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        var thread = new Thread(r, "index-creating-relay");
        thread.setDaemon(true);
        return thread;
    });
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    private final URI target;
    private final String index;
    private final int creatingAnswers;
    private final List<String> operations = new CopyOnWriteArrayList<>();
    private volatile State state = State.HIDDEN;
    private int answeredCreating;

    /**
     * @param index           the index the table was created with, hidden until an UpdateTable creates it
     * @param creatingAnswers how many DescribeTables see it CREATING and backfilling before it is ACTIVE
     */
    public IndexCreatingRelay(URI target, String index, int creatingAnswers) throws IOException {
        this.target = target;
        this.index = index;
        this.creatingAnswers = creatingAnswers;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The operations received, in order ({@code DescribeTable}, {@code UpdateTable}, {@code Query}…). */
    public List<String> operations() {
        return List.copyOf(operations);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            var body = exchange.getRequestBody().readAllBytes();
            var header = String.valueOf(exchange.getRequestHeaders().getFirst("X-Amz-Target"));
            var operation = header.substring(header.indexOf('.') + 1);
            operations.add(operation);
            var request = JSON.readTree(body.length == 0 ? "{}".getBytes() : body);
            if (operation.equals("UpdateTable") && creates(request)) {
                var described = client.send(describeTable(exchange, request), HttpResponse.BodyHandlers.ofByteArray());
                var table = (ObjectNode) JSON.readTree(described.body()).path("Table");
                state = State.CREATING;
                show(table, false);
                var answer = JSON.createObjectNode();
                answer.set("TableDescription", table);
                send(exchange, 200, JSON.writeValueAsBytes(answer));
                return;
            }
            var response = client.send(HttpRelay.forward(exchange, target, body), HttpResponse.BodyHandlers.ofByteArray());
            if (!operation.equals("DescribeTable") || response.statusCode() != 200 || state == State.ACTIVE) {
                HttpRelay.answer(exchange, response);
                return;
            }
            var answer = (ObjectNode) JSON.readTree(response.body());
            var table = (ObjectNode) answer.path("Table");
            if (state == State.HIDDEN) {
                hide(table);
            } else {
                synchronized (this) {
                    if (++answeredCreating > creatingAnswers) {
                        state = State.ACTIVE;
                    }
                }
                if (state == State.CREATING) {
                    show(table, true);
                }
            }
            send(exchange, 200, JSON.writeValueAsBytes(answer));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the client went away
        }
    }

    private boolean creates(JsonNode request) {
        for (var update : request.path("GlobalSecondaryIndexUpdates")) {
            if (index.equals(update.path("Create").path("IndexName").asText())) {
                return true;
            }
        }
        return false;
    }

    /** The table's DescribeTable, signed as the UpdateTable was (dynalite checks that a request is signed, not the signature). */
    private java.net.http.HttpRequest describeTable(HttpExchange exchange, JsonNode request) throws IOException {
        var body = JSON.writeValueAsBytes(JSON.createObjectNode().put("TableName", request.path("TableName").asText()));
        var describe = java.net.http.HttpRequest.newBuilder(target.resolve("/")).POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body))
                .header("Content-Type", "application/x-amz-json-1.0").header("X-Amz-Target", "DynamoDB_20120810.DescribeTable");
        for (var name : List.of("Authorization", "X-Amz-Date")) {
            var value = exchange.getRequestHeaders().getFirst(name);
            if (value != null) {
                describe.header(name, value);
            }
        }
        return describe.build();
    }

    private void hide(ObjectNode table) {
        if (table.path("GlobalSecondaryIndexes") instanceof ArrayNode indexes) {
            for (int i = indexes.size() - 1; i >= 0; i--) {
                if (index.equals(indexes.get(i).path("IndexName").asText())) {
                    indexes.remove(i);
                }
            }
        }
    }

    /** The index CREATING; backfilling with part of its items counted, as DescribeTable says it while DynamoDB fills it. */
    private void show(ObjectNode table, boolean backfilling) {
        for (var node : table.path("GlobalSecondaryIndexes")) {
            if (index.equals(node.path("IndexName").asText())) {
                var created = (ObjectNode) node;
                created.put("IndexStatus", "CREATING");
                if (backfilling) {
                    created.put("Backfilling", true);
                    created.put("ItemCount", created.path("ItemCount").asLong() * answeredCreating / (creatingAnswers + 1));
                } else {
                    created.put("ItemCount", 0);
                    created.put("IndexSizeBytes", 0);
                }
            }
        }
    }

    /** An answer the relay wrote: its CRC32 header as DynamoDB sends one, which the SDK checks. */
    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        var crc = new CRC32();
        crc.update(body);
        exchange.getResponseHeaders().add("Content-Type", "application/x-amz-json-1.0");
        exchange.getResponseHeaders().add("x-amz-crc32", Long.toString(crc.getValue()));
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}

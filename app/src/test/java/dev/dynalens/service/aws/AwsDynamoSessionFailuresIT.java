package dev.dynalens.service.aws;

import static dev.dynalens.service.aws.AwsDynamoSessionTablesIT.problemOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.CallTimeouts;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription.TimeToLive;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DynamoEndpointExtension.class)
class AwsDynamoSessionFailuresIT {
    /** Closing a Netty client takes about 2 s, so the sessions of this class are closed together at the end. */
    private static final List<DynamoSession> SESSIONS = new ArrayList<>();

    private static DynamoSession open(ConnectionProfile profile) {
        var session = new AwsDynamoSessionFactory().open(profile);
        SESSIONS.add(session);
        return session;
    }

    @AfterAll
    static void closeSessions() {
        CompletableFuture.allOf(SESSIONS.stream().map(s -> CompletableFuture.runAsync(s::close))
                .toArray(CompletableFuture[]::new)).join();
    }

    @Test
    void cancellingARead_abortsTheRequestAndTheSessionStillWorks() throws Exception {
        try (var server = new RawHttpServer(true)) {
            var session = open(ConnectionProfile.local("silent", server.endpoint()));
            var read = session.read(new ReadRequest.Scan("anything", null, null, null));
            assertTrue(server.firstRequestReceived.await(10, TimeUnit.SECONDS), "the request never reached the server");

            long started = System.nanoTime();
            read.cancel(true);

            assertTrue(read.isCancelled());
            assertThrows(CancellationException.class, () -> read.get(1, TimeUnit.SECONDS));
            assertTrue(server.hungConnectionClosedByClient.await(5, TimeUnit.SECONDS),
                    "the SDK kept the cancelled request's connection open");
            System.out.printf("[cancel] request aborted on the wire %d ms after cancel()%n",
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));

            session.testConnection().get(10, TimeUnit.SECONDS);
            assertEquals(2, server.requests(), "the cancelled request was not retried");
        }
    }

    @Test
    void readOnlyConnection_refusesWritesWithoutSendingAnything() throws Exception {
        try (var server = new RawHttpServer(false)) {
            var session = open(readOnly(server.endpoint()));
            var item = Item.of(Map.of("pk", AttributeValue.s("a")));

            var writes = List.of(
                    session.putItem("t", item),
                    session.deleteItem("t", item.attributes()),
                    session.createTable(new CreateTableSpec("ttt", KeySchema.of("pk", null), List.of())),
                    session.deleteTable("ttt"));

            for (var write : writes) {
                assertTrue(write.isCompletedExceptionally(), "refused at once, before any I/O");
                var error = assertThrows(ExecutionException.class, write::get);
                var refused = assertInstanceOf(ReadOnlyConnectionException.class, error.getCause());
                assertEquals(ConnectionProblem.Kind.READ_ONLY, refused.problem().kind());
            }
            assertEquals(0, server.connections(), "a refused write opened a connection");
        }
    }

    @Test
    void readOnlyConnection_writesNothingButStillReads(TestEndpoint endpoint, DynamoSession writable) throws Exception {
        var table = endpoint.uniqueTableName("guarded");
        writable.createTable(new CreateTableSpec(table, KeySchema.of("pk", null), List.of())).get(30, TimeUnit.SECONDS);
        writable.putItem(table, Item.of(Map.of("pk", AttributeValue.s("kept")))).get(10, TimeUnit.SECONDS);
        var session = open(readOnly(endpoint.endpoint()));
        var newTable = endpoint.uniqueTableName("never");

        assertEquals(ConnectionProblem.Kind.READ_ONLY,
                problemOf(session.putItem(table, Item.of(Map.of("pk", AttributeValue.s("sneaky"))))).kind());
        assertEquals(ConnectionProblem.Kind.READ_ONLY,
                problemOf(session.deleteItem(table, Map.of("pk", AttributeValue.s("kept")))).kind());
        assertEquals(ConnectionProblem.Kind.READ_ONLY,
                problemOf(session.createTable(new CreateTableSpec(newTable, KeySchema.of("pk", null), List.of()))).kind());
        assertEquals(ConnectionProblem.Kind.READ_ONLY, problemOf(session.deleteTable(table)).kind());

        var items = session.read(new ReadRequest.Scan(table, null, null, null)).get(10, TimeUnit.SECONDS).items();
        assertEquals(List.of(Item.of(Map.of("pk", AttributeValue.s("kept")))), items);
        var tables = session.listTables().get(10, TimeUnit.SECONDS);
        assertTrue(tables.contains(table));
        assertFalse(tables.contains(newTable));
    }

    @Test
    void closedPort_isEndpointUnreachable() throws Exception {
        // Port 1: nothing listens there, and it is outside the ephemeral range.
        int port = 1;
        // A request may take longer than Netty's 10 s wait for a connection: the first request of a JVM has been seen to
        // stall about 10 s on this machine before the refusal came, and with the default 10 s request timeout the two
        // timeouts raced (three CI runs in one session answered "did not answer in time"). Either answer below is right.
        var session = open(ConnectionProfile.local("nothing there", URI.create("http://127.0.0.1:" + port))
                .withTimeouts(CallTimeouts.ofSeconds(30, 60)));

        var problem = problemOf(session.testConnection());

        assertEquals(ConnectionProblem.Kind.ENDPOINT_UNREACHABLE, problem.kind(), () -> problem + " | " + problem.detail());
        // Usually Netty reports the refused connection; on a loaded 2-core machine its pool has been seen to
        // report an acquire timeout instead (2 of about 12 full runs). Both say the same thing to the person.
        assertTrue(problem.message().equals("Cannot reach http://127.0.0.1:" + port + ": connection refused. Is the endpoint running?")
                || problem.message().equals("Cannot reach http://127.0.0.1:" + port
                        + ": no connection could be made in time. Is the endpoint running?"), problem.message());
    }

    @Test
    void refusedSignature_isBadCredentials_andMissingTtlSupportIsReported() throws Exception {
        var server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            var target = String.valueOf(exchange.getRequestHeaders().getFirst("X-Amz-Target"));
            exchange.getRequestBody().readAllBytes();
            int status;
            String body;
            if (target.endsWith(".DescribeTable")) {
                status = 200;
                body = """
                        {"Table":{"TableName":"legacy","TableStatus":"ACTIVE","ItemCount":3,"TableSizeBytes":99,
                         "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"N"}],
                         "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],
                         "ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":2}}}""";
            } else if (target.endsWith(".DescribeTimeToLive")) {
                status = 400;
                body = "{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}";
                exchange.getResponseHeaders().add("x-amzn-ErrorType", "UnknownOperationException");
            } else {
                status = 400;
                body = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#UnrecognizedClientException\","
                        + "\"message\":\"The security token included in the request is invalid.\"}";
                exchange.getResponseHeaders().add("x-amzn-ErrorType", "UnrecognizedClientException:");
            }
            var bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/x-amz-json-1.0");
            exchange.sendResponseHeaders(status, bytes.length);
            try (var out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
        try {
            var endpoint = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
            var session = open(ConnectionProfile.local("picky", endpoint));

            var problem = problemOf(session.testConnection());
            assertEquals(ConnectionProblem.Kind.BAD_CREDENTIALS, problem.kind());
            assertTrue(problem.message().contains("The security token included in the request is invalid."), problem.message());

            var description = session.describeTable("legacy").get(10, TimeUnit.SECONDS);
            assertEquals(TimeToLive.unsupported(), description.timeToLive());
            assertEquals(5L, description.readCapacityUnits(), "no billing mode summary: provisioned");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void invalidQuery_isValidationWithDynamoDbsMessage(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("strict");
        session.createTable(new CreateTableSpec(table, KeySchema.of("pk", "sk"), List.of())).get(30, TimeUnit.SECONDS);
        // "nope" is not the sort key: DynamoDB refuses the key condition.
        var query = ReadRequest.Query.of(table, "pk", AttributeValue.s("a"))
                .withSortKey("nope", SortKeyCondition.of(SortKeyCondition.Operator.EQ, AttributeValue.s("b")));

        var problem = problemOf(session.read(query));

        assertEquals(ConnectionProblem.Kind.VALIDATION, problem.kind());
        System.out.println("[validation] endpoint said: " + problem.message());
        assertFalse(problem.message().isBlank());
    }

    @Test
    void closedSession_failsEveryCall() throws Exception {
        var session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("short", URI.create("http://127.0.0.1:9")));
        session.close();

        var problem = problemOf(session.listTables());

        assertEquals(ConnectionProblem.Kind.OTHER, problem.kind());
        assertTrue(problem.message().contains("closed"), problem.message());
    }

    private static ConnectionProfile readOnly(URI endpoint) {
        return ConnectionProfile.create("prod mirror", new CredentialsSource.LocalPlaceholder(), "us-east-1", endpoint, true,
                ConnectionTag.PRODUCTION);
    }
}

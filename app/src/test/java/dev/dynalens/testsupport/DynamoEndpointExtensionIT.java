package dev.dynalens.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dynalens.service.DynamoSession;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;

@ExtendWith(DynamoEndpointExtension.class)
class DynamoEndpointExtensionIT {

    @Test
    void sharedEndpoint_answersRequests(TestEndpoint endpoint) throws Exception {
        var response = endpoint.client().listTables(ListTablesRequest.builder().limit(1).build()).get(10, TimeUnit.SECONDS);

        assertNotNull(response.tableNames());
    }

    @Test
    void sharedEndpoint_isTheSameForEveryTest(TestEndpoint first, TestEndpoint second, DynamoSession session) {
        assertSame(first, second);
        assertEquals(first.endpoint(), session.profile().endpointOverride());
    }

    @Test
    void session_isOpenedOnTheTestEndpoint(DynamoSession session) throws Exception {
        session.testConnection().get(10, TimeUnit.SECONDS);
    }

    @Test
    void uniqueTableName_neverRepeatsAndKeepsToDynamoDbRules(TestEndpoint endpoint) {
        var a = endpoint.uniqueTableName("orders table");
        var b = endpoint.uniqueTableName("orders table");

        assertFalse(a.equals(b));
        assertTrue(a.matches("[a-zA-Z0-9_.-]{3,255}"), a);
    }

    @Test
    void privateDynalite_stopsWithItsDescendantsWhenClosed() throws Exception {
        var dynalite = DynamoEndpointExtension.startPrivateDynalite();
        var handle = dynalite.handle();
        try (var client = DynamoEndpointExtension.newClient(dynalite.endpoint())) {
            client.listTables(ListTablesRequest.builder().build()).get(10, TimeUnit.SECONDS);
        }
        var descendants = handle.descendants().toList();
        System.out.printf("[dynalite] private instance started in %d ms (pid %d, %d descendants)%n",
                dynalite.startUp().toMillis(), handle.pid(), descendants.size());

        dynalite.close();

        assertFalse(handle.isAlive(), "dynalite is still running");
        descendants.forEach(child -> assertFalse(child.isAlive(), "a child of dynalite is still running: " + child.pid()));
        assertThrows(IOException.class, () -> {
            try (var socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", dynalite.port()), (int) Duration.ofSeconds(1).toMillis());
            }
        }, "something still listens on dynalite's port");
    }

    @Test
    void privateDynalite_closeTwiceIsHarmless() {
        var dynalite = DynamoEndpointExtension.startPrivateDynalite();
        dynalite.close();
        dynalite.close();

        assertFalse(dynalite.isAlive());
    }

    @Test
    void privateDynalite_retriesWhenItsPortWasTaken() throws Exception {
        try (var squatter = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            var ports = new ArrayDeque<>(List.of(squatter.getLocalPort(), freePort()));

            try (var dynalite = DynaliteProcess.start(DynamoEndpointExtension.dynaliteDir(), ports::pop)) {
                assertNotEquals(squatter.getLocalPort(), dynalite.port());
                assertTrue(dynalite.isAlive());
            }
        }
    }

    @Test
    void missingDynalite_failsWithWhatToDo(@TempDir Path empty) {
        var error = assertThrows(IllegalStateException.class, () -> DynaliteProcess.start(empty));

        assertTrue(error.getMessage().contains("dynalite is not installed"), error.getMessage());
        assertTrue(error.getMessage().contains("-Ddynamodb.endpoint"), error.getMessage());
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}

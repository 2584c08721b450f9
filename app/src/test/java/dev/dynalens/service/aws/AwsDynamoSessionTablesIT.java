package dev.dynalens.service.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;

@ExtendWith(DynamoEndpointExtension.class)
class AwsDynamoSessionTablesIT {

    private static KeySchema.KeyAttribute s(String name) {
        return new KeySchema.KeyAttribute(name, KeySchema.ScalarType.S);
    }

    private static KeySchema.KeyAttribute n(String name) {
        return new KeySchema.KeyAttribute(name, KeySchema.ScalarType.N);
    }

    @Test
    void createTable_withGlobalIndexes_isDescribedBack(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var name = endpoint.uniqueTableName("described");
        var byStatus = new IndexDescription("byStatus", IndexDescription.Kind.GLOBAL, new KeySchema(s("status"), n("sk")),
                IndexDescription.Projection.INCLUDE, List.of("total", "customer"), null, null, null);
        var byCustomer = new IndexDescription("byCustomer", IndexDescription.Kind.GLOBAL, new KeySchema(s("customer"), null),
                IndexDescription.Projection.KEYS_ONLY, List.of(), null, null, null);

        session.createTable(new CreateTableSpec(name, new KeySchema(s("pk"), n("sk")), List.of(byStatus, byCustomer)))
                .get(30, TimeUnit.SECONDS);
        var description = session.describeTable(name).get(10, TimeUnit.SECONDS);

        assertEquals(name, description.name());
        assertEquals("ACTIVE", description.status(), "createTable returns once the table is ACTIVE");
        assertEquals(new KeySchema(s("pk"), n("sk")), description.keySchema());
        assertEquals(TableDescription.BillingMode.PAY_PER_REQUEST, description.billingMode());
        assertNull(description.readCapacityUnits());
        assertEquals(0, description.itemCount());
        assertEquals(List.of(), description.localSecondaryIndexes());
        var status = description.index("byStatus").orElseThrow();
        assertEquals(IndexDescription.Kind.GLOBAL, status.kind());
        assertEquals(new KeySchema(s("status"), n("sk")).asIndexKey(), status.key());
        assertEquals(IndexDescription.Projection.INCLUDE, status.projection());
        assertEquals(List.of("total", "customer"), status.nonKeyAttributes());
        assertEquals("ACTIVE", status.status());
        var customer = description.index("byCustomer").orElseThrow();
        assertEquals(IndexDescription.Projection.KEYS_ONLY, customer.projection());
        assertEquals(new KeySchema(s("customer"), null).asIndexKey(), customer.key());
        // dynalite and DynamoDB both answer DescribeTimeToLive; a new table has TTL off.
        assertEquals(new TableDescription.TimeToLive(TableDescription.TimeToLive.Status.DISABLED, null), description.timeToLive());
    }

    @Test
    void listTables_followsEveryPage(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var created = new ArrayList<String>();
        var creates = new ArrayList<CompletableFuture<Void>>();
        for (int i = 0; i < 7; i++) {
            var name = endpoint.uniqueTableName("paged");
            created.add(name);
            creates.add(session.createTable(new CreateTableSpec(name, KeySchema.of("pk", null), List.of())));
        }
        CompletableFuture.allOf(creates.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        var settings = new AwsDynamoSession.Settings(3, Duration.ofMillis(100), Duration.ofMinutes(1));

        List<String> listed;
        try (var paging = new AwsDynamoSessionFactory(settings).open(ConnectionProfile.local("paging", endpoint.endpoint()))) {
            listed = paging.listTables().get(30, TimeUnit.SECONDS);
        }

        assertTrue(listed.size() > 2 * settings.listTablesPageSize(), "the test needs at least three pages");
        assertEquals(listed.size(), new HashSet<>(listed).size(), "no name twice: " + listed);
        assertTrue(listed.containsAll(created), "missing some of " + created + " in " + listed);
        assertEquals(allTableNames(endpoint), listed);
    }

    @Test
    void listTables_withTheDefaultPageSize_matchesTheEndpoint(TestEndpoint endpoint, DynamoSession session) throws Exception {
        assertEquals(allTableNames(endpoint), session.listTables().get(10, TimeUnit.SECONDS));
    }

    @Test
    void deleteTable_removesIt(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var name = endpoint.uniqueTableName("doomed");
        session.createTable(new CreateTableSpec(name, KeySchema.of("pk", "sk"), List.of())).get(30, TimeUnit.SECONDS);

        session.deleteTable(name).get(10, TimeUnit.SECONDS);

        // DeleteTable is asynchronous: the table is DELETING until DynamoDB removes it ("DeleteTable", API reference),
        // and dynalite removes it on a timer too, so a loaded machine can still list it for a moment.
        var deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (session.listTables().get(10, TimeUnit.SECONDS).contains(name) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertFalse(session.listTables().get(10, TimeUnit.SECONDS).contains(name));
    }

    @Test
    void describeTable_ofAMissingTable_isTableNotFound(TestEndpoint endpoint, DynamoSession session) {
        var missing = endpoint.uniqueTableName("missing");
        var problem = problemOf(session.describeTable(missing));

        assertEquals(ConnectionProblem.Kind.TABLE_NOT_FOUND, problem.kind());
        assertTrue(problem.message().startsWith("Table '" + missing + "' (or its index) was not found on "), problem.message());
        var scanProblem = problemOf(session.read(new ReadRequest.Scan(missing, null, null, null)));
        assertEquals(problem.message(), scanProblem.message());
    }

    @Test
    void createTable_withOneAttributeOfTwoTypes_isRefusedBeforeSending(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var name = endpoint.uniqueTableName("conflict");
        var index = new IndexDescription("byPk", IndexDescription.Kind.GLOBAL, new KeySchema(n("pk"), null),
                IndexDescription.Projection.ALL, null, null, null, null);

        var problem = problemOf(session.createTable(new CreateTableSpec(name, KeySchema.of("pk", null), List.of(index))));

        assertEquals(ConnectionProblem.Kind.VALIDATION, problem.kind());
        assertFalse(session.listTables().get(10, TimeUnit.SECONDS).contains(name));
    }

    /**
     * A global index of two partition and three sort attributes (the Developer Guide's TournamentRegionIndex). dynalite
     * refuses it, and DynaLens says the endpoint does not support such keys; an endpoint with the feature
     * ({@code -Ddynamodb.endpoint}) creates it and describes every key attribute back, in order.
     */
    @Test
    void createTable_withAMultiAttributeIndex_isDescribedBack_orRefusedInASentence(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var name = endpoint.uniqueTableName("multikey");
        var key = new IndexKey(List.of(s("tournamentId"), s("region")), List.of(s("round"), s("bracket"), s("matchId")));
        var index = new IndexDescription("TournamentRegionIndex", IndexDescription.Kind.GLOBAL, key, IndexDescription.Projection.ALL,
                List.of(), null, null, null);
        var created = session.createTable(new CreateTableSpec(name, KeySchema.of("matchId", null), List.of(index)));

        if (endpoint.backend().equals("dynalite")) {
            var problem = problemOf(created);
            assertTrue(problem.message().contains("refused the key of index TournamentRegionIndex (tournamentId, region | round, bracket, "
                    + "matchId): this endpoint does not support multi-attribute GSI keys. It said: "), problem.message());
            assertFalse(session.listTables().get(10, TimeUnit.SECONDS).contains(name));
            return;
        }
        try {
            created.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            var problem = assertInstanceOf(DynamoAccessException.class, e.getCause()).problem();
            assertTrue(problem.message().contains("this endpoint does not support multi-attribute GSI keys"), problem.message());
            return;
        }
        try {
            assertEquals(key, session.describeTable(name).get(10, TimeUnit.SECONDS).index("TournamentRegionIndex").orElseThrow().key());
        } finally {
            session.deleteTable(name).get(30, TimeUnit.SECONDS);
        }
    }

    static ConnectionProblem problemOf(CompletableFuture<?> future) {
        try {
            future.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return assertInstanceOf(DynamoAccessException.class, e.getCause()).problem();
        } catch (Exception e) {
            throw new AssertionError("expected a DynamoAccessException, got " + e, e);
        }
        throw new AssertionError("expected the call to fail");
    }

    /** Every table name, listed straight through the SDK. */
    private static List<String> allTableNames(TestEndpoint endpoint) throws Exception {
        var names = new ArrayList<String>();
        String start = null;
        do {
            var response = endpoint.client().listTables(ListTablesRequest.builder().exclusiveStartTableName(start).build())
                    .get(10, TimeUnit.SECONDS);
            names.addAll(response.tableNames());
            start = response.lastEvaluatedTableName();
        } while (start != null);
        return names;
    }
}

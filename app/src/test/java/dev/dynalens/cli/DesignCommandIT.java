package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.design.DesignSamples;
import dev.dynalens.domain.design.Designer;
import dev.dynalens.domain.design.PatternsReader;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import dev.dynalens.usecase.LoadIntoTable;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * `dynalens design --prove TABLE --endpoint` on dynalite: the design proved in a table it creates; and
 * `dynalens design --check TABLE --endpoint` on dynalite: the issue example's design loaded as a live table, then checked
 * against patterns written the way a person reads the table (entities as the analysis names them): every pattern the
 * design serves is found served by the same index, with real items.
 */
@ExtendWith(DynamoEndpointExtension.class)
class DesignCommandIT {
    @TempDir
    Path dir;

    @Test
    void checkOfALiveTable_findsTheIndexesItsDesignMadeForThePatterns(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var design = Designer.design(PatternsReader.read(Files.readString(Path.of("samples/patterns/shop-orders.yaml"))));
        var table = endpoint.uniqueTableName("Checked");
        var source = new WorkspaceSession(DesignSamples.workspace(design, table), Runnable::run);
        new LoadIntoTable().start(new LoadIntoTable.Request(source, table, WriteGuard.protect(session), table, true), WriteConfirmer.NONE,
                p -> { }).result().get(60, TimeUnit.SECONDS);
        var patterns = Files.writeString(dir.resolve("check.yaml"), """
                entities:
                  CUSTOMER: {attributes: {customerId: S, email: S}}
                  ORDER: {attributes: {customerId: S, status: S, createdAt: S}}
                accessPatterns:
                  - {name: getCustomer, entity: CUSTOMER, equals: [customerId]}
                  - {name: customerByEmail, entity: CUSTOMER, equals: [email]}
                  - {name: ordersOfCustomerNewestFirst, entity: ORDER, equals: [customerId], sortBy: createdAt, descending: true}
                  - {name: ordersByStatusBetween, entity: ORDER, equals: [status], between: createdAt}
                  - {name: ordersCreatedBetween, entity: ORDER, between: createdAt}
                """);
        var out = new StringWriter();
        var err = new StringWriter();
        var context = new CliContext(new AwsDynamoSessionFactory(), RealCli.noSavedConnections(), RealCli.noProfiles(), Map.of(),
                new PrintWriter(out), new PrintWriter(err));

        int code = DynaLensCli.execute(context, "design", "--patterns", patterns.toString(), "--check", table,
                "--endpoint", endpoint.endpoint().toString(), "--json");

        assertThat(code).as(err.toString()).isZero();
        var json = new ObjectMapper().readTree(out.toString());
        var byName = new java.util.HashMap<String, com.fasterxml.jackson.databind.JsonNode>();
        StreamSupport.stream(json.path("accessPatterns").spliterator(), false).forEach(p -> byName.put(p.path("name").asText(), p));
        assertThat(byName.get("getCustomer").path("servedBy").asText()).isEqualTo("GetItem");
        assertThat(byName.get("customerByEmail").path("index").asText()).isEqualTo("GSI1");
        assertThat(byName.get("ordersOfCustomerNewestFirst").path("servedBy").asText()).isEqualTo("Query");
        assertThat(byName.get("ordersOfCustomerNewestFirst").path("index").isNull()).isTrue();
        assertThat(byName.get("ordersOfCustomerNewestFirst").path("scanIndexForward").asBoolean()).isFalse();
        assertThat(byName.get("ordersByStatusBetween").path("index").asText()).isEqualTo("GSI1");
        assertThat(byName.get("ordersByStatusBetween").path("items").asInt()).isPositive();
        assertThat(byName.get("ordersCreatedBetween").path("servedBy").asText()).isEqualTo("Scan");
        assertThat(byName.values()).allSatisfy(p -> assertThat(p.path("problem").isMissingNode()).as(p.toString()).isTrue());
    }

    @Test
    void proveOnALiveEndpoint_createsTheTable_andNamesTheEndpointThatProvedIt(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var table = endpoint.uniqueTableName("Proved");
        var out = new StringWriter();
        var err = new StringWriter();
        var context = new CliContext(new AwsDynamoSessionFactory(), RealCli.noSavedConnections(), RealCli.noProfiles(), Map.of(),
                new PrintWriter(out), new PrintWriter(err));

        int code = DynaLensCli.execute(context, "design", "--patterns", "samples/patterns/shop-orders.yaml", "--prove", table,
                "--endpoint", endpoint.endpoint().toString(), "--json");

        assertThat(code).as(err.toString()).isZero();
        var proof = new ObjectMapper().readTree(out.toString()).path("proof");
        assertThat(proof.path("engine").asText()).isEqualTo("on command line (" + endpoint.endpoint() + ")");
        assertThat(proof.path("inMemory").asBoolean()).isFalse();
        assertThat(proof.path("table").asText()).isEqualTo(table);
        assertThat(proof.path("valid").asBoolean()).isTrue();
        assertThat(proof.path("passed").asInt()).isEqualTo(5);
        assertThat(session.describeTable(table).get(30, TimeUnit.SECONDS).name()).isEqualTo(table);
    }
}

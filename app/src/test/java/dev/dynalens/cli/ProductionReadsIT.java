package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.design.DesignSamples;
import dev.dynalens.domain.design.Designer;
import dev.dynalens.domain.design.PatternsReader;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.config.ConfigDirectory;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.RecordingProxy;
import dev.dynalens.testsupport.TestEndpoint;
import dev.dynalens.usecase.LoadIntoTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every read of a table on a production-tagged connection asks first (issue 28): on dynalite behind a recording proxy,
 * each command is refused without {@code --confirm-read} (exit 2, the cost said, nothing but DescribeTable sent) and
 * reads with it; the same commands on a connection that is not production read as before.
 */
@ExtendWith(DynamoEndpointExtension.class)
class ProductionReadsIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** What may be sent before the person confirmed: DescribeTable only. */
    private static final List<String> READS = List.of("Scan", "Query", "GetItem", "BatchGetItem", "ExecuteStatement");

    @TempDir
    Path dir;

    @BeforeEach
    void keepEntityTypesInATemporaryConfigFolder() {
        System.setProperty(ConfigDirectory.OVERRIDE_PROPERTY, dir.resolve("config").toString());
    }

    @AfterEach
    void clearConfigFolder() {
        System.clearProperty(ConfigDirectory.OVERRIDE_PROPERTY);
    }

    /** The shop-orders design's samples, loaded into a new table: customers, orders and their items. */
    private static String shop(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var design = Designer.design(PatternsReader.read(Files.readString(Path.of("samples/patterns/shop-orders.yaml"))));
        var table = endpoint.uniqueTableName("prod-reads");
        var source = new WorkspaceSession(DesignSamples.workspace(design, table), Runnable::run);
        new LoadIntoTable().start(new LoadIntoTable.Request(source, table, WriteGuard.protect(session), table, true), WriteConfirmer.NONE,
                p -> { }).result().get(60, TimeUnit.SECONDS);
        return table;
    }

    private static ConnectionProfile production(RecordingProxy proxy) {
        return ConnectionProfile.create("prod", new CredentialsSource.LocalPlaceholder(), "us-east-1", proxy.endpoint(), false,
                ConnectionTag.PRODUCTION);
    }

    /** Whole-table Scans sent: first pages of a Scan (a read of the whole table is one or more of those, in segments). */
    private static long wholeTableReads(RecordingProxy proxy) {
        return proxy.received().stream().filter(r -> r.operation().equals("Scan") && !r.body().has("ExclusiveStartKey")).count();
    }

    private static void assertRefused(RealCli.Run refused, RecordingProxy proxy, String table) {
        assertThat(refused.exitCode()).as(refused.err()).isEqualTo(DynaLensCli.USAGE);
        assertThat(refused.out()).isEmpty();
        assertThat(refused.err()).contains(table + " is on a connection tagged production: run again with --confirm-read to read")
                .contains("(nothing was read)");
        assertThat(proxy.received()).extracting(RecordingProxy.Received::operation).doesNotContainAnyElementsOf(READS);
    }

    private Path patterns() throws Exception {
        return Files.writeString(dir.resolve("check.yaml"), """
                entities:
                  CUSTOMER: {attributes: {customerId: S, email: S}}
                  ORDER: {attributes: {customerId: S, status: S, createdAt: S}}
                accessPatterns:
                  - {name: getCustomer, entity: CUSTOMER, equals: [customerId]}
                  - {name: customerByEmail, entity: CUSTOMER, equals: [email]}
                  - {name: ordersOfCustomerNewestFirst, entity: ORDER, equals: [customerId], sortBy: createdAt, descending: true}
                """);
    }

    /**
     * Issue 28: {@code design --check TABLE} on production read the whole table three times (42 Scans, 4,734 RCU)
     * without a word. It reads it once, and on production only with {@code --confirm-read}, the cost said first.
     */
    @Test
    void designCheck_readsTheTableOnce_andOnProductionOnlyWithConfirmRead(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = shop(endpoint, session);
        var patterns = patterns().toString();
        try (var proxy = new RecordingProxy(endpoint.endpoint())) {
            var dev = RealCli.run("design", "--patterns", patterns, "--check", table, "--endpoint", proxy.endpoint().toString(), "--json");

            assertThat(dev.exitCode()).as(dev.err()).isZero();
            assertThat(wholeTableReads(proxy)).as("whole-table Scans").isEqualTo(1);
            assertThat(dev.err()).isEmpty();
            proxy.clear();

            var refused = RealCli.runWithSaved(production(proxy), "design", "--patterns", patterns, "--check", table, "--connection", "prod");

            assertRefused(refused, proxy, table);
            assertThat(refused.err()).contains("dynalens: Reads " + table + " once: ").contains("the read costs ");
            proxy.clear();

            var confirmed = RealCli.runWithSaved(production(proxy), "design", "--patterns", patterns, "--check", table, "--connection", "prod",
                    "--confirm-read", "--json");

            assertThat(confirmed.exitCode()).as(confirmed.err()).isZero();
            assertThat(wholeTableReads(proxy)).isEqualTo(1);
            assertThat(MAPPER.readTree(confirmed.out())).isEqualTo(MAPPER.readTree(dev.out()));
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }

    /**
     * Issue 28 asks that every whole-table read on a production connection asks first: {@code analyze}, {@code export},
     * {@code scan} (of all of it) and {@code size} of a table read it without {@code --confirm-read}. Each is refused
     * now, saying what the read costs, with nothing but DescribeTable sent; each reads with it.
     */
    @Test
    void analyzeExportScanAndSize_ofAProductionTable_readOnlyWithConfirmRead(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = shop(endpoint, session);
        var out = dir.resolve("shop.jsonl").toString();
        var commands = List.of(
                List.of("analyze", table, "--connection", "prod", "--json"),
                List.of("export", table, "--connection", "prod", "--out", out),
                List.of("scan", table, "--connection", "prod"),
                List.of("size", table, "--connection", "prod", "--json"));
        try (var proxy = new RecordingProxy(endpoint.endpoint())) {
            for (var command : commands) {
                proxy.clear();
                var refused = RealCli.runWithSaved(production(proxy), command.toArray(String[]::new));

                assertRefused(refused, proxy, table);
                assertThat(refused.err()).as(command.getFirst()).contains("dynalens: Reads " + table + " once: ").contains("the read costs ");
                assertThat(dir.resolve("shop.jsonl")).doesNotExist();

                proxy.clear();
                var confirmed = RealCli.runWithSaved(production(proxy), java.util.stream.Stream.concat(command.stream(),
                        java.util.stream.Stream.of("--confirm-read")).toArray(String[]::new));

                assertThat(confirmed.exitCode()).as(command.getFirst() + ": " + confirmed.err()).isZero();
                assertThat(confirmed.out()).as(command.getFirst()).isNotEmpty();
                assertThat(wholeTableReads(proxy)).as(command.getFirst()).isEqualTo(1);
                Files.deleteIfExists(dir.resolve("shop.jsonl"));
            }
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }

    /** A Scan bounded by --limit, a partition's export and a table on a connection that is not production read as asked. */
    @Test
    void boundedReadsAndOtherConnections_readWithoutConfirmRead(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = shop(endpoint, session);
        try (var proxy = new RecordingProxy(endpoint.endpoint())) {
            var limited = RealCli.runWithSaved(production(proxy), "scan", table, "--connection", "prod", "--limit", "2");

            assertThat(limited.exitCode()).as(limited.err()).isZero();
            assertThat(limited.out().lines()).hasSize(2);
            proxy.clear();

            var dev = RealCli.run("analyze", table, "--endpoint", proxy.endpoint().toString(), "--json");

            assertThat(dev.exitCode()).as(dev.err()).isZero();
            assertThat(dev.err()).isEmpty();
            assertThat(wholeTableReads(proxy)).isEqualTo(1);
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }

    /** Issue 28: the SQL workbench's sample read Scanned a production table without asking. */
    @Test
    void sql_readsItsSampleOfAProductionTable_onlyWithConfirmRead(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = shop(endpoint, session);
        try (var proxy = new RecordingProxy(endpoint.endpoint())) {
            var statement = "SELECT customerId FROM \"" + table + "\" WHERE PK = 'CUSTOMER#c1'";

            var refused = RealCli.runWithSaved(production(proxy), "sql", table, "--connection", "prod", statement);

            assertRefused(refused, proxy, table);
            assertThat(refused.err()).contains("to read a sample of it (nothing was read); the sample read costs the first");
            proxy.clear();

            var explained = RealCli.runWithSaved(production(proxy), "sql", table, "--connection", "prod", "--explain",
                    "SELECT PK FROM \"" + table + "\" WHERE PK = 'CUSTOMER#c1'");

            assertThat(explained.exitCode()).as(explained.err()).isZero();
            assertThat(explained.err()).contains("--explain reads nothing");
            assertThat(proxy.received()).extracting(RecordingProxy.Received::operation).doesNotContainAnyElementsOf(READS);

            var confirmed = RealCli.runWithSaved(production(proxy), "sql", table, "--connection", "prod", "--confirm-read", "--max-rcu", "10",
                    "--json", statement);

            assertThat(confirmed.exitCode()).as(confirmed.err()).isZero();
            assertThat(MAPPER.readTree(confirmed.out()).path("entityTypes").path("source").asText()).isEqualTo("sample read");
            assertThat(wholeTableReads(proxy)).as("the sample's Scan").isEqualTo(1);
        } finally {
            session.deleteTable(table).get(30, TimeUnit.SECONDS);
        }
    }
}

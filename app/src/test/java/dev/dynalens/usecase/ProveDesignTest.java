package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.WriteNotConfirmedException;
import dev.dynalens.domain.design.DesignSamples;
import dev.dynalens.domain.design.TableDesign;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.workspace.Workspace;
import dev.dynalens.domain.workspace.WorkspaceFormat;
import dev.dynalens.domain.workspace.WorkspaceReport;
import dev.dynalens.domain.workspace.WorkspaceTable;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.load.LoadSettings;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import dev.dynalens.domain.design.Designer;
import dev.dynalens.domain.design.PatternsReader;
import dev.dynalens.service.workspace.WorkspaceSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The proof on the calling thread: the named pattern sets against their samples in memory, and the whole "Prove
 * design" (create, load, run) against a fake endpoint that keeps what it is sent, through the real loader and pager.
 */
class ProveDesignTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T08:00:00Z"), ZoneOffset.UTC);
    private final LoadIntoTable loads = new LoadIntoTable(guard -> new TableLoader(guard, LoadSettings.DEFAULTS, Runnable::run,
            delay -> CompletableFuture.completedFuture(null), () -> 0.5, CLOCK), CLOCK);

    /** A target that creates tables, keeps the items it is sent, and answers reads from them as DynamoDB would. */
    private static FakeDynamoSession endpoint(ConnectionTag tag, List<Item> written) {
        var target = new FakeDynamoSession(ConnectionProfile.create("target", new CredentialsSource.LocalPlaceholder(), "local",
                URI.create("http://localhost:2"), false, tag));
        target.description = CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(
                ConnectionProblem.Kind.TABLE_NOT_FOUND, "no such table", null), null));
        target.creator = spec -> CompletableFuture.completedFuture(null);
        target.batchWriter = items -> {
            written.addAll(items);
            return CompletableFuture.completedFuture(List.of());
        };
        return target;
    }

    private static WorkspaceSession memory(TableDesign design, List<Item> written) {
        var table = WorkspaceTable.of("Shop", design.keySchema(), design.indexDescriptions(), written);
        return new WorkspaceSession(new Workspace("t", WorkspaceFormat.WORKBENCH_MODEL, "t", List.of(table),
                new WorkspaceReport("t", WorkspaceFormat.WORKBENCH_MODEL, written.size(), List.of(), List.of(), 0, 0)), Runnable::run);
    }

    @Test
    void proveDesign_createsTheTableWithItsIndexes_loadsTheSamples_andRunsEveryPattern() throws Exception {
        var design = Designer.design(PatternsReader.read(Files.readString(Path.of("samples/patterns/shop-orders.yaml"))));
        var written = new ArrayList<Item>();
        var target = endpoint(ConnectionTag.LOCAL, written);
        target.responder = request -> memory(design, written).read(request).join();
        target.getter = key -> memory(design, written).getItem("Shop", key, false);
        var steps = new ArrayList<ProveDesign.Progress>();

        var proof = new ProveDesign(loads, Duration.ZERO).start(design, WriteGuard.protect(target), "Shop", WriteConfirmer.NONE, steps::add)
                .result().get(10, TimeUnit.SECONDS);

        assertThat(target.created).singleElement().satisfies(spec -> {
            assertThat(spec.keySchema()).isEqualTo(design.keySchema());
            assertThat(spec.globalSecondaryIndexes()).extracting(i -> i.name() + " " + i.key() + " " + i.projection())
                    .containsExactly("GSI1 GSI1PK, GSI1SK ALL");
        });
        assertThat(written).containsExactlyInAnyOrderElementsOf(design.sampleItems());
        assertThat(proof.load().written()).isEqualTo(design.samples().size());
        assertThat(proof.patterns()).extracting(ProveDesign.PatternProof::pattern).containsExactly("getCustomer", "customerByEmail",
                "ordersOfCustomerNewestFirst", "ordersByStatusBetween", "customerWithOrders");
        assertThat(proof.patterns()).allSatisfy(p -> {
            assertThat(p.problem()).isNull();
            assertThat(p.probes()).isNotEmpty();
            assertThat(p.items()).isPositive();
        });
        assertThat(proof.valid()).isTrue();
        assertThat(target.reads).filteredOn(r -> "GSI1".equals(r.indexName())).isNotEmpty();
        assertThat(steps.getFirst().step()).startsWith("Loading " + design.samples().size() + " sample items into Shop");
        assertThat(steps.getLast().step()).isEqualTo("Running customerWithOrders");
    }

    @Test
    void aWrongResult_failsItsPattern_andTheDesignIsNotValid() throws Exception {
        var design = Designer.design(PatternsReader.read(Files.readString(Path.of("samples/patterns/shop-orders.yaml"))));
        var written = new ArrayList<Item>();
        var target = endpoint(ConnectionTag.LOCAL, written);
        // an endpoint that loses the last item of every page
        target.responder = request -> {
            var page = memory(design, written).read(request).join();
            var items = page.items().isEmpty() ? page.items() : page.items().subList(0, page.items().size() - 1);
            return new Page(items, page.lastEvaluatedKey(), page.scannedCount(), page.consumedCapacity());
        };
        target.getter = key -> memory(design, written).getItem("Shop", key, false);

        var proof = new ProveDesign(loads, Duration.ZERO).start(design, WriteGuard.protect(target), "Shop", WriteConfirmer.NONE, p -> { })
                .result().get(10, TimeUnit.SECONDS);

        assertThat(proof.valid()).isFalse();
        assertThat(proof.patterns().getFirst().passed()).isTrue(); // a GetItem
        assertThat(proof.patterns().get(2).problem()).startsWith("with customerId = ").contains("expected");
    }

    @Test
    void onAProductionConnection_nothingIsCreatedOrWritten_withoutTheTableNameTyped() throws Exception {
        var design = Designer.design(PatternsReader.read(Files.readString(Path.of("samples/patterns/shop-orders.yaml"))));
        var written = new ArrayList<Item>();
        var target = endpoint(ConnectionTag.PRODUCTION, written);

        var failure = catchThrowable(() -> new ProveDesign(loads, Duration.ZERO).start(design, WriteGuard.protect(target), "Shop",
                WriteConfirmer.typed("Shoq", "type %s to confirm"), p -> { }).result().get(10, TimeUnit.SECONDS));

        assertThat(failure).hasCauseInstanceOf(WriteNotConfirmedException.class);
        assertThat(target.created).isEmpty();
        assertThat(written).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop-orders", "online-shop", "saas-tracker", "leaderboard", "iot-device-log"})
    void everyPatternOfTheNamedSets_passesOnTheSamplesInMemory(String name) throws Exception {
        var design = Designer.design(PatternsReader.read(Files.readString(Path.of("samples/patterns/" + name + ".yaml"))));
        var session = new WorkspaceSession(DesignSamples.workspace(design, "T"), Runnable::run);
        var proof = new ProveDesign(new LoadIntoTable(), Duration.ZERO).run(design, session, "T", p -> { }).result().join();
        var failures = proof.patterns().stream().filter(p -> !p.passed()).map(p -> p.pattern() + ": " + p.problem())
                .collect(Collectors.joining("\n"));
        assertThat(failures).isEmpty();
        assertThat(proof.valid()).isTrue();
    }
}

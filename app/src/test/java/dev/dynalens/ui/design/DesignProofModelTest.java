package dev.dynalens.ui.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.design.DesignSamples;
import dev.dynalens.domain.design.TableDesign;
import dev.dynalens.domain.item.Item;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.load.LoadSettings;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.usecase.DesignTable;
import dev.dynalens.usecase.ExportDesign;
import dev.dynalens.usecase.LoadIntoTable;
import dev.dynalens.usecase.ProveDesign;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.collections.FXCollections;
import org.junit.jupiter.api.Test;

/** Prove design and Create in connection on the calling thread, against a fake endpoint that keeps what it is sent, or in memory. */
class DesignProofModelTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T08:00:00Z"), ZoneOffset.UTC);

    private final PatternsEditorModel editor = new PatternsEditorModel(new DesignTable());
    private final DesignViewModel view = new DesignViewModel(editor, new ExportDesign(Runnable::run, CLOCK), Runnable::run);
    private final List<Item> written = new ArrayList<>();
    private final FakeDynamoSession local = endpoint("local", ConnectionTag.LOCAL);
    private final FakeDynamoSession production = endpoint("prod", ConnectionTag.PRODUCTION);
    private final ProveDesign proofs = new ProveDesign(new LoadIntoTable(guard -> new TableLoader(guard, LoadSettings.DEFAULTS, Runnable::run,
            delay -> CompletableFuture.completedFuture(null), () -> 0.5, CLOCK), CLOCK), Duration.ZERO);
    private final DesignProofModel proof = new DesignProofModel(proofs,
            FXCollections.observableArrayList(production.profile(), local.profile()),
            profile -> WriteGuard.protect(profile.name().equals("prod") ? production : local), () -> view.designProperty().get(), view::applyProof,
            Runnable::run, Runnable::run, () -> LocalDateTime.of(2026, 12, 1, 9, 30));

    private FakeDynamoSession endpoint(String name, ConnectionTag tag) {
        var session = new FakeDynamoSession(ConnectionProfile.create(name, new CredentialsSource.LocalPlaceholder(), "local",
                URI.create("http://localhost:8000"), false, tag));
        session.description = CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(
                ConnectionProblem.Kind.TABLE_NOT_FOUND, "no such table", null), null));
        session.creator = spec -> CompletableFuture.completedFuture(null);
        session.batchWriter = items -> {
            written.addAll(items);
            return CompletableFuture.completedFuture(List.of());
        };
        session.responder = request -> memory().read(request).join();
        session.getter = key -> memory().getItem(request(), key, false);
        return session;
    }

    private static String request() {
        return "ShopOrdersProof20261201093000";
    }

    private WorkspaceSession memory() {
        TableDesign design = view.designProperty().get();
        var table = dev.dynalens.domain.workspace.WorkspaceTable.of(request(), design.keySchema(), design.indexDescriptions(), written);
        var workspace = DesignSamples.workspace(design, request());
        return new WorkspaceSession(new dev.dynalens.domain.workspace.Workspace("t", workspace.format(), "t", List.of(table), workspace.report()),
                Runnable::run);
    }

    private void example() throws Exception {
        editor.textProperty().set(Files.readString(Path.of("samples/patterns/shop-orders.yaml")));
        proof.designChanged();
    }

    @Test
    void aLocalEndpoint_isTheDefault_andAProofWhereEveryPatternPasses_makesTheDesignValid() throws Exception {
        example();
        assertThat(proof.targetProperty().get().name()).isEqualTo("local");
        assertThat(proof.needsConfirmation()).isFalse();

        proof.prove(null);

        assertThat(proof.runningProperty().get()).isFalse();
        assertThat(proof.statusProperty().get())
                .isEqualTo("Design valid: all 5 patterns passed on local (table ShopOrdersProof20261201093000)");
        assertThat(proof.validProperty().get()).isTrue();
        assertThat(view.requests()).allSatisfy(r -> assertThat(r.statusProperty().get()).startsWith("passed"));
        assertThat(local.created).singleElement()
                .satisfies(spec -> assertThat(spec.tableName()).isEqualTo("ShopOrdersProof20261201093000"));

        editor.patterns().get(1).equalsProperty().set("customerId, email");
        proof.designChanged();
        assertThat(proof.validProperty().get()).isFalse();
        assertThat(proof.statusProperty().get()).isEqualTo("Not proved yet.");
    }

    @Test
    void onAProductionConnection_theNameIsAskedFor_andAWrongOneWritesNothing() throws Exception {
        example();
        proof.targetProperty().set(production.profile());

        assertThat(proof.needsConfirmation()).isTrue();
        proof.create("Shop");

        assertThat(proof.statusProperty().get()).startsWith("Could not create ShopOrders: Connection 'prod' is tagged production");
        assertThat(production.created).isEmpty();
        assertThat(written).isEmpty();
    }

    @Test
    void create_makesTheTableUnderTheNameGiven_withTheSamples() throws Exception {
        example();
        proof.tableNameProperty().set("Shop");

        proof.create(null);

        assertThat(proof.statusProperty().get())
                .isEqualTo("Created Shop on local with " + view.designProperty().get().samples().size() + " sample items");
        assertThat(local.created).singleElement().satisfies(spec -> assertThat(spec.tableName()).isEqualTo("Shop"));
    }

    @Test
    void withoutADesign_theProofSaysWhatIsMissing_andCreateWithoutAConnection_asksForOne() throws Exception {
        proof.prove(null);
        assertThat(proof.statusProperty().get()).isEqualTo("The patterns do not design yet: fix the problems first.");

        example();
        proof.targetProperty().set(null);
        proof.create(null);
        assertThat(proof.statusProperty().get()).startsWith("Choose a connection to create the table on first");
        assertThat(local.created).isEmpty();
    }

    @Test
    void withoutAConnection_theDesignIsProvedInMemory_andTheStatusNamesTheWorkspaceEngine() throws Exception {
        example();
        proof.targetProperty().set(null);

        proof.prove(null);

        assertThat(proof.statusProperty().get())
                .isEqualTo("Design valid: all 5 patterns passed in memory (DynaLens's workspace engine) (table ShopOrders)");
        assertThat(proof.validProperty().get()).isTrue();
        assertThat(view.requests()).allSatisfy(r -> assertThat(r.statusProperty().get()).startsWith("passed"));
        assertThat(local.created).isEmpty();
        assertThat(production.created).isEmpty();
        assertThat(written).isEmpty();
    }

    @Test
    void theActionsAreNamedProveAndCreate_andNoStatusSaysCheck() throws Exception {
        assertThat(DesignProofModel.PROVE).isEqualTo("Prove design");
        assertThat(DesignProofModel.CREATE).isEqualTo("Create in connection…");
        assertThat(proof.statusProperty().get()).startsWith("Prove design loads the samples");
        var statuses = new ArrayList<String>();
        proof.statusProperty().addListener((obs, old, now) -> statuses.add(now));

        example();
        proof.prove(null);
        proof.designChanged();

        assertThat(statuses).contains("Proving on local, table ShopOrdersProof20261201093000…", "Not proved yet.")
                .noneMatch(status -> status.toLowerCase(java.util.Locale.ROOT).contains("check"));
    }
}

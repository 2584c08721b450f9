package dev.dynalens.ui.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.workspace.WorkspaceFiles;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.usecase.AddIndex;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Add an index…'s view model without a toolkit, on the blog sample, every step on the calling thread. */
class AddIndexViewModelTest {
    @TempDir
    Path dir;

    private final List<String> sent = new CopyOnWriteArrayList<>();

    private static ConnectionProfile profile(boolean readOnly, ConnectionTag tag) {
        return ConnectionProfile.create("dev", new CredentialsSource.LocalPlaceholder(), "us-east-1", URI.create("http://localhost:1"),
                readOnly, tag);
    }

    /** The blog sample answering reads; writes taken as applied, UpdateTable failing as dynalite's answer does. */
    private DynamoSession writable(ConnectionProfile profile) throws Exception {
        var blog = new WorkspaceSession(WorkspaceFiles.read(Path.of("samples/blog.json"), WorkspaceOptions.NONE), Runnable::run);
        return (DynamoSession) Proxy.newProxyInstance(DynamoSession.class.getClassLoader(), new Class<?>[] {DynamoSession.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "profile", "writeProfile" -> profile;
                    case "write" -> {
                        sent.add("write");
                        yield CompletableFuture.completedFuture(new WriteResult(WriteResult.Status.APPLIED, Optional.empty(),
                                ConsumedCapacity.NOT_REPORTED));
                    }
                    case "createGlobalSecondaryIndex" -> {
                        sent.add("createGlobalSecondaryIndex");
                        yield CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.OTHER,
                                "The endpoint took UpdateTable but its answer does not list index GSI2 of Blog: it did not create the index",
                                null), null));
                    }
                    default -> {
                        try {
                            yield method.invoke(blog, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    }
                });
    }

    private AddIndexViewModel model(DynamoSession session) {
        return new AddIndexViewModel(confirmer -> new AddIndex(session, Runnable::run, confirmer, ChangeSettings.DEFAULTS,
                AddIndex.Settings.DEFAULTS, Clock.systemUTC()), session.profile(), "Blog", "COMMENT", session.describeTable("Blog"), dir,
                Runnable::run);
    }

    private static void commentsOfAUser(AddIndexViewModel model) {
        model.equalsProperty().set("commenterId");
        model.orderProperty().set(AddIndexOrder.SORT_BY);
        model.orderAttributeProperty().set("createdAt");
        model.descendingProperty().set(true);
    }

    @Test
    void plan_saysTheReadsCostFirst_thenTheIndexsTemplates_andTheBackfillsCost() throws Exception {
        var model = model(writable(profile(false, ConnectionTag.DEV)));
        commentsOfAUser(model);

        assertThat(model.readCostProperty().get()).startsWith("Reads Blog once: ");
        model.plan(false).get();

        assertThat(model.plannedProperty().get()).isNotNull();
        assertThat(model.proposalProperty().get()).startsWith("GSI2 (projects every attribute):\n  GSI2PK = COMMENTER#{commenterId}\n"
                + "  GSI2SK = {createdAt}\n  Query: Query GSI2: GSI2PK = :pk, ScanIndexForward false");
        assertThat(model.backfillProperty().get()).matches("Backfill: \\d+ COMMENT items written, \\d+ WCU \\(the table's updates and "
                + "GSI2's entries\\)\\. Then UpdateTable \\(on demand\\)\\.");
        assertThat(model.steps().getFirst().text()).isEqualTo("1. Propose the index — GSI2 proposed");
        assertThat(model.canAddProperty().get()).isTrue();
        assertThat(sent).isEmpty();
    }

    @Test
    void aPatternNoIndexServes_isSaid_andChangingThePattern_asksForAnotherPlan() throws Exception {
        var model = model(writable(profile(false, ConnectionTag.DEV)));
        model.plan(false).get();
        assertThat(model.statusProperty().get()).startsWith("No index for this pattern: ").endsWith("gives no attribute by equality: an "
                + "index's partition key is built from one (a constant one would put every COMMENT item in one partition)");
        assertThat(model.canAddProperty().get()).isFalse();

        commentsOfAUser(model);
        model.plan(false).get();
        assertThat(model.canAddProperty().get()).isTrue();
        model.equalsProperty().set("postId");

        assertThat(model.plannedProperty().get()).isNull();
        assertThat(model.canAddProperty().get()).isFalse();
        assertThat(model.statusProperty().get()).isEqualTo("The pattern changed: Plan it again.");
    }

    @Test
    void add_backfills_thenSaysWhyTheIndexWasNotCreated_withEachStepsState() throws Exception {
        var model = model(writable(profile(false, ConnectionTag.DEV)));
        commentsOfAUser(model);
        model.plan(false).get();
        long comments = model.plannedProperty().get().backfilled();

        model.add(null).get();

        assertThat(sent.stream().filter("write"::equals).count()).isEqualTo(comments);
        assertThat(sent).endsWith("createGlobalSecondaryIndex");
        assertThat(model.steps()).extracting(AddIndexStepRow::text).containsExactly("1. Propose the index — GSI2 proposed",
                "2. Backfill its keys — done", "3. Create the index — failed", "4. Prove the pattern");
        assertThat(model.statusProperty().get()).isEqualTo("Could not add the index: The endpoint took UpdateTable but its answer does not "
                + "list index GSI2 of Blog: it did not create the index");
        assertThat(model.runningProperty().get()).isFalse();
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).contains("Blog-GSI2.add-index.yaml")
                    .anyMatch(name -> name.startsWith("Blog-GSI2.add-index.undo-"));
        }
    }

    @Test
    void onAReadOnlyConnection_aPlanIsShown_andNothingCanBeWritten() throws Exception {
        var model = model(writable(profile(true, ConnectionTag.DEV)));
        commentsOfAUser(model);

        model.plan(false).get();

        assertThat(model.plannedProperty().get()).isNotNull();
        assertThat(model.canAddProperty().get()).isFalse();
        assertThat(model.statusProperty().get()).isEqualTo("Planned. Connection 'dev' is read-only: nothing can be written.");
        assertThat(model.needsConfirmation()).isFalse();
    }

    @Test
    void onAProductionConnection_theReadAndTheWritesAreAskedFirst_andAnotherNameWritesNothing() throws Exception {
        var model = model(writable(profile(false, ConnectionTag.PRODUCTION)));
        commentsOfAUser(model);

        assertThat(model.readNeedsConfirmation()).isTrue();
        assertThat(model.needsConfirmation()).isTrue();
        assertThat(model.readCostProperty().get()).endsWith("connection 'dev' is tagged production: Plan asks first");
        model.plan(true).get();
        model.add("Orders").get();

        assertThat(model.statusProperty().get()).startsWith("Could not add the index: ").contains("Blog");
        assertThat(sent).isEmpty();
    }
}

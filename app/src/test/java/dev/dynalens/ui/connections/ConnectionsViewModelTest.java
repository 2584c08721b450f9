package dev.dynalens.ui.connections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.service.ConnectionStore;
import dev.dynalens.service.WorkspaceOpener;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.ui.common.StatusKind;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ConnectionsViewModelTest {
    private final InMemoryStore store = new InMemoryStore();
    private final List<FakeDynamoSession> opened = new ArrayList<>();
    private WorkspaceOpener workspaces = (file, keys, indexes) -> CompletableFuture.failedFuture(new java.io.IOException("no such file"));
    private final ConnectionsViewModel model = new ConnectionsViewModel(store, profile -> {
        var session = new FakeDynamoSession(profile);
        opened.add(session);
        return session;
    }, (file, keys, indexes) -> workspaces.open(file, keys, indexes), Runnable::run, Runnable::run);

    private final ConnectionProfile local = ConnectionProfile.local("dynalite", URI.create("http://127.0.0.1:9"));

    @Test
    void loadSaved_reportsABrokenFile_andKeepsWorking() {
        store.result = new ConnectionStore.LoadResult(List.of(), Optional.of("connections.json is not valid JSON at line 3"));
        model.loadSaved();
        assertThat(model.statusKindProperty().get()).isEqualTo(StatusKind.ERROR);
        assertThat(model.statusProperty().get()).contains("line 3");
        model.add(local);
        assertThat(store.saved).containsExactly(local);
    }

    @Test
    void add_persistsSelectsAndListsTables() {
        opened.clear();
        model.add(local);
        assertThat(model.selectedProperty().get()).isEqualTo(local);
        assertThat(store.saved).containsExactly(local);
        assertThat(opened).hasSize(1);
    }

    @Test
    void selectingAConnection_listsItsTables() {
        model.connections().add(local);
        model.selectedProperty().set(local);
        // the session was opened on selection; answer its ListTables now
        var session = opened.get(0);
        assertThat(model.tables()).isEmpty();
        session.tables = CompletableFuture.completedFuture(List.of("Orders", "Users"));
        model.refreshTables();
        assertThat(model.tables()).containsExactly("Orders", "Users");
        assertThat(model.statusProperty().get()).contains("2 table(s)");
    }

    @Test
    void aSlowListingForAnEarlierSelection_doesNotOverwriteTheCurrentOne() {
        var slow = new CompletableFuture<List<String>>();
        var other = ConnectionProfile.local("other", URI.create("http://127.0.0.1:10"));
        model.connections().addAll(local, other);
        model.selectedProperty().set(local);
        opened.get(0).tables = slow;
        model.refreshTables();
        model.selectedProperty().set(other);
        slow.complete(List.of("Stale"));
        assertThat(model.tables()).doesNotContain("Stale");
    }

    @Test
    void test_reportsTheProblemInWordsAndClosesItsThrowawaySession() {
        var failing = new ConnectionsViewModel(store, profile -> {
            var session = new FakeDynamoSession(profile);
            session.testResult = CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(
                    ConnectionProblem.Kind.ENDPOINT_UNREACHABLE, "Cannot reach http://127.0.0.1:9: connection refused", null), null));
            opened.add(session);
            return session;
        }, (file, keys, indexes) -> workspaces.open(file, keys, indexes), Runnable::run, Runnable::run);

        var ok = failing.test(local).join();

        assertThat(ok).isFalse();
        assertThat(failing.statusKindProperty().get()).isEqualTo(StatusKind.ERROR);
        assertThat(failing.statusProperty().get()).isEqualTo("dynalite: Cannot reach http://127.0.0.1:9: connection refused");
        assertThat(opened).allMatch(s -> s.closed);
    }

    @Test
    void test_success_saysWhereItConnected() {
        assertThat(model.test(local).join()).isTrue();
        assertThat(model.statusKindProperty().get()).isEqualTo(StatusKind.SUCCESS);
        assertThat(model.statusProperty().get()).contains("http://127.0.0.1:9");
    }

    @Test
    void remove_closesTheOpenSession_andForgetsTheConnection() {
        model.add(local);
        var session = opened.get(0);
        model.remove(local);
        assertThat(session.closed).isTrue();
        assertThat(model.connections()).isEmpty();
        assertThat(store.saved).isEmpty();
        assertThat(model.selectedProperty().get()).isNull();
    }

    @Test
    void openingAFile_addsAReadOnlyWorkspace_listsItsTables_andNeverSavesIt() {
        model.add(local);
        var workspace = new FakeDynamoSession(local);
        workspace.tables = CompletableFuture.completedFuture(List.of("OnlineShop"));
        workspaces = (file, keys, indexes) -> CompletableFuture.completedFuture(new WorkspaceOpener.OpenedWorkspace("online-shop.json",
                file, workspace, "NoSQL Workbench model · 1 table · 108 items", List.of(), false));

        assertThat(model.openWorkspace(Path.of("samples/online-shop.json")).join()).isEqualTo(ConnectionsViewModel.OpenOutcome.OPENED);

        var profile = model.selectedProperty().get();
        assertThat(ConnectionsViewModel.isWorkspace(profile)).isTrue();
        assertThat(profile.readOnly()).isTrue();
        assertThat(model.tables()).containsExactly("OnlineShop");
        assertThat(model.statusProperty().get()).isEqualTo("NoSQL Workbench model · 1 table · 108 items");
        model.remove(local);
        assertThat(store.saved).isEmpty();
        assertThat(model.connections()).containsExactly(profile);
    }

    @Test
    void aWorkspaceOpened_isAnalysedOnOpen_butALiveConnectionAsksFirst() {
        model.add(local);
        var workspace = new FakeDynamoSession(local);
        workspace.tables = CompletableFuture.completedFuture(List.of("OnlineShop"));
        workspaces = (file, keys, indexes) -> CompletableFuture.completedFuture(new WorkspaceOpener.OpenedWorkspace("online-shop.json",
                file, workspace, "NoSQL Workbench model · 1 table · 108 items", List.of(), false));

        assertThat(model.openWorkspace(Path.of("samples/online-shop.json")).join()).isEqualTo(ConnectionsViewModel.OpenOutcome.OPENED);

        assertThat(ConnectionsViewModel.analysesOnOpen(model.selectedProperty().get())).isTrue();
        assertThat(ConnectionsViewModel.analysesOnOpen(local)).isFalse();
    }

    @Test
    void aFileWithoutAKeySchema_asksForOne_andOpensWithIt() {
        var requested = new java.util.ArrayList<String>();
        workspaces = (file, keys, indexes) -> {
            requested.add(keys + " " + indexes);
            var session = new FakeDynamoSession(local);
            session.tables = CompletableFuture.completedFuture(keys == null ? List.of() : List.of("export"));
            return CompletableFuture.completedFuture(new WorkspaceOpener.OpenedWorkspace("export.jsonl", file, session,
                    "DynamoDB JSON lines", keys == null ? List.of("export.jsonl: Cannot tell the key schema") : List.of(), keys == null));
        };
        assertThat(model.openWorkspace(Path.of("export.jsonl")).join()).isEqualTo(ConnectionsViewModel.OpenOutcome.NEEDS_KEY_SCHEMA);
        assertThat(model.connections()).isEmpty();
        assertThat(model.statusProperty().get()).contains("no key schema");

        assertThat(model.openWorkspace(Path.of("export.jsonl"), "id,sort", List.of("ByDate=day,at")).join())
                .isEqualTo(ConnectionsViewModel.OpenOutcome.OPENED);
        assertThat(requested).containsExactly("null []", "id,sort [ByDate=day,at]");
        assertThat(model.tables()).containsExactly("export");
    }

    @Test
    void aFileThatCannotBeOpened_isReported() {
        assertThat(model.openWorkspace(Path.of("missing.json")).join()).isEqualTo(ConnectionsViewModel.OpenOutcome.FAILED);
        assertThat(model.statusKindProperty().get()).isEqualTo(StatusKind.ERROR);
        assertThat(model.statusProperty().get()).contains("missing.json").contains("no such file");
    }

    @Test
    void saveFailure_isReported_notThrown() {
        store.failSave = true;
        model.add(local);
        assertThat(model.statusKindProperty().get()).isEqualTo(StatusKind.ERROR);
        assertThat(model.statusProperty().get()).contains("saving failed").contains("disk full");
    }

    private static final class InMemoryStore implements ConnectionStore {
        LoadResult result = new LoadResult(List.of(), Optional.empty());
        List<ConnectionProfile> saved = List.of();
        boolean failSave;

        @Override public LoadResult load() { return result; }

        @Override
        public void save(List<ConnectionProfile> connections) {
            if (failSave) throw new java.io.UncheckedIOException(new java.io.IOException("disk full"));
            saved = List.copyOf(connections);
        }

        @Override public Path location() { return Path.of("connections.json"); }
    }
}

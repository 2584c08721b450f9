package dev.dynalens.ui.connections;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.service.ConnectionStore;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.DynamoSessionFactory;
import dev.dynalens.service.WorkspaceOpener;
import dev.dynalens.ui.common.StatusKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The saved connections, the open sessions (one client per open connection) and the tables of the
 * selected connection. All I/O runs on the session's async client; results are applied through the
 * injected FX executor.
 */
public final class ConnectionsViewModel {
    private final ConnectionStore store;
    private final DynamoSessionFactory sessionFactory;
    private final Executor fx;
    private final Executor background;
    private final WorkspaceOpener workspaces;

    private final ObservableList<ConnectionProfile> connections = FXCollections.observableArrayList();
    private final ObjectProperty<ConnectionProfile> selected = new SimpleObjectProperty<>();
    private final ObservableList<String> tables = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<StatusKind> statusKind = new ReadOnlyObjectWrapper<>(StatusKind.INFO);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private final Map<String, DynamoSession> openSessions = new HashMap<>();
    private long tablesGeneration;

    /**
     * @param fx         applies results on the FX thread
     * @param background runs blocking clean-up (closing a client waits about 2 s for its event loop)
     */
    public ConnectionsViewModel(ConnectionStore store, DynamoSessionFactory sessionFactory, WorkspaceOpener workspaces,
                                Executor fx, Executor background) {
        this.store = store;
        this.sessionFactory = sessionFactory;
        this.workspaces = workspaces;
        this.fx = fx;
        this.background = background;
        selected.addListener((obs, old, now) -> refreshTables());
    }

    public ObservableList<ConnectionProfile> connections() {
        return connections;
    }

    public ObjectProperty<ConnectionProfile> selectedProperty() {
        return selected;
    }

    public ObservableList<String> tables() {
        return tables;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<StatusKind> statusKindProperty() {
        return statusKind.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Loads the saved connections; a broken file is reported and the app goes on with what could be read. */
    public void loadSaved() {
        var result = store.load();
        connections.setAll(result.connections());
        result.problem().ifPresentOrElse(p -> setStatus(StatusKind.ERROR, p),
                () -> setStatus(StatusKind.INFO, connections.isEmpty()
                        ? "No saved connections yet. Add one to browse a table."
                        : connections.size() + " saved connection(s)."));
    }

    public void add(ConnectionProfile profile) {
        connections.add(profile);
        if (persist("Added " + profile.name())) {
            selected.set(profile);
        }
    }

    /** Replaces a connection with an edited version (same id); its open session is closed. */
    public void replace(ConnectionProfile edited) {
        for (int i = 0; i < connections.size(); i++) {
            if (connections.get(i).id().equals(edited.id())) {
                closeSession(edited.id());
                connections.set(i, edited);
                if (persist("Saved " + edited.name())) {
                    selected.set(edited);
                }
                return;
            }
        }
        add(edited);
    }

    public void remove(ConnectionProfile profile) {
        closeSession(profile.id());
        connections.removeIf(c -> c.id().equals(profile.id()));
        if (selected.get() != null && selected.get().id().equals(profile.id())) {
            selected.set(null);
        }
        persist("Removed " + profile.name());
    }

    /** Saves the list (workspaces opened from files are not saved); a failure is reported, never thrown. */
    private boolean persist(String message) {
        try {
            store.save(connections.stream().filter(c -> !isWorkspace(c)).toList());
            setStatus(StatusKind.INFO, message);
            return true;
        } catch (RuntimeException e) {
            setStatus(StatusKind.ERROR, message + " for this session only: saving failed: " + Problems.describe(e));
            return false;
        }
    }

    /** The id prefix of workspaces opened from files: they live in the list for this run only. */
    public static final String WORKSPACE_ID_PREFIX = "file:";

    public static boolean isWorkspace(ConnectionProfile profile) {
        return profile.id().startsWith(WORKSPACE_ID_PREFIX);
    }

    /** A workspace's table is analysed as its tab opens (read from memory, free); a live one waits for Analyse. */
    public static boolean analysesOnOpen(ConnectionProfile profile) {
        return isWorkspace(profile);
    }

    /**
     * Opens a file as an offline workspace: it appears in the list (not saved), selected, with its tables.
     * What could not be read is reported in the status; the rest is there.
     */
    public CompletableFuture<OpenOutcome> openWorkspace(Path file) {
        return openWorkspace(file, null, List.of());
    }

    /** As {@link #openWorkspace(Path)}, with the key schema a file without one should be read with. */
    public CompletableFuture<OpenOutcome> openWorkspace(Path file, String keySchema, List<String> indexes) {
        setBusy(true);
        setStatus(StatusKind.INFO, "Opening " + file.getFileName() + "…");
        return workspaces.open(file, keySchema, indexes).handleAsync((opened, failure) -> {
            busy.set(false);
            if (failure != null) {
                setStatus(StatusKind.ERROR, "Could not open " + file + ": " + Problems.describe(failure));
                return OpenOutcome.FAILED;
            }
            if (opened.needsKeySchema()) {
                opened.session().close();
                setStatus(StatusKind.ERROR, file.getFileName() + " has no key schema and none could be guessed: "
                        + (opened.problems().isEmpty() ? "" : opened.problems().get(0)));
                return OpenOutcome.NEEDS_KEY_SCHEMA;
            }
            var id = WORKSPACE_ID_PREFIX + opened.file().toAbsolutePath();
            closeSession(id);
            connections.removeIf(c -> c.id().equals(id));
            var profile = new ConnectionProfile(id, opened.name(), new CredentialsSource.LocalPlaceholder(), "local", null, true,
                    ConnectionTag.FILE);
            openSessions.put(id, WriteGuard.protect(opened.session()));
            connections.add(profile);
            selected.set(profile);
            if (opened.problems().isEmpty()) {
                setStatus(StatusKind.SUCCESS, opened.summary());
            } else {
                setStatus(StatusKind.ERROR, opened.summary() + " · " + opened.problems().size() + " problem(s), first: "
                        + opened.problems().get(0));
            }
            return OpenOutcome.OPENED;
        }, fx);
    }

    /** How opening a file went. */
    public enum OpenOutcome { OPENED, NEEDS_KEY_SCHEMA, FAILED }

    /**
     * The open session of a connection, opening it on first use. It is {@link WriteGuard#protect protected}: a read-only
     * connection refuses every write, and a production one every write that no confirmed action makes.
     */
    public DynamoSession sessionFor(ConnectionProfile profile) {
        return openSessions.computeIfAbsent(profile.id(), id -> WriteGuard.protect(sessionFactory.open(profile)));
    }

    /** "Test connection": a cheap ListTables through a throwaway session, so an edited profile is tested as typed. */
    public CompletableFuture<Boolean> test(ConnectionProfile profile) {
        setBusy(true);
        setStatus(StatusKind.INFO, "Testing " + profile.name() + "…");
        DynamoSession session;
        try {
            session = sessionFactory.open(profile);
        } catch (RuntimeException e) {
            setBusy(false);
            setStatus(StatusKind.ERROR, profile.name() + ": " + Problems.describe(e));
            return CompletableFuture.completedFuture(false);
        }
        return session.testConnection().handle((ok, error) -> error).thenApplyAsync(error -> {
            closeInBackground(session);
            busy.set(false);
            if (error == null) {
                setStatus(StatusKind.SUCCESS, "Connected to " + profile.name() + " (" + describeTarget(profile) + ")");
                return true;
            }
            setStatus(StatusKind.ERROR, profile.name() + ": " + Problems.describe(error));
            return false;
        }, fx);
    }

    /** Lists all tables of the selected connection. */
    public CompletableFuture<Void> refreshTables() {
        var profile = selected.get();
        var generation = ++tablesGeneration;
        tables.clear();
        if (profile == null) {
            return CompletableFuture.completedFuture(null);
        }
        setBusy(true);
        setStatus(StatusKind.INFO, "Listing tables of " + profile.name() + "…");
        CompletableFuture<List<String>> listing;
        try {
            listing = sessionFor(profile).listTables();
        } catch (RuntimeException e) {
            listing = CompletableFuture.failedFuture(e);
        }
        return listing.handleAsync((names, error) -> {
            if (generation != tablesGeneration) {
                return null; // the person picked another connection meanwhile
            }
            busy.set(false);
            if (error != null) {
                setStatus(StatusKind.ERROR, profile.name() + ": " + Problems.describe(error));
            } else {
                tables.setAll(names);
                setStatus(StatusKind.SUCCESS, profile.name() + ": " + names.size() + " table(s)");
            }
            return null;
        }, fx);
    }

    private void closeSession(String id) {
        var session = openSessions.remove(id);
        if (session != null) {
            closeInBackground(session);
        }
    }

    /** Closing a client waits for its event loop to shut down: never on the FX thread. */
    private void closeInBackground(DynamoSession session) {
        background.execute(session::close);
    }

    /** Closes every open session (on exit). */
    public void closeAll() {
        var sessions = new ArrayList<>(openSessions.values());
        openSessions.clear();
        sessions.parallelStream().forEach(DynamoSession::close);
    }

    private static String describeTarget(ConnectionProfile profile) {
        return profile.endpoint().map(Object::toString).orElse(profile.region());
    }

    private void setBusy(boolean value) {
        busy.set(value);
    }

    /** A message for the status line from elsewhere in the window (a shortcut that cannot act now, say why). */
    public void showMessage(StatusKind kind, String message) {
        setStatus(kind, message);
    }

    private void setStatus(StatusKind kind, String message) {
        statusKind.set(kind);
        status.set(message);
    }
}

package dev.dynalens.ui.shell;

import dev.dynalens.domain.appstate.OpenTab;
import dev.dynalens.domain.appstate.TableTabId;
import dev.dynalens.domain.appstate.TableTabView;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The shell without its views: the open table tabs in order, each known by its {@link TableTabId} and its inner view
 * by {@link TableTabView}, which one is in front, opening, closing, restoring and saving them; what the keyboard
 * shortcuts decide about the tab in front is {@link #shortcuts()}.
 * {@link MainView} shows the tabs and {@link Shell} turns keys into these commands.
 */
public final class ShellViewModel {
    /** Opens a tab for a table with its views; empty when it could not be opened (the view said why). */
    @FunctionalInterface
    public interface TableOpener {
        Optional<TableTabViewModel> open(ConnectionProfile profile, String table);
    }

    private final ConnectionsViewModel connections;
    private final OpenTabsViewModel openTabs;
    private final NotificationsViewModel notifications;
    private final Executor fx;
    private final ShellShortcuts shortcuts;
    private final Predicate<String> reopenableFile;
    private final ObservableList<TableTabViewModel> tabs = FXCollections.observableArrayList();
    // One read-only view, kept: it listens to the list weakly, so a view made per call would lose its listeners.
    private final ObservableList<TableTabViewModel> tabsView = FXCollections.unmodifiableObservableList(tabs);
    private final ReadOnlyObjectWrapper<TableTabViewModel> selected = new ReadOnlyObjectWrapper<>();
    private final BooleanProperty windowFocused = new SimpleBooleanProperty(false);
    private final Map<TableTabViewModel, OpenTabsViewModel.Tracked> tracked = new HashMap<>();
    private boolean restoring;

    /**
     * @param fx        where the restore goes on once the workspace files of saved tabs are open
     * @param clipboard receives what the copy shortcuts copy (the system clipboard in the app)
     */
    public ShellViewModel(ConnectionsViewModel connections, OpenTabsViewModel openTabs, NotificationsViewModel notifications,
                          Executor fx, Consumer<String> clipboard) {
        this(connections, openTabs, notifications, fx, clipboard, ShellViewModel::isWorkspaceFileThatExists);
    }

    /** @param reopenableFile whether a saved tab's connection id that is not a saved connection names a file to reopen */
    ShellViewModel(ConnectionsViewModel connections, OpenTabsViewModel openTabs, NotificationsViewModel notifications,
                   Executor fx, Consumer<String> clipboard, Predicate<String> reopenableFile) {
        this.connections = connections;
        this.openTabs = openTabs;
        this.notifications = notifications;
        this.fx = fx;
        this.shortcuts = new ShellShortcuts(selected.getReadOnlyProperty(), connections, clipboard);
        this.reopenableFile = reopenableFile;
    }

    public ObservableList<TableTabViewModel> tabs() { return tabsView; }

    /** The tab in front; null when none is open. */
    public ReadOnlyObjectProperty<TableTabViewModel> selectedProperty() { return selected.getReadOnlyProperty(); }

    /** Whether the window has the focus: work that ends in a tab the person is looking at needs no notice. */
    public BooleanProperty windowFocusedProperty() { return windowFocused; }

    public NotificationsViewModel notifications() { return notifications; }

    /** Shows a problem met while starting (a history or settings file that could not be read); blank is ignored. */
    public void reportProblem(String problem) {
        if (problem != null && !problem.isBlank()) {
            notifications.notify(new NotificationsViewModel.Note("Settings", problem, true));
        }
    }

    public Optional<TableTabViewModel> find(TableTabId id) {
        return tabs.stream().filter(tab -> tab.id().equals(id)).findFirst();
    }

    /** Brings the tab of {@code id} to front when it is open: a table has one tab. */
    public Optional<TableTabViewModel> showIfOpen(TableTabId id) {
        var open = find(id);
        open.ifPresent(this::select);
        return open;
    }

    /**
     * A tab just opened (its views exist): tracked for saving (unless it reads an export), watched for work that ends
     * out of sight, and brought to front.
     *
     * @throws IllegalArgumentException when a tab of the same table is open already
     */
    public void opened(TableTabViewModel tab) {
        if (find(tab.id()).isPresent()) {
            throw new IllegalArgumentException(tab.title() + " is open already");
        }
        tabs.add(tab);
        if (tab.restorable()) {
            var saved = openTabs.track(tab.profile().id(), tab.table(), tab.browser());
            saved.viewProperty().bindBidirectional(tab.viewProperty());
            tracked.put(tab, saved);
        }
        tab.viewProperty().addListener((obs, old, now) -> saveTabsSoon());
        // The form is saved with the tabs each time it is run (and at exit), so a crash loses little.
        tab.browser().runningProperty().addListener((obs, was, now) -> {
            if (now) saveTabsSoon();
        });
        watchForWorkEndingOutOfSight(tab);
        select(tab);
        saveTabsSoon();
    }

    private void watchForWorkEndingOutOfSight(TableTabViewModel tab) {
        var collections = tab.collections();
        var staleness = tab.staleness();
        staleness.notifyWith(notifications);
        notifications.watch(collections.overviewRunningProperty(), () -> isShowing(tab, TableTabView.COLLECTIONS),
                () -> new NotificationsViewModel.Note("Overview of " + tab.title() + " finished",
                        collections.overviewStatusProperty().get(), !collections.errorProperty().get().isEmpty()));
        notifications.watch(staleness.runningProperty(), () -> isShowing(tab, TableTabView.STALE_COPIES),
                () -> new NotificationsViewModel.Note("Stale-copy check of " + tab.title() + " finished",
                        staleness.statusProperty().get(), !staleness.errorProperty().get().isEmpty()));
    }

    /** Whether the person sees {@code view} of {@code tab} now: the window focused, the tab in front, the view showing. */
    public boolean isShowing(TableTabViewModel tab, TableTabView view) {
        return windowFocused.get() && selected.get() == tab && tab.viewProperty().get() == view;
    }

    /** Brings {@code tab} to front (null: none, as a tab pane whose last tab closed says). A tab not open is ignored. */
    public void select(TableTabViewModel tab) {
        if (tab != null && !tabs.contains(tab) || selected.get() == tab) return;
        selected.set(tab);
        saveTabsSoon();
    }

    /** Ctrl+PageDown / Ctrl+PageUp: the next or previous tab, round. */
    public void selectNext() {
        cycle(1);
    }

    public void selectPrevious() {
        cycle(-1);
    }

    private void cycle(int step) {
        if (tabs.isEmpty()) return;
        var index = Math.floorMod(tabs.indexOf(selected.get()) + step, tabs.size());
        select(tabs.get(index));
    }

    /** Ctrl+W: closes the tab in front. */
    public void closeSelected() {
        var tab = selected.get();
        if (tab != null) close(tab);
    }

    /**
     * Closes {@code tab}: its work is cancelled and its executors stop. When it was in front, the tab on its left
     * comes to front (the next one when it was first), as a tab pane does when its selected tab is removed.
     */
    public void close(TableTabViewModel tab) {
        var index = tabs.indexOf(tab);
        if (index < 0) return;
        if (selected.get() == tab) {
            selected.set(tabs.size() == 1 ? null : tabs.get(index > 0 ? index - 1 : 1));
        }
        tabs.remove(index);
        var saved = tracked.remove(tab);
        if (saved != null) openTabs.untrack(saved);
        tab.close();
        saveTabsSoon();
    }

    // --- restoring and saving ---

    /**
     * Reopens the tabs saved at the last exit whose connection still exists, with their forms and views; a tab on a
     * workspace file is reopened when the file is still there (each file is opened once, before its tabs). The tab
     * that was in front comes to front again, and its connection is selected in the sidebar.
     *
     * @return how many tabs are being restored (workspace files open in the background first)
     */
    public int restoreTabs(TableOpener opener) {
        var saved = openTabs.toRestore(connections.connections(), reopenableFile);
        var problem = openTabs.statusProperty().get();
        if (!problem.isEmpty()) {
            notifications.notify(new NotificationsViewModel.Note("Tabs", problem, true));
        }
        if (saved.isEmpty()) {
            return 0;
        }
        var front = openTabs.restoredSelection() < 0 ? null : saved.get(openTabs.restoredSelection()).id();
        restoring = true;
        var files = saved.stream().map(OpenTab::connectionId).distinct().filter(id -> profile(id).isEmpty()).toList();
        CompletableFuture<?> chain = CompletableFuture.completedFuture(null);
        for (var id : files) {
            chain = chain.thenCompose(ignored -> connections.openWorkspace(Path.of(id.substring(ConnectionsViewModel.WORKSPACE_ID_PREFIX.length()))));
        }
        chain.whenComplete((ignored, failure) -> fx.execute(() -> openRestored(saved, front, opener)));
        return saved.size();
    }

    private void openRestored(List<OpenTab> saved, TableTabId front, TableOpener opener) {
        try {
            for (var tab : saved) {
                if (find(tab.id()).isPresent()) continue; // a file that holds a table twice: the first one wins
                profile(tab.connectionId()).flatMap(profile -> opener.open(profile, tab.table()))
                        .ifPresent(opened -> restore(opened, tab));
            }
            if (front != null) find(front).ifPresent(this::select);
            // The sidebar shows the connection of the tab in front, with its tables, as if it had just been opened.
            var inFront = selected.get();
            if (inFront != null) connections.selectedProperty().set(inFront.profile());
        } finally {
            restoring = false;
            saveTabs();
        }
    }

    private void restore(TableTabViewModel tab, OpenTab saved) {
        var savedTab = tracked.get(tab);
        if (savedTab != null) OpenTabsViewModel.restoreInto(saved, savedTab, tab.browser());
    }

    private Optional<ConnectionProfile> profile(String connectionId) {
        return connections.connections().stream().filter(c -> c.id().equals(connectionId)).findFirst();
    }

    private static boolean isWorkspaceFileThatExists(String connectionId) {
        if (!connectionId.startsWith(ConnectionsViewModel.WORKSPACE_ID_PREFIX)) return false;
        try {
            return Files.isRegularFile(Path.of(connectionId.substring(ConnectionsViewModel.WORKSPACE_ID_PREFIX.length())));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** Saves the tabs after a change, except while restoring them (which saves once at its end). */
    private void saveTabsSoon() {
        if (!restoring) saveTabs();
    }

    /** Writes the open tabs and which one is in front; called on changes and on exit. */
    public void saveTabs() {
        // Its position among the tabs saved: a tab read from an export is not one of them.
        openTabs.selectedProperty().set(tabs.stream().filter(TableTabViewModel::restorable).toList().indexOf(selected.get()));
        openTabs.save();
    }

    /** What the keyboard shortcuts decide about the tab in front. */
    public ShellShortcuts shortcuts() {
        return shortcuts;
    }
}

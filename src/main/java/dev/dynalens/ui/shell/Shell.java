package dev.dynalens.ui.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.dynalens.domain.history.RequestHistory;
import dev.dynalens.domain.appstate.Appearance;
import dev.dynalens.domain.appstate.OpenTab;
import dev.dynalens.domain.appstate.TableTabView;
import dev.dynalens.ui.browser.SavedQueriesView;
import dev.dynalens.ui.browser.SavedQueriesViewModel;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import dev.dynalens.ui.history.HistoryView;
import dev.dynalens.ui.history.HistoryViewModel;
import dev.dynalens.ui.shell.AppearanceViewModel;
import dev.dynalens.ui.shell.NotificationsView;
import dev.dynalens.ui.shell.NotificationsViewModel;
import dev.dynalens.ui.shell.OpenTabsViewModel;
import dev.dynalens.ui.shell.OpenedTable;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import javafx.application.Application;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/**
 * The shell around the main view: a menu bar (view, history, help), theme and font size, keyboard shortcuts with
 * their help overlay, saved queries above each browser, open tabs kept across restarts, and notifications for
 * background work that ends out of sight. It hooks into {@link MainView} through its listeners only.
 */
public final class Shell {
    private final MainView main;
    private final ConnectionsViewModel connections;
    private final RequestHistory history;
    private final Executor fx;
    private final SavedQueriesViewModel savedQueries;
    private final OpenTabsViewModel openTabs;
    private final AppearanceViewModel appearance;
    private final NotificationsViewModel notifications = new NotificationsViewModel();
    private final Map<Tab, Entry> entries = new HashMap<>();
    private ShortcutsHelp help;
    private Stage historyWindow;
    private Parent root;
    private boolean restoring;

    private record Entry(OpenedTable table, OpenTabsViewModel.Tracked tracked, SavedQueriesView saved) {
    }

    public Shell(MainView main, ConnectionsViewModel connections, RequestHistory history, Executor fx,
                     SavedQueriesViewModel savedQueries, OpenTabsViewModel openTabs, AppearanceViewModel appearance) {
        this.main = main;
        this.connections = connections;
        this.history = history;
        this.fx = fx;
        this.savedQueries = savedQueries;
        this.openTabs = openTabs;
        this.appearance = appearance;
        main.onTableOpened(this::tableOpened);
        reportProblem(savedQueries.statusProperty().get());
        reportProblem(appearance.statusProperty().get());
        main.notifyWith(notifications);
        main.tableTabs().getSelectionModel().selectedIndexProperty().addListener((obs, old, now) -> {
            openTabs.selectedProperty().set(now.intValue());
            saveTabsSoon();
        });
        main.tableTabs().getTabs().addListener((javafx.collections.ListChangeListener<Tab>) change -> {
            while (change.next()) {
                for (var closed : change.getRemoved()) {
                    var entry = entries.remove(closed);
                    if (entry != null) openTabs.untrack(entry.tracked());
                }
                if (change.wasRemoved()) saveTabsSoon();
            }
        });
    }

    public NotificationsViewModel notifications() {
        return notifications;
    }

    /** Shows a problem met while starting (a history or settings file that could not be read); blank is ignored. */
    public void reportProblem(String problem) {
        if (problem != null && !problem.isBlank()) {
            notifications.notify(new NotificationsViewModel.Note("Settings", problem, true));
        }
    }

    /** The main view with the menu bar above it and the notification and help layers over it. */
    public Parent createView() {
        var shell = new BorderPane(main.createView());
        shell.setTop(menuBar());
        var notes = new NotificationsView(notifications).createView();
        StackPane.setAlignment(notes, Pos.TOP_RIGHT);
        help = new ShortcutsHelp(Shortcuts.available(handlers()));
        root = new StackPane(shell, notes, help.node());
        root.setId("shellRoot");
        return root;
    }

    /** Theme, font size, stylesheet and shortcuts on the scene; call once the scene exists. */
    public void install(Scene scene) {
        scene.getStylesheets().add(Objects.requireNonNull(Shell.class.getResource("shell.css")).toExternalForm());
        Shortcuts.register(scene, handlers());
        appearance.darkProperty().addListener((obs, old, dark) -> applyTheme());
        appearance.fontSizeProperty().addListener((obs, old, size) -> applyTheme());
        applyTheme();
    }

    private void applyTheme() {
        Application.setUserAgentStylesheet(appearance.darkProperty().get() ? new PrimerDark().getUserAgentStylesheet()
                : new PrimerLight().getUserAgentStylesheet());
        root.setStyle(appearance.rootStyle());
        if (historyWindow != null) historyWindow.getScene().getRoot().setStyle(appearance.rootStyle());
    }

    private MenuBar menuBar() {
        var themes = new ToggleGroup();
        var themeMenu = new Menu("Theme");
        for (var theme : Appearance.Theme.values()) {
            var item = new RadioMenuItem(switch (theme) {
                case SYSTEM -> "Follow the system";
                case LIGHT -> "Light";
                case DARK -> "Dark";
            });
            item.setId("theme-" + theme.name().toLowerCase(java.util.Locale.ROOT));
            item.setToggleGroup(themes);
            item.setSelected(appearance.themeProperty().get() == theme);
            item.setOnAction(e -> appearance.themeProperty().set(theme));
            appearance.themeProperty().addListener((obs, old, now) -> item.setSelected(now == theme));
            themeMenu.getItems().add(item);
        }
        var larger = new MenuItem("Larger text");
        larger.setOnAction(e -> appearance.larger());
        var smaller = new MenuItem("Smaller text");
        smaller.setOnAction(e -> appearance.smaller());
        var reset = new MenuItem("Default text size");
        reset.setOnAction(e -> appearance.resetFontSize());
        var view = new Menu("View", null, themeMenu, larger, smaller, reset);
        var historyItem = new MenuItem("Request history");
        historyItem.setId("historyMenuItem");
        historyItem.setOnAction(e -> showHistory());
        var tools = new Menu("Tools", null, historyItem);
        var shortcuts = new MenuItem("Keyboard shortcuts");
        shortcuts.setOnAction(e -> help.show());
        var helpMenu = new Menu("Help", null, shortcuts);
        var bar = new MenuBar(view, tools, helpMenu);
        bar.setId("menuBar");
        return bar;
    }

    /** The history in its own window, so it can sit beside the tables; one window, brought to front when asked again. */
    public void showHistory() {
        if (historyWindow != null) {
            historyWindow.show();
            historyWindow.toFront();
            return;
        }
        var model = new HistoryViewModel(history, fx);
        var content = new HistoryView(model).createView();
        content.setStyle(appearance.rootStyle());
        var scene = new Scene(content, 1240, 560);
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE) scene.getWindow().hide();
        });
        scene.getStylesheets().addAll(main.tableTabs().getScene().getStylesheets());
        var stage = new Stage();
        stage.setTitle("DynaLens · Request history");
        stage.initOwner(main.tableTabs().getScene().getWindow());
        stage.setScene(scene);
        stage.setOnHidden(e -> {
            model.dispose();
            historyWindow = null;
        });
        historyWindow = stage;
        stage.show();
    }

    private void tableOpened(OpenedTable opened) {
        var tracked = openTabs.track(opened.profile().id(), opened.table(), opened.browser());
        opened.views().getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            tracked.viewProperty().set(viewOf(now));
            saveTabsSoon();
        });
        // The form is saved with the tabs each time it is run (and at exit), so a crash loses little.
        opened.browser().runningProperty().addListener((obs, was, now) -> {
            if (now) saveTabsSoon();
        });
        var savedModel = savedQueries.forTable(opened.profile().id(), opened.browser());
        var saved = new SavedQueriesView(savedModel, opened.browser());
        for (var inner : opened.views().getTabs()) {
            if (viewOf(inner) == TableTabView.SCAN_QUERY) {
                var content = new BorderPane(inner.getContent());
                content.setTop(saved.createView());
                inner.setContent(content);
            }
        }
        entries.put(opened.tab(), new Entry(opened, tracked, saved));
        saveTabsSoon();
        var title = opened.table() + " · " + opened.profile().name();
        opened.staleness().notifyWith(notifications);
        notifications.watch(opened.collections().overviewRunningProperty(), () -> showing(opened, TableTabView.COLLECTIONS),
                () -> new NotificationsViewModel.Note("Overview of " + title + " finished",
                        opened.collections().overviewStatusProperty().get(), !opened.collections().errorProperty().get().isEmpty()));
        notifications.watch(opened.staleness().runningProperty(), () -> showing(opened, TableTabView.STALE_COPIES),
                () -> new NotificationsViewModel.Note("Stale-copy check of " + title + " finished",
                        opened.staleness().statusProperty().get(), !opened.staleness().errorProperty().get().isEmpty()));
    }

    /** Whether the given inner view of a table tab is what the person sees now. */
    private boolean showing(OpenedTable opened, TableTabView view) {
        var window = main.tableTabs().getScene() == null ? null : main.tableTabs().getScene().getWindow();
        var selectedInner = opened.views().getSelectionModel().getSelectedItem();
        return window != null && window.isFocused() && opened.tab().isSelected()
                && viewOf(selectedInner) == view;
    }

    /**
     * Reopens the tabs saved at the last exit whose connection still exists, with their forms and views; a tab on a
     * workspace file is reopened when the file is still there (each file is opened once, before its tabs).
     *
     * @return how many tabs are being restored (workspace files open in the background first)
     */
    public int restoreTabs() {
        var saved = openTabs.toRestore(connections.connections(), Shell::reopenableFile);
        var problem = openTabs.statusProperty().get();
        if (!problem.isEmpty()) {
            notifications.notify(new NotificationsViewModel.Note("Tabs", problem, true));
        }
        if (saved.isEmpty()) {
            return 0;
        }
        restoring = true;
        var files = saved.stream().map(OpenTab::connectionId).distinct()
                .filter(id -> connections.connections().stream().noneMatch(c -> c.id().equals(id))).toList();
        java.util.concurrent.CompletableFuture<?> chain = java.util.concurrent.CompletableFuture.completedFuture(null);
        for (var id : files) {
            chain = chain.thenCompose(ignored -> connections.openWorkspace(
                    java.nio.file.Path.of(id.substring(ConnectionsViewModel.WORKSPACE_ID_PREFIX.length()))));
        }
        chain.whenComplete((ignored, failure) -> fx.execute(() -> openRestored(saved)));
        return saved.size();
    }

    private static boolean reopenableFile(String connectionId) {
        if (!connectionId.startsWith(ConnectionsViewModel.WORKSPACE_ID_PREFIX)) return false;
        try {
            return java.nio.file.Files.isRegularFile(java.nio.file.Path.of(
                    connectionId.substring(ConnectionsViewModel.WORKSPACE_ID_PREFIX.length())));
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    private void openRestored(List<OpenTab> saved) {
        try {
            for (var tab : saved) {
                connections.connections().stream().filter(c -> c.id().equals(tab.connectionId())).findFirst()
                        .flatMap(p -> main.openTable(p, tab.table())).ifPresent(opened -> restore(opened, tab));
            }
            var selected = openTabs.restoredSelection();
            if (selected >= 0 && selected < main.tableTabs().getTabs().size()) {
                main.tableTabs().getSelectionModel().select(selected);
            }
            // The sidebar shows the connection of the tab in front, with its tables, as if it had just been opened.
            var front = entries.get(main.tableTabs().getSelectionModel().getSelectedItem());
            if (front != null) connections.selectedProperty().set(front.table().profile());
        } finally {
            restoring = false;
            saveTabs();
        }
    }

    private void restore(OpenedTable opened, OpenTab saved) {
        var entry = entries.get(opened.tab());
        if (entry == null) return;
        OpenTabsViewModel.restoreInto(saved, entry.tracked(), opened.browser());
        opened.views().getTabs().stream().filter(t -> viewOf(t) == saved.view()).findFirst()
                .ifPresent(t -> opened.views().getSelectionModel().select(t));
    }

    /** Saves the tabs after a change, except while restoring them (which saves once at its end). */
    private void saveTabsSoon() {
        if (!restoring) saveTabs();
    }

    /** Writes the open tabs; called on changes and on exit. */
    public void saveTabs() {
        openTabs.selectedProperty().set(main.tableTabs().getSelectionModel().getSelectedIndex());
        openTabs.save();
    }

    private Entry current() {
        var tab = main.tableTabs().getSelectionModel().getSelectedItem();
        return tab == null ? null : entries.get(tab);
    }

    private static TableTabView viewOf(Tab inner) {
        return inner != null && inner.getUserData() instanceof TableTabView view ? view : null;
    }

    private void showInner(Entry entry, TableTabView view) {
        entry.table().views().getTabs().stream().filter(t -> viewOf(t) == view).findFirst()
                .ifPresent(t -> entry.table().views().getSelectionModel().select(t));
    }

    private Map<Shortcuts.Action, Runnable> handlers() {
        var map = new EnumMap<Shortcuts.Action, Runnable>(Shortcuts.Action.class);
        map.put(Shortcuts.Action.RUN, () -> withCurrent(e -> {
            showInner(e, TableTabView.SCAN_QUERY);
            e.table().browser().run();
        }));
        map.put(Shortcuts.Action.LOAD_MORE, () -> withCurrent(e -> e.table().browser().loadMore()));
        map.put(Shortcuts.Action.CANCEL, () -> {
            if (help != null && help.showing()) {
                help.hide();
                return;
            }
            withCurrent(e -> {
                e.table().browser().cancel();
                e.table().collections().cancelOverview();
                e.table().collections().cancelCollection();
            });
        });
        map.put(Shortcuts.Action.FOCUS_FILTER, () -> withCurrent(e -> {
            showInner(e, TableTabView.SCAN_QUERY);
            var field = e.table().tab().getContent().lookup("#partitionValue");
            if (field instanceof TextInputControl input && !input.isDisabled()) {
                input.requestFocus();
                input.selectAll();
            } else {
                var index = e.table().tab().getContent().lookup("#indexChoice");
                if (index != null) index.requestFocus();
            }
        }));
        map.put(Shortcuts.Action.SAVE_QUERY, () -> withCurrent(e -> {
            showInner(e, TableTabView.SCAN_QUERY);
            e.saved().askAndSave();
        }));
        map.put(Shortcuts.Action.COMMIT, () -> withCurrentOrSay("commit", this::commitStaged));
        map.put(Shortcuts.Action.COPY_JSON, () -> withCurrentOrSay("copy", e -> copyItem(e.table().browser().selectedPlainJsonProperty().get(), "JSON")));
        map.put(Shortcuts.Action.COPY_DYNAMO_JSON, () -> withCurrentOrSay("copy",
                e -> copyItem(e.table().browser().selectedDynamoJsonProperty().get(), "DynamoDB JSON")));
        map.put(Shortcuts.Action.COPY_CODE, () -> withCurrentOrSay("copy as code", this::copyCode));
        map.put(Shortcuts.Action.NEW_TAB, () -> focus("#tableList"));
        map.put(Shortcuts.Action.CLOSE_TAB, () -> {
            var tabs = main.tableTabs();
            var tab = tabs.getSelectionModel().getSelectedItem();
            if (tab != null) {
                tabs.getTabs().remove(tab);
                if (tab.getOnClosed() != null) tab.getOnClosed().handle(new javafx.event.Event(Tab.CLOSED_EVENT));
            }
        });
        map.put(Shortcuts.Action.NEXT_TAB, () -> cycle(main.tableTabs(), 1));
        map.put(Shortcuts.Action.PREVIOUS_TAB, () -> cycle(main.tableTabs(), -1));
        map.put(Shortcuts.Action.SWITCH_CONNECTION, () -> focus("#connectionList"));
        map.put(Shortcuts.Action.HISTORY, this::showHistory);
        map.put(Shortcuts.Action.FONT_LARGER, appearance::larger);
        map.put(Shortcuts.Action.FONT_SMALLER, appearance::smaller);
        map.put(Shortcuts.Action.FONT_RESET, appearance::resetFontSize);
        map.put(Shortcuts.Action.TOGGLE_THEME, () -> appearance.themeProperty().set(
                appearance.darkProperty().get() ? Appearance.Theme.LIGHT : Appearance.Theme.DARK));
        map.put(Shortcuts.Action.HELP, () -> help.toggle());
        return map;
    }

    private void withCurrent(java.util.function.Consumer<Entry> action) {
        var entry = current();
        if (entry != null) action.accept(entry);
    }

    /** As {@link #withCurrent}, saying in the status line when no table is open. */
    private void withCurrentOrSay(String what, java.util.function.Consumer<Entry> action) {
        var entry = current();
        if (entry == null) {
            say("Nothing to " + what + ": open a table first.");
        } else {
            action.accept(entry);
        }
    }

    private void say(String message) {
        connections.showMessage(dev.dynalens.ui.common.StatusKind.INFO, message);
    }

    /** The commit shortcut: the staged changes of the table in front, as the Commit button does it. */
    private void commitStaged(Entry entry) {
        var staged = entry.table().staged();
        var table = entry.table().table();
        if (staged.readOnly()) {
            say("Nothing to commit: the connection of " + table + " is read-only.");
        } else if (staged.committingProperty().get()) {
            say("A commit of " + table + " is already running.");
        } else if (staged.countProperty().get() == 0) {
            say("Nothing staged in " + table + " to commit: edit a cell or an item first.");
        } else {
            showInner(entry, TableTabView.STAGED);
            say("Committing " + staged.countProperty().get() + " staged change(s) to " + table + "…");
            dev.dynalens.ui.editor.StagedEditsView.commit(staged, main.tableTabs().getScene().getWindow());
        }
    }

    /** The copy-as-code shortcut: the expression builder's UpdateItem for the selected item, in the language used last. */
    private void copyCode(Entry entry) {
        var expressions = entry.table().expressions();
        try {
            var code = expressions.snippetInLastLanguage();
            copy(code);
            say("Copied the " + expressions.codeLanguageProperty().get().name() + " snippet of the update (Expressions tab).");
        } catch (IllegalStateException | IllegalArgumentException e) {
            say("Nothing copied as code: " + e.getMessage());
        }
    }

    private void copyItem(String text, String format) {
        if (text == null || text.isEmpty()) {
            say("Nothing copied: select an item in Scan / Query first.");
            return;
        }
        copy(text);
        say("Copied the selected item as " + format + ".");
    }

    private void focus(String id) {
        var node = main.tableTabs().getScene().lookup(id);
        if (node != null) node.requestFocus();
    }

    private static void cycle(TabPane tabs, int step) {
        var count = tabs.getTabs().size();
        if (count == 0) return;
        var index = Math.floorMod(tabs.getSelectionModel().getSelectedIndex() + step, count);
        tabs.getSelectionModel().select(index);
    }

    private static void copy(String text) {
        if (text == null || text.isEmpty()) return;
        var content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }
}

package dev.dynalens.ui.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.dynalens.domain.appstate.Appearance;
import dev.dynalens.domain.history.RequestHistory;
import dev.dynalens.ui.browser.SavedQueriesViewModel;
import dev.dynalens.ui.editor.StagedEditsView;
import dev.dynalens.ui.history.HistoryView;
import dev.dynalens.ui.history.HistoryViewModel;
import java.util.EnumMap;
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
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The shell around the main view: a menu bar (view, history, help), theme and font size, keyboard shortcuts with
 * their help overlay, and the notifications. The open tabs, their restore and what the shortcuts decide are
 * {@link ShellViewModel}'s; this class turns keys into its commands, and asks {@link MainView} and the tab in front
 * for what only a view can do (focus a field, ask for a name, show a dialog).
 */
public final class Shell {
    private final MainView main;
    private final ShellViewModel model;
    private final RequestHistory history;
    private final Executor fx;
    private final AppearanceViewModel appearance;
    private final MainWindowViewModel window;
    private ShortcutsHelp help;
    private Stage stage;
    private javafx.beans.InvalidationListener followBounds;
    private Stage historyWindow;
    private dev.dynalens.ui.design.DesignWindow designWindow;
    private Parent root;

    /** @param savedQueries and {@code appearance} loaded already: what they could not read is reported at once */
    public Shell(MainView main, ShellViewModel model, RequestHistory history, Executor fx, AppearanceViewModel appearance,
                 SavedQueriesViewModel savedQueries, MainWindowViewModel window) {
        this.main = main;
        this.model = model;
        this.history = history;
        this.fx = fx;
        this.appearance = appearance;
        this.window = window;
        model.reportProblem(savedQueries.statusProperty().get());
        model.reportProblem(appearance.statusProperty().get());
        main.notifyWith(model.notifications());
    }

    public ShellViewModel model() {
        return model;
    }

    public MainView main() {
        return main;
    }

    /** The main view with the menu bar above it and the notification and help layers over it. */
    public Parent createView() {
        var shell = new BorderPane(main.createView());
        shell.setTop(menuBar());
        var notes = new NotificationsView(model.notifications()).createView();
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
        // Work that ends in the view in front of the person needs no notice; the window is known once the scene is shown.
        scene.windowProperty().addListener((obs, old, window) -> followFocus(window));
        followFocus(scene.getWindow());
        appearance.darkProperty().addListener((obs, old, dark) -> applyTheme());
        appearance.fontSizeProperty().addListener((obs, old, size) -> applyTheme());
        applyTheme();
    }

    /**
     * Sizes and places the main window before it is shown: where it was at the last exit if that is on a screen now,
     * else at a share of the primary screen; its bounds are followed from then on, to be saved on exit.
     */
    public void placeWindow(Stage stage) {
        this.stage = stage;
        var screens = javafx.stage.Screen.getScreens().stream().map(screen -> area(screen.getVisualBounds())).toList();
        var bounds = window.initial(area(javafx.stage.Screen.getPrimary().getVisualBounds()), screens);
        model.reportProblem(window.statusProperty().get());
        stage.setX(bounds.x());
        stage.setY(bounds.y());
        stage.setWidth(bounds.width());
        stage.setHeight(bounds.height());
        stage.setMaximized(bounds.maximized());
        followBounds = o -> window.moved(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), stage.isMaximized());
        for (var property : java.util.List.of(stage.xProperty(), stage.yProperty(), stage.widthProperty(), stage.heightProperty())) {
            property.addListener(followBounds);
        }
    }

    /** Writes the window's size and position; called on exit. */
    public void saveWindow() {
        if (stage == null) return;
        for (var property : java.util.List.of(stage.xProperty(), stage.yProperty(), stage.widthProperty(), stage.heightProperty())) {
            property.removeListener(followBounds);
        }
        window.save(stage.isMaximized());
    }

    private static dev.dynalens.domain.appstate.WindowPlacement.Screen area(javafx.geometry.Rectangle2D bounds) {
        return new dev.dynalens.domain.appstate.WindowPlacement.Screen(bounds.getMinX(), bounds.getMinY(), bounds.getWidth(), bounds.getHeight());
    }

    private void followFocus(Window window) {
        model.windowFocusedProperty().unbind();
        if (window == null) {
            model.windowFocusedProperty().set(false);
        } else {
            model.windowFocusedProperty().bind(window.focusedProperty());
        }
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
        var designItem = new MenuItem("Design planner…");
        designItem.setId("designMenuItem");
        designItem.setOnAction(e -> showDesign());
        var tools = new Menu("Tools", null, historyItem, designItem);
        var shortcuts = new MenuItem("Keyboard shortcuts");
        shortcuts.setOnAction(e -> help.show());
        var helpMenu = new Menu("Help", null, shortcuts);
        var bar = new MenuBar(view, tools, helpMenu);
        bar.setId("menuBar");
        return bar;
    }

    /** The Design planner in its own window; one window, brought to front when asked again. */
    public void showDesign() {
        if (designWindow == null || !designWindow.stage().isShowing()) {
            designWindow = main.designWindow(root.getScene().getStylesheets(), appearance.rootStyle());
        }
        designWindow.show();
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
        scene.getStylesheets().addAll(root.getScene().getStylesheets());
        var stage = new Stage();
        stage.setTitle("DynaLens · Request history");
        stage.initOwner(root.getScene().getWindow());
        stage.setScene(scene);
        stage.setOnHidden(e -> {
            model.dispose();
            historyWindow = null;
        });
        historyWindow = stage;
        stage.show();
    }

    /**
     * Reopens the tabs saved at the last exit (see {@link ShellViewModel#restoreTabs}), each composed as when it is
     * opened from the table list.
     *
     * @return how many tabs are being restored
     */
    public int restoreTabs() {
        return model.restoreTabs(main::openTable);
    }

    /** Writes the open tabs; called on exit. */
    public void saveTabs() {
        model.saveTabs();
    }

    private Map<Shortcuts.Action, Runnable> handlers() {
        var map = new EnumMap<Shortcuts.Action, Runnable>(Shortcuts.Action.class);
        var shortcuts = model.shortcuts();
        map.put(Shortcuts.Action.RUN, shortcuts::run);
        map.put(Shortcuts.Action.LOAD_MORE, shortcuts::loadMore);
        map.put(Shortcuts.Action.CANCEL, () -> {
            if (help != null && help.showing()) {
                help.hide();
            } else {
                shortcuts.cancelWork();
            }
        });
        map.put(Shortcuts.Action.FOCUS_FILTER, () -> shortcuts.showScanQuery().flatMap(main::tableTab).ifPresent(TableTab::focusFilter));
        map.put(Shortcuts.Action.SAVE_QUERY, () -> shortcuts.showScanQuery().flatMap(main::tableTab).ifPresent(TableTab::askAndSaveQuery));
        map.put(Shortcuts.Action.COMMIT, () -> shortcuts.commitStaged().ifPresent(tab -> StagedEditsView.commit(tab.staged(),
                root.getScene().getWindow())));
        map.put(Shortcuts.Action.COPY_JSON, () -> shortcuts.copySelectedItem(ShellShortcuts.ItemFormat.PLAIN_JSON));
        map.put(Shortcuts.Action.COPY_DYNAMO_JSON, () -> shortcuts.copySelectedItem(ShellShortcuts.ItemFormat.DYNAMO_JSON));
        map.put(Shortcuts.Action.COPY_CODE, shortcuts::copyCode);
        map.put(Shortcuts.Action.NEW_TAB, main::focusTables);
        map.put(Shortcuts.Action.CLOSE_TAB, model::closeSelected);
        map.put(Shortcuts.Action.NEXT_TAB, model::selectNext);
        map.put(Shortcuts.Action.PREVIOUS_TAB, model::selectPrevious);
        map.put(Shortcuts.Action.SWITCH_CONNECTION, main::focusConnections);
        map.put(Shortcuts.Action.HISTORY, this::showHistory);
        map.put(Shortcuts.Action.FONT_LARGER, appearance::larger);
        map.put(Shortcuts.Action.FONT_SMALLER, appearance::smaller);
        map.put(Shortcuts.Action.FONT_RESET, appearance::resetFontSize);
        map.put(Shortcuts.Action.TOGGLE_THEME, () -> appearance.themeProperty().set(
                appearance.darkProperty().get() ? Appearance.Theme.LIGHT : Appearance.Theme.DARK));
        map.put(Shortcuts.Action.HELP, () -> help.toggle());
        return map;
    }

    /** What the copy shortcuts copy goes to the system clipboard (the FX thread's). */
    public static void copyToClipboard(String text) {
        var content = new javafx.scene.input.ClipboardContent();
        content.putString(text);
        javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
    }
}

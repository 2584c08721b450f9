package dev.dynalens.ui.shell;

import dev.dynalens.domain.appstate.TableTabId;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.service.ExportSources;
import dev.dynalens.ui.common.StatusKind;
import dev.dynalens.ui.common.WorkNotifier;
import dev.dynalens.ui.connections.ConnectionEditorViewModel;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import dev.dynalens.ui.design.DesignWindow;
import dev.dynalens.usecase.OpenExport;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.stage.Window;

/**
 * The shell: connections and their tables on the left ({@link ConnectionsSidebar}, its dialogs in
 * {@link ConnectionActions} and {@link TableActions}), a tab per opened table in the centre, status below.
 */
public final class MainView {
    private final ConnectionsViewModel connections;
    private final Supplier<ConnectionEditorViewModel> editorModels;
    private final Executor fx;
    private final ShellViewModel shell;
    private final TableTabs tableTabs;
    private final TabPane tabs = new TabPane();
    private final Map<TableTabViewModel, TableTab> onScreen = new HashMap<>();
    private ConnectionsSidebar sidebar;
    private WorkNotifier notifier = WorkNotifier.NONE;
    private ExportSources exportSources = ExportSources.localOnly();
    private Executor exportOpening = work -> Thread.ofVirtual().name("open-export").start(work);

    /** @param tableTabs composes each table tab opened here; {@code shell} keeps them */
    public MainView(ConnectionsViewModel connections, Supplier<ConnectionEditorViewModel> editorModels, Executor fx,
                    ShellViewModel shell, TableTabs tableTabs) {
        this.connections = connections;
        this.editorModels = editorModels;
        this.fx = fx;
        this.shell = shell;
        this.tableTabs = tableTabs;
    }

    /** Told when an export, import or load into a table ends, whether its dialog is still open or not. */
    public void notifyWith(WorkNotifier notifier) {
        this.notifier = Objects.requireNonNull(notifier, "notifier");
    }

    /**
     * Where "Read from an export…" reads exports (S3 through the AWS adapter in the app) and the executor its opening
     * runs on; call before {@link #createView()}. Without it, local folders only.
     */
    public void readExportsWith(ExportSources sources, Executor opening) {
        this.exportSources = Objects.requireNonNull(sources, "sources");
        this.exportOpening = Objects.requireNonNull(opening, "opening");
    }

    /** The views of an open table tab (the shortcuts that act in a view ask them). */
    public Optional<TableTab> tableTab(TableTabViewModel model) {
        return Optional.ofNullable(onScreen.get(model));
    }

    /**
     * The Design planner's window over this view's connections: a check or a create writes to one of them (not to a
     * workspace); "Show samples" opens the samples' file as a workspace and shows its table here, "Open in SQL
     * workbench" the same with the pattern's statement in the table's SQL view.
     */
    public DesignWindow designWindow(List<String> stylesheets, String rootStyle) {
        return new DesignWindow(tabs.getScene().getWindow(),
                connections.connections().filtered(c -> !ConnectionsViewModel.isWorkspace(c)), connections::sessionFor, fx,
                (file, table) -> connections.openWorkspace(file).thenCompose(outcome -> connections.refreshTables())
                        .thenRun(() -> fx.execute(() -> openTableAndShowExample(table))),
                (file, table, statement) -> connections.openWorkspace(file).thenCompose(outcome -> connections.refreshTables())
                        .thenRun(() -> fx.execute(() -> openStatementInSql(table, statement))),
                stylesheets, rootStyle);
    }

    private void openStatementInSql(String table, String statement) {
        var profile = connections.selectedProperty().get();
        if (profile == null) return;
        openTable(profile, table).flatMap(this::tableTab).ifPresent(tab -> tab.showInSql(statement, true));
    }

    /** New-tab shortcut: the table list, to pick the table to open. */
    public void focusTables() {
        if (sidebar != null) sidebar.focusTables();
    }

    /** Switch-connection shortcut: the connection list. */
    public void focusConnections() {
        if (sidebar != null) sidebar.focusConnections();
    }

    public Parent createView() {
        var root = new BorderPane();
        Supplier<Window> owner = () -> tabs.getScene().getWindow();
        sidebar = new ConnectionsSidebar(connections, new ConnectionActions(connections, editorModels, owner),
                new TableActions(connections, fx, () -> notifier, owner).readingExports(exportSources, exportOpening, this::openExport),
                this::openTable);
        var split = new SplitPane(sidebar.createView(), workArea());
        split.setDividerPositions(0.23);
        root.setCenter(split);
        root.setBottom(statusBar());
        return root;
    }

    private Node workArea() {
        tabs.setId("tableTabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        var empty = new Label("Add a connection, pick a table, and open it to Scan or Query.");
        empty.getStyleClass().add("text-muted");
        var stack = new StackPane(empty, tabs);
        tabs.visibleProperty().bind(Bindings.isNotEmpty(tabs.getTabs()));
        empty.visibleProperty().bind(tabs.visibleProperty().not());
        followTheShell();
        return stack;
    }

    /** The tab strip shows the shell's tabs: the one in front, and a tab closed here or by a shortcut. */
    private void followTheShell() {
        tabs.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> shell.select(
                onScreen.values().stream().filter(t -> t.tab() == now).map(TableTab::model).findFirst().orElse(null)));
        shell.selectedProperty().addListener((obs, old, now) -> {
            var shown = now == null ? null : onScreen.get(now);
            if (shown != null && tabs.getTabs().contains(shown.tab())) tabs.getSelectionModel().select(shown.tab());
        });
        shell.tabs().addListener((ListChangeListener<TableTabViewModel>) change -> {
            while (change.next()) {
                for (var closed : change.getRemoved()) {
                    var shown = onScreen.remove(closed);
                    if (shown != null) tabs.getTabs().remove(shown.tab());
                }
            }
        });
    }

    private Node statusBar() {
        var status = new Label();
        status.setId("statusMessage");
        status.textProperty().bind(connections.statusProperty());
        connections.statusKindProperty().addListener((obs, old, kind) -> {
            status.getStyleClass().removeAll("danger", "success");
            if (kind == StatusKind.ERROR) status.getStyleClass().add("danger");
            if (kind == StatusKind.SUCCESS) status.getStyleClass().add("success");
        });
        status.setWrapText(true);
        var bar = new HBox(status);
        bar.setPadding(new Insets(4, 10, 4, 10));
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("status-bar");
        return bar;
    }

    /**
     * Opens a table of the selected connection, analyses it and shows its richest partition: what a
     * newcomer sees first with the samples.
     */
    public void openTableAndShowExample(String table) {
        var profile = connections.selectedProperty().get();
        if (profile == null) return;
        openTable(profile, table).ifPresent(tab -> {
            var collections = tab.collections();
            tab.analyseOnOpen().orElseGet(() -> collections.loadDescription().thenCompose(ignored -> collections.runOverview()))
                    .thenCompose(ignored -> collections.openExampleCollection())
                    .thenRun(() -> fx.execute(collections::republishEntities));
        });
    }

    private void openTable(String table) {
        var profile = connections.selectedProperty().get();
        if (profile != null) openTable(profile, table);
    }

    /**
     * Opens a table of a connection in a new tab, or brings its tab to front when it is open; empty when it could not
     * be opened (an alert said why).
     */
    public Optional<TableTabViewModel> openTable(ConnectionProfile profile, String table) {
        var open = shell.showIfOpen(new TableTabId(profile.id(), table));
        if (open.isPresent()) return open;
        return show(table, () -> tableTabs.open(profile, table));
    }

    /**
     * A table of {@code live} read from its export, in a tab of its own; the same export opened again shows its tab
     * (and the second opening is closed).
     */
    Optional<TableTabViewModel> openExport(ConnectionProfile live, OpenExport.Opened export) {
        var open = shell.showIfOpen(new TableTabId(TableTabs.exportProfile(live, export).id(), export.table()));
        if (open.isPresent()) {
            Thread.ofVirtual().name("close-export").start(export.session()::close);
            return open;
        }
        return show(export.table(), () -> tableTabs.openExport(live, export));
    }

    private Optional<TableTabViewModel> show(String table, Supplier<TableTab> compose) {
        try {
            var opened = compose.get();
            onScreen.put(opened.model(), opened);
            opened.tab().setOnClosed(e -> shell.close(opened.model()));
            tabs.getTabs().add(opened.tab());
            shell.opened(opened.model());
            opened.model().analyseOnOpen();
            return Optional.of(opened.model());
        } catch (RuntimeException e) {
            var alert = new Alert(Alert.AlertType.ERROR, Problems.describe(e), ButtonType.OK);
            alert.setHeaderText("Could not open " + table);
            alert.showAndWait();
            return Optional.empty();
        }
    }
}

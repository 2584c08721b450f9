package dev.dynalens.ui.shell;

import dev.dynalens.ui.common.Icons;
import dev.dynalens.domain.appstate.TableTabId;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.ui.common.StatusKind;
import dev.dynalens.ui.load.LoadIntoTableDialog;
import dev.dynalens.ui.load.LoadIntoTableViewModel;
import dev.dynalens.ui.transfer.ExportDialog;
import dev.dynalens.ui.transfer.ExportViewModel;
import dev.dynalens.ui.transfer.ImportDialog;
import dev.dynalens.ui.transfer.ImportViewModel;
import dev.dynalens.usecase.ExportTable;
import dev.dynalens.usecase.ImportFile;
import dev.dynalens.usecase.LoadIntoTable;
import dev.dynalens.ui.connections.ConnectionEditorDialog;
import dev.dynalens.ui.connections.ConnectionEditorViewModel;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Circle;
import javafx.scene.paint.Color;

/** The shell: connections and their tables on the left, a tab per opened table in the centre, status below. */
public final class MainView {
    private final ConnectionsViewModel connections;
    private final Supplier<ConnectionEditorViewModel> editorModels;
    private final Executor fx;
    private final ShellViewModel shell;
    private final TableTabs tableTabs;
    private final TabPane tabs = new TabPane();
    private final java.util.Map<TableTabViewModel, TableTab> onScreen = new java.util.HashMap<>();
    private ListView<ConnectionProfile> connectionList;
    private ListView<String> tableList;
    private dev.dynalens.ui.common.WorkNotifier notifier = dev.dynalens.ui.common.WorkNotifier.NONE;

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
    public void notifyWith(dev.dynalens.ui.common.WorkNotifier notifier) {
        this.notifier = java.util.Objects.requireNonNull(notifier, "notifier");
    }

    /** The views of an open table tab (the shortcuts that act in a view ask them). */
    public java.util.Optional<TableTab> tableTab(TableTabViewModel model) {
        return java.util.Optional.ofNullable(onScreen.get(model));
    }

    /**
     * The Design planner's window over this view's connections: a check or a create writes to one of them (not to a
     * workspace); "Show samples" opens the samples' file as a workspace and shows its table here, "Open in SQL
     * workbench" the same with the pattern's statement in the table's SQL view.
     */
    public dev.dynalens.ui.design.DesignWindow designWindow(java.util.List<String> stylesheets, String rootStyle) {
        return new dev.dynalens.ui.design.DesignWindow(tabs.getScene().getWindow(),
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
        if (tableList != null) tableList.requestFocus();
    }

    /** Switch-connection shortcut: the connection list. */
    public void focusConnections() {
        if (connectionList != null) connectionList.requestFocus();
    }

    public Parent createView() {
        var root = new BorderPane();
        var split = new SplitPane(sidebar(), workArea());
        split.setDividerPositions(0.23);
        root.setCenter(split);
        root.setBottom(statusBar());
        return root;
    }

    private Node sidebar() {
        var title = new Label("Connections");
        title.getStyleClass().add("title-4");
        var add = new Button("Add");
        add.setId("addConnection");
        add.setOnAction(e -> addConnection());
        Icons.withIcon(add, Icons.Action.ADD, "Add a connection: an AWS profile, the default credentials or a local endpoint");
        var edit = new Button("Edit");
        edit.setId("editConnection");
        edit.setOnAction(e -> editSelected());
        Icons.withIcon(edit, Icons.Action.EDIT, "Edit the selected connection");
        var remove = new Button("Remove");
        remove.setId("removeConnection");
        remove.setOnAction(e -> removeSelected());
        Icons.withIcon(remove, Icons.Action.REMOVE, "Remove the selected connection (nothing in AWS is touched)");
        var test = new Button("Test");
        test.setId("testSelectedConnection");
        Icons.withIcon(test, Icons.Action.TEST, "Test the selected connection with one ListTables");
        test.setOnAction(e -> {
            var selected = connections.selectedProperty().get();
            if (selected != null) connections.test(selected);
        });
        var openFile = new Button("Open file…");
        openFile.setId("openFile");
        Icons.withIcon(openFile, Icons.Action.OPEN, "Open a NoSQL Workbench model, DynamoDB JSON lines or `aws dynamodb scan` output as an offline workspace");
        openFile.setOnAction(e -> openFile());
        var noneSelected = connections.selectedProperty().isNull();
        var workspaceSelected = javafx.beans.binding.Bindings.createBooleanBinding(
                () -> connections.selectedProperty().get() != null && ConnectionsViewModel.isWorkspace(connections.selectedProperty().get()),
                connections.selectedProperty());
        edit.disableProperty().bind(noneSelected.or(workspaceSelected));
        remove.disableProperty().bind(noneSelected);
        test.disableProperty().bind(noneSelected.or(workspaceSelected));
        var buttons = new javafx.scene.layout.FlowPane(6, 6, add, openFile, edit, test, remove);

        var list = new ListView<>(connections.connections());
        connectionList = list;
        list.setId("connectionList");
        list.setCellFactory(v -> new ConnectionCell());
        list.setPrefHeight(220);
        list.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> connections.selectedProperty().set(now));
        connections.selectedProperty().addListener((obs, old, now) -> {
            if (now != null && now != list.getSelectionModel().getSelectedItem()) list.getSelectionModel().select(now);
        });
        list.setOnMouseClicked(e -> {
            var selected = connections.selectedProperty().get();
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && selected != null
                    && !ConnectionsViewModel.isWorkspace(selected)) editSelected();
        });

        var tablesTitle = new Label("Tables");
        tablesTitle.getStyleClass().add("title-4");
        var refresh = new Button("Refresh");
        refresh.setId("refreshTables");
        refresh.setOnAction(e -> connections.refreshTables());
        Icons.iconOnly(refresh, Icons.Action.REFRESH, "List the connection's tables again");
        refresh.disableProperty().bind(noneSelected);
        var busy = new ProgressIndicator();
        busy.setPrefSize(16, 16);
        busy.visibleProperty().bind(connections.busyProperty());
        var tableList = new ListView<>(connections.tables());
        this.tableList = tableList;
        tableList.setId("tableList");
        tableList.setPlaceholder(new Label("Select a connection to list its tables."));
        tableList.setOnMouseClicked(e -> {
            var table = tableList.getSelectionModel().getSelectedItem();
            if (table != null && e.getClickCount() == 2) openTable(table);
        });
        tableList.setOnKeyPressed(e -> {
            var table = tableList.getSelectionModel().getSelectedItem();
            if (table != null && e.getCode() == javafx.scene.input.KeyCode.ENTER) openTable(table);
        });
        var open = new Button("Open");
        open.setId("openTable");
        open.disableProperty().bind(tableList.getSelectionModel().selectedItemProperty().isNull());
        open.setOnAction(e -> openTable(tableList.getSelectionModel().getSelectedItem()));
        Icons.withIcon(open, Icons.Action.OPEN_TABLE, "Open the selected table in a tab (Enter)");

        var load = new Button("Load into…");
        load.setId("loadInto");
        Icons.withIcon(load, Icons.Action.LOAD_INTO, "Write every item of this table into a table on a connection");
        load.disableProperty().bind(tableList.getSelectionModel().selectedItemProperty().isNull());
        load.setOnAction(e -> loadInto(tableList.getSelectionModel().getSelectedItem()));
        var export = new Button("Export…");
        export.setId("exportTable");
        export.disableProperty().bind(tableList.getSelectionModel().selectedItemProperty().isNull());
        export.setOnAction(e -> transfer(tableList.getSelectionModel().getSelectedItem(), true));
        Icons.withIcon(export, Icons.Action.EXPORT, "Export every item of the selected table to a file");
        var importFile = new Button("Import…");
        importFile.setId("importIntoTable");
        importFile.disableProperty().bind(tableList.getSelectionModel().selectedItemProperty().isNull());
        importFile.setOnAction(e -> transfer(tableList.getSelectionModel().getSelectedItem(), false));
        Icons.withIcon(importFile, Icons.Action.IMPORT, "Import a file's items into the selected table");
        var box = new VBox(8, title, buttons, list,
                new javafx.scene.layout.FlowPane(6, 6, tablesTitle, refresh, open, load, export, importFile, busy), tableList);
        VBox.setVgrow(tableList, Priority.ALWAYS);
        box.setPadding(new Insets(10));
        box.setMinWidth(240);
        return box;
    }

    private Node workArea() {
        tabs.setId("tableTabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        var empty = new Label("Add a connection, pick a table, and open it to Scan or Query.");
        empty.getStyleClass().add("text-muted");
        var stack = new javafx.scene.layout.StackPane(empty, tabs);
        tabs.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(tabs.getTabs()));
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
        shell.tabs().addListener((javafx.collections.ListChangeListener<TableTabViewModel>) change -> {
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

    private void addConnection() {
        ConnectionEditorDialog.show(tabs.getScene().getWindow(), editorModels.get(), connections).ifPresent(connections::add);
    }

    private void loadInto(String table) {
        var source = connections.selectedProperty().get();
        if (source == null || table == null) return;
        var targets = connections.connections().stream().filter(c -> !ConnectionsViewModel.isWorkspace(c)).toList();
        if (targets.isEmpty()) {
            var alert = new Alert(Alert.AlertType.INFORMATION, "Add a connection to write into first (for example a local "
                    + "DynamoDB-compatible endpoint).", ButtonType.OK);
            alert.setHeaderText("No connection to load into");
            alert.initOwner(tabs.getScene().getWindow());
            alert.showAndWait();
            return;
        }
        var load = new LoadIntoTableViewModel(new LoadIntoTable(), connections.sessionFor(source), table, targets, connections::sessionFor, fx);
        load.notifyWith(notifier);
        LoadIntoTableDialog.show(tabs.getScene().getWindow(), load);
    }

    /** "Export…" or "Import…" for a table of the selected connection. */
    private void transfer(String table, boolean export) {
        var profile = connections.selectedProperty().get();
        if (profile == null || table == null) return;
        var session = connections.sessionFor(profile);
        var window = tabs.getScene().getWindow();
        if (export) {
            var model = new ExportViewModel(new ExportTable(session), table, fx);
            model.notifyWith(notifier);
            ExportDialog.show(window, model);
        } else {
            var model = new ImportViewModel(new ImportFile(session), table, fx);
            model.notifyWith(notifier);
            ImportDialog.show(window, model);
        }
    }

    private void openFile() {
        var chooser = new javafx.stage.FileChooser();
        chooser.setTitle("Open a workspace file");
        chooser.getExtensionFilters().addAll(
                new javafx.stage.FileChooser.ExtensionFilter("DynamoDB data (*.json, *.jsonl, *.json.gz)", "*.json", "*.jsonl", "*.gz"),
                new javafx.stage.FileChooser.ExtensionFilter("All files", "*"));
        var file = chooser.showOpenDialog(tabs.getScene().getWindow());
        if (file != null) {
            connections.openWorkspace(file.toPath()).thenAccept(outcome -> {
                if (outcome == ConnectionsViewModel.OpenOutcome.NEEDS_KEY_SCHEMA) {
                    askForKeySchema(file.toPath());
                }
            });
        }
    }

    /** For a file that carries no key schema and whose keys could not be guessed. */
    private void askForKeySchema(java.nio.file.Path file) {
        var keys = new javafx.scene.control.TextField();
        keys.setId("keySchemaField");
        keys.setPromptText("PK,SK");
        var indexes = new javafx.scene.control.TextField();
        indexes.setPromptText("GSI1=GSI1PK,GSI1SK; GSI2=GSI2PK");
        var grid = new javafx.scene.layout.GridPane();
        grid.setHgap(10);
        grid.setVgap(10);
        grid.addRow(0, new Label("Key schema"), keys);
        grid.addRow(1, new Label("Indexes (optional)"), indexes);
        var dialog = new javafx.scene.control.Dialog<ButtonType>();
        dialog.initOwner(tabs.getScene().getWindow());
        dialog.setTitle("Key schema");
        dialog.setHeaderText(file.getFileName() + " does not say which attributes are its keys.\n"
                + "Name the partition key, and the sort key if there is one.");
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, ButtonType.OK);
        dialog.getDialogPane().lookupButton(ButtonType.OK).disableProperty().bind(keys.textProperty().isEmpty());
        dialog.showAndWait().filter(ButtonType.OK::equals).ifPresent(ok -> {
            var gsis = java.util.Arrays.stream(indexes.getText().split(";")).map(String::strip).filter(t -> !t.isEmpty()).toList();
            connections.openWorkspace(file, keys.getText().strip(), gsis).thenAccept(outcome -> {
                if (outcome == ConnectionsViewModel.OpenOutcome.NEEDS_KEY_SCHEMA) askForKeySchema(file);
            });
        });
    }

    private void editSelected() {
        var selected = connections.selectedProperty().get();
        if (selected == null) return;
        var model = editorModels.get();
        model.load(selected);
        ConnectionEditorDialog.show(tabs.getScene().getWindow(), model, connections).ifPresent(connections::replace);
    }

    private void removeSelected() {
        var selected = connections.selectedProperty().get();
        if (selected == null) return;
        if (ConnectionsViewModel.isWorkspace(selected)) {
            connections.remove(selected); // closing a file loses nothing
            return;
        }
        var confirm = new Alert(Alert.AlertType.CONFIRMATION, "Remove the connection \"" + selected.name()
                + "\"? Nothing in AWS is touched.", ButtonType.CANCEL, ButtonType.OK);
        confirm.initOwner(tabs.getScene().getWindow());
        confirm.setHeaderText("Remove connection");
        confirm.showAndWait().filter(ButtonType.OK::equals).ifPresent(b -> connections.remove(selected));
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
    public java.util.Optional<TableTabViewModel> openTable(ConnectionProfile profile, String table) {
        var open = shell.showIfOpen(new TableTabId(profile.id(), table));
        if (open.isPresent()) return open;
        try {
            var opened = tableTabs.open(profile, table);
            onScreen.put(opened.model(), opened);
            opened.tab().setOnClosed(e -> shell.close(opened.model()));
            tabs.getTabs().add(opened.tab());
            shell.opened(opened.model());
            opened.model().analyseOnOpen();
            return java.util.Optional.of(opened.model());
        } catch (RuntimeException e) {
            var alert = new Alert(Alert.AlertType.ERROR, Problems.describe(e), ButtonType.OK);
            alert.setHeaderText("Could not open " + table);
            alert.showAndWait();
            return java.util.Optional.empty();
        }
    }

    /** A connection with its colour tag, region or endpoint, and a read-only badge. */
    private static final class ConnectionCell extends ListCell<ConnectionProfile> {
        @Override
        protected void updateItem(ConnectionProfile profile, boolean empty) {
            super.updateItem(profile, empty);
            if (empty || profile == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            var dot = new Circle(6, Color.web(profile.tag().colour()));
            var name = new Label(profile.name());
            name.getStyleClass().add("text-bold");
            var where = new Label(ConnectionsViewModel.isWorkspace(profile)
                    ? "file · " + profile.id().substring(ConnectionsViewModel.WORKSPACE_ID_PREFIX.length())
                    : profile.endpoint().map(Object::toString).orElse(profile.region()));
            where.getStyleClass().addAll("text-muted", "text-small");
            var details = new HBox(6, where);
            details.setAlignment(Pos.CENTER_LEFT);
            if (profile.tag().isProduction()) {
                var badge = new Label("PROD");
                badge.getStyleClass().addAll("text-small", "prod-badge");
                details.getChildren().add(badge);
            }
            if (profile.readOnly() && !ConnectionsViewModel.isWorkspace(profile)) {
                var badge = new Label("read-only");
                badge.getStyleClass().addAll("text-small", "read-only-badge");
                details.getChildren().add(badge);
            }
            var text = new VBox(1, name, details);
            var row = new HBox(8, dot, text);
            row.setAlignment(Pos.CENTER_LEFT);
            setText(null);
            setGraphic(row);
        }
    }
}

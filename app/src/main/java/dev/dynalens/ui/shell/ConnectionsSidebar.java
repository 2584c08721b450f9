package dev.dynalens.ui.shell;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.ui.common.Icons;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The shell's left side: the connections with their buttons, and the selected connection's tables with theirs. */
final class ConnectionsSidebar {
    private final ConnectionsViewModel connections;
    private final ConnectionActions connectionActions;
    private final TableActions tableActions;
    private final Consumer<String> openTable;
    private ListView<ConnectionProfile> connectionList;
    private ListView<String> tableList;

    /** @param openTable opens a table of the selected connection in a tab */
    ConnectionsSidebar(ConnectionsViewModel connections, ConnectionActions connectionActions, TableActions tableActions,
                       Consumer<String> openTable) {
        this.connections = connections;
        this.connectionActions = connectionActions;
        this.tableActions = tableActions;
        this.openTable = openTable;
    }

    /** The table list takes the focus; nothing before {@link #createView()}. */
    void focusTables() {
        if (tableList != null) tableList.requestFocus();
    }

    /** The connection list takes the focus; nothing before {@link #createView()}. */
    void focusConnections() {
        if (connectionList != null) connectionList.requestFocus();
    }

    Node createView() {
        var title = new Label("Connections");
        title.getStyleClass().add("title-4");
        var add = new Button("Add");
        add.setId("addConnection");
        add.setOnAction(e -> connectionActions.add());
        Icons.withIcon(add, Icons.Action.ADD, "Add a connection: an AWS profile, the default credentials or a local endpoint");
        var edit = new Button("Edit");
        edit.setId("editConnection");
        edit.setOnAction(e -> connectionActions.editSelected());
        Icons.withIcon(edit, Icons.Action.EDIT, "Edit the selected connection");
        var remove = new Button("Remove");
        remove.setId("removeConnection");
        remove.setOnAction(e -> connectionActions.removeSelected());
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
        openFile.setOnAction(e -> connectionActions.openFile());
        var noneSelected = connections.selectedProperty().isNull();
        var workspaceSelected = Bindings.createBooleanBinding(
                () -> connections.selectedProperty().get() != null && ConnectionsViewModel.isWorkspace(connections.selectedProperty().get()),
                connections.selectedProperty());
        edit.disableProperty().bind(noneSelected.or(workspaceSelected));
        remove.disableProperty().bind(noneSelected);
        test.disableProperty().bind(noneSelected.or(workspaceSelected));
        var buttons = new FlowPane(6, 6, add, openFile, edit, test, remove);

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
                    && !ConnectionsViewModel.isWorkspace(selected)) connectionActions.editSelected();
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
        var tables = new ListView<>(connections.tables());
        tableList = tables;
        tables.setId("tableList");
        tables.setPlaceholder(new Label("Select a connection to list its tables."));
        tables.setOnMouseClicked(e -> {
            var table = tables.getSelectionModel().getSelectedItem();
            if (table != null && e.getClickCount() == 2) openTable.accept(table);
        });
        tables.setOnKeyPressed(e -> {
            var table = tables.getSelectionModel().getSelectedItem();
            if (table != null && e.getCode() == KeyCode.ENTER) openTable.accept(table);
        });
        var selectedTable = tables.getSelectionModel().selectedItemProperty();
        var open = new Button("Open");
        open.setId("openTable");
        open.disableProperty().bind(selectedTable.isNull());
        open.setOnAction(e -> openTable.accept(selectedTable.get()));
        Icons.withIcon(open, Icons.Action.OPEN_TABLE, "Open the selected table in a tab (Enter)");

        var load = new Button("Load into…");
        load.setId("loadInto");
        Icons.withIcon(load, Icons.Action.LOAD_INTO, "Write every item of this table into a table on a connection");
        load.disableProperty().bind(selectedTable.isNull());
        load.setOnAction(e -> tableActions.loadInto(selectedTable.get()));
        var export = new Button("Export…");
        export.setId("exportTable");
        export.disableProperty().bind(selectedTable.isNull());
        export.setOnAction(e -> tableActions.transfer(selectedTable.get(), true));
        Icons.withIcon(export, Icons.Action.EXPORT, "Export every item of the selected table to a file");
        var importFile = new Button("Import…");
        importFile.setId("importIntoTable");
        importFile.disableProperty().bind(selectedTable.isNull());
        importFile.setOnAction(e -> tableActions.transfer(selectedTable.get(), false));
        Icons.withIcon(importFile, Icons.Action.IMPORT, "Import a file's items into the selected table");
        var fromExport = new Button("Read from an export…");
        fromExport.setId("readFromExport");
        fromExport.disableProperty().bind(selectedTable.isNull().or(workspaceSelected));
        fromExport.setOnAction(e -> tableActions.readFromExport(selectedTable.get()));
        Icons.withIcon(fromExport, Icons.Action.READ_EXPORT, "Read the selected table from one of its exports to S3, or a folder or "
                + "URI: every whole-table view works from it, with no read capacity");
        var toS3 = new Button("Export to S3…");
        toS3.setId("exportToS3");
        toS3.disableProperty().bind(selectedTable.isNull().or(workspaceSelected));
        toS3.setOnAction(e -> tableActions.exportToS3(selectedTable.get()));
        Icons.withIcon(toS3, Icons.Action.EXPORT_S3, "Start an export of the selected table to S3 (ExportTableToPointInTime): its cost and "
                + "point-in-time recovery said first, then its progress, then Read it");
        var box = new VBox(8, title, buttons, list,
                new FlowPane(6, 6, tablesTitle, refresh, open, load, export, importFile, fromExport, toS3, busy), tables);
        VBox.setVgrow(tables, Priority.ALWAYS);
        box.setPadding(new Insets(10));
        box.setMinWidth(240);
        return box;
    }
}

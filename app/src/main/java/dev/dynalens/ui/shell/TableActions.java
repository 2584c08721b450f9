package dev.dynalens.ui.shell;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.service.ExportSources;
import dev.dynalens.ui.common.WorkNotifier;
import dev.dynalens.ui.exports.ReadFromExportDialog;
import dev.dynalens.ui.exports.ReadFromExportViewModel;
import dev.dynalens.ui.exports.StartExportDialog;
import dev.dynalens.ui.exports.StartExportViewModel;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import dev.dynalens.ui.load.LoadIntoTableDialog;
import dev.dynalens.ui.load.LoadIntoTableViewModel;
import dev.dynalens.ui.transfer.ExportDialog;
import dev.dynalens.ui.transfer.ExportViewModel;
import dev.dynalens.ui.transfer.ImportDialog;
import dev.dynalens.ui.transfer.ImportViewModel;
import dev.dynalens.usecase.ExportTable;
import dev.dynalens.usecase.ImportFile;
import dev.dynalens.usecase.ListTableExports;
import dev.dynalens.usecase.LoadIntoTable;
import dev.dynalens.usecase.OpenExport;
import dev.dynalens.usecase.StartExport;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

/**
 * The sidebar's long jobs on a table of the selected connection, each in its dialog: Load into…, Export…, Import…,
 * Read from an export… and Export to S3….
 */
final class TableActions {
    private final ConnectionsViewModel connections;
    private final Executor fx;
    private final Supplier<WorkNotifier> notifier;
    private final Supplier<Window> owner;
    private ExportSources exportSources;
    private Executor exportOpening;
    private BiConsumer<ConnectionProfile, OpenExport.Opened> openExportTab;

    /**
     * @param notifier told when a job ends, asked as the job starts
     * @param owner    the window the dialogs belong to, asked when one opens
     */
    TableActions(ConnectionsViewModel connections, Executor fx, Supplier<WorkNotifier> notifier, Supplier<Window> owner) {
        this.connections = connections;
        this.fx = fx;
        this.notifier = notifier;
        this.owner = owner;
    }

    /**
     * Where "Read from an export…" reads exports, the executor its opening runs on, and what shows an opened one (a tab).
     */
    TableActions readingExports(ExportSources sources, Executor opening, BiConsumer<ConnectionProfile, OpenExport.Opened> openTab) {
        this.exportSources = java.util.Objects.requireNonNull(sources, "sources");
        this.exportOpening = java.util.Objects.requireNonNull(opening, "opening");
        this.openExportTab = java.util.Objects.requireNonNull(openTab, "openTab");
        return this;
    }

    /** "Read from an export…" for a table of the selected (live) connection: its exports, or a folder or URI. */
    void readFromExport(String table) {
        var profile = connections.selectedProperty().get();
        if (profile == null || table == null || ConnectionsViewModel.isWorkspace(profile) || exportSources == null) return;
        var live = connections.sessionFor(profile);
        var model = new ReadFromExportViewModel(new ListTableExports(live), new OpenExport(exportSources, profile, live, exportOpening),
                table, fx);
        ReadFromExportDialog.show(owner.get(), model, opened -> openExportTab.accept(profile, opened));
    }

    /**
     * "Export to S3…" for a table of the selected (live) connection: its cost and point-in-time recovery, the export
     * started and watched, and the completed export opened in a tab as "Read from an export…" opens one.
     */
    void exportToS3(String table) {
        var profile = connections.selectedProperty().get();
        if (profile == null || table == null || ConnectionsViewModel.isWorkspace(profile) || exportSources == null) return;
        var live = connections.sessionFor(profile);
        var model = new StartExportViewModel(new StartExport(live), new OpenExport(exportSources, profile, live, exportOpening), profile,
                table, fx);
        StartExportDialog.show(owner.get(), model, profile.name(), opened -> openExportTab.accept(profile, opened));
    }

    void loadInto(String table) {
        var source = connections.selectedProperty().get();
        if (source == null || table == null) return;
        var targets = connections.connections().stream().filter(c -> !ConnectionsViewModel.isWorkspace(c)).toList();
        if (targets.isEmpty()) {
            var alert = new Alert(Alert.AlertType.INFORMATION, "Add a connection to write into first (for example a local "
                    + "DynamoDB-compatible endpoint).", ButtonType.OK);
            alert.setHeaderText("No connection to load into");
            alert.initOwner(owner.get());
            alert.showAndWait();
            return;
        }
        var load = new LoadIntoTableViewModel(new LoadIntoTable(), connections.sessionFor(source), table, targets, connections::sessionFor, fx);
        load.notifyWith(notifier.get());
        LoadIntoTableDialog.show(owner.get(), load);
    }

    /** "Export…" or "Import…" for a table of the selected connection. */
    void transfer(String table, boolean export) {
        var profile = connections.selectedProperty().get();
        if (profile == null || table == null) return;
        var session = connections.sessionFor(profile);
        var window = owner.get();
        if (export) {
            var model = new ExportViewModel(new ExportTable(session), table, fx);
            model.notifyWith(notifier.get());
            ExportDialog.show(window, model);
        } else {
            var model = new ImportViewModel(new ImportFile(session), table, fx);
            model.notifyWith(notifier.get());
            ImportDialog.show(window, model);
        }
    }
}

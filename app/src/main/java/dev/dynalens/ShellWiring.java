package dev.dynalens;

import dev.dynalens.domain.history.RequestHistory;
import dev.dynalens.service.DynamoSessionFactory;
import dev.dynalens.service.ExportSources;
import dev.dynalens.service.WorkspaceOpener;
import dev.dynalens.service.config.JsonLensStore;
import dev.dynalens.service.config.JsonLinesHistoryLog;
import dev.dynalens.service.config.JsonSettingsStore;
import dev.dynalens.service.config.JsonAppStateStore;
import dev.dynalens.service.config.SystemColorScheme;
import dev.dynalens.service.history.RecordingSession;
import dev.dynalens.ui.shell.MainView;
import dev.dynalens.ui.shell.Shell;
import dev.dynalens.ui.browser.SavedQueriesViewModel;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import dev.dynalens.ui.connections.ConnectionEditorViewModel;
import dev.dynalens.ui.shell.AppearanceViewModel;
import dev.dynalens.ui.shell.MainWindowViewModel;
import dev.dynalens.ui.shell.NotificationsViewModel;
import dev.dynalens.ui.shell.OpenTabsViewModel;
import dev.dynalens.ui.shell.ShellViewModel;
import dev.dynalens.ui.shell.TableTabs;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The composition of the shell and its app state: the request history (in memory, appended to the config folder) that every
 * session records into, the stores behind saved queries, open tabs, lenses and the look, and the table tabs' composition.
 */
final class ShellWiring {
    private final Path configDirectory;
    private final RequestHistory history = new RequestHistory();
    private final JsonLinesHistoryLog log;
    private String historyProblem;
    private static final java.time.Duration SYSTEM_THEME_TIMEOUT = java.time.Duration.ofSeconds(5);

    private ShellWiring(Path configDirectory) {
        this.configDirectory = configDirectory;
        this.log = new JsonLinesHistoryLog(configDirectory, RequestHistory.DEFAULT_CAPACITY,
                Executors.newSingleThreadExecutor(Thread.ofVirtual().name("history-writer").factory()));
    }

    static ShellWiring open(Path configDirectory) {
        var wiring = new ShellWiring(configDirectory);
        var loaded = wiring.log.load();
        wiring.history.restore(loaded.records());
        wiring.historyProblem = loaded.problem();
        wiring.history.addListener(record -> wiring.log.append(record, problem -> System.err.println(problem)));
        return wiring;
    }

    RequestHistory history() {
        return history;
    }

    DynamoSessionFactory recording(DynamoSessionFactory factory) {
        return profile -> new RecordingSession(factory.open(profile), history, Clock.systemUTC());
    }

    WorkspaceOpener recording(WorkspaceOpener opener) {
        return (file, keySchema, indexes) -> opener.open(file, keySchema, indexes).thenApply(opened ->
                new WorkspaceOpener.OpenedWorkspace(opened.name(), opened.file(),
                        new RecordingSession(opened.session(), history, Clock.systemUTC()), opened.summary(), opened.problems(),
                        opened.needsKeySchema()));
    }

    /**
     * The shell and its main view over {@code connections}: the shell's model with the open tabs, the saved queries,
     * the look, the notifications, and the composition of table tabs with this config folder; "Read from an export…" reads
     * through {@code exports}, opening them on {@code background}.
     */
    Shell shell(ConnectionsViewModel connections, Supplier<ConnectionEditorViewModel> editors, Executor fx, ExportSources exports,
                Executor background) {
        var store = new JsonAppStateStore(configDirectory);
        var saved = new SavedQueriesViewModel(store);
        saved.load();
        var colourScheme = SystemColorScheme.current();
        // The probe runs a command (up to two of 2 s each): never on the FX thread.
        var probe = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("system-theme").factory());
        var appearance = new AppearanceViewModel(new JsonSettingsStore(configDirectory), colourScheme::prefersDark, probe, fx,
                SYSTEM_THEME_TIMEOUT);
        appearance.load();
        var model = new ShellViewModel(connections, new OpenTabsViewModel(store), new NotificationsViewModel(), fx,
                Shell::copyToClipboard);
        var tableTabs = new TableTabs(connections, fx, new JsonLensStore(configDirectory), configDirectory, saved)
                .keepingEntityTypesIn(new dev.dynalens.service.config.JsonEntityTypesStore(configDirectory));
        var main = new MainView(connections, editors, fx, model, tableTabs);
        main.readExportsWith(exports, background);
        var shell = new Shell(main, model, history, fx, appearance, saved, new MainWindowViewModel(store));
        model.reportProblem(historyProblem);
        return shell;
    }
}

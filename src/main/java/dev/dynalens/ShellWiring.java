package dev.dynalens;

import dev.dynalens.domain.history.RequestHistory;
import dev.dynalens.service.DynamoSessionFactory;
import dev.dynalens.service.WorkspaceOpener;
import dev.dynalens.service.config.JsonLinesHistoryLog;
import dev.dynalens.service.config.JsonSettingsStore;
import dev.dynalens.service.config.JsonAppStateStore;
import dev.dynalens.service.config.SystemColorScheme;
import dev.dynalens.service.history.RecordingSession;
import dev.dynalens.ui.shell.MainView;
import dev.dynalens.ui.shell.Shell;
import dev.dynalens.ui.browser.SavedQueriesViewModel;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import dev.dynalens.ui.shell.AppearanceViewModel;
import dev.dynalens.ui.shell.OpenTabsViewModel;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * The composition of the shell and its app state: the request history (in memory, appended to the config folder) that every
 * session records into, and the stores behind saved queries, open tabs and the look.
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

    Shell shell(MainView view, ConnectionsViewModel connections, Executor fx) {
        var store = new JsonAppStateStore(configDirectory);
        var saved = new SavedQueriesViewModel(store);
        saved.load();
        var colourScheme = SystemColorScheme.current();
        // The probe runs a command (up to two of 2 s each): never on the FX thread.
        var probe = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("system-theme").factory());
        var appearance = new AppearanceViewModel(new JsonSettingsStore(configDirectory), colourScheme::prefersDark, probe, fx,
                SYSTEM_THEME_TIMEOUT);
        appearance.load();
        var shell = new Shell(view, connections, history, fx, saved, new OpenTabsViewModel(store), appearance);
        shell.reportProblem(historyProblem);
        return shell;
    }
}

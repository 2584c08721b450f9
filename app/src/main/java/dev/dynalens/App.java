package dev.dynalens;

import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.aws.AwsExportSources;
import dev.dynalens.service.aws.SdkAwsEnvironment;
import dev.dynalens.service.config.ConfigDirectory;
import dev.dynalens.service.config.JsonConnectionStore;
import dev.dynalens.service.workspace.FileWorkspaceOpener;
import dev.dynalens.ui.shell.MainView;
import dev.dynalens.ui.common.StatusKind;
import dev.dynalens.ui.connections.ConnectionEditorViewModel;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.stage.Stage;

/** The JavaFX application and composition root of the GUI: wires the AWS adapters (DynamoDB, exports in S3), the store and the views. */
public class App extends Application {
    private ConnectionsViewModel connections;
    private dev.dynalens.ui.shell.Shell shell;

    static {
        // Netty otherwise reaches for sun.misc.Unsafe, which JDK 24+ warns about on every start.
        if (System.getProperty("io.netty.noUnsafe") == null) {
            System.setProperty("io.netty.noUnsafe", "true");
        }
    }

    public static void launchGui(String[] args) {
        Application.launch(App.class, args);
    }

    @Override
    public void start(Stage stage) {
        Thread.setDefaultUncaughtExceptionHandler((thread, error) -> reportUnexpected(error));

        Executor fx = Platform::runLater;
        Executor background = Executors.newVirtualThreadPerTaskExecutor();
        var environment = new SdkAwsEnvironment();
        var config = ConfigDirectory.current();
        var wiring = ShellWiring.open(config);
        connections = new ConnectionsViewModel(new JsonConnectionStore(config),
                wiring.recording(new AwsDynamoSessionFactory()), wiring.recording(new FileWorkspaceOpener(background)),
                fx, background);
        shell = wiring.shell(connections, () -> new ConnectionEditorViewModel(environment), fx, new AwsExportSources(System.getenv()),
                background);

        var scene = new Scene(shell.createView());
        scene.getStylesheets().add(Objects.requireNonNull(App.class.getResource("ui/dynalens.css")).toExternalForm());
        shell.install(scene);
        stage.setTitle("DynaLens");
        stage.setScene(scene);
        shell.placeWindow(stage);
        stage.show();
        connections.loadSaved();
        var restoring = shell.restoreTabs();
        if (restoring == 0 && connections.connections().isEmpty() && !connections.statusKindProperty().get().equals(StatusKind.ERROR)
                && Boolean.parseBoolean(System.getProperty(SAMPLES_PROPERTY, "true"))) {
            openSamples(shell.main(), config);
        }
    }

    /** First start, nothing saved: open the bundled samples so there is a populated collection at once. */
    private void openSamples(MainView view, java.nio.file.Path config) {
        var folder = config.resolve("samples");
        try {
            Files.createDirectories(folder);
            for (var name : SAMPLES) {
                try (var in = App.class.getResourceAsStream("samples/" + name)) {
                    if (in == null) {
                        return; // a build without the samples: start empty
                    }
                    Files.copy(in, folder.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            reportUnexpected(e);
            return;
        }
        // The shop opens last, so it is the one selected and shown.
        connections.openWorkspace(folder.resolve(SAMPLES.get(1)))
                .thenCompose(ok -> connections.openWorkspace(folder.resolve(SAMPLES.get(2))))
                .thenCompose(ok -> connections.openWorkspace(folder.resolve(SAMPLES.get(0))))
                .thenCompose(ok -> connections.refreshTables())
                .thenAccept(ignored -> {
                    if (!connections.tables().isEmpty()) {
                        view.openTableAndShowExample(connections.tables().get(0));
                    }
                });
    }

    /** {@code -Ddynalens.samples=false} starts empty even on first start (tests that add their own connections). */
    public static final String SAMPLES_PROPERTY = "dynalens.samples";

    private static final java.util.List<String> SAMPLES = java.util.List.of("online-shop.json", "blog.json", "teams.json");

    @Override
    public void stop() {
        if (shell != null) {
            shell.saveTabs();
            shell.saveWindow();
        }
        if (connections != null) {
            connections.closeAll();
        }
    }

    private static void reportUnexpected(Throwable error) {
        error.printStackTrace();
        Runnable show = () -> {
            var alert = new Alert(Alert.AlertType.ERROR, String.valueOf(error.getMessage()), ButtonType.OK);
            alert.setHeaderText("Something went wrong, but nothing was lost: " + error.getClass().getSimpleName());
            alert.show();
        };
        if (Platform.isFxApplicationThread()) show.run(); else Platform.runLater(show);
    }

    public static void main(String[] args) {
        launchGui(args);
    }
}

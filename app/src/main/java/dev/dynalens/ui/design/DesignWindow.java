package dev.dynalens.ui.design;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.usecase.DesignTable;
import dev.dynalens.usecase.ExportDesign;
import dev.dynalens.usecase.ProveDesign;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The Design view in a window of its own, composed: the editor, the design and the proof models over the use cases, a
 * thread of its own for files (examples, exports, the samples' workspace, a proof in memory), stopped when the window closes.
 */
public final class DesignWindow {
    /** The example pattern sets bundled with the app, shown in the Examples menu; the first opens with the window. */
    static final List<String> EXAMPLES = List.of("shop-orders", "online-shop", "saas-tracker", "leaderboard", "iot-device-log");

    private final Stage stage;
    private final DesignViewModel model;

    /**
     * @param connections   the connections a proof or a create may write to
     * @param sessions      a connection's open, guarded session
     * @param openWorkspace opens a Workbench model file of samples as a workspace and shows its table (file, table name)
     * @param openStatement opens a Workbench model file of samples as a workspace and puts a PartiQL statement in its
     *                      table's SQL view (file, table name, statement)
     */
    public DesignWindow(Window owner, ObservableList<ConnectionProfile> connections, Function<ConnectionProfile, DynamoSession> sessions,
                        Executor fx, BiConsumer<Path, String> openWorkspace, StatementOpener openStatement, List<String> stylesheets, String rootStyle) {
        ExecutorService files = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("design-files").factory());
        var editor = new PatternsEditorModel(new DesignTable());
        model = new DesignViewModel(editor, new ExportDesign(files, Clock.systemDefaultZone()), fx);
        var proof = new DesignProofModel(new ProveDesign(), connections, sessions, () -> model.designProperty().get(), model::applyProof,
                fx, files, LocalDateTime::now);
        model.designProperty().addListener((obs, old, now) -> {
            proof.designChanged();
            model.clearProofs();
        });
        var examples = FXCollections.<DesignView.Example>observableArrayList();
        var view = new DesignView(model, proof, examples, shown -> showSamples(shown, files, fx, openWorkspace),
                statement -> showSamples(model, files, fx, (file, table) -> openStatement.open(file, table, statement)));
        var content = view.createView();
        content.setStyle(rootStyle);
        var screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        var scene = new Scene(content, Math.min(1680, screen.getWidth() - 40), Math.min(980, screen.getHeight() - 40));
        scene.getStylesheets().addAll(stylesheets);
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE) scene.getWindow().hide();
        });
        stage = new Stage();
        stage.setTitle("DynaLens · Design planner");
        stage.initOwner(owner);
        stage.setScene(scene);
        stage.setOnHidden(e -> {
            proof.cancel();
            files.shutdown();
        });
        CompletableFuture.supplyAsync(DesignWindow::readExamples, files).thenAcceptAsync(read -> {
            examples.setAll(read);
            if (!read.isEmpty() && editor.textProperty().get().isBlank()) {
                editor.textProperty().set(read.getFirst().text());
            }
        }, fx);
    }

    /** Where "Open in SQL workbench" goes: the samples' table opened as a workspace, the statement in its SQL view. */
    @FunctionalInterface
    public interface StatementOpener {
        void open(Path samples, String table, String statement);
    }

    public void show() {
        stage.show();
        stage.toFront();
    }

    public Stage stage() {
        return stage;
    }

    public DesignViewModel model() {
        return model;
    }

    private static List<DesignView.Example> readExamples() {
        var read = new ArrayList<DesignView.Example>();
        for (var name : EXAMPLES) {
            try (InputStream in = DesignWindow.class.getResourceAsStream("/dev/dynalens/samples/patterns/" + name + ".yaml")) {
                if (in != null) {
                    read.add(new DesignView.Example(name, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return read;
    }

    /** The samples written as a Workbench model into a temporary file, then opened as a workspace. */
    private static void showSamples(DesignViewModel model, Executor files, Executor fx, BiConsumer<Path, String> openWorkspace) {
        CompletableFuture.supplyAsync(() -> {
            try {
                var folder = Files.createTempDirectory("dynalens-design");
                folder.toFile().deleteOnExit();
                return folder;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, files).thenComposeAsync(folder -> {
            // back on the FX thread: the design is read there, the file written on the files thread
            var file = folder.resolve(model.designProperty().get().tableName() + "-samples.json");
            file.toFile().deleteOnExit();
            return model.writeSamples(file).thenApply(table -> new Object[] {file, table});
        }, fx).whenCompleteAsync((opened, failure) -> {
            if (failure != null) {
                model.report("Could not write the samples: " + dev.dynalens.domain.connection.Problems.describe(failure));
            } else {
                model.report("The samples are open as workspace " + ((Path) opened[0]).getFileName());
                openWorkspace.accept((Path) opened[0], (String) opened[1]);
            }
        }, fx);
    }
}

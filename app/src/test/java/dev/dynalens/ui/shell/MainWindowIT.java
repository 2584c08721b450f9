package dev.dynalens.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.App;
import dev.dynalens.testsupport.TestApps;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The main window in the running app, headless (Monocle's screen is 1920 × 1200): its first size, and the last one kept. */
class MainWindowIT extends FxRobot {
    @TempDir
    Path configDir;

    private static Stage stage;
    private Application app;

    @BeforeAll
    static void toolkit() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void stop() throws Exception {
        TestApps.stop(app);
    }

    @Test
    void theFirstWindow_takesAShareOfTheScreen_centred_andFitsOnIt() throws Exception {
        app = TestApps.start(configDir, false);
        WaitForAsyncUtils.waitForFxEvents();

        var screen = Screen.getPrimary().getVisualBounds();
        assertThat(stage.getWidth()).isEqualTo(Math.floor(screen.getWidth() * 0.8));
        assertThat(stage.getHeight()).isEqualTo(Math.floor(screen.getHeight() * 0.85));
        assertThat(stage.getX()).isEqualTo(screen.getMinX() + Math.floor((screen.getWidth() - stage.getWidth()) / 2));
        assertThat(stage.getX() + stage.getWidth()).isLessThanOrEqualTo(screen.getMaxX());
        assertThat(stage.getY() + stage.getHeight()).isLessThanOrEqualTo(screen.getMaxY());
        // The window's content is laid out to the window, not wider: nothing of the shell is cut off at the right.
        var root = stage.getScene().getRoot();
        assertThat(root.getLayoutBounds().getWidth()).isLessThanOrEqualTo(stage.getWidth());
    }

    @Test
    void aWindowMovedAndResized_opensThereAfterARestart() throws Exception {
        app = TestApps.start(configDir, false);
        interact(() -> {
            stage.setX(60);
            stage.setY(40);
            stage.setWidth(1100);
            stage.setHeight(720);
        });

        FxToolkit.cleanupApplication(app); // stop(): the window is saved
        assertThat(Files.readString(configDir.resolve("window.json"))).contains("\"width\" : 1100.0");
        interact(() -> {
            stage.setWidth(300); // as if it were a new window elsewhere
            stage.setX(0);
        });
        app = FxToolkit.setupApplication(App.class);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(stage.getX()).isEqualTo(60);
        assertThat(stage.getY()).isEqualTo(40);
        assertThat(stage.getWidth()).isEqualTo(1100);
        assertThat(stage.getHeight()).isEqualTo(720);
    }
}

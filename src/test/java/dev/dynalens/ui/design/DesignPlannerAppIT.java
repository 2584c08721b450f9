package dev.dynalens.ui.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.testsupport.TestApps;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The Design planner in the running app, headless: Tools → Design planner… opens it with the first example designed. */
class DesignPlannerAppIT extends FxRobot {
    @TempDir
    Path configDir;

    private Application app;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void stop() throws Exception {
        FxToolkit.setupFixture(() -> javafx.stage.Window.getWindows().stream().filter(w -> w.getScene() != null
                && w.getScene().getRoot() != null && "designView".equals(w.getScene().getRoot().getId())).toList()
                .forEach(javafx.stage.Window::hide));
        TestApps.stop(app);
    }

    @Test
    void theToolsMenu_opensTheDesignPlanner_withTheFirstExampleDesigned() throws Exception {
        app = TestApps.start(configDir, false);
        WaitForAsyncUtils.waitForFxEvents();

        clickOn("Tools");
        clickOn("#designMenuItem");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#keyChart").tryQuery().isPresent() && !keyChart().getItems().isEmpty());
        assertThat(keyChart().getItems()).extracting(DesignViewModel.KeyChartRow::entity).containsExactly("Customer", "Order");
        assertThat(lookup("#patternProblems").queryListView().getItems()).isEmpty();
    }

    @SuppressWarnings("unchecked")
    private TableView<DesignViewModel.KeyChartRow> keyChart() {
        return lookup("#keyChart").queryAs(TableView.class);
    }
}

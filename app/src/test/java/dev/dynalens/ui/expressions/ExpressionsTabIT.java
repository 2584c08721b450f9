package dev.dynalens.ui.expressions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.Item;
import dev.dynalens.testsupport.TestApps;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The Expressions tab in the app, headless, on the online-shop sample the first start opens (a read-only workspace). */
class ExpressionsTabIT extends FxRobot {
    @TempDir
    Path configDir;

    private Application app;

    @BeforeAll
    static void stage() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @BeforeEach
    void startApp() throws Exception {
        app = TestApps.start(configDir, true);
    }

    @AfterEach
    void stopApp() throws Exception {
        TestApps.stop(app);
    }

    @Test
    void theTabFollowsTheCollectionSelection_previewsIt_andRefusesToRunOnAReadOnlyWorkspace() throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> lookup("#group-ORDER").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        TableView<Item> orders = lookup("#group-ORDER .table-view").queryAs(TableView.class);
        interact(() -> orders.getSelectionModel().select(0));

        clickOn("Expressions");
        clickOn("#addUpdate");
        clickOn("#update-path-0").write("note");
        clickOn("#update-value-0").write("checked");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(lookup("#renderedUpdate").queryAs(Label.class).getText()).matches("SET note = :v1");
        assertThat(lookup("#preview").queryAs(VBox.class).lookupAll(".label")).extracting(n -> ((Label) n).getText())
                .contains("✔ condition holds", "note", "\"checked\"");
        assertThat(lookup("#runUpdate").queryButton().isDisabled()).isTrue();
        assertThat(lookup("#runStatus").queryAs(Label.class).getText()).contains("read-only");
    }
}

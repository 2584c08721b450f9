package dev.dynalens.ui.sql;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.dynalens.App;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.testsupport.PngWriter;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The SQL tab as a person uses it, headless: write a join, see the plan say Query, run it, read the rows. With
 * {@code -Ddynalens.screenshots=DIR} it also writes the screenshots of the docs.
 */
@ExtendWith(ApplicationExtension.class)
class SqlViewTest {
    private SqlViewModel model;
    private Scene scene;
    private dev.dynalens.ui.browser.SavedQueriesViewModel.ForSql saved;

    @Start
    void start(Stage stage) {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        var work = Executors.newCachedThreadPool(r -> {
            var t = new Thread(r, "sql work");
            t.setDaemon(true);
            return t;
        });
        var session = SqlViewModelTest.session(ConnectionTag.DEV);
        model = new SqlViewModel(session, "Tracker", new dev.dynalens.usecase.RunSql(new dev.dynalens.service.sql.SqlEngine(), work, work),
                new dev.dynalens.usecase.LearnEntityTypes(session, new SqlViewModelTest.MemoryStore(), "conn", work, java.time.Clock.systemUTC()),
                work, Platform::runLater);
        try {
            var config = java.nio.file.Files.createTempDirectory("sql-view-test");
            config.toFile().deleteOnExit();
            saved = new dev.dynalens.ui.browser.SavedQueriesViewModel(new dev.dynalens.service.config.JsonAppStateStore(config)).forSql("conn", "Tracker");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        scene = new Scene((Parent) new SqlView(model).savingIn(saved).createView(), 1200, 760);
        scene.getStylesheets().add(Objects.requireNonNull(App.class.getResource("ui/dynalens.css")).toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void aJoin_isPlannedAsAQuery_thenRun_andItsRowsRead(FxRobot robot) throws Exception {
        robot.clickOn("#sqlRefresh");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> model.readyProperty().get());
        robot.clickOn("#sqlEditor");
        robot.interact(() -> robot.lookup("#sqlEditor").queryAs(CodeArea.class).replaceText(
                "SELECT p.title, u.name\nFROM PROJECT p\nJOIN \"USER\" u ON u.PK = 'USER#' || p.ownerId AND u.SK = 'PROFILE'\n"
                        + "WHERE p.PK = 'ORG#acme'"));

        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup("#sqlPlan").queryAs(TextArea.class).getText().startsWith("Query"));
        assertThat(robot.lookup("#sqlPlan").queryAs(TextArea.class).getText()).startsWith("Query Tracker").contains("BatchGetItem Tracker");
        screenshot(robot, "sql-plan.png");

        robot.clickOn("#sqlRun");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup("#sqlResults").queryAs(TableView.class).getItems().size() == 2
                && !model.runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        var results = robot.lookup("#sqlResults").queryAs(TableView.class);
        assertThat(results.getColumns()).extracting(c -> ((javafx.scene.control.TableColumn<?, ?>) c).getText()).containsExactly("title", "name");
        assertThat(((javafx.scene.control.TableColumn<?, ?>) results.getColumns().get(1)).getCellData(0).toString()).isIn("Mara Vance", "Ines Roy");
        assertThat(robot.lookup("#sqlStatus").queryAs(Label.class).getText()).startsWith("2 row(s) · 2 request(s)").contains("ran as sql");
        screenshot(robot, "sql-results.png");

        // saved under a name, it is listed in the Saved menu and opens back into the editor
        robot.interact(() -> saved.save("projects with owners", model.statementToSave().orElseThrow()));
        var menu = robot.lookup("#sqlSaved").queryAs(javafx.scene.control.MenuButton.class);
        assertThat(menu.getItems()).extracting(javafx.scene.control.MenuItem::getText).contains("Save statement…", "projects with owners");
        robot.interact(() -> model.statementProperty().set(""));
        robot.interact(() -> ((javafx.scene.control.Menu) menu.getItems().stream().filter(i -> "projects with owners".equals(i.getText()))
                .findFirst().orElseThrow()).getItems().getFirst().fire());
        assertThat(robot.lookup("#sqlEditor").queryAs(CodeArea.class).getText()).startsWith("SELECT p.title, u.name");
    }

    private void screenshot(FxRobot robot, String name) throws Exception {
        PngWriter.screenshotIfAsked(robot, () -> scene.getRoot(), name);
    }
}

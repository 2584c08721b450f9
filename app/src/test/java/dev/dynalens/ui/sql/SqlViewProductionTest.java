package dev.dynalens.ui.sql;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.dynalens.App;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The SQL tab of a production table, headless: Refresh entity types asks in a bar, with the cost, before anything is read. */
@ExtendWith(ApplicationExtension.class)
class SqlViewProductionTest {
    private SqlViewModel model;
    private FakeDynamoSession session;

    @Start
    void start(Stage stage) {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        var work = Executors.newCachedThreadPool(r -> {
            var t = new Thread(r, "sql work");
            t.setDaemon(true);
            return t;
        });
        session = SqlViewModelTest.session(ConnectionTag.PRODUCTION);
        model = new SqlViewModel(session, "Tracker", new dev.dynalens.usecase.RunSql(new dev.dynalens.service.sql.SqlEngine(), work, work),
                new dev.dynalens.usecase.LearnEntityTypes(session, new SqlViewModelTest.MemoryStore(), "conn", work, java.time.Clock.systemUTC()),
                work, Platform::runLater);
        var scene = new Scene((Parent) new SqlView(model).createView(), 1200, 760);
        scene.getStylesheets().add(Objects.requireNonNull(App.class.getResource("ui/dynalens.css")).toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void refreshEntityTypes_asksInABar_andReadsOnlyAfterTheYes(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#sqlEntityTypes").queryAs(Label.class).getText()
                .startsWith("Knowing the entity types"));
        assertThat(robot.lookup("#sqlSampleReadBar").query().isVisible()).isFalse();

        robot.clickOn("#sqlRefresh");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#sqlSampleReadBar").query().isVisible()).isTrue();
        assertThat(robot.lookup("#sqlSampleReadQuestion").queryAs(Label.class).getText())
                .startsWith("Tracker is on a production connection. Knowing the entity types of Tracker takes a sample read: the first 9 items")
                .endsWith("Read it?");
        assertThat(session.reads).isEmpty();

        robot.clickOn("#confirmSampleRead");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> model.readyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(session.reads).hasSize(1);
        assertThat(robot.lookup("#sqlSampleReadBar").query().isVisible()).isFalse();
    }
}

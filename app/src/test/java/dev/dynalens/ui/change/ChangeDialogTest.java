package dev.dynalens.ui.change;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.dynalens.App;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.workspace.WorkspaceFiles;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Change items… dialog as a person uses it on a production connection, headless: a problem of the file is listed at
 * its place and a click puts the caret there; Plan says the read's cost and waits for the yes; the plan shows its counts,
 * its costs and the chosen sample's attributes before and after.
 */
@ExtendWith(ApplicationExtension.class)
class ChangeDialogTest {
    private FakeDynamoSession session;
    private ChangeViewModel model;

    @Start
    void start(Stage stage) throws Exception {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        var workspace = WorkspaceFiles.read(Path.of("samples/blog.json"), WorkspaceOptions.NONE);
        List<Item> blog = workspace.tables().get(0).items();
        session = new FakeDynamoSession(ConnectionProfile.create("Blog (prod)", new CredentialsSource.LocalPlaceholder(), "eu-west-1",
                URI.create("http://127.0.0.1:9"), false, ConnectionTag.PRODUCTION));
        session.description.complete(new WorkspaceSession(workspace, Runnable::run).describeTable("Blog").join());
        session.responder = request -> new Page(blog, null, blog.size(), ConsumedCapacity.NOT_REPORTED);
        var analysis = Executors.newSingleThreadExecutor(r -> {
            var t = new Thread(r, "change analysis");
            t.setDaemon(true);
            return t;
        });
        var folder = Files.createTempDirectory("change-dialog");
        folder.toFile().deleteOnExit();
        model = new ChangeViewModel(session, "Blog", Platform::runLater, analysis, folder, () -> Lens.NONE,
                ChangeText.starting("Blog", "POST", null, null));
        var scene = new Scene(new StackPane(), 200, 100);
        scene.getStylesheets().add(Objects.requireNonNull(App.class.getResource("ui/dynalens.css")).toExternalForm());
        stage.setScene(scene);
        stage.show();
        new ChangeDialog(model).show(stage);
    }

    @Test
    void aProblemIsShownAtItsPlace_thenThePlanWaitsForTheReadsYes_andShowsTheSamplesSideBySide(FxRobot robot) throws Exception {
        robot.clickOn("#changePlan");
        @SuppressWarnings("unchecked")
        ListView<ChangeRows.Problem> problems = robot.lookup("#changeProblems").queryAs(ListView.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !problems.getItems().isEmpty());
        assertThat(problems.getItems()).extracting(ChangeRows.Problem::text)
                .containsExactly("line 1, column 1: the change does nothing: give set, remove, rename or delete: true");
        var text = robot.lookup("#changeText").queryAs(TextArea.class);
        robot.interact(() -> text.setText(text.getText() + "set: {GSI9PK: \"AUTHOR#{authorId\"}\n"));
        robot.clickOn("#changePlan");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !problems.getItems().isEmpty());
        var unclosed = problems.getItems().getFirst();
        assertThat(unclosed.line()).isEqualTo(text.getText().split("\n").length);
        robot.interact(() -> problems.getSelectionModel().select(0));
        assertThat(text.getCaretPosition()).isEqualTo(ChangeText.offset(text.getText(), unclosed.line(), unclosed.column()));

        robot.interact(() -> text.setText(text.getText().replace("{authorId\"", "{authorId}\"")));
        robot.clickOn("#changePlan");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !model.readQuestionProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(session.reads).as("nothing is read before the yes").isEmpty();
        assertThat(robot.lookup("#changeReadQuestion").queryAs(Label.class).getText()).startsWith("Blog is on a production connection. Reads Blog once");

        robot.clickOn("#confirmChangeRead");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> model.plannedProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        TableView<ChangeRows.Count> counts = robot.lookup("#changeCounts").queryAs(TableView.class);
        assertThat(counts.getItems()).extracting(ChangeRows.Count::action).containsExactly("updated in place");
        assertThat(robot.lookup("#changeWriteCost").queryAs(Label.class).getText()).contains("WCU");
        @SuppressWarnings("unchecked")
        TableView<ChangeRows.Diff> diff = robot.lookup("#changeDiff").queryAs(TableView.class);
        assertThat(diff.getItems()).first().satisfies(row -> {
            assertThat(row.attribute()).isEqualTo("GSI9PK");
            assertThat(row.mark()).isEqualTo("+");
        });
        assertThat(robot.lookup("#changeApply").queryButton().isDisabled()).isFalse();
        assertThat(session.writes).isEmpty();
    }
}

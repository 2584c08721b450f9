package dev.dynalens.ui.change;

import dev.dynalens.App;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.PngWriter;
import dev.dynalens.ui.connections.ConnectionEditorViewModel;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListView;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Not a test: drives the real app on a real display (Xvfb) to the state shown in {@code docs/screenshots/change-dialog.png}:
 * the blog sample loaded into a table Blog of a running dynalite, its Collections overview analysed, Change items… opened
 * on the POST entity type, the backfill of {@code samples/changes/blog-backfill.yaml} planned and a sample chosen. Writes
 * the dialog as a PNG and exits. Arguments: the endpoint, and where to write the picture (default
 * {@code change-dialog.png}). Run it with {@code -Ddynalens.config.dir=} an empty folder.
 */
public final class ChangeDialogScreenshot {
    public static void main(String[] args) throws Exception {
        var endpoint = URI.create(args[0]);
        var sample = SampleModels.load(SampleModels.BLOG);
        try (var session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("seed", endpoint))) {
            var indexes = sample.keys().indexes().entrySet().stream().map(index -> new IndexDescription(index.getKey(),
                    IndexDescription.Kind.GLOBAL, index.getValue(), IndexDescription.Projection.ALL, List.of(), null, null, null)).toList();
            new TableLoader(session).start(LoadRequest.of("Blog", sample.items())
                    .creatingTable(new CreateTableSpec("Blog", sample.keys().keySchema(), indexes)), p -> { }).result().get(2, TimeUnit.MINUTES);
        }
        Stage stage = FxToolkit.registerPrimaryStage();
        FxToolkit.setupApplication(App.class);
        FxToolkit.setupFixture(() -> {
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(1400);
            stage.setHeight(900);
        });
        var robot = new FxRobot();
        robot.clickOn("#addConnection");
        robot.clickOn("#nameField").write("local dynalite");
        robot.interact(() -> {
            robot.lookup("#credentialsModeBox").queryAs(ComboBox.class).getSelectionModel()
                    .select(ConnectionEditorViewModel.CredentialsMode.LOCAL);
            robot.lookup("#endpointField").queryAs(TextField.class).setText(endpoint.toString());
        });
        robot.clickOn("#saveConnection");
        @SuppressWarnings("unchecked")
        ListView<String> tables = robot.lookup("#tableList").queryAs(ListView.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> tables.getItems().contains("Blog"));
        robot.interact(() -> tables.getSelectionModel().select("Blog"));
        robot.clickOn("#openTable");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> robot.lookup("#analyseButton").tryQuery().isPresent());
        robot.clickOn("#analyseButton");
        @SuppressWarnings("unchecked")
        TableView<Object> entities = robot.lookup("#entityTable").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> entities.getItems().stream().anyMatch(row -> row.toString().contains("name=POST,")));
        Thread.sleep(1000);
        Node post = robot.lookup(node -> node instanceof TableCell<?, ?> cell && cell.getTableColumn() != null
                && "Entity".equals(cell.getTableColumn().getText()) && "POST".equals(cell.getText())).query();
        robot.rightClickOn(post);
        robot.clickOn("Change items…");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#changeText").tryQuery().isPresent());
        robot.interact(() -> {
            var text = robot.lookup("#changeText").queryAs(TextArea.class);
            text.setText(text.getText().replace("  # condition: \"status = 'DRAFT' AND attribute_not_exists(GSI2PK)\"", "  condition: \"readingMinutes > 5\"")
                    .replace("# set:\n#   GSI2PK: \"STATUS#{status}\"\n", "set:\n  GSI9PK: \"AUTHOR#{authorId}\"\n  GSI9SK: \"{publishedAt}#{postId}\"\n"));
        });
        robot.clickOn("#changePlan");
        @SuppressWarnings("unchecked")
        ListView<Object> samples = robot.lookup("#changeSamples").queryAs(ListView.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !samples.getItems().isEmpty());
        robot.interact(() -> samples.getSelectionModel().select(1));
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(500);
        var file = Path.of(args.length > 1 ? args[1] : "change-dialog.png");
        var shot = new WritableImage[1];
        robot.interact(() -> {
            var windows = Window.getWindows().filtered(Window::isShowing);
            shot[0] = windows.get(windows.size() - 1).getScene().getRoot().snapshot(null, null);
        });
        PngWriter.write(shot[0], file);
        System.out.println("wrote " + file.toAbsolutePath());
        System.exit(0);
    }
}

package dev.dynalens.ui.exports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestApps;
import dev.dynalens.testsupport.TestEndpoint;
import dev.dynalens.ui.connections.ConnectionEditorViewModel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "Export to S3…" in the running app, headless, on a dynalite table: dynalite has no exports nor point-in-time recovery,
 * so Check says so in a sentence and nothing can be started. (The export calls themselves are wire-tested, and the
 * dialog's model is tested over a fake connection: StartExportViewModelTest.)
 */
@ExtendWith(DynamoEndpointExtension.class)
class StartExportIT extends FxRobot {
    @TempDir
    Path dir;

    private Application app;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void stop() throws Exception {
        // the dialog is not modal: closed here, so that the next test's app does not find it in front
        FxToolkit.setupFixture(() -> javafx.stage.Window.getWindows().stream()
                .filter(w -> w instanceof javafx.stage.Stage stage && stage.getOwner() != null).toList().forEach(javafx.stage.Window::hide));
        TestApps.stop(app);
    }

    @Test
    void onAnEndpointWithoutExports_checkSaysSo_andNothingStarts(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("ExportToS3");
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        app = TestApps.start(dir.resolve("config"), false);
        clickOn("#addConnection");
        clickOn("#nameField").write("local");
        interact(() -> {
            lookup("#credentialsModeBox").queryAs(ComboBox.class).getSelectionModel().select(ConnectionEditorViewModel.CredentialsMode.LOCAL);
            lookup("#endpointField").queryAs(TextField.class).setText(endpoint.endpoint().toString());
        });
        clickOn("#saveConnection");
        @SuppressWarnings("unchecked")
        ListView<String> tables = lookup("#tableList").queryAs(ListView.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> tables.getItems().contains(table));
        interact(() -> tables.getSelectionModel().select(table));

        clickOn("#exportToS3");
        assertThat(lookup("#startExport").queryButton().isDisabled()).as("nothing checked yet").isTrue();
        clickOn("#checkExport");
        var status = lookup("#startExportStatus").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> status.getText().equals("Give the S3 bucket the export goes to."));
        interact(() -> lookup("#exportBucket").queryAs(TextField.class).setText("my-exports"));
        clickOn("#checkExport");

        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> status.getText().contains("has no exports"));
        assertThat(status.getText()).startsWith("The endpoint ").endsWith(" has no exports to S3 nor point-in-time recovery "
                + "(DescribeContinuousBackups is not there).");
        assertThat(lookup("#startExport").queryButton().isDisabled()).isTrue();
        assertThat(lookup("#exportCost").queryAs(Label.class).getText()).isEmpty();
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }
}

package dev.dynalens.ui.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import dev.dynalens.usecase.ExportTable;
import dev.dynalens.usecase.ImportFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Export and Import dialogs on a real (headless) JavaFX stage against the dynalite test endpoint: the
 * buttons, bindings, progress and the rejected list. The file chooser cannot be driven headless, so the test
 * sets the chosen file on the view model, as the chooser would.
 */
@ExtendWith(DynamoEndpointExtension.class)
class TransferDialogsIT extends FxRobot {
    @TempDir
    Path dir;

    private Stage stage;

    @BeforeEach
    void stage() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        // A dialog takes its owner's stylesheets, so the owner needs a scene, as the app's window has.
        FxToolkit.setupStage(s -> {
            s.setScene(new javafx.scene.Scene(new javafx.scene.layout.StackPane(), 300, 200));
            s.show();
        });
    }

    @AfterEach
    void closeDialogs() throws Exception {
        FxToolkit.setupFixture(() -> javafx.stage.Window.getWindows().stream().filter(w -> w != stage).toList()
                .forEach(javafx.stage.Window::hide));
    }

    private static String table(TestEndpoint endpoint, DynamoSession session, String prefix) throws Exception {
        var table = endpoint.uniqueTableName(prefix);
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        return table;
    }

    @Test
    void exportDialog_exportsTheTable_andShowsTheCount(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = table(endpoint, session, "DialogExport");
        for (int i = 0; i < 3; i++) {
            session.putItem(table, new Item(Map.of("PK", AttributeValue.s("P#" + i), "SK", AttributeValue.s("S"),
                    "price", AttributeValue.n("1.50")))).get(10, TimeUnit.SECONDS);
        }
        var model = new ExportViewModel(new ExportTable(session), table, Platform::runLater);
        FxToolkit.setupFixture(() -> ExportDialog.show(stage, model));

        assertThat(lookup("#startExport").queryAs(Button.class).isDisabled()).as("no file chosen yet").isTrue();
        var file = dir.resolve("out.csv");
        interact(() -> {
            lookup("#exportFormat").queryAs(ComboBox.class).getSelectionModel().select(TransferFormat.CSV);
            model.fileProperty().set(file);
        });
        clickOn("#startExport");

        var status = lookup("#exportStatus").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> status.getText().startsWith("Done"));
        assertThat(status.getText()).startsWith("Done: 3 items written to " + file);
        assertThat(Files.readAllLines(file)).hasSize(4).first().isEqualTo("PK:S,SK:S,price:N");
    }

    @Test
    void importDialog_importsTheFile_andListsTheRejectedLine(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = table(endpoint, session, "DialogImport");
        var file = dir.resolve("in.jsonl");
        Files.writeString(file, """
                {"Item": {"PK": {"S": "a"}, "SK": {"S": "1"}}}
                {"Item": {"PK": {"S": "b"}}}
                {"Item": {"PK": {"S": "c"}, "SK": {"S": "1"}}}
                """);
        var model = new ImportViewModel(new ImportFile(session), table, Platform::runLater);
        FxToolkit.setupFixture(() -> ImportDialog.show(stage, model));

        assertThat(lookup("#startImport").queryAs(Button.class).isDisabled()).as("no file chosen yet").isTrue();
        assertThat(lookup("#importRejected").queryAs(ListView.class).isVisible()).isFalse();
        interact(() -> model.fileProperty().set(file));
        clickOn("#startImport");

        var status = lookup("#importStatus").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> status.getText().startsWith("Done"));
        assertThat(status.getText()).startsWith("Done: 2 of 3 items written (DynamoDB JSON lines)");
        var rejected = lookup("#importRejected").queryAs(ListView.class);
        assertThat(rejected.isVisible()).isTrue();
        assertThat(rejected.getItems()).containsExactly("line 2: The item has no sort key SK (S)");
    }

    @Test
    void importDialog_onAProductionConnection_asksForTheTableName_beforeImporting(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var table = table(endpoint, session, "DialogImportProd");
        var file = dir.resolve("prod.jsonl");
        Files.writeString(file, """
                {"Item": {"PK": {"S": "a"}, "SK": {"S": "1"}}}
                """);
        var production = ConnectionProfile.create("prod", new CredentialsSource.LocalPlaceholder(), "us-east-1", endpoint.endpoint(),
                false, ConnectionTag.PRODUCTION);
        try (var prod = WriteGuard.protect(new AwsDynamoSessionFactory().open(production))) {
            var model = new ImportViewModel(new ImportFile(prod), table, Platform::runLater);
            FxToolkit.setupFixture(() -> ImportDialog.show(stage, model));
            interact(() -> model.fileProperty().set(file));

            clickOn("#startImport");

            var confirm = lookup("#confirmWrite").queryButton();
            assertThat(confirm.isDisabled()).as("OK waits for the table name").isTrue();
            assertThat(model.runningProperty().get()).isFalse();
            interact(() -> lookup("#confirmTableName").queryAs(TextField.class).setText(table));
            assertThat(confirm.isDisabled()).isFalse();
            clickOn(confirm);

            var status = lookup("#importStatus").queryAs(Label.class);
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> status.getText().startsWith("Done"));
            assertThat(status.getText()).startsWith("Done: 1 of 1 items written");
            assertThat(session.read(new dev.dynalens.domain.table.ReadRequest.Scan(table, null, null, null)).get(10, TimeUnit.SECONDS).items())
                    .hasSize(1);
        }
    }
}

package dev.dynalens.ui.exports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.export.ExportFormat;
import dev.dynalens.export.fixtures.ExportWriter;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.SampleTables;
import dev.dynalens.testsupport.RecordingProxy;
import dev.dynalens.testsupport.TestApps;
import dev.dynalens.testsupport.TestEndpoint;
import dev.dynalens.ui.connections.ConnectionEditorViewModel;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "Read from an export…" in the running app, headless, on a dynalite table (which has no exports to list) and an export of
 * it written to a folder in DynamoDB's layout: the dialog says the endpoint has none, the folder opens as a tab of its own
 * that says which export it reads and as of when, and the tab's overview, stale copies and SQL answer from the export:
 * the live table (behind a recording proxy) is described, never scanned.
 */
@ExtendWith(DynamoEndpointExtension.class)
class ReadFromExportIT extends FxRobot {
    private static final Instant EXPORT_TIME = Instant.parse("2026-11-30T10:00:00Z");

    @TempDir
    Path dir;

    private Application app;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void stop() throws Exception {
        TestApps.stop(app);
    }


    @Test
    void aFolderExportOpensAsATab_whoseOverviewStaleCopiesAndSqlReadTheExport(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = SampleTables.loadBlog(endpoint, session, "ExportBlog");
        var items = SampleTables.scan(session, table);
        var export = new ExportWriter(dir.resolve("bucket"), "", table).full("01764496800000-blog0001", ExportFormat.DYNAMODB_JSON,
                items, 3, EXPORT_TIME);

        try (var proxy = new RecordingProxy(endpoint.endpoint())) {
            app = TestApps.start(dir.resolve("config"), false);
            addLocalConnection(proxy.endpoint().toString());
            @SuppressWarnings("unchecked")
            ListView<String> tables = lookup("#tableList").queryAs(ListView.class);
            WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> tables.getItems().contains(table));
            interact(() -> tables.getSelectionModel().select(table));

            clickOn("#readFromExport");
            var listed = lookup("#exportListStatus").queryAs(Label.class);
            WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> listed.getText().contains("has no exports"));
            assertThat(listed.getText()).endsWith("(ListExports is not there). Give an export's folder or s3:// URI below.");
            assertThat(lookup("#openExport").queryButton().isDisabled()).as("nothing chosen yet").isTrue();
            interact(() -> lookup("#exportLocation").queryAs(TextField.class).setText(export.toString()));
            clickOn("#openExport");

            var tabs = lookup("#tableTabs").queryAs(TabPane.class);
            var title = table + " · export as of 2026-11-30 10:00 UTC";
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> tabs.getTabs().stream().anyMatch(t -> t.getText().equals(title)));
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(lookup("#openExport").tryQuery()).as("the dialog closed once the export opened").isEmpty();
            assertThat(lookup("#exportNote").queryAs(Label.class).getText()).isEqualTo("Read from export 01764496800000-blog0001 as of "
                    + "2026-11-30 10:00 UTC: no read capacity; key reads go to the live table on local.");

            assertThat(lookup("#overviewCost").queryAs(Label.class).getText()).endsWith("It reads the export's files: no read capacity "
                    + "of the table (S3 bills its GET requests).");
            clickOn("#analyseButton");
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> lookup("#overviewStatus").queryAs(Label.class).getText()
                    .contains("entity type(s)"));
            assertThat(lookup("#overviewStatus").queryAs(Label.class).getText()).contains(String.format("%,d", items.size()));

            select(tabs, "Stale copies");
            clickOn("#findStaleCopies");
            var stale = lookup("#staleStatus").queryAs(Label.class);
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> stale.getText().contains("stale cop"));
            assertThat(stale.getText()).contains("6 stale copies");

            select(tabs, "SQL");
            clickOn("#sqlEditor");
            interact(() -> lookup("#sqlEditor").queryAs(CodeArea.class).replaceText("SELECT COUNT(*) AS n FROM \"" + table + "\""));
            clickOn("#sqlRun");
            TableView<?> results = lookup("#sqlResults").queryAs(TableView.class);
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> results.getItems().size() == 1);
            assertThat(results.getItems().get(0).toString()).contains(String.valueOf(items.size()));

            assertThat(proxy.received()).extracting(RecordingProxy.Received::operation).doesNotContain("Scan", "Query")
                    .contains("DescribeTable");
        }
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    private void select(TabPane tableTabs, String view) {
        var inner = (TabPane) unwrap(tableTabs.getSelectionModel().getSelectedItem());
        interact(() -> inner.getSelectionModel().select(inner.getTabs().stream().filter(t -> t.getText().equals(view)).findFirst()
                .orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The table's inner views: the tab's content, below the export's note. */
    private static javafx.scene.Node unwrap(Tab tab) {
        return tab.getContent() instanceof javafx.scene.layout.BorderPane pane ? pane.getCenter() : tab.getContent();
    }

    private void addLocalConnection(String endpoint) {
        clickOn("#addConnection");
        clickOn("#nameField").write("local");
        interact(() -> {
            lookup("#credentialsModeBox").queryAs(ComboBox.class).getSelectionModel()
                    .select(ConnectionEditorViewModel.CredentialsMode.LOCAL);
            lookup("#endpointField").queryAs(TextField.class).setText(endpoint);
        });
        clickOn("#saveConnection");
    }
}

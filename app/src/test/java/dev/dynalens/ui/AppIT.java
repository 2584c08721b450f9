package dev.dynalens.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.App;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestApps;
import dev.dynalens.testsupport.TestEndpoint;
import dev.dynalens.ui.connections.ConnectionEditorViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The app as a person uses it, headless (Monocle), against the dynalite test endpoint. */
@ExtendWith(DynamoEndpointExtension.class)
class AppIT extends FxRobot {
    @TempDir
    static Path configDir;

    private Application app;
    private static String table;

    @BeforeAll
    static void seed(TestEndpoint endpoint, DynamoSession session) throws Exception {
        table = endpoint.uniqueTableName("AppIT");
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        for (int i = 0; i < 3; i++) {
            var attributes = new LinkedHashMap<String, AttributeValue>();
            attributes.put("PK", AttributeValue.s("CUSTOMER#" + i));
            attributes.put("SK", AttributeValue.s("PROFILE"));
            attributes.put("balance", AttributeValue.n("12345678901234567890.123456789012345678"));
            session.putItem(table, new Item(attributes)).get(10, TimeUnit.SECONDS);
        }
        for (int i = 1; i <= 2; i++) {
            var order = new LinkedHashMap<String, AttributeValue>();
            order.put("PK", AttributeValue.s("CUSTOMER#0"));
            order.put("SK", AttributeValue.s("ORDER#2024-00" + i));
            order.put("total", AttributeValue.n("19.99"));
            session.putItem(table, new Item(order)).get(10, TimeUnit.SECONDS);
        }
        FxToolkit.registerPrimaryStage();
    }

    @BeforeEach
    void startApp() throws Exception {
        app = TestApps.start(configDir, false);
    }

    @AfterEach
    void stopApp() throws Exception {
        TestApps.stop(app);
    }

    @Test
    void firstStart_opensTheSamples_andShowsAPopulatedCollectionGroupedByEntity(@TempDir Path freshConfig) throws Exception {
        FxToolkit.cleanupApplication(app);
        app = TestApps.start(freshConfig, true);

        @SuppressWarnings("unchecked")
        ListView<dev.dynalens.domain.connection.ConnectionProfile> list = lookup("#connectionList").queryAs(ListView.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> list.getItems().size() == 3);
        assertThat(list.getItems()).extracting(p -> p.name()).containsExactlyInAnyOrder("online-shop.json", "blog.json", "teams.json");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> lookup("#group-ORDER").tryQuery().isPresent()
                && lookup("#group-CUSTOMER").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents(); // groups and status are set in one FX runnable; let it finish
        var status = lookup("#collectionStatus").queryAs(Label.class).getText();
        assertThat(status).matches("\\d+ item\\(s\\) in [2-9] entity type\\(s\\).*");
        TableView<?> entities = lookup("#entityTable").queryAs(TableView.class);
        assertThat(entities.getItems()).extracting(Object::toString).anySatisfy(row -> assertThat(row).contains("name=PRODUCT"));
        assertThat(Files.exists(freshConfig.resolve("connections.json"))).isFalse(); // samples are not saved connections
    }

    @Test
    void addAConnectionToTheTestEndpoint_seeItsTables_andScanOne(TestEndpoint endpoint) throws Exception {
        addLocalConnection("test endpoint", endpoint.endpoint().toString());

        @SuppressWarnings("unchecked")
        ListView<String> tables = lookup("#tableList").queryAs(ListView.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> tables.getItems().contains(table));
        assertThat(Files.readString(configDir.resolve("connections.json"))).contains("test endpoint")
                .contains(endpoint.endpoint().toString());

        interact(() -> tables.getSelectionModel().select(table));
        clickOn("#openTable");
        clickOn("Scan / Query");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS,
                () -> lookup("#fact-keys").tryQueryAs(Label.class).map(l -> l.getText().contains("PK")).orElse(false));
        clickOn("#runButton");

        @SuppressWarnings("unchecked")
        TableView<Item> results = lookup("#resultsTable").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> results.getItems().size() == 5);
        WaitForAsyncUtils.waitForFxEvents(); // the page is applied in one FX runnable; let it finish
        assertThat(lookup("#operationBadge").queryAs(Label.class).getText()).isEqualTo("SCAN");
        assertThat(results.getColumns()).extracting(c -> c.getText()).startsWith("PK", "SK").contains("balance");

        interact(() -> results.getSelectionModel().select(results.getItems().stream()
                .filter(item -> item.has("balance")).findFirst().orElseThrow()));
        var plain = lookup("#itemPlainJson").queryAs(javafx.scene.control.TextArea.class).getText();
        assertThat(plain).contains("12345678901234567890.123456789012345678");
    }

    @Test
    void aCollectionIsGroupedByEntityType_inferredFromTheKeys(TestEndpoint endpoint) throws Exception {
        addLocalConnection("collections", endpoint.endpoint().toString());
        @SuppressWarnings("unchecked")
        ListView<String> tables = lookup("#tableList").queryAs(ListView.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> tables.getItems().contains(table));
        interact(() -> tables.getSelectionModel().select(table));
        clickOn("#openTable");

        clickOn("#collectionPartition").write("CUSTOMER#0");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !lookup("#openCollection").queryButton().isDisabled());
        clickOn("#openCollection");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> lookup("#group-ORDER").tryQuery().isPresent()
                && lookup("#group-CUSTOMER").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lookup("#collectionStatus").queryAs(Label.class).getText()).startsWith("3 item(s) in 2 entity type(s)");

        clickOn("#analyseButton");
        TableView<?> entities = lookup("#entityTable").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> lookup("#overviewStatus").queryAs(Label.class).getText().contains("entity type(s)"));
        assertThat(entities.getItems()).extracting(Object::toString).anySatisfy(row -> assertThat(row).contains("name=CUSTOMER").contains("count=3"))
                .anySatisfy(row -> assertThat(row).contains("name=ORDER").contains("count=2"));
    }

    @Test
    void aBrokenConnectionsFile_isReported_andTheAppKeepsWorking() throws Exception {
        FxToolkit.cleanupApplication(app);
        Files.writeString(configDir.resolve("connections.json"), "{ not json");
        app = FxToolkit.setupApplication(App.class);

        var status = lookup("#statusMessage").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> status.getText().contains("not valid JSON"));
        assertThat(lookup("#addConnection").tryQuery()).isPresent();
        Files.deleteIfExists(configDir.resolve("connections.json"));
    }

    @Test
    void anUnreachableEndpoint_isReportedInWords() throws Exception {
        int closedPort = 1; // below the ephemeral range, so never a self-connect (see AwsDynamoSessionFailuresIT)
        addLocalConnection("nowhere", "http://127.0.0.1:" + closedPort);

        var status = lookup("#statusMessage").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> status.getText().contains("nowhere:"));
        assertThat(status.getText()).containsIgnoringCase("127.0.0.1:" + closedPort);
        assertThat(lookup("#addConnection").tryQuery()).isPresent();
    }

    /** Adds a connection to a local endpoint through the dialog, as a person would. */
    private void addLocalConnection(String name, String endpoint) {
        clickOn("#addConnection");
        clickOn("#nameField").write(name);
        interact(() -> {
            lookup("#credentialsModeBox").queryAs(ComboBox.class).getSelectionModel()
                    .select(ConnectionEditorViewModel.CredentialsMode.LOCAL);
            lookup("#endpointField").queryAs(TextField.class).setText(endpoint);
        });
        clickOn("#saveConnection");
    }
}

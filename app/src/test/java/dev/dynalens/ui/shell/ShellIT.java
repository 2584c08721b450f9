package dev.dynalens.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.App;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.testsupport.TestApps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The workspace features in the running app, headless: tabs restored after a restart, the help overlay, the history. */
class ShellIT extends FxRobot {
    @TempDir
    Path configDir;

    private Application app;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    private void start() throws Exception {
        app = TestApps.start(configDir, true);
    }

    @AfterEach
    void stop() throws Exception {
        TestApps.stop(app);
    }

    private TabPane tabs() {
        return lookup("#tableTabs").queryAs(TabPane.class);
    }

    @Test
    void theOpenTabAndItsQuery_comeBackAfterARestart_andEveryRequestIsInTheHistory() throws Exception {
        start();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> tabs().getTabs().size() == 1);
        var shopTab = tabs().getTabs().getFirst().getText();
        assertThat(shopTab).startsWith("OnlineShop");
        // Query one customer's partition in the browser, by keyboard.
        var inner = (TabPane) tabs().getTabs().getFirst().getContent();
        interact(() -> inner.getSelectionModel().select(inner.getTabs().stream()
                .filter(t -> t.getText().equals("Scan / Query")).findFirst().orElseThrow()));
        clickOn("#queryMode");
        press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        write("CUSTOMER#C1002");
        press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#resultSummary").queryLabeled().getText().contains("item(s)"));

        FxToolkit.cleanupApplication(app); // stop(): the tabs are saved
        app = FxToolkit.setupApplication(App.class);

        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> tabs().getTabs().size() == 1
                && lookup("#partitionValue").tryQueryAs(TextField.class).map(f -> f.getText().equals("CUSTOMER#C1002")).orElse(false));
        assertThat(tabs().getTabs()).extracting(Tab::getText).containsExactly(shopTab); // restored, and no second copy of the samples
        var restoredInner = (TabPane) tabs().getTabs().getFirst().getContent();
        assertThat(restoredInner.getSelectionModel().getSelectedItem().getText()).isEqualTo("Scan / Query");

        var history = Files.readString(configDir.resolve("history.jsonl"));
        assertThat(history).contains("\"operation\":\"Query\"").contains("PK = \\\"CUSTOMER#C1002\\\"");
    }

    @Test
    void inA1280PixelWindow_everyViewOfATableTabIsInSight_noneInTheOverflowMenu() throws Exception {
        start();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> tabs().getTabs().size() == 1);
        var stage = (Stage) tabs().getScene().getWindow();
        interact(() -> {
            stage.setWidth(1280);
            stage.setHeight(800);
        });
        WaitForAsyncUtils.waitForFxEvents();

        var inner = (TabPane) tabs().getTabs().getFirst().getContent();
        var headerArea = inner.lookupAll(".tab-header-area").stream().filter(area -> area.getParent() == inner).findFirst()
                .orElseThrow(); // the inner pane's own, not those of the views' panes
        double areaRight = headerArea.localToScene(headerArea.getBoundsInLocal()).getMaxX();
        var headers = headerArea.lookupAll(".tab");
        assertThat(headers).hasSize(inner.getTabs().size());
        var places = new StringBuilder();
        for (var header : headers) {
            var bounds = header.localToScene(header.getBoundsInLocal());
            places.append(String.format(Locale.ROOT, "%.0f-%.0f ", bounds.getMinX(), bounds.getMaxX()));
        }
        for (var header : headers) {
            assertThat(header.localToScene(header.getBoundsInLocal()).getMaxX()).as(places + " area to " + areaRight)
                    .isLessThanOrEqualTo(areaRight);
        }
    }

    @Test
    void aTableOpensInOneTab_theTabKeysMoveAndCloseThem_andTheListsTakeTheFocus() throws Exception {
        start();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> tabs().getTabs().size() == 1);
        @SuppressWarnings("unchecked")
        ListView<ConnectionProfile> connections = lookup("#connectionList").queryAs(ListView.class);
        @SuppressWarnings("unchecked")
        ListView<String> tables = lookup("#tableList").queryAs(ListView.class);
        var blog = connections.getItems().stream().filter(p -> p.name().equals("blog.json")).findFirst().orElseThrow();
        interact(() -> connections.getSelectionModel().select(blog));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !tables.getItems().isEmpty());
        interact(() -> tables.getSelectionModel().selectFirst());
        clickOn("#openTable");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> tabs().getTabs().size() == 2);
        var blogTab = tabs().getTabs().get(1);
        assertThat(tabs().getSelectionModel().getSelectedItem()).isSameAs(blogTab);

        clickOn("#openTable"); // open already: its tab comes to front, no second one
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(tabs().getTabs()).hasSize(2);

        press(KeyCode.CONTROL, KeyCode.PAGE_DOWN).release(KeyCode.PAGE_DOWN, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(tabs().getSelectionModel().getSelectedIndex()).isZero();
        press(KeyCode.CONTROL, KeyCode.W).release(KeyCode.W, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(tabs().getTabs()).containsExactly(blogTab);
        assertThat(tabs().getSelectionModel().getSelectedItem()).isSameAs(blogTab);
        assertThat(Files.readString(configDir.resolve("open-tabs.json"))).doesNotContain("OnlineShop").contains("\"selected\" : 0");

        press(KeyCode.CONTROL, KeyCode.K).release(KeyCode.K, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(connections.isFocused()).isTrue();
        press(KeyCode.CONTROL, KeyCode.T).release(KeyCode.T, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(tables.isFocused()).isTrue();
    }

    @Test
    void f1_showsTheShortcuts_andEscapeHidesThem() throws Exception {
        start();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> tabs().getTabs().size() == 1);
        push(KeyCode.F1);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#shortcutsHelp").query().isVisible());
        assertThat(lookup("Run the Scan or Query").tryQuery()).isPresent();
        assertThat(lookup("Commit the staged changes").tryQuery()).isPresent();
        assertThat(lookup(Shortcuts.Action.COPY_CODE.description()).tryQuery()).isPresent();
        var commitKeys = Shortcuts.TABLE.stream().filter(s -> s.action() == Shortcuts.Action.COMMIT).findFirst().orElseThrow().keysText();
        assertThat(lookup(commitKeys).tryQuery()).isPresent();
        push(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !lookup("#shortcutsHelp").query().isVisible());
    }
}

package dev.dynalens.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.testsupport.TestApps;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kordamp.ikonli.javafx.FontIcon;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The toolbar actions a person looks for by shape carry their icon and a tooltip, in the running app (headless). */
class ToolbarIconsIT extends FxRobot {
    @TempDir
    Path configDir;

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
    void runCancelRefreshOpenExportImportCommitAndCopy_showTheirIcon_andATooltip_theirIdsUnchanged() throws Exception {
        app = TestApps.start(configDir, true); // first start: the samples, with a table tab open
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !lookup("#tableTabs").queryAs(TabPane.class).getTabs().isEmpty());

        // The sidebar: refresh is its icon alone (its text stays the accessible name); the others keep their word.
        assertIconOnly("#refreshTables", "Refresh");
        for (var id : new String[] {"#addConnection", "#openFile", "#openTable", "#exportTable", "#importIntoTable", "#loadInto"}) {
            assertIconAndText(id);
        }
        // The table tab's inner views, each shown once so its toolbar is laid out.
        assertIconAndText("#analyseButton");
        showInner("Scan / Query");
        assertIconAndText("#runButton");
        assertIconAndText("#loadMoreButton");
        assertIconOnly("#cancelButton", "Cancel");
        showInner("Stale copies");
        assertIconAndText("#findStaleCopies");
        assertIconOnly("#cancelStaleCopies", "Cancel");
        showInner("Expressions");
        assertIconAndText("#copyUpdate");
        assertIconAndText("#copyCode");
        showInner("Staged (0)");
        assertIconAndText("#commitStaged");
        assertIconAndText("#undoStaged");
    }

    private void showInner(String title) {
        var outer = lookup("#tableTabs").queryAs(TabPane.class);
        var inner = (TabPane) outer.getSelectionModel().getSelectedItem().getContent();
        interact(() -> inner.getSelectionModel().select(inner.getTabs().stream().filter(t -> t.getText().equals(title))
                .findFirst().orElseThrow(() -> new AssertionError("no inner tab " + title + " in "
                        + inner.getTabs().stream().map(Tab::getText).toList()))));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private ButtonBase button(String id) {
        // On the FX thread: right after the first start the scene still changes (tabs open, the overview runs), and a
        // lookup from the test thread then read a child list as it changed (IndexOutOfBoundsException, seen in CI).
        var found = new ButtonBase[1];
        interact(() -> found[0] = lookup(id).queryAs(ButtonBase.class));
        return found[0];
    }

    private void assertIconAndText(String id) {
        var button = button(id);
        assertThat(button.getGraphic()).as(id + " icon").isInstanceOf(FontIcon.class);
        assertThat(button.getGraphic().getStyleClass()).contains("toolbar-icon");
        assertThat(button.getTooltip()).as(id + " tooltip").isNotNull();
        assertThat(button.getTooltip().getText()).isNotBlank();
        assertThat(button.getContentDisplay()).as(id + " shows its word too").isNotEqualTo(ContentDisplay.GRAPHIC_ONLY);
        assertThat(button.getText()).isNotBlank();
    }

    private void assertIconOnly(String id, String accessibleName) {
        var button = button(id);
        assertThat(button.getGraphic()).as(id + " icon").isInstanceOf(FontIcon.class);
        assertThat(button.getContentDisplay()).isEqualTo(ContentDisplay.GRAPHIC_ONLY);
        assertThat(button.getTooltip().getText()).isNotBlank();
        assertThat(button.getAccessibleText()).isEqualTo(accessibleName);
    }
}

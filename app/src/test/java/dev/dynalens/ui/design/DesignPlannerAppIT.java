package dev.dynalens.ui.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.testsupport.TestApps;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The Design planner in the running app, headless: Tools → Design planner… opens it with the first example designed. */
class DesignPlannerAppIT extends FxRobot {
    @TempDir
    Path configDir;

    private Application app;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void stop() throws Exception {
        FxToolkit.setupFixture(() -> javafx.stage.Window.getWindows().stream().filter(w -> w.getScene() != null
                && w.getScene().getRoot() != null && "designView".equals(w.getScene().getRoot().getId())).toList()
                .forEach(javafx.stage.Window::hide));
        TestApps.stop(app);
    }

    @Test
    void theToolsMenu_opensTheDesignPlanner_withTheFirstExampleDesigned() throws Exception {
        app = TestApps.start(configDir, false);
        WaitForAsyncUtils.waitForFxEvents();

        clickOn("Tools");
        clickOn("#designMenuItem");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#keyChart").tryQuery().isPresent() && !keyChart().getItems().isEmpty());
        assertThat(keyChart().getItems()).extracting(DesignViewModel.KeyChartRow::entity).containsExactly("Customer", "Order");
        assertThat(lookup("#patternProblems").queryListView().getItems()).isEmpty();
    }

    @Test
    void openInSqlWorkbench_opensTheSamplesTable_withThePatternsStatementPlannedInItsSqlView() throws Exception {
        app = TestApps.start(configDir, false);
        WaitForAsyncUtils.waitForFxEvents();
        clickOn("Tools");
        clickOn("#designMenuItem");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#requestTable").tryQuery().isPresent()
                && !lookup("#requestTable").queryAs(TableView.class).getItems().isEmpty());
        @SuppressWarnings("unchecked")
        TableView<DesignViewModel.RequestRow> requests = lookup("#requestTable").queryAs(TableView.class);
        var getCustomer = requests.getItems().stream().filter(r -> r.name().equals("getCustomer")).findFirst().orElseThrow();
        interact(() -> requests.getSelectionModel().select(getCustomer));

        clickOn("#openInSqlWorkbench");

        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> lookup("#sqlEditor").tryQuery()
                .map(n -> ((org.fxmisc.richtext.CodeArea) n).getText()).filter(t -> t.startsWith("SELECT")).isPresent());
        var statement = ((org.fxmisc.richtext.CodeArea) lookup("#sqlEditor").query()).getText();
        assertThat(statement).startsWith("SELECT * FROM \"ShopOrders\"").contains("\"PK\" = 'CUSTOMER#c1'").doesNotContain("{");
        // planned as it is shown, against the samples' workspace: a GetItem, nothing sent to an endpoint
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> lookup("#sqlPlan").tryQuery()
                    .map(n -> textOf(n)).filter(t -> t.contains("GetItem") || t.contains("Query")).isPresent());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("The plan never named a GetItem or Query: " + lookup("#sqlPlan").tryQuery().map(n -> textOf(n))
                    + "; entity types: " + lookup("#sqlEntityTypes").tryQuery().map(n -> textOf(n))
                    + "; status: " + lookup("#sqlStatus").tryQuery().map(n -> textOf(n)), e);
        }
        assertThat(textOf(lookup("#sqlPlan").query())).as("the plan").doesNotContain("Scan").contains("GetItem ShopOrders · 1 key");
    }

    private static String textOf(javafx.scene.Node node) {
        if (node instanceof javafx.scene.control.TextInputControl input) return input.getText();
        if (node instanceof javafx.scene.control.Labeled labeled) return labeled.getText();
        return String.valueOf(node);
    }

    @SuppressWarnings("unchecked")
    private TableView<DesignViewModel.KeyChartRow> keyChart() {
        return lookup("#keyChart").queryAs(TableView.class);
    }
}
